#pragma once
// Gradient × input and integrated gradients of s(image, sentence) with respect to the input
// vector at each position of a sentence (each word token, or each UTF-8 byte of a character
// model), for a joint model or a snapshot ensemble of them.
//
// How a position gets its own input vector: each member's embedding table is extended, for the
// duration of one call, by one row per position (and per integration step), and the sentence's ids
// point at those rows. The rows are leaves that require gradients, so ∂s/∂x is read per position
// even where a word occurs twice, and integrated gradients run all their steps in one batch.

#include "models/detail/jointmodel.h"
#include "models/detail/textbatch.h"

#include <vector>

namespace gs::detail {

struct InputGradients {
  std::vector<double> perPosition; // contribution of each position
  double score = 0;                // s(x)
  double baselineScore = 0;        // s(x₀), x₀ = 0 at every position
  int steps = 1;
  double completenessGap = 0;      // |Σ perPosition − (s − s(x₀))| / |s − s(x₀)|
};

// What the positions are.
enum class InputKind { WordTokens, Characters };

// `positionOfNode`: tree models, each node's word token (-1 for phrase nodes); empty otherwise.
// Gradient × input with steps = 1; integrated gradients from `steps` midpoints (Riemann sum),
// doubled until the completeness gap is within `tolerance` or `maxSteps` is reached.
InputGradients inputGradients(std::vector<JointModel> &members, const torch::Tensor &imageFeatures,
                              const EncodedCaption &caption, const std::vector<int> &positionOfNode, InputKind kind,
                              bool integrated, int steps = 32, int maxSteps = 1024, double tolerance = 0.01);

}  // namespace gs::detail
