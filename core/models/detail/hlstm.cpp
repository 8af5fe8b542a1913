#include "models/detail/hlstm.h"

#include "models/detail/treeplan.h"

#include <cmath>

namespace gs::detail {

namespace nn = torch::nn;

HLstmImpl::HLstmImpl(std::int64_t vocabulary, std::int64_t wordDim, std::int64_t hiddenDim) : m_hidden(hiddenDim) {
  embedding = register_module("embedding", nn::Embedding(nn::EmbeddingOptions(vocabulary, wordDim).padding_idx(Vocabulary::kPad)));
  wx = register_module("wx", nn::Linear(wordDim, 4 * hiddenDim));
  // The paper does not say; the usual LSTM initialisation, as nn::Linear's (uniform ±1/√H).
  const double bound = 1.0 / std::sqrt(double(hiddenDim));
  uiou = register_parameter("uiou", torch::empty({2, 3 * hiddenDim, hiddenDim}).uniform_(-bound, bound));
  uf = register_parameter("uf", torch::empty({2, hiddenDim, hiddenDim}).uniform_(-bound, bound));
}

int HLstmImpl::slotOf(const EncodedTree &tree, int node) const {
  const bool np = std::size_t(node) < tree.nounPhrase.size() && tree.nounPhrase[std::size_t(node)];
  return np ? kNounPhraseSlot : kOtherSlot;
}

TreeStates HLstmImpl::encode(const std::vector<const EncodedTree *> &trees, bool batched) {
  const LevelPlan plan = makePlan(trees, *this);
  const std::int64_t H = m_hidden;
  TreeStates out;
  out.rowOf = plan.rowOf;
  out.rootRows = plan.rootRows;
  std::int64_t total = 0;
  for (const auto &r : plan.rowOf) total += std::int64_t(r.size());

  if (batched) {
    std::vector<torch::Tensor> hLevels, cLevels, iouLevels, forgetRows, forgetValues;
    torch::Tensor hs, cs;
    for (const Level &level : plan.levels) {
      const torch::Tensor base = wx(embedding(level.words)); // W x_j + b for i, o, u, f: [n, 4H]
      torch::Tensor iou = base.narrow(1, 0, 3 * H);
      const torch::Tensor wf = base.narrow(1, 3 * H, H);
      // Eqs. 2, 5–7: Û ĥ_j + Ū h̄_j = Σ_k Û h_k + Σ_l Ū h_l, summed per parent with index_add.
      for (const SlotGroup &g : level.groups)
        iou = iou.index_add(0, g.parentLocal, torch::mm(hs.index_select(0, g.childRows), uiou[g.slot].t()));
      const torch::Tensor i = torch::sigmoid(iou.narrow(1, 0, H)), o = torch::sigmoid(iou.narrow(1, H, H)),
                          u = torch::tanh(iou.narrow(1, 2 * H, H));
      torch::Tensor c = i * u; // Eq. 7
      for (const SlotGroup &g : level.groups) {
        // Eqs. 3–4: one forget gate per child, Û^(f) or Ū^(f) by the child's kind.
        const torch::Tensor childH = hs.index_select(0, g.childRows);
        const torch::Tensor f = torch::sigmoid(wf.index_select(0, g.parentLocal) + torch::mm(childH, uf[g.slot].t()));
        c = c.index_add(0, g.parentLocal, f * cs.index_select(0, g.childRows));
        forgetRows.push_back(g.childRows);
        forgetValues.push_back(f);
      }
      const torch::Tensor h = o * torch::tanh(c); // Eq. 8
      hLevels.push_back(h);
      cLevels.push_back(c);
      iouLevels.push_back(torch::cat({i, o, u}, 1));
      hs = torch::cat(hLevels, 0);
      cs = torch::cat(cLevels, 0);
    }
    torch::Tensor forget = torch::zeros({total, H});
    if (!forgetRows.empty()) forget = forget.index_copy(0, torch::cat(forgetRows), torch::cat(forgetValues));
    out.h = hs;
    out.gates = torch::cat({torch::cat(iouLevels, 0), forget}, 1);
    return out;
  }

  // Node by node: the reference. Cost O(nodes) small products.
  std::vector<torch::Tensor> hRows(static_cast<std::size_t>(total)), cRows(hRows.size()), iouRows(hRows.size()),
      forgetRows(hRows.size());
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const EncodedTree &tree = *trees[t];
    const auto rowOf = [&](int n) { return std::size_t(plan.rowOf[t][std::size_t(n)]); };
    const std::vector<std::vector<int>> children = childLists(tree);
    for (int n : bottomUp(tree)) {
      const std::vector<int> &kids = children[std::size_t(n)];
      const torch::Tensor base = wx(embedding(torch::tensor({std::max<std::int64_t>(tree.word[std::size_t(n)], 0)}, torch::kInt64)));
      const torch::Tensor wf = base.narrow(1, 3 * H, H);
      torch::Tensor hHat = torch::zeros({1, H}), hBar = torch::zeros({1, H}); // Eq. 2
      for (int k : kids) {
        torch::Tensor &sum = slotOf(tree, k) == kNounPhraseSlot ? hHat : hBar;
        sum = sum + hRows[rowOf(k)];
      }
      const torch::Tensor iou = base.narrow(1, 0, 3 * H) + torch::mm(hHat, uiou[kNounPhraseSlot].t()) +
                                torch::mm(hBar, uiou[kOtherSlot].t()); // Eqs. 5–7
      const torch::Tensor i = torch::sigmoid(iou.narrow(1, 0, H)), o = torch::sigmoid(iou.narrow(1, H, H)),
                          u = torch::tanh(iou.narrow(1, 2 * H, H));
      torch::Tensor c = i * u;
      for (int k : kids) {
        const torch::Tensor f = torch::sigmoid(wf + torch::mm(hRows[rowOf(k)], uf[slotOf(tree, k)].t())); // Eqs. 3–4
        c = c + f * cRows[rowOf(k)];                                                                      // Eq. 7
        forgetRows[rowOf(k)] = f;
      }
      hRows[rowOf(n)] = o * torch::tanh(c); // Eq. 8
      cRows[rowOf(n)] = c;
      iouRows[rowOf(n)] = torch::cat({i, o, u}, 1);
    }
    forgetRows[rowOf(tree.root)] = torch::zeros({1, H});
  }
  out.h = stackRows(std::move(hRows));
  out.gates = torch::cat({stackRows(std::move(iouRows)), stackRows(std::move(forgetRows))}, 1);
  return out;
}

}  // namespace gs::detail
