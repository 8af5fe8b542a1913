#include "analysis/detail/calibration.h"

#include "analysis/detail/threadpool.h"
#include "analysis/detail/vptree.h"
#include "engine/jobcontext.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace gs::detail {

NeighbourLists nearestNeighbours(const float *points, int n, int dim, int k, ThreadPool &pool, JobContext *job) {
  NeighbourLists lists;
  lists.k = k;
  lists.index.assign(std::size_t(n) * k, -1);
  lists.distance2.assign(std::size_t(n) * k, 0.0);
  const VpTree tree(points, n, dim);
  // Blocks of queries between checkpoints so a cancel is seen within a fraction of a second.
  constexpr int kBlock = 512; // queries per checkpoint
  for (int start = 0; start < n; start += kBlock) {
    if (job) job->checkpoint();
    const int count = std::min(kBlock, n - start);
    pool.parallelFor(count, [&](int begin, int end) {
      for (int q = start + begin; q < start + end; ++q) {
        const std::vector<Neighbour> found = tree.search(points + std::size_t(q) * dim, k, q);
        for (std::size_t m = 0; m < found.size(); ++m) {
          lists.index[std::size_t(q) * k + m] = found[m].index;
          lists.distance2[std::size_t(q) * k + m] = found[m].distance * found[m].distance;
        }
      }
    });
    if (job) job->setProgress(double(start + count) / n * 0.1, QStringLiteral("nearest neighbours"));
  }
  return lists;
}

CalibratedRow calibrateRow(const double *distance2, int k, double perplexity, double *p, double tolerance) {
  CalibratedRow row;
  const double scale = distance2[0] > 0 ? distance2[0] : 1.0;
  const double target = std::log(perplexity);
  double beta = 1.0, lo = -DBL_MAX, hi = DBL_MAX, sum = DBL_MIN, entropy = 0;
  for (int step = 0; step < 200; ++step) {
    row.steps = step + 1;
    sum = DBL_MIN;
    double weighted = 0;
    for (int m = 0; m < k; ++m) {
      p[m] = std::exp(-beta * distance2[m] / scale);
      sum += p[m];
    }
    for (int m = 0; m < k; ++m) weighted += beta * distance2[m] / scale * p[m];
    entropy = weighted / sum + std::log(sum);
    const double diff = entropy - target;
    if (std::fabs(diff) < tolerance) break;
    if (diff > 0) { // too flat: raise the precision
      lo = beta;
      beta = hi == DBL_MAX ? beta * 2 : (beta + hi) / 2;
    } else {
      hi = beta;
      beta = lo == -DBL_MAX ? beta / 2 : (beta + lo) / 2;
    }
  }
  for (int m = 0; m < k; ++m) p[m] /= sum;
  row.beta = beta;
  row.entropy = entropy;
  return row;
}

SparseMatrix jointProbabilities(const NeighbourLists &neighbours, int n, double perplexity, ThreadPool &pool) {
  const int k = neighbours.k;
  std::vector<double> conditional(std::size_t(n) * k);
  pool.parallelFor(n, [&](int begin, int end) {
    for (int i = begin; i < end; ++i)
      calibrateRow(neighbours.distance2.data() + std::size_t(i) * k, k, perplexity,
                   conditional.data() + std::size_t(i) * k);
  });
  // Symmetrise: every (i, j, p) also contributes (j, i, p); duplicates are merged after sorting
  // each row by column. Counting pass first so the triplets land in place (O(N·K log K)).
  std::vector<int> count(std::size_t(n) + 1, 0);
  for (int i = 0; i < n; ++i)
    for (int m = 0; m < k; ++m) {
      ++count[std::size_t(i) + 1];
      ++count[std::size_t(neighbours.index[std::size_t(i) * k + m]) + 1];
    }
  for (int i = 0; i < n; ++i) count[std::size_t(i) + 1] += count[std::size_t(i)];
  std::vector<std::pair<int, double>> entries(static_cast<std::size_t>(count[std::size_t(n)]));
  std::vector<int> fill(count.begin(), count.end() - 1);
  const double norm = 2.0 * n;
  for (int i = 0; i < n; ++i)
    for (int m = 0; m < k; ++m) {
      const int j = neighbours.index[std::size_t(i) * k + m];
      const double v = conditional[std::size_t(i) * k + m] / norm;
      entries[std::size_t(fill[std::size_t(i)]++)] = {j, v};
      entries[std::size_t(fill[std::size_t(j)]++)] = {i, v};
    }
  SparseMatrix P;
  P.n = n;
  P.rowStart.assign(std::size_t(n) + 1, 0);
  P.cols.reserve(entries.size());
  P.values.reserve(entries.size());
  for (int i = 0; i < n; ++i) {
    const auto first = entries.begin() + count[std::size_t(i)], last = entries.begin() + count[std::size_t(i) + 1];
    std::sort(first, last, [](const auto &a, const auto &b) { return a.first < b.first; });
    for (auto it = first; it != last; ++it) {
      if (!P.cols.empty() && int(P.cols.size()) > P.rowStart[std::size_t(i)] && P.cols.back() == it->first)
        P.values.back() += it->second;
      else {
        P.cols.push_back(it->first);
        P.values.push_back(it->second);
      }
    }
    P.rowStart[std::size_t(i) + 1] = int(P.cols.size());
  }
  return P;
}

}  // namespace gs::detail
