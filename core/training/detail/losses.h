#pragma once
// The joint-space losses, over a minibatch. `scores` is [U, B]: U distinct images × B captions;
// `imageOfCaption[b]` is the row of caption b's image. A pair is positive when the caption
// describes the image; several captions of one image in a batch are all positives, never
// negatives of each other (Socher's S \ S(i) and I \ I(j)).

#include <torch/torch.h>

namespace gs::detail {

enum class HingeNegatives {
  Sum,     // every negative counts (Socher Eq. 5; Merkx & Frank §3.1; Huang et al. L_mat)
  Hardest, // only the hardest negative of each positive pair counts (VSE++, Faghri et al.)
};

// Σ_(i,j)∈P [ Σ_c∉S(i) max(0, Δ − s(i,j) + s(i,c)) + Σ_c∉I(j) max(0, Δ − s(i,j) + s(c,j)) ]
// — Socher et al. 2014 Eq. 5 with s = inner product, Merkx & Frank's L(θ) with s = cosine.
// pairWeights [B] (optional): pair b's terms are multiplied by pairWeights[b] (HM-LSTM Eq. 10's
// w_{d,k}, with regions in place of images and phrases in place of captions).
// anchors ≥ 0: only the first `anchors` captions form pairs; the captions after them (and images
// no anchor describes) only ever serve as negatives (Huang et al.'s mismatched pairs drawn from the
// training set beyond the minibatch).
torch::Tensor contrastiveHinge(const torch::Tensor &scores, const torch::Tensor &imageOfCaption, double margin,
                               HingeNegatives negatives, const torch::Tensor &pairWeights = {}, std::int64_t anchors = -1);

// Socher §5's alternative: Σ_(i,j)∈P ‖v_i − y_j‖².
torch::Tensor squaredError(const torch::Tensor &images, const torch::Tensor &captions,
                           const torch::Tensor &imageOfCaption);

// λ Σ‖θ‖² over the parameters, scaled by the batch's share of the epoch so that one epoch adds
// the full λ‖θ‖² of Socher's objective once.
torch::Tensor l2Penalty(const std::vector<torch::Tensor> &parameters, double lambda, double batchShare);

}  // namespace gs::detail
