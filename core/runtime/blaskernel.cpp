#include "runtime/blaskernel.h"

#include "runtime/blasinfo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cmath>
#include <optional>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace gs::runtime {

namespace {

constexpr const char *kProbe = "GS_BLAS_PROBE";
constexpr const char *kChosen = "GS_BLAS_CHOSEN";
constexpr const char *kRefused = "GS_BLAS_REFUSED";

bool isSet(const char *name) { return std::getenv(name) && *std::getenv(name); }

// Fortran sgemm: C = alpha·op(A)·op(B) + beta·C, column-major.
using Sgemm = void (*)(const char *, const char *, const int *, const int *, const int *, const float *, const float *, const int *,
                       const float *, const int *, const float *, float *, const int *);

// A 96×80 by 80×72 product through the loaded BLAS against a double-precision reference: true when
// every entry agrees to 1e-4 relative to the largest. GS_BLAS_PROBE_CORRUPT listing `kernel` spoils
// the result, so a test can show that a kernel computing wrong results is refused.
bool productIsRight(const char *kernel) {
  const auto sgemm = reinterpret_cast<Sgemm>(dlsym(RTLD_DEFAULT, "sgemm_"));
  if (!sgemm) return false;
  const int m = 96, k = 80, n = 72;
  std::mt19937 random(7);
  std::uniform_real_distribution<float> value(-1.f, 1.f);
  std::vector<float> a(std::size_t(m) * k), b(std::size_t(k) * n), c(std::size_t(m) * n, 0.f);
  for (float &x : a) x = value(random);
  for (float &x : b) x = value(random);
  const float one = 1.f, zero = 0.f;
  sgemm("N", "N", &m, &n, &k, &one, a.data(), &m, b.data(), &k, &zero, c.data(), &m);
  const QStringList corrupt = qEnvironmentVariable("GS_BLAS_PROBE_CORRUPT").split(QLatin1Char(','));
  if (corrupt.contains(QLatin1String(kernel), Qt::CaseInsensitive)) c[17] += 1.f;
  double worst = 0, largest = 1e-12;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double reference = 0;
      for (int p = 0; p < k; ++p) reference += double(a[std::size_t(p) * m + i]) * double(b[std::size_t(j) * k + p]);
      worst = std::max(worst, std::abs(reference - double(c[std::size_t(j) * m + i])));
      largest = std::max(largest, std::abs(reference));
    }
  return worst / largest < 1e-4;
}

// The child's side: did OpenBLAS take the kernel, and does it compute right? Exit status 0 if so.
[[noreturn]] void runProbe() {
  const char *kernel = std::getenv("OPENBLAS_CORETYPE");
  const bool taken = kernel && loadedBlas().kernel.compare(QLatin1String(kernel), Qt::CaseInsensitive) == 0;
  std::_Exit(taken && productIsRight(kernel) ? 0 : 1);
}

// Runs this program as a probe with OPENBLAS_CORETYPE=kernel; true when it passes.
bool probeKernel(const QString &kernel) {
  const pid_t child = fork();
  if (child < 0) return false;
  if (child == 0) {
    setenv("OPENBLAS_CORETYPE", kernel.toLatin1().constData(), 1);
    setenv(kProbe, "1", 1);
    char *const args[] = {const_cast<char *>("groundscope-blas-probe"), nullptr};
    execv("/proc/self/exe", args);
    std::_Exit(127);
  }
  int status = 0;
  if (waitpid(child, &status, 0) != child) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// The verdict of earlier probes on this machine, so only the first start pays for them: a line
// "key<TAB>chosen<TAB>refused" in the user's cache folder, the key naming the BLAS file (path,
// size, time) and the CPU (model name and the kernels its flags allow).
QString verdictFile() {
  const QString cache = qEnvironmentVariable("XDG_CACHE_HOME", qEnvironmentVariable("HOME") + QStringLiteral("/.cache"));
  return cache + QStringLiteral("/groundscope/blas-kernel.tsv");
}

QString machineKey() {
  const BlasLibrary blas = loadedBlas();
  const QFileInfo file(blas.path);
  QString model;
  QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
  if (cpuinfo.open(QIODevice::ReadOnly))
    for (const QByteArray &line : cpuinfo.readAll().split('\n'))
      if (line.startsWith("model name")) {
        model = QString::fromLatin1(line.mid(line.indexOf(':') + 1)).trimmed();
        break;
      }
  return QStringList{blas.path, QString::number(file.size()), QString::number(file.lastModified().toSecsSinceEpoch()), model,
                     kernelsForThisCpu().join(QLatin1Char(','))}
      .join(QLatin1Char('|'));
}

// {chosen, refused} from an earlier start with the same key; nullopt when there is none.
std::optional<std::pair<QString, QString>> rememberedVerdict(const QString &key) {
  QFile file(verdictFile());
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  const QStringList fields = QString::fromUtf8(file.readAll()).trimmed().split(QLatin1Char('\t'));
  if (fields.size() != 3 || fields[0] != key) return std::nullopt;
  return std::make_pair(fields[1], fields[2]);
}

void rememberVerdict(const QString &key, const QString &chosen, const QString &refused) {
  QDir().mkpath(QFileInfo(verdictFile()).path());
  QSaveFile file(verdictFile());
  if (!file.open(QIODevice::WriteOnly)) return; // only a cache: the next start probes again
  file.write(QStringList{key, chosen, refused}.join(QLatin1Char('\t')).toUtf8() + '\n');
  file.commit();
}

bool runsGenericKernel() {
  if (isSet("GS_BLAS_ASSUME_GENERIC")) return true; // tests: this CPU's kernel may be known
  return loadedBlas().genericKernel;
}

}  // namespace

