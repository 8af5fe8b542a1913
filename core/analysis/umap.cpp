// The UMAP driver: neighbours, the fuzzy graph, the initial layout, then the SGD of umap-learn's
// optimize_layout_euclidean (McInnes et al. 2018 §3.2; the edge sampling, clipping and learning-rate
// decay are the reference implementation's, which the paper's results come from).

#include "analysis/umap.h"

#include "analysis/detail/calibration.h"
#include "analysis/detail/fastpow.h"
#include "analysis/detail/fuzzygraph.h"
#include "analysis/detail/hnswneighbours.h"
#include "analysis/detail/spectral.h"
#include "analysis/detail/threadpool.h"
#include "analysis/detail/umapcurve.h"
#include "analysis/detail/vptree.h"
#include "analysis/tsne.h"
#include "engine/jobcontext.h"

#include <QElapsedTimer>
#include <QString>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace gs {

namespace {

constexpr double kClip = 4.0;        // gradient clip (umap-learn's clip)
constexpr double kRepulsionEps = 0.001; // ε in the repulsive gradient's denominator
constexpr double kInitialRange = 10.0;  // the initial layout spans [0, 10] per axis (umap-learn ≥ 0.4)

[[noreturn]] void fail(const QString &message) {
  throw std::invalid_argument(QStringLiteral("runUmap: %1").arg(message).toStdString());
}

void checkInput(const std::vector<float> &points, int n, int dim, const UmapOptions &o) {
  if (dim <= 0) fail(QStringLiteral("dimension must be positive (got %1)").arg(dim));
  if (points.size() != std::size_t(n) * std::size_t(dim))
    fail(QStringLiteral("points has %1 values, expected n × dim = %2 × %3").arg(points.size()).arg(n).arg(dim));
  if (o.neighbours < 2) fail(QStringLiteral("neighbours must be at least 2 (got %1)").arg(o.neighbours));
  if (n <= o.neighbours)
    fail(QStringLiteral("%1 points are too few for %2 neighbours (need more points than neighbours)").arg(n).arg(o.neighbours));
  if (!(o.minDist >= 0) || !(o.spread > 0) || o.minDist > o.spread)
    fail(QStringLiteral("need 0 ≤ min_dist ≤ spread, spread > 0 (got %1, %2)").arg(o.minDist).arg(o.spread));
  if (o.epochs < 0 || o.negativeSamples < 0 || !(o.learningRate > 0) || o.threads < 0)
    fail(QStringLiteral("epochs, negative samples and threads must be ≥ 0 and the learning rate positive"));
  for (std::size_t k = 0; k < points.size(); ++k)
    if (!std::isfinite(points[k]))
      fail(QStringLiteral("non-finite value (%1) at row %2, column %3").arg(double(points[k])).arg(k / std::size_t(dim)).arg(k % std::size_t(dim)));
  if (!o.initial.empty() && o.initial.size() != std::size_t(n) * 2)
    fail(QStringLiteral("the initial layout has %1 values, expected n × 2 = %2").arg(o.initial.size()).arg(qint64(n) * 2));
  for (std::size_t k = 0; k < o.initial.size(); ++k)
    if (!std::isfinite(o.initial[k])) fail(QStringLiteral("the initial layout has a non-finite value at row %1").arg(k / 2));
}

// Scales each axis of an n × 2 layout to [0, kInitialRange] (a given start: the longer axis, keeping
// its shape) and adds N(0, 1e-4²) noise, so no two
// points start on top of each other.
void normaliseLayout(std::vector<double> &y, int n, std::mt19937 &rng, bool keepShape) {
  double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
  for (int i = 0; i < n; ++i)
    for (int axis = 0; axis < 2; ++axis) {
      lo[axis] = std::min(lo[axis], y[std::size_t(i) * 2 + std::size_t(axis)]);
      hi[axis] = std::max(hi[axis], y[std::size_t(i) * 2 + std::size_t(axis)]);
    }
  // A given start (the previous epoch's map) keeps its shape: both axes scaled by one factor.
  const double common = std::max(hi[0] - lo[0], hi[1] - lo[1]);
  for (int axis = 0; axis < 2; ++axis) {
    const double range = keepShape ? (common > 0 ? common : 1.0) : hi[axis] > lo[axis] ? hi[axis] - lo[axis] : 1.0;
    for (int i = 0; i < n; ++i)
      y[std::size_t(i) * 2 + std::size_t(axis)] = kInitialRange * (y[std::size_t(i) * 2 + std::size_t(axis)] - lo[axis]) / range;
  }
  // Box–Muller on mt19937 (whose sequence the standard fixes; normal_distribution's is not), so a
  // seed means the same layout with any standard library.
  const auto uniform = [&rng] { return (double(rng()) + 1.0) / 4294967297.0; }; // (0, 1)
  for (std::size_t k = 0; k + 1 < y.size(); k += 2) {
    const double r = std::sqrt(-2 * std::log(uniform())), t = 2 * M_PI * uniform();
    y[k] += 1e-4 * r * std::cos(t);
    y[k + 1] += 1e-4 * r * std::sin(t);
  }
}

// 3. The initial layout: spectral (§4). For several components the Laplacian's leading
//    eigenvectors would only tell the components apart, so each is laid out on its own around
//    an anchor, as umap-learn does. A given start (options.initial) is taken as it is.
std::vector<double> initialLayout(const std::vector<float> &points, int n, int dim, const UmapOptions &options,
                                  const detail::SparseMatrix &graph, detail::ThreadPool &pool, JobContext *job, int *components) {
  std::vector<int> component;
  *components = detail::connectedComponents(graph, &component);
  return !options.initial.empty()  ? std::vector<double>(options.initial.begin(), options.initial.end())
         : *components == 1       ? detail::spectralLayout(graph, options.seed, pool, job)
                                  : detail::componentLayout(graph, component, *components, points.data(), dim, options.seed, pool, job);
}

// One edge of the fuzzy graph as the SGD samples it: every perSample epochs, drawing a negative
// sample every perNegative epochs.
struct Edge {
  int head, tail;
  double perSample, nextSample, perNegative, nextNegative;
};

// Each edge is sampled in proportion to its weight (every max_w / w epochs); edges too weak to be
// sampled once in the run are dropped, as umap-learn does.
std::vector<Edge> sampledEdges(const detail::SparseMatrix &graph, int n, int epochs, int negativeSamples) {
  double maxWeight = 0;
  for (double w : graph.values) maxWeight = std::max(maxWeight, w);
  std::vector<Edge> edges;
  for (int i = 0; i < n; ++i)
    for (int e = graph.rowStart[std::size_t(i)]; e < graph.rowStart[std::size_t(i) + 1]; ++e) {
      const double w = graph.values[std::size_t(e)];
      if (w < maxWeight / epochs) continue;
      const double perSample = maxWeight / w;
      const double perNegative = negativeSamples > 0 ? perSample / negativeSamples : INFINITY;
      edges.push_back({i, graph.cols[std::size_t(e)], perSample, perSample, perNegative, perNegative});
    }
  return edges;
}

// The gradient steps of the cross-entropy (§3.2) in single precision, as umap-learn optimises: the
// layout needs no more. The power d^{2b} (one or two per sample) is the cost that dominates;
// fastPow computes it without a libm call.
struct SgdStep {
  float fa, fb, attract, repel, clipValue, eps;

