#pragma once
// Multiple-instance pooling for the concept detectors (vision/conceptdetectors.h): a bag is one
// image's regions, and its regions' logits (R × K) pool into one logit per concept, differentiably.
// poolBags does a whole minibatch of bags in one pass (the bags padded to the largest, the padding
// at −∞, which adds nothing to any of the three pools), so training runs a handful of tensor
// operations a minibatch instead of a handful a bag.

#include "vision/conceptdetectors.h"
#include "vision/conceptscores.h"

#include <torch/torch.h>

#include <functional>
#include <vector>

namespace gs::vision {

// Consecutive bags of `sizes` regions each (every size ≥ 1): logits [Σ sizes, K] pooled into
// [bags, K], each bag's R × K logits into K: the max; noisy-or's p = 1 − Π_r (1 − σ(z_r)) as a
// logit, log p − log(1 − p) with log(1 − p) = −Σ_r softplus(z_r); or the log-mean-exp
// (1/T) log((1/R) Σ_r e^{T z_r}) (T > 0). Throws std::invalid_argument for an empty bag or sizes
// that do not add up to the logits' rows.
torch::Tensor poolBags(const torch::Tensor &logits, const std::vector<long> &sizes, ConceptPooling pooling, double temperature);

// The bags' features as a rows × dim tensor over their values, without copying them (a window onto
// a mapped file stays one).
torch::Tensor featureMatrix(const RegionBags &bags);

// Calls `visit` with every bag's regions (RegionBags::regionRows' order), at most `chunk` rows at a
// time, gathered from the features where they lie: a pass over all regions that holds one chunk.
void forEachRegionChunk(const RegionBags &bags, long chunk, const std::function<void(const torch::Tensor &)> &visit);

}  // namespace gs::vision
