#pragma once
// UMAP's high-dimensional graph (McInnes et al. 2018 §3.1): each point's local metric makes its
// nearest neighbour lie at distance 0 (ρ_i) and its k-neighbourhood carry total membership log2(k)
// (σ_i by bisection, umap-learn's smooth_knn_dist), giving the directed memberships of
// Definition 9, w_ij = exp(−max(0, d_ij − ρ_i) / σ_i); the fuzzy union of the two directions,
// w_ij + w_ji − w_ij·w_ji, makes the graph symmetric.

#include "analysis/detail/calibration.h"

namespace gs::detail {

struct LocalMetric {
  double rho = 0;   // distance to the nearest neighbour at nonzero distance
  double sigma = 1; // bandwidth
};

// ρ and σ of one row of k − 1 ascending Euclidean distances for a k-neighbourhood (the point itself
// counted, as umap-learn's n_neighbors). `meanDistance` floors σ at 1e-3 of it (umap-learn's
// MIN_K_DIST_SCALE) when the row's own distances are all zero.
LocalMetric smoothDistances(const double *distances, int count, int neighbours, double meanDistance);

// The symmetric fuzzy simplicial set of the neighbour lists (squared distances, self excluded).
// `neighbours` is k with the point itself counted. Rows split over the pool; same result for any
// thread count.
SparseMatrix fuzzySimplicialSet(const NeighbourLists &lists, int n, int neighbours, ThreadPool &pool);

}  // namespace gs::detail