  SgdStep(double a, double b)
      : fa(float(a)), fb(float(b)), attract(float(-2.0 * a * b)), repel(float(2.0 * b)), clipValue(float(kClip)),
        eps(float(kRepulsionEps)) {}

  float clip(float v) const { return std::clamp(v, -clipValue, clipValue); }

  // An edge's two ends pulled together: ∂/∂y of −log Φ = −2ab d^{2(b−1)} / (1 + a d^{2b}).
  void pull(float *current, float *other, float alpha) const {
    const float dx = current[0] - other[0], dy = current[1] - other[1];
    const float d2 = dx * dx + dy * dy;
    if (!(d2 > 0)) return;
    const float d2b = detail::fastPow(d2, fb);
    const float coefficient = attract * (d2b / d2) / (fa * d2b + 1.0f);
    const float gx = clip(coefficient * dx) * alpha, gy = clip(coefficient * dy) * alpha;
    current[0] += gx;
    current[1] += gy;
    other[0] -= gx;
    other[1] -= gy;
  }

  // The edge's head pushed away from a negative sample: ∂/∂y of −log(1 − Φ) = 2b / ((ε + d²)(1 + a d^{2b})).
  void push(float *current, const float *away, float alpha) const {
    const float dx = current[0] - away[0], dy = current[1] - away[1];
    const float d2 = dx * dx + dy * dy;
    if (d2 > 0) {
      const float coefficient = repel / ((eps + d2) * (fa * detail::fastPow(d2, fb) + 1.0f));
      current[0] += clip(coefficient * dx) * alpha;
      current[1] += clip(coefficient * dy) * alpha;
    } else { // coincident points: umap-learn pushes by the clip value
      current[0] += clipValue * alpha;
      current[1] += clipValue * alpha;
    }
  }
};

// One epoch: every edge due is sampled, pulling both ends together; each sample draws its due
// negative samples (random points) and pushes the edge's head away from them.
void sgdEpoch(std::vector<float> &layout, std::vector<Edge> &edges, int epoch, float alpha, const SgdStep &step, std::mt19937 &rng, int n) {
  const auto anyPoint = [&rng, n] { return static_cast<int>(rng() % std::uint32_t(n)); }; // n ≪ 2³²: bias negligible
  for (Edge &edge : edges) {
    if (edge.nextSample > epoch) continue;
    float *current = &layout[std::size_t(edge.head) * 2];
    step.pull(current, &layout[std::size_t(edge.tail) * 2], alpha);
    edge.nextSample += edge.perSample;
    const int negatives = static_cast<int>((epoch - edge.nextNegative) / edge.perNegative);
    for (int s = 0; s < negatives; ++s) {
      const int k = anyPoint();
      if (k == edge.head) continue;
      step.push(current, &layout[std::size_t(k) * 2], alpha);
    }
    edge.nextNegative += negatives * edge.perNegative;
  }
}

// 4. SGD on the cross-entropy (§3.2) from the initial layout y, with umap-learn's linearly
//    decaying learning rate; returns the layout (n × 2, single precision).
std::vector<float> optimiseLayout(const std::vector<double> &y, const detail::SparseMatrix &graph, int n, int epochs,
                                  const detail::CurveParameters &curve, const UmapOptions &options, std::mt19937 &rng, JobContext *job,
                                  const UmapProgress &progress) {
  std::vector<Edge> edges = sampledEdges(graph, n, epochs, options.negativeSamples);
  std::vector<float> layout(y.begin(), y.end());
  const SgdStep step(curve.a, curve.b);
  const int reportEvery = std::max(1, options.reportEvery);
  for (int epoch = 0; epoch < epochs; ++epoch) {
    if (job) job->checkpoint();
    const float alpha = float(options.learningRate * (1.0 - double(epoch) / epochs));
    sgdEpoch(layout, edges, epoch, alpha, step, rng, n);
    const int done = epoch + 1;
    if (done % reportEvery == 0 || done == epochs) {
      if (job) job->setProgress(0.2 + 0.8 * done / epochs, QStringLiteral("epoch %1/%2").arg(done).arg(epochs));
      if (progress) progress(done, layout);
    }
  }
  return layout;
}

}  // namespace

