#pragma once
// UMAP (McInnes, Healy & Melville 2018, "UMAP: Uniform Manifold Approximation and Projection for
// Dimension Reduction", arXiv:1802.03426): a fuzzy simplicial set over each point's k nearest
// neighbours (§3.1, Definition 9 and the fuzzy union), a 2-D layout initialised from the graph's
// Laplacian eigenvectors (§4, "spectral embedding"), then stochastic gradient descent on the fuzzy
// set cross-entropy (§3.2) with negative sampling. The reference implementation (umap-learn)
// fixes what the paper leaves open; its choices are followed and named where they are made.
// Torch-free, like the t-SNE beside it.

#include <functional>
#include <vector>

namespace gs {

class JobContext;

enum class NeighbourSearch {
  Automatic,   // exact up to kExactNeighboursMax points, HNSW above
  Exact,       // vantage-point tree (the t-SNE's)
  Approximate, // hnswlib's HNSW graph (Malkov & Yashunin 2018), built single-threaded so a seed fixes it
};

struct UmapOptions {
  int neighbours = 15;      // k, the point itself included (umap-learn's n_neighbors)
  double minDist = 0.1;     // the layout's minimum distance (fits a, b of Φ)
  double spread = 1.0;
  int epochs = 0;           // 0: 500 up to 10,000 points, 200 above (umap-learn)
  int negativeSamples = 5;  // negative samples per positive edge sample
  double learningRate = 1.0;
  int seed = 1;
  int threads = 0;          // neighbour search and graph building; the SGD runs on one thread (deterministic)
  NeighbourSearch search = NeighbourSearch::Automatic;
  int reportEvery = 10;     // epochs between progress callbacks (live map updates)
  // A starting layout (n × 2) instead of the spectral one, e.g. the previous epoch's map so that
  // successive maps stay aligned; scaled to the same [0, 10] box (as umap-learn does with init=array).
  std::vector<float> initial;
};

struct UmapResult {
  std::vector<float> positions; // n × 2 row-major
  int epochs = 0;
  double seconds = 0;
  double a = 0, b = 0;          // Φ(d) = 1 / (1 + a d^{2b}), fitted to minDist and spread
  bool approximateNeighbours = false;
  int components = 1;           // connected components of the neighbour graph (each laid out on its own first)
};

constexpr int kExactNeighboursMax = 20000;

using UmapProgress = std::function<void(int epoch, const std::vector<float> &positions)>;

// Embeds n points of dimension dim (row-major) in 2-D, Euclidean distances. Deterministic for a
// seed and any thread count. Throws std::invalid_argument naming the problem (NaN/inf with its
// row and column, n ≤ neighbours, bad options); checks job->checkpoint() between epochs.
UmapResult runUmap(const std::vector<float> &points, int n, int dim, const UmapOptions &options = {},
                   JobContext *job = nullptr, const UmapProgress &progress = {});

// Neighbourhood preservation of a 2-D map: the mean share of each point's k nearest neighbours in
// the original space that are also among its k nearest on the map (both exact). With sample > 0
// only that many points (evenly spaced indices) are scored, so it stays cheap at any size.
double neighbourhoodPreservation(const std::vector<float> &points, int n, int dim, const std::vector<float> &positions,
                                 int k = 10, int sample = 0, int threads = 0);

}  // namespace gs
