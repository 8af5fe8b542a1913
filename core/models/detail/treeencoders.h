#pragma once
// The tree encoders, each a SentenceEncoderImpl whose sentence vector is the root's h:
//  - TreeRnn, Positions:    Socher et al. 2014 Eqs. 1–4, one matrix per child position (l1…lkl, r1…rkr),
//                      identity beyond the positions seen in training; ℓ-weighted (Eq. 4);
//  - TreeRnn, Relations:    the same with one matrix per dependency relation (§3.3), rare ones shared;
//  - TreeRnn, Constituency: h = f(W [c1; c2]) = f(W_l1 c1 + W_r1 c2) over binarised constituency trees
//                           (§3.4), leaves are the word vectors themselves;
//  - TreeLstm: the T-LSTM of the DT-LSTM paper, appendix A, Eqs. 2–9.
// Each has two evaluation paths with the same parameters: batched by level (every node of the
// same height across the minibatch in one set of tensor operations: gather the children's states
// by index, compose per child slot with index_add, append the level) and node by node (a
// post-order loop of per-node products), the reference the batched path is tested against.

#include "models/detail/encodedtree.h"
#include "models/detail/sentenceencoders.h"
#include "models/modeloptions.h"

#include <torch/torch.h>

namespace gs::detail {

// Every node's state of a minibatch of trees. Rows are in level order; rowOf[t][n] is the row
// of node n of tree t; roots[t] = rowOf[t][trees[t]->root].
struct TreeStates {
  torch::Tensor h;     // [nodes, H]
  torch::Tensor gates; // LSTM: [nodes, (3 + 2p) H] as i, o, u, forget slots l1…lp, r1…rp; else undefined
  std::vector<std::vector<std::int64_t>> rowOf;
  torch::Tensor rootRows; // [trees] int64
  torch::Tensor roots() const { return h.index_select(0, rootRows); }
};

struct TreeEncoderImpl : SentenceEncoderImpl {
  torch::Tensor forward(const TextBatch &batch) override;
  virtual TreeStates encode(const std::vector<const EncodedTree *> &trees, bool batched) = 0;
  // The child slot (matrix index) of a non-root node; numSlots() for "identity" (DT-RNN beyond kl/kr).
  virtual int slotOf(const EncodedTree &tree, int node) const = 0;
  virtual int numSlots() const = 0;
  torch::nn::Embedding wordEmbedding() override { return embedding; }
  torch::nn::Embedding embedding{nullptr};
};

// Applies Socher's f.
torch::Tensor applyActivation(ActivationKind f, const torch::Tensor &x);

// What the child matrices of a TreeRnn are indexed by: the child's position left/right of its head
// (DT-RNN, §3.2), its dependency relation (SDT-RNN, §3.3), or first/second child of a binary
// constituent (CT-RNN, §3.4).
enum class TreeRnnKind { Positions, Relations, Constituency };

struct TreeRnnImpl : TreeEncoderImpl {
  // Weights: block identity plus Gaussian noise (Socher §6).
  TreeRnnImpl(TreeRnnKind kind, const TreeVocabulary &trees, std::int64_t vocabulary, std::int64_t wordDim,
              std::int64_t hiddenDim, ActivationKind activation);
  TreeStates encode(const std::vector<const EncodedTree *> &trees, bool batched) override;
  int slotOf(const EncodedTree &tree, int node) const override;
  int numSlots() const override { return int(m_slots); }
  std::int64_t outputDim() const override { return m_hidden; }

  torch::Tensor wv;      // [H, d]: W_v of Eq. 1 (DT-RNN, SDT-RNN)
  torch::Tensor wchild;  // [slots, H, H]: W_l1…, W_r1… (DT-RNN), W_rel (SDT-RNN), W_l1/W_r1 (CT-RNN)
  TreeRnnKind kind;
  ActivationKind activation;
  int maxLeft = 0, maxRight = 0;
  std::int64_t m_slots = 0, m_hidden = 0;
};
TORCH_MODULE(TreeRnn);

struct TreeLstmImpl : TreeEncoderImpl {
  // p: the first p−1 left and right children get their own parameters, the rest share slot p (Eq. 2).
  TreeLstmImpl(int p, std::int64_t vocabulary, std::int64_t wordDim, std::int64_t hiddenDim);
  TreeStates encode(const std::vector<const EncodedTree *> &trees, bool batched) override;
  int slotOf(const EncodedTree &tree, int node) const override;
  int numSlots() const override { return 2 * m_p; }
  std::int64_t outputDim() const override { return m_hidden; }

  torch::nn::Linear wx{nullptr}; // W^(i), W^(o), W^(u), W^(f) and their biases: [4H, d]
  torch::Tensor u;               // [2p, (3 + 2p) H, H]: U_k / V_k of Eqs. 5–9 for each child slot
  int m_p;
  std::int64_t m_hidden;
};
TORCH_MODULE(TreeLstm);

}  // namespace gs::detail
