#pragma once
// Huang et al. 2018 §3.3.1, Eq. 2: the gated fusion of the multi-regional concept scores p ∈ [0,1]^K
// and the normalised global context x ∈ R^I into the image representation v ∈ R^H:
//   p̂ = ‖W_l p‖₂,  x̂ = ‖W_g x‖₂,  t = σ(U_l p + U_g x),  v = t ⊙ p̂ + (1 − t) ⊙ x̂
// (‖·‖₂: L2 normalisation). The paper writes no biases, so there are none. The ablations of its
// Table 1: "cnp + ctx (C)" sums, v = p̂ + x̂; "cnp" is v = p̂; "ctx" is v = x̂.

#include "models/modeloptions.h"

#include <torch/torch.h>

namespace gs::detail {

struct ConceptFusionImpl : torch::nn::Module {
  ConceptFusionImpl(std::int64_t contextDim, std::int64_t conceptDim, std::int64_t embedDim, ImageInputKind input,
                    ConceptFusionKind fusion);
  // x [B, I], p [B, K] → v [B, H]. `gate` (optional) receives t [B, H] where the gate is used.
  torch::Tensor forward(const torch::Tensor &x, const torch::Tensor &p, torch::Tensor *gate = nullptr);

  ImageInputKind input;
  ConceptFusionKind fusion;
  torch::nn::Linear wl{nullptr}, wg{nullptr}, ul{nullptr}, ug{nullptr}; // W_l, W_g, U_l, U_g of Eq. 2
};
TORCH_MODULE(ConceptFusion);

}  // namespace gs::detail
