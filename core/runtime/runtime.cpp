#include "runtime/runtime.h"

#include "runtime/blasinfo.h"
#include "runtime/blaskernel.h"

#include <QThread>

#include <torch/torch.h>
#include <torch/version.h>
#include <opencv2/core/version.hpp>
#include <boost/version.hpp>
#include <link-grammar/link-includes.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>

namespace gs::runtime {

namespace {
std::atomic<int> g_threads{0};
}

int threadsFromEnvironment() {
  bool ok = false;
  const int threads = qEnvironmentVariableIntValue("GS_THREADS", &ok);
  return ok && threads > 0 ? threads : 0;
}

void initialise(int threads) {
  // A file-size limit (RLIMIT_FSIZE, a quota-like limit) would otherwise kill the process with
  // SIGXFSZ in the middle of a write; ignored, the write fails with EFBIG and the atomic writers
  // report it naming the file, keeping the previous version.
  std::signal(SIGXFSZ, SIG_IGN);
  if (threads <= 0) threads = threadsFromEnvironment();
  if (threads <= 0) threads = std::max(1, QThread::idealThreadCount());
  g_threads = threads;
  initialiseThisThread();
}

void initialiseThisThread() {
  const int threads = g_threads.load();
  if (threads > 0 && torch::get_num_threads() != threads) torch::set_num_threads(threads);
}

int configuredThreads() { return g_threads.load(); }

RuntimeInfo info() {
  RuntimeInfo info;
  info.cores = QThread::idealThreadCount();
  info.torchThreads = torch::get_num_threads();
  const BlasLibrary blas = loadedBlas();
  info.blasPath = blas.path;
  info.blasName = blas.name;
  info.blasKernel = blas.kernel;
  info.blasKernelGeneric = blas.genericKernel;
  info.blasKernelChoice = blasKernelChoice();
  info.versions.qt = QString::fromLatin1(qVersion());
  info.versions.torch = QStringLiteral(TORCH_VERSION);
  info.versions.opencv = QStringLiteral(CV_VERSION);
  info.versions.boost = QStringLiteral("%1.%2.%3")
                            .arg(BOOST_VERSION / 100000)
                            .arg(BOOST_VERSION / 100 % 1000)
                            .arg(BOOST_VERSION % 100);
  info.versions.linkGrammar = QString::fromLatin1(linkgrammar_get_version()).remove(QStringLiteral("link-grammar-"));
  return info;
}

GemmRate measureGemm(int size, int repeats, int threads) {
  if (size <= 0 || repeats <= 0) throw std::invalid_argument("measureGemm: size and repeats must be positive");
  torch::NoGradGuard noGrad;
  const int previous = torch::get_num_threads();
  if (threads > 0) torch::set_num_threads(threads);
  torch::manual_seed(0);
  const auto a = torch::randn({size, size});
  const auto b = torch::randn({size, size});
  auto c = torch::mm(a, b); // warm-up: first call pays for thread-pool start and page faults
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    c = torch::mm(a, b);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, s);
  }
  GemmRate rate;
  rate.size = size;
  rate.repeats = repeats;
  rate.seconds = best;
  rate.gflops = 2.0 * double(size) * size * size / best / 1e9;
  rate.threads = torch::get_num_threads();
  if (threads > 0) torch::set_num_threads(previous);
  return rate;
}

QString describe(const RuntimeInfo &info) {
  QString text = QStringLiteral("LibTorch %1, %2 of %3 cores, BLAS: %4 (%5)")
                     .arg(info.versions.torch)
                     .arg(info.torchThreads)
                     .arg(info.cores)
                     .arg(info.blasName, info.blasPath.isEmpty() ? QStringLiteral("not loaded") : info.blasPath);
  if (!info.blasKernel.isEmpty()) text += QStringLiteral(", kernel %1").arg(info.blasKernel);
  if (!info.blasKernelChoice.isEmpty()) text += QStringLiteral(" (%1)").arg(info.blasKernelChoice);
  if (info.blasKernelGeneric)
    text += QStringLiteral(". OpenBLAS does not know this CPU and uses its generic kernel, several times slower: start with "
                           "OPENBLAS_CORETYPE=Haswell (or SkylakeX on AVX-512 CPUs)");
  return text;
}

}  // namespace gs::runtime
