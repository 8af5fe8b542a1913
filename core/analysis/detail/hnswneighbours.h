#pragma once
// Approximate k nearest neighbours through hnswlib's hierarchical navigable small-world graph
// (Malkov & Yashunin 2018), for maps of more points than an exact search can serve. The graph is
// built on one thread in index order, so a seed fixes it; queries run on the pool.

#include "analysis/detail/calibration.h"

namespace gs::detail {

// Each point's k nearest other points, nearest first (squared Euclidean distances), as
// nearestNeighbours gives them exactly. Calls job->checkpoint() while building and between blocks.
NeighbourLists approximateNeighbours(const float *points, int n, int dim, int k, int seed, ThreadPool &pool,
                                     JobContext *job = nullptr);

}  // namespace gs::detail
