#pragma once
// UMAP's initial layout (McInnes et al. 2018 §4, umap-learn's spectral_layout): the eigenvectors
// of the neighbour graph's normalised Laplacian L = I − D^{-1/2} W D^{-1/2} with the smallest
// nonzero eigenvalues, i.e. those of D^{-1/2} W D^{-1/2} just below its top eigenvalue 1 (whose
// eigenvector ∝ D^{1/2}·1 is the trivial one). Found by subspace iteration with Rayleigh–Ritz on
// (I + D^{-1/2} W D^{-1/2}) / 2, whose spectrum lies in [0, 1], with the trivial vector projected out.

#include "analysis/detail/calibration.h"

namespace gs::detail {

// Connected components of a symmetric sparse graph: each node's component label (0, 1, … in order
// of first node); returns their number.
int connectedComponents(const SparseMatrix &graph, std::vector<int> *label = nullptr);

// n × 2 row-major: the two leading nontrivial eigenvectors, each signed so that its
// largest-magnitude entry is positive. Meaningful for a connected graph. Deterministic for a seed.
std::vector<double> spectralLayout(const SparseMatrix &graph, int seed, ThreadPool &pool, JobContext *job = nullptr);

// umap-learn's layout of a graph in several components (its multi_component_layout): each
// component gets an anchor — for up to four components the points ±e₁, ±e₂, beyond that the
// PCA of the components' centroids in the input space (umap-learn: a spectral embedding of them),
// scaled to unit size — and its own spectral layout scaled into a box of half the distance to the
// nearest other anchor around it; components of fewer than 4 nodes are placed uniformly at
// random in that box. points: n × dim, the input.
std::vector<double> componentLayout(const SparseMatrix &graph, const std::vector<int> &label, int components,
                                    const float *points, int dim, int seed, ThreadPool &pool, JobContext *job = nullptr);

}  // namespace gs::detail
