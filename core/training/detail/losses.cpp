#include "training/detail/losses.h"

namespace gs::detail {

torch::Tensor contrastiveHinge(const torch::Tensor &scores, const torch::Tensor &imageOfCaption, double margin,
                               HingeNegatives negatives, const torch::Tensor &pairWeights, std::int64_t anchors) {
  const auto images = scores.size(0);
  const auto pairs = anchors < 0 ? scores.size(1) : anchors;
  const auto positive = torch::arange(images, imageOfCaption.options()).unsqueeze(1) == imageOfCaption.unsqueeze(0); // [U, C]
  const auto anchorImage = imageOfCaption.narrow(0, 0, pairs);                                                       // [B]
  const auto anchorScores = scores.narrow(1, 0, pairs);                                                              // [U, B]
  const auto matched = anchorScores.gather(0, anchorImage.unsqueeze(0)).squeeze(0);                                  // s(i,j): [B]
  // Caption side: for pair (i(b), b), every caption c not of image i(b).
  const auto rowsOfPairs = scores.index_select(0, anchorImage);                           // [B, C]: s(i(b), c)
  const auto captionNegative = ~positive.index_select(0, anchorImage);                    // c ∉ S(i(b))
  auto costCaption = (margin - matched.unsqueeze(1) + rowsOfPairs).clamp_min(0) * captionNegative;
  // Image side: for pair (i(b), b), every image u ≠ i(b).
  auto costImage = (margin - matched.unsqueeze(0) + anchorScores).clamp_min(0) * (~positive.narrow(1, 0, pairs)); // [U, B]
  if (pairWeights.defined()) {
    costCaption = costCaption * pairWeights.unsqueeze(1);
    costImage = costImage * pairWeights.unsqueeze(0);
  }
  if (negatives == HingeNegatives::Hardest)
    return std::get<0>(costCaption.max(1)).sum() + std::get<0>(costImage.max(0)).sum();
  return costCaption.sum() + costImage.sum();
}

torch::Tensor squaredError(const torch::Tensor &images, const torch::Tensor &captions,
                           const torch::Tensor &imageOfCaption) {
  return (images.index_select(0, imageOfCaption) - captions).pow(2).sum();
}

torch::Tensor l2Penalty(const std::vector<torch::Tensor> &parameters, double lambda, double batchShare) {
  torch::Tensor total = torch::zeros({});
  if (lambda <= 0) return total;
  for (const auto &p : parameters) total = total + p.pow(2).sum();
  return lambda * batchShare * total;
}

}  // namespace gs::detail
