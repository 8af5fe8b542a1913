#include "analysis/detail/fuzzygraph.h"

#include "analysis/detail/threadpool.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace gs::detail {

namespace {
constexpr int kBisectionSteps = 64;     // umap-learn's n_iter
constexpr double kSmoothKTolerance = 1e-5; // umap-learn's SMOOTH_K_TOLERANCE
constexpr double kMinScale = 1e-3;      // umap-learn's MIN_K_DIST_SCALE
}  // namespace

LocalMetric smoothDistances(const double *distances, int count, int neighbours, double meanDistance) {
  LocalMetric m;
  // local_connectivity = 1: ρ is the first nonzero distance (duplicates of the point sit at 0).
  for (int j = 0; j < count; ++j)
    if (distances[j] > 0) {
      m.rho = distances[j];
      break;
    }
  const double target = std::log2(double(neighbours));
  double lo = 0, hi = std::numeric_limits<double>::infinity(), mid = 1;
  for (int step = 0; step < kBisectionSteps; ++step) {
    double sum = 0;
    for (int j = 0; j < count; ++j) {
      const double d = distances[j] - m.rho;
      sum += d > 0 ? std::exp(-d / mid) : 1.0;
    }
    if (std::abs(sum - target) < kSmoothKTolerance) break;
    if (sum > target) {
      hi = mid;
      mid = (lo + hi) / 2;
    } else {
      lo = mid;
      mid = std::isinf(hi) ? mid * 2 : (lo + hi) / 2;
    }
  }
  double rowMean = 0;
  for (int j = 0; j < count; ++j) rowMean += distances[j];
  rowMean = count > 0 ? rowMean / count : 0;
  m.sigma = std::max(mid, kMinScale * (m.rho > 0 ? rowMean : meanDistance));
  return m;
}

SparseMatrix fuzzySimplicialSet(const NeighbourLists &lists, int n, int neighbours, ThreadPool &pool) {
  const int k = lists.k;
  std::vector<double> distance(lists.distance2.size());
  double total = 0;
  for (std::size_t e = 0; e < distance.size(); ++e) total += distance[e] = std::sqrt(std::max(0.0, lists.distance2[e]));
  const double meanDistance = distance.empty() ? 0 : total / double(distance.size());
  // Directed memberships, one row per point.
  std::vector<double> membership(distance.size(), 0.0);
  pool.parallelFor(n, [&](int begin, int end) {
    for (int i = begin; i < end; ++i) {
      const double *row = distance.data() + std::size_t(i) * std::size_t(k);
      int count = 0;
      while (count < k && lists.index[std::size_t(i) * std::size_t(k) + std::size_t(count)] >= 0) ++count;
      const LocalMetric m = smoothDistances(row, count, neighbours, meanDistance);
      for (int j = 0; j < count; ++j) {
        const double d = row[j] - m.rho;
        membership[std::size_t(i) * std::size_t(k) + std::size_t(j)] = d <= 0 ? 1.0 : std::exp(-d / m.sigma);
      }
    }
  });
  // Fuzzy union: every directed edge i → j contributes a_ij to (i, j) and a_ji to (j, i); merged
  // entries combine as a + b − a·b.
  struct Entry {
    int row, col;
    double forward, backward;
  };
  std::vector<Entry> entries;
  entries.reserve(2 * distance.size());
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < k; ++j) {
      const int other = lists.index[std::size_t(i) * std::size_t(k) + std::size_t(j)];
      if (other < 0 || other == i) continue;
      const double w = membership[std::size_t(i) * std::size_t(k) + std::size_t(j)];
      entries.push_back({i, other, w, 0});
      entries.push_back({other, i, 0, w});
    }
  std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return std::tie(a.row, a.col) < std::tie(b.row, b.col); });
  SparseMatrix graph;
  graph.n = n;
  graph.rowStart.assign(std::size_t(n) + 1, 0);
  for (std::size_t e = 0; e < entries.size();) {
    double forward = 0, backward = 0;
    std::size_t f = e;
    for (; f < entries.size() && entries[f].row == entries[e].row && entries[f].col == entries[e].col; ++f) {
      forward = std::max(forward, entries[f].forward);
      backward = std::max(backward, entries[f].backward);
    }
    const double value = forward + backward - forward * backward;
    if (value > 0) {
      graph.cols.push_back(entries[e].col);
      graph.values.push_back(value);
      ++graph.rowStart[std::size_t(entries[e].row) + 1];
    }
    e = f;
  }
  for (int i = 0; i < n; ++i) graph.rowStart[std::size_t(i) + 1] += graph.rowStart[std::size_t(i)];
  return graph;
}

}  // namespace gs::detail
