#pragma once
// The image branches of the papers, each from CNN features [B, D] to the joint space [B, d]:
//  - Linear: Socher et al. 2014 §5, v_i = W_I z_i;
//  - Merkx:  Merkx & Frank 2019 §3.1.1, emb_img = (img Aᵀ + b) / ‖img Aᵀ + b‖₂;
//  - HmLstm: the HM-LSTM image branch: fully connected, batch normalisation, L2 normalisation;
//  - Twin:   the DT-LSTM twin column (§3.2): a layer to the shared dimension, then an affine
//            layer with a leaky ReLU (leakiness 0.01, §4). The sentence side gets its own column.

#include "models/modeloptions.h"

#include <torch/torch.h>

namespace gs::detail {

struct ImageSideImpl : torch::nn::Module {
  ImageSideImpl(ImageSideKind kind, std::int64_t featureDim, std::int64_t embedDim);
  torch::Tensor forward(const torch::Tensor &features);

  ImageSideKind kind;
  torch::nn::Linear first{nullptr}, second{nullptr};
  torch::nn::BatchNorm1d norm{nullptr};
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
