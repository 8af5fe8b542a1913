#pragma once
// The image branches of the papers, each from CNN features [B, D] to the joint space [B, d]:
//  - Linear: Socher et al. 2014 §5, v_i = W_I z_i;
//  - Merkx:  Merkx & Frank 2019 §3.1.1, emb_img = (img Aᵀ + b) / ‖img Aᵀ + b‖₂;
//  - HmLstm: the HM-LSTM image branch: fully connected, batch normalisation, L2 normalisation;
//  - Twin:   the DT-LSTM twin column (§3.2): a layer to the shared dimension, then an affine
//            layer with a leaky ReLU (leakiness 0.01, §4). The sentence side gets its own column.
//  - Concepts: Huang et al. 2018 §3.3.1: a feature row is [x | p], fused by Eq. 2 (conceptfusion.h).

#include "models/detail/conceptfusion.h"
#include "models/modeloptions.h"

#include <torch/torch.h>

namespace gs::detail {

struct ImageSideImpl : torch::nn::Module {
  explicit ImageSideImpl(const ImageSideOptions &options);
  torch::Tensor forward(const torch::Tensor &features);
  // Concepts: the fusion's gate t [B, H] for these features (undefined where no gate is used).
  torch::Tensor gateOf(const torch::Tensor &features);

  ImageSideKind kind;
  std::int64_t conceptDim = 0;
  // Concepts: the row [x | p] split at K from the end and fused (Eq. 2); `gate` as ConceptFusion's.
  torch::Tensor fuse(const torch::Tensor &features, torch::Tensor *gate);
  torch::nn::Linear first{nullptr}, second{nullptr};
  torch::nn::BatchNorm1d norm{nullptr};
  ConceptFusion fusion{nullptr};
};
TORCH_MODULE(ImageSide);

// The sentence column of the twin network (same two layers, its own weights).
struct TwinColumnImpl : torch::nn::Module {
  TwinColumnImpl(std::int64_t inputDim, std::int64_t embedDim);
  torch::Tensor forward(const torch::Tensor &x);
  torch::nn::Linear first{nullptr}, second{nullptr};
};
TORCH_MODULE(TwinColumn);

}  // namespace gs::detail
