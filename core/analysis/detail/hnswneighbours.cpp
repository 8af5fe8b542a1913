#include "analysis/detail/hnswneighbours.h"

#include "analysis/detail/threadpool.h"
#include "engine/jobcontext.h"

#include <hnswlib/hnswlib.h>

#include <algorithm>

namespace gs::detail {

namespace {
// hnswlib's recommended construction settings for recall above 0.95 at k ≤ 100: 16 links per
// node, a candidate list of 200 while building; queries search max(ef, k) candidates.
constexpr int kLinks = 16, kEfConstruction = 200, kEfSearch = 100;
}  // namespace

NeighbourLists approximateNeighbours(const float *points, int n, int dim, int k, int seed, ThreadPool &pool, JobContext *job) {
  hnswlib::L2Space space(static_cast<std::size_t>(dim));
  hnswlib::HierarchicalNSW<float> index(&space, static_cast<std::size_t>(n), kLinks, kEfConstruction, static_cast<std::size_t>(seed));
  for (int i = 0; i < n; ++i) {
    if (job && i % 1024 == 0) job->checkpoint();
    index.addPoint(points + std::size_t(i) * std::size_t(dim), static_cast<hnswlib::labeltype>(i));
  }
  index.setEf(static_cast<std::size_t>(std::max(kEfSearch, k + 1)));
  NeighbourLists lists;
  lists.k = k;
  lists.index.assign(std::size_t(n) * std::size_t(k), -1);
  lists.distance2.assign(std::size_t(n) * std::size_t(k), 0.0);
  constexpr int kBlock = 256;
  const int blocks = (n + kBlock - 1) / kBlock;
  pool.parallelFor(blocks, [&](int begin, int end) {
    for (int b = begin; b < end; ++b) {
      for (int i = b * kBlock; i < std::min(n, (b + 1) * kBlock); ++i) {
        auto found = index.searchKnn(points + std::size_t(i) * std::size_t(dim), static_cast<std::size_t>(k + 1));
        std::vector<std::pair<float, int>> nearest;
        while (!found.empty()) {
          if (static_cast<int>(found.top().second) != i) nearest.push_back({found.top().first, static_cast<int>(found.top().second)});
          found.pop();
        }
        std::sort(nearest.begin(), nearest.end()); // nearest first; ties by index
        for (int j = 0; j < k && j < static_cast<int>(nearest.size()); ++j) {
          lists.index[std::size_t(i) * std::size_t(k) + std::size_t(j)] = nearest[std::size_t(j)].second;
          lists.distance2[std::size_t(i) * std::size_t(k) + std::size_t(j)] = nearest[std::size_t(j)].first;
        }
      }
    }
  });
  if (job) job->checkpoint();
  return lists;
}

}  // namespace gs::detail
