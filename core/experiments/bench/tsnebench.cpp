#include "experiments/bench/tsnebench.h"

#include "engine/jobcontext.h"
#include "io/enumnames.h"
#include "runtime/residentmemory.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <random>
#include <stdexcept>
#include <thread>

namespace gs {

namespace {

// Peak resident memory of this process so far, in MB; 0 where /proc is missing.
double peakResidentMb() { return double(runtime::peakResidentBytes()) / 1048576.0; }

// One t-SNE of n points with the method on t threads, timed.
TsneBenchRow timeTsne(const QString &label, const std::vector<float> &x, int n, int dim, TsneMethod method, int t,
                      int iterations, JobContext &job) {
  TsneOptions options;
  options.iterations = iterations;
  options.method = method;
  options.threads = t;
  job.log(QStringLiteral("%1: %2 points, %3 thread(s)").arg(label).arg(n).arg(t));
  const std::clock_t cpuStart = std::clock();
  const TsneResult r = runTsne(x, n, dim, options, &job);
  TsneBenchRow row;
  row.cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
  row.peakRssMb = peakResidentMb();
  row.label = label;
  row.method = r.method;
  row.points = n;
  row.threads = t;
  row.seconds = r.seconds;
  row.neighbourSeconds = r.neighbourSeconds;
  row.sparseKl = r.kl;
  row.approximateNeighbours = r.neighbours == TsneNeighbours::Approximate;
  if (n <= kTsneExactKlMaxPoints) {
    job.setProgress(-1, QStringLiteral("exact KL"));
    row.exactKl = tsneExactKl(x, n, dim, r.positions, options.perplexity, t);
  }
  return row;
}

}  // namespace

TsneBenchInput readTsneBenchInput(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) throw std::runtime_error(QStringLiteral("%1: cannot open (%2)").arg(path, file.errorString()).toStdString());
  const QByteArray bytes = file.readAll();
  TsneBenchInput in;
  if (bytes.size() < 8) throw std::runtime_error(QStringLiteral("%1: too short for a header").arg(path).toStdString());
  std::int32_t header[2];
  std::memcpy(header, bytes.constData(), 8);
  in.n = header[0];
  in.dim = header[1];
  const qint64 expected = 8 + 8 * qint64(in.n) * in.dim + 4 * qint64(in.n);
  if (in.n <= 0 || in.dim <= 0 || bytes.size() != expected)
    throw std::runtime_error(QStringLiteral("%1: header says %2 × %3, so %4 bytes, but the file has %5")
                                 .arg(path).arg(in.n).arg(in.dim).arg(expected).arg(bytes.size()).toStdString());
  in.x.resize(std::size_t(in.n) * in.dim);
  for (std::size_t k = 0; k < in.x.size(); ++k) {
    double v;
    std::memcpy(&v, bytes.constData() + 8 + 8 * k, 8);
    in.x[k] = float(v);
  }
  in.source = path;
  return in;
}

TsneBenchInput generateTsneBenchInput(int n) {
  constexpr int kDim = 50, kClusters = 10;
  std::mt19937 rng{12345u};
  const auto uniform = [&rng] { return (double(rng()) + 1.0) / 4294967297.0; };
  const auto gauss = [&] { return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform()); };
  std::vector<double> centres(std::size_t(kClusters) * kDim);
  for (double &c : centres) c = 2.0 * gauss();
  TsneBenchInput in;
  in.n = n;
  in.dim = kDim;
  in.x.resize(std::size_t(n) * kDim);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < kDim; ++j)
      in.x[std::size_t(i) * kDim + j] = float(centres[std::size_t(i % kClusters) * kDim + j] + gauss());
  in.source = QStringLiteral("generated in-process (gen_input.py's recipe on std::mt19937; not byte-identical)");
  return in;
}

QJsonObject TsneBenchRow::toJson() const {
  QJsonObject row{{QStringLiteral("run"), label}, {QStringLiteral("method"), enumName(method)},
                  {QStringLiteral("points"), points}, {QStringLiteral("threads"), threads},
                  {QStringLiteral("seconds"), seconds}, {QStringLiteral("neighbour_seconds"), neighbourSeconds},
                  {QStringLiteral("cpu_seconds"), cpuSeconds}, {QStringLiteral("sparse_kl"), sparseKl},
                  {QStringLiteral("approximate_neighbours"), approximateNeighbours},
                  {QStringLiteral("peak_rss_mb"), peakRssMb}};
  if (exactKl) row.insert(QStringLiteral("exact_kl"), *exactKl);
  return row;
}

TsneBenchResult benchTsne(const TsneBenchInput &input, const TsneBenchOptions &options, JobContext &job) {
  const int threads = options.threads > 0 ? options.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  const int subsetN = std::min(options.subset, input.n);
  const std::vector<float> subset(input.x.begin(), input.x.begin() + std::size_t(subsetN) * input.dim);
  TsneBenchResult result;
  for (const TsneBenchRun &run : options.runs) {
    if (run.method == TsneMethod::Exact)
      result.rows.push_back(timeTsne(QStringLiteral("exact gradient (subset)"), subset, subsetN, input.dim, TsneMethod::Exact, threads,
                                     options.iterations, job));
    else
      result.rows.push_back(timeTsne(run.method == TsneMethod::Fft ? QStringLiteral("FFT interpolation") : QStringLiteral("Barnes-Hut"),
                                     input.x, input.n, input.dim, run.method, run.oneThread ? 1 : threads, options.iterations, job));
    const TsneBenchRow &row = result.rows.back();
    if (result.baselineSeconds == 0 && row.method == TsneMethod::BarnesHut && row.points == input.n) result.baselineSeconds = row.seconds;
  }
  return result;
}

}  // namespace gs
