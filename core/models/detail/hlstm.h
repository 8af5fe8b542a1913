#pragma once
// The H-LSTM of the HM-LSTM paper (§3.2.1, Eqs. 2–8): a Tree-LSTM over a caption's constituency
// tree (TreeShape::Phrases: n-ary, phrase labels kept) whose children are of two kinds, noun phrases
// (N(j)) and the others (N̄(j)), each kind with its own recurrent weights:
//   ĥ_j = Σ_{k∈N(j)} h_k,   h̄_j = Σ_{l∈N̄(j)} h_l                                    (2)
//   f̂_jk = σ(W^(f) x_j + Û^(f) h_k + b^(f)),  f̄_jl = σ(W^(f) x_j + Ū^(f) h_l + b^(f)) (3, 4)
//   i_j = σ(W^(i) x_j + Û^(i) ĥ_j + Ū^(i) h̄_j + b^(i))                               (5)
//   o_j = σ(W^(o) x_j + Û^(o) ĥ_j + Ū^(o) h̄_j + b^(o))                               (6)
//   u_j = tanh(W^(u) x_j + Û^(u) ĥ_j + Ū^(u) h̄_j + b^(u))
//   c_j = i_j ⊙ u_j + Σ_k f̂_jk ⊙ c_k + Σ_l f̄_jl ⊙ c_l                               (7)
//   h_j = o_j ⊙ tanh(c_j)                                                            (8)
// x_j is the word vector at a leaf (§3.2.1: "each H-LSTM leaf node takes an input vector x_j") and
// zero at a phrase node, whose gates then see only the bias and its children. Every node's h is the
// representation of its phrase; the root's is the sentence's.
//
// Two evaluation paths with the same parameters, as the other tree encoders: batched by level
// (makePlan) and node by node, the reference the batched path is tested against.

#include "models/detail/treeencoders.h"

#include <torch/torch.h>

namespace gs::detail {

struct HLstmImpl : TreeEncoderImpl {
  HLstmImpl(std::int64_t vocabulary, std::int64_t wordDim, std::int64_t hiddenDim);
  // TreeStates::gates: [nodes, 4H] as i, o, u and the node's own forget gate f̂ or f̄ (the gate
  // its parent applied to its c; 0 at the root).
  TreeStates encode(const std::vector<const EncodedTree *> &trees, bool batched) override;
  // kNounPhraseSlot for a noun-phrase child, kOtherSlot for any other child.
  int slotOf(const EncodedTree &tree, int node) const override;
  int numSlots() const override { return 2; }
  std::int64_t outputDim() const override { return m_hidden; }

  static constexpr int kNounPhraseSlot = 0, kOtherSlot = 1;
  torch::nn::Linear wx{nullptr}; // W^(i), W^(o), W^(u), W^(f) and b: [4H, d]
  torch::Tensor uiou;            // [2, 3H, H]: Û^(i,o,u) (slot 0), Ū^(i,o,u) (slot 1)
  torch::Tensor uf;              // [2, H, H]:  Û^(f), Ū^(f)
  std::int64_t m_hidden;
};
TORCH_MODULE(HLstm);

}  // namespace gs::detail