UmapResult runUmap(const std::vector<float> &points, int n, int dim, const UmapOptions &options, JobContext *job,
                   const UmapProgress &progress) {
  checkInput(points, n, dim, options);
  QElapsedTimer timer;
  timer.start();
  detail::ThreadPool pool(options.threads);
  UmapResult result;

  // 1. Neighbours (k − 1 others: umap-learn counts the point itself among its n_neighbors).
  if (job) job->setProgress(0, QStringLiteral("nearest neighbours"));
  const int others = options.neighbours - 1;
  result.approximateNeighbours =
      options.search == NeighbourSearch::Approximate || (options.search == NeighbourSearch::Automatic && n > kExactNeighboursMax);
  const detail::NeighbourLists lists = result.approximateNeighbours
                                           ? detail::approximateNeighbours(points.data(), n, dim, others, options.seed, pool, job)
                                           : detail::nearestNeighbours(points.data(), n, dim, others, pool, job);

  // 2. The fuzzy simplicial set (§3.1).
  if (job) job->setProgress(0.1, QStringLiteral("fuzzy graph"));
  const detail::SparseMatrix graph = detail::fuzzySimplicialSet(lists, n, options.neighbours, pool);
  const int epochs = options.epochs > 0 ? options.epochs : (n <= 10000 ? 500 : 200);

  // 3. The initial layout, then 4. the SGD; one generator serves the layout's noise and the SGD's
  //    negative samples, in that order.
  if (job) job->setProgress(0.15, QStringLiteral("initial layout"));
  std::vector<double> y = initialLayout(points, n, dim, options, graph, pool, job, &result.components);
  std::mt19937 rng(static_cast<std::uint32_t>(options.seed));
  normaliseLayout(y, n, rng, !options.initial.empty());
  const detail::CurveParameters curve = detail::fitCurve(options.minDist, options.spread);
  result.a = curve.a;
  result.b = curve.b;
  result.positions = optimiseLayout(y, graph, n, epochs, curve, options, rng, job, progress);
  result.epochs = epochs;
  result.seconds = timer.elapsed() / 1000.0;
  return result;
}

