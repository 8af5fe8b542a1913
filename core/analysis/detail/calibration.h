#pragma once
// The input similarities of t-SNE, approximated as van der Maaten 2014 §5.1 does: each point's
// conditional distribution p_{j|i} is a Gaussian over its K = ⌊3·perplexity⌋ nearest neighbours
// only (zero elsewhere), its precision β_i found by binary search so that the row's perplexity
// 2^H (here e^H, entropy in nats) equals the target; then P = (P_cond + P_condᵀ) / 2N.

#include <vector>

namespace gs {
class JobContext;
}

namespace gs::detail {

class ThreadPool;

// Square sparse matrix in compressed rows; columns sorted within each row.
struct SparseMatrix {
  int n = 0;
  std::vector<int> rowStart; // n + 1
  std::vector<int> cols;
  std::vector<double> values;
};

// Each point's k nearest neighbours (self excluded), nearest first: n × k indices and squared distances.
struct NeighbourLists {
  int k = 0;
  std::vector<int> index;
  std::vector<double> distance2;
};

// Exact k-NN of every point through a vantage-point tree; queries split over the pool.
// Calls job->checkpoint() between blocks when given.
NeighbourLists nearestNeighbours(const float *points, int n, int dim, int k, ThreadPool &pool, JobContext *job = nullptr);

struct CalibratedRow {
  double beta = 1;   // precision, in units of 1/distance2[0] (see calibrateRow)
  double entropy = 0; // nats
  int steps = 0;     // binary-search steps taken
};

// p_{j|i} ∝ exp(-β d²_ij) over one row of k squared distances (ascending), β searched so the
// entropy H = log(Σ) + β·Σ d² p / Σ equals log(perplexity) within `tolerance` (1e-5, as bhtsne),
// at most 200 bisection steps. The distances are scaled by the nearest nonzero one first (so β
// starts at 1 whatever the data's scale), as the reference KL computation of the t-SNE benchmark does.
// Writes the normalised row (sums to 1) into p.
CalibratedRow calibrateRow(const double *distance2, int k, double perplexity, double *p, double tolerance = 1e-5);

// Symmetrised joint P (sums to 1) from the neighbour lists: p_ij = (p_{j|i} + p_{i|j}) / 2N.
SparseMatrix jointProbabilities(const NeighbourLists &neighbours, int n, double perplexity, ThreadPool &pool);

}  // namespace gs::detail
