// The t-SNE driver: input checks, P (§5.1), then gradient descent with early exaggeration, momentum
// and per-coordinate gains (van der Maaten 2014 §3 / van der Maaten & Hinton 2008 §3.4; the gains are
// Jacobs' delta-bar-delta as the reference implementation applies them).

#include "analysis/tsne.h"

#include "analysis/detail/calibration.h"
#include "analysis/detail/fftrepulsion.h"
#include "analysis/detail/hnswneighbours.h"
#include "analysis/detail/threadpool.h"
#include "analysis/detail/tsnegradient.h"
#include "engine/jobcontext.h"

#include <QElapsedTimer>
#include <QString>

#include <cmath>
#include <memory>
#include <random>
#include <stdexcept>

namespace gs {

namespace {

constexpr double kMinGain = 0.01;     // delta-bar-delta floor (bhtsne)
constexpr double kInitialScale = 1e-4; // random initialisation: N(0, 1e-4²), as bhtsne
constexpr int kExactBelow = 150;      // points: exact gradient below this (as fast as the tree there)

[[noreturn]] void fail(const char *function, const QString &message) {
  throw std::invalid_argument(QStringLiteral("%1: %2").arg(QLatin1String(function), message).toStdString());
}

void checkPoints(const char *function, const std::vector<float> &points, int n, int dim) {
  if (dim <= 0) fail(function, QStringLiteral("dimension must be positive (got %1)").arg(dim));
  if (n <= 0) fail(function, QStringLiteral("no points (n = %1)").arg(n));
  if (points.size() != std::size_t(n) * std::size_t(dim))
    fail(function, QStringLiteral("points has %1 values, expected n × dim = %2 × %3 = %4")
                       .arg(points.size())
                       .arg(n)
                       .arg(dim)
                       .arg(qint64(n) * dim));
  for (std::size_t k = 0; k < points.size(); ++k)
    if (!std::isfinite(points[k]))
      fail(function, QStringLiteral("non-finite value (%1) at row %2, column %3")
                         .arg(double(points[k]))
                         .arg(k / std::size_t(dim))
                         .arg(k % std::size_t(dim)));
}

void checkPerplexity(const char *function, int n, double perplexity) {
  if (!(perplexity > 0) || !std::isfinite(perplexity))
    fail(function, QStringLiteral("perplexity must be positive (got %1)").arg(perplexity));
  if (!(n - 1 > 3 * perplexity))
    fail(function, QStringLiteral("%1 points are too few for perplexity %2 (need n - 1 > 3·perplexity = %3)")
                       .arg(n)
                       .arg(perplexity)
                       .arg(3 * perplexity));
}

void checkOptions(const TsneOptions &o) {
  const char *f = "runTsne";
  if (o.iterations < 0) fail(f, QStringLiteral("iterations must be ≥ 0 (got %1)").arg(o.iterations));
  if (!(o.theta >= 0) || !std::isfinite(o.theta)) fail(f, QStringLiteral("theta must be ≥ 0 (got %1)").arg(o.theta));
  if (!(o.learningRate > 0)) fail(f, QStringLiteral("learning rate must be positive (got %1)").arg(o.learningRate));
  if (!(o.exaggeration > 0)) fail(f, QStringLiteral("exaggeration must be positive (got %1)").arg(o.exaggeration));
  if (o.threads < 0) fail(f, QStringLiteral("threads must be ≥ 0 (got %1)").arg(o.threads));
}

// Standard normal deviates by Box–Muller on std::mt19937 (whose sequence the standard fixes; the
// standard's normal_distribution is implementation-defined), so a seed means the same layout everywhere.
std::vector<double> randomLayout(int n, int seed) {
  std::mt19937 rng{std::uint32_t(seed)};
  const auto uniform = [&rng] { return (double(rng()) + 1.0) / 4294967297.0; }; // (0, 1)
  std::vector<double> y(std::size_t(n) * 2);
  for (std::size_t k = 0; k < y.size(); k += 2) {
    const double r = std::sqrt(-2 * std::log(uniform())), a = 2 * M_PI * uniform();
    y[k] = kInitialScale * r * std::cos(a);
    y[k + 1] = kInitialScale * r * std::sin(a);
  }
  return y;
}

// A given starting layout, centred.
std::vector<double> centredLayout(const std::vector<float> &initial, int n) {
  if (initial.size() != std::size_t(n) * 2)
    fail("runTsne", QStringLiteral("the initial layout has %1 values, expected n × 2 = %2").arg(initial.size()).arg(qint64(n) * 2));
  std::vector<double> y(initial.begin(), initial.end());
  double mean[2] = {0, 0};
  for (std::size_t k = 0; k < y.size(); ++k) {
    if (!std::isfinite(y[k])) fail("runTsne", QStringLiteral("the initial layout has a non-finite value at row %1").arg(k / 2));
    mean[k % 2] += y[k] / n;
  }
  for (std::size_t k = 0; k < y.size(); ++k) y[k] -= mean[k % 2];
  return y;
}

std::vector<float> toFloat(const std::vector<double> &y) { return std::vector<float>(y.begin(), y.end()); }

detail::SparseMatrix affinities(const std::vector<float> &points, int n, int dim, double perplexity, detail::ThreadPool &pool,
                                JobContext *job, bool approximate = false, int seed = 1) {
  const int k = std::min(n - 1, int(3 * perplexity)); // K = ⌊3u⌋ neighbours (§5.1)
  const detail::NeighbourLists nn = approximate ? detail::approximateNeighbours(points.data(), n, dim, k, seed, pool, job)
                                                : detail::nearestNeighbours(points.data(), n, dim, k, pool, job);
  return detail::jointProbabilities(nn, n, perplexity, pool);
}

TsneMethod resolvedMethod(const TsneOptions &options, int n) {
  if (n < kExactBelow || options.method == TsneMethod::Exact) return TsneMethod::Exact;
  if (options.method == TsneMethod::BarnesHut) return options.theta > 0 ? TsneMethod::BarnesHut : TsneMethod::Exact;
  if (options.method == TsneMethod::Fft || n >= kTsneFftFrom) return TsneMethod::Fft;
  return options.theta > 0 ? TsneMethod::BarnesHut : TsneMethod::Exact;
}

}  // namespace

// The names the command line, the benchmark's rows and the jobs' summaries use.
template <>
const std::vector<EnumName<TsneMethod>> &enumTable<TsneMethod>() {
  static const std::vector<EnumName<TsneMethod>> table = {{TsneMethod::Auto, QStringLiteral("auto")},
                                                          {TsneMethod::BarnesHut, QStringLiteral("bh")},
                                                          {TsneMethod::Fft, QStringLiteral("fft")},
                                                          {TsneMethod::Exact, QStringLiteral("exact")}};
  return table;
}

TsneResult runTsne(const std::vector<float> &points, int n, int dim, const TsneOptions &options, JobContext *job,
                   const TsneProgress &progress) {
  checkPoints("runTsne", points, n, dim);
  checkPerplexity("runTsne", n, options.perplexity);
  checkOptions(options);
  QElapsedTimer timer;
  timer.start();
  detail::ThreadPool pool(options.threads);

  TsneResult result;
  const bool approximate = options.neighbours == TsneNeighbours::Approximate ||
                           (options.neighbours == TsneNeighbours::Auto && n >= kTsneApproximateNeighboursFrom);
  result.neighbours = approximate ? TsneNeighbours::Approximate : TsneNeighbours::Exact;
  if (job) job->setProgress(0, approximate ? QStringLiteral("nearest neighbours (HNSW)") : QStringLiteral("nearest neighbours"));
  const detail::SparseMatrix P = affinities(points, n, dim, options.perplexity, pool, job, approximate, options.seed);
  result.neighbourSeconds = timer.elapsed() / 1000.0;

  result.method = resolvedMethod(options, n);
  const double theta = result.method == TsneMethod::Exact ? 0.0 : options.theta;
  std::unique_ptr<detail::FftRepulsion> fft;
  if (result.method == TsneMethod::Fft) fft = std::make_unique<detail::FftRepulsion>();
  std::vector<double> y = options.initial.empty() ? randomLayout(n, options.seed) : centredLayout(options.initial, n);
  std::vector<double> grad(y.size()), update(y.size(), 0.0), gains(y.size(), 1.0);
  double z = 1;
  const int reportEvery = std::max(1, options.reportEvery);
  for (int iter = 0; iter < options.iterations; ++iter) {
    if (job) job->checkpoint();
    const bool lying = iter < options.exaggerationIterations;
    const double momentum = iter < options.momentumSwitch ? options.initialMomentum : options.finalMomentum;
    z = detail::tsneGradient(P, y.data(), n, theta, lying ? options.exaggeration : 1.0, pool, grad.data(), fft.get());
    // Delta-bar-delta gains (Jacobs 1988, as bhtsne applies them): grow by 0.2 where the gradient's
    // sign differs from the previous step's (the step was downhill and still is: speed up), shrink
    // by 0.8 where they agree (we overshot); sign(0) = 0, so the first step grows every gain.
    const auto sign = [](double v) { return (v > 0) - (v < 0); };
    for (std::size_t k = 0; k < y.size(); ++k) {
      gains[k] = sign(grad[k]) != sign(update[k]) ? gains[k] + 0.2 : gains[k] * 0.8;
      if (gains[k] < kMinGain) gains[k] = kMinGain;
      update[k] = momentum * update[k] - options.learningRate * gains[k] * grad[k];
      y[k] += update[k];
    }
    // Keep the layout centred (translation does not change the cost).
    double mx = 0, my = 0;
    for (int i = 0; i < n; ++i) {
      mx += y[2 * std::size_t(i)];
      my += y[2 * std::size_t(i) + 1];
    }
    mx /= n;
    my /= n;
    for (int i = 0; i < n; ++i) {
      y[2 * std::size_t(i)] -= mx;
      y[2 * std::size_t(i) + 1] -= my;
    }
    const int done = iter + 1;
    if (done % reportEvery == 0 || done == options.iterations) {
      // Z from this iteration's gradient (before the step): a cheap estimate, good enough to watch.
      const double kl = detail::klDivergence(P, y.data(), z, pool);
      if (job)
        job->setProgress(0.1 + 0.9 * done / options.iterations,
                         QStringLiteral("iteration %1/%2, KL %3").arg(done).arg(options.iterations).arg(kl, 0, 'f', 4));
      if (progress) progress(done, kl, toFloat(y));
    }
  }
  // Final KL over the sparse P: with the exact normaliser where that is cheap (it then equals
  // tsneExactKl), else with a fresh estimate of Z (Barnes–Hut or FFT) at the final layout.
  constexpr int kExactNormaliserMax = 5000; // O(N²) pairs: ~25M at this size, tens of ms
  if (result.method == TsneMethod::Exact || n <= kExactNormaliserMax)
    z = detail::exactNormaliser(y.data(), n, pool);
  else
    z = detail::tsneGradient(P, y.data(), n, theta, 1.0, pool, grad.data(), fft.get());
  result.kl = detail::klDivergence(P, y.data(), z, pool);
  result.positions = toFloat(y);
  result.iterations = options.iterations;
  result.seconds = timer.elapsed() / 1000.0;
  return result;
}

double tsneExactKl(const std::vector<float> &points, int n, int dim, const std::vector<float> &positions,
                   double perplexity, int threads) {
  checkPoints("tsneExactKl", points, n, dim);
  checkPerplexity("tsneExactKl", n, perplexity);
  if (positions.size() != std::size_t(n) * 2)
    fail("tsneExactKl", QStringLiteral("positions has %1 values, expected n × 2 = %2").arg(positions.size()).arg(2 * n));
  detail::ThreadPool pool(threads);
  const detail::SparseMatrix P = affinities(points, n, dim, perplexity, pool, nullptr);
  const std::vector<double> y(positions.begin(), positions.end());
  return detail::klDivergence(P, y.data(), detail::exactNormaliser(y.data(), n, pool), pool);
}

}  // namespace gs