double neighbourhoodPreservation(const std::vector<float> &points, int n, int dim, const std::vector<float> &positions, int k,
                                 int sample, int threads) {
  if (dim <= 0 || points.size() != std::size_t(n) * std::size_t(dim) || positions.size() != std::size_t(n) * 2)
    throw std::invalid_argument("neighbourhoodPreservation: points must be n × dim and positions n × 2");
  if (k < 1 || k >= n) throw std::invalid_argument("neighbourhoodPreservation: need 1 ≤ k < n");
  const int scored = sample > 0 && sample < n ? sample : n;
  const detail::VpTree high(points.data(), n, dim), low(positions.data(), n, 2);
  detail::ThreadPool pool(threads);
  std::vector<double> share(std::size_t(scored), 0.0);
  pool.parallelFor(scored, [&](int begin, int end) {
    for (int s = begin; s < end; ++s) {
      const int i = scored == n ? s : static_cast<int>(std::int64_t(s) * n / scored);
      std::vector<detail::Neighbour> a = high.search(points.data() + std::size_t(i) * std::size_t(dim), k, i);
      std::vector<detail::Neighbour> m = low.search(positions.data() + std::size_t(i) * 2, k, i);
      std::vector<int> x, z;
      for (const auto &e : a) x.push_back(e.index);
      for (const auto &e : m) z.push_back(e.index);
      std::sort(x.begin(), x.end());
      std::sort(z.begin(), z.end());
      std::vector<int> both;
      std::set_intersection(x.begin(), x.end(), z.begin(), z.end(), std::back_inserter(both));
      share[std::size_t(s)] = double(both.size()) / k;
    }
  });
  double total = 0;
  for (double v : share) total += v;
  return total / scored;
}

}  // namespace gs