QStringList kernelsForThisCpu() {
  QStringList kernels;
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl"))
    kernels << QStringLiteral("SkylakeX");
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) kernels << QStringLiteral("Haswell");
  if (__builtin_cpu_supports("avx")) kernels << QStringLiteral("SandyBridge");
#endif
  return kernels;
}

void selectBlasKernel(char **argv) {
  if (isSet(kProbe)) runProbe();
  if (isSet("OPENBLAS_CORETYPE") || isSet(kChosen) || isSet(kRefused)) return; // the user's choice, or already decided
  const char *autoselect = std::getenv("GS_BLAS_AUTOSELECT");
  if ((autoselect && QLatin1String(autoselect) == QLatin1String("0")) || !runsGenericKernel()) return;
  // Probes are skipped when an earlier start on this machine made them, unless a test spoils one.
  const QString key = machineKey();
  std::optional<std::pair<QString, QString>> verdict = isSet("GS_BLAS_PROBE_CORRUPT") ? std::nullopt : rememberedVerdict(key);
  if (!verdict) {
    QStringList refused;
    QString chosen;
    for (const QString &kernel : kernelsForThisCpu()) {
      if (probeKernel(kernel)) {
        chosen = kernel;
        break;
      }
      refused << kernel;
    }
    verdict = std::make_pair(chosen, refused.isEmpty() ? QStringLiteral("-") : refused.join(QLatin1Char(',')));
    if (!isSet("GS_BLAS_PROBE_CORRUPT")) rememberVerdict(key, verdict->first, verdict->second);
  }
  const auto &[chosen, refused] = *verdict;
  // Remembered in the environment, so `info` can say so and child processes do not try again.
  if (refused != QLatin1String("-") || chosen.isEmpty()) setenv(kRefused, refused.toLatin1().constData(), 1);
  if (chosen.isEmpty()) return;
  setenv("OPENBLAS_CORETYPE", chosen.toLatin1().constData(), 1);
  setenv(kChosen, chosen.toLatin1().constData(), 1);
  execv("/proc/self/exe", argv);
  std::perror("groundscope: re-executing with OPENBLAS_CORETYPE set failed"); // goes on with the generic kernel
  unsetenv("OPENBLAS_CORETYPE");
  unsetenv(kChosen);
}

QString blasKernelChoice() {
  const QString chosen = qEnvironmentVariable(kChosen);
  const QString refused = qEnvironmentVariable(kRefused);
  const QString refusals = refused.isEmpty() ? QString() : QStringLiteral(" (%1 refused: its check product came out wrong)").arg(refused);
  if (!chosen.isEmpty())
    return QStringLiteral("kernel %1 chosen at start: OpenBLAS ran its generic kernel on this CPU%2; set OPENBLAS_CORETYPE to choose "
                          "yourself, GS_BLAS_AUTOSELECT=0 to keep the generic one")
        .arg(chosen, refusals);
  if (refused == QLatin1String("-")) return QStringLiteral("no faster kernel taken: this CPU's flags allow none that OpenBLAS has");
  if (!refused.isEmpty())
    return QStringLiteral("no faster kernel taken: OpenBLAS runs its generic kernel (%1 refused: its check product came out wrong)")
        .arg(refused);
  return {};
}

}  // namespace gs::runtime
