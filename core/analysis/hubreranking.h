#pragma once
// Hub-reducing re-ranking of a joint space's scores, reported beside the plain ranking (never in
// its place), so a view can show how much of a run's retrieval error hubs account for:
// - CSLS, cross-domain similarity local scaling (Conneau, Lample et al. 2018, "Word translation
//   without parallel data", §2.3): CSLS(x, y) = 2 s(x, y) − r_T(x) − r_S(y), r_T(x) the mean
//   score of x's K nearest items of the other side, r_S(y) likewise for y. Symmetric, so one
//   matrix serves both directions.
// - The inverted softmax (Smith et al. 2017, "Offline bilingual word vectors, orthogonal
//   transformations and the inverted softmax", with α = 1): P(y|x) = exp(β s(x, y)) /
//   Σ_x' exp(β s(x', y)), normalised over the queries x', so a hub target spreads its probability
//   over all queries. It depends on which side asks, so each direction has its own matrix.
// Torch-free.

#include "evaluation/retrieval.h"
#include "evaluation/scorekind.h"

#include <vector>

namespace gs {

// CSLS of an images × captions similarity matrix (row-major), same layout. k is clamped to each
// side's size. Cost O(I·C·log k). Throws std::invalid_argument on bad sizes or k < 1.
std::vector<float> cslsScores(const std::vector<float> &similarity, int images, int captions, int k = 10);

// Which side asks: Images (image annotation, targets are captions) or Captions (image search).
enum class QuerySide { Images, Captions };

// The inverted softmax as log P(target | query) / β, images × captions row-major: divided by β it
// keeps the scale of s, so float keeps the scores' precision; the ranking of each query's targets
// is that of P. Computed with a log-sum-exp over queries (no overflow for any β·s). β > 0; 30 suits
// cosine scores in [−1, 1], unnormalised scores want a β near 30 / their spread. Cost O(I·C).
std::vector<float> invertedSoftmaxScores(const std::vector<float> &similarity, int images, int captions, double beta,
                                         QuerySide queries);

struct HubReductionOptions {
  int cslsK = 10;     // Conneau et al.'s K
  double beta = 30;   // Smith et al.'s inverse temperature
};

struct HubReducedRetrieval {
  RetrievalMetrics plain;           // the run's own scores
  RetrievalMetrics csls;            // both directions ranked by CSLS
  RetrievalMetrics invertedSoftmax; // image → text normalised over images, text → image over captions
  HubReductionOptions options;
};

// The three rankings of one similarity matrix (evaluateRetrieval's layout and checks).
HubReducedRetrieval hubReducedRetrieval(const std::vector<float> &similarity, int images, int captions,
                                        const std::vector<int> &captionImage, const HubReductionOptions &options = {});
// The same from the vectors (images × dim, captions × dim, row-major) scored by `score`.
HubReducedRetrieval hubReducedRetrieval(const std::vector<float> &imageVectors, const std::vector<float> &captionVectors,
                                        int dim, const std::vector<int> &captionImage, ScoreKind score,
                                        const HubReductionOptions &options = {});

}  // namespace gs
