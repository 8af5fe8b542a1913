#include "models/detail/treeencoders.h"

#include "models/detail/treeplan.h"

#include <algorithm>
#include <cmath>

namespace gs::detail {

namespace nn = torch::nn;

namespace {

constexpr double kInitNoise = 0.01; // σ of the Gaussian added to Socher's block-identity initialisation

}  // namespace

torch::Tensor applyActivation(ActivationKind f, const torch::Tensor &x) {
  switch (f) {
  case ActivationKind::Tanh: return torch::tanh(x);
  case ActivationKind::Sigmoid: return torch::sigmoid(x);
  case ActivationKind::Relu: return torch::relu(x);
  case ActivationKind::Identity: break;
  }
  return x;
}

torch::Tensor TreeEncoderImpl::forward(const TextBatch &batch) { return encode(batch.trees, /*batched=*/true).roots(); }

// ---------------------------------------------------------------------------------------------
// TreeRnn: DT-RNN, SDT-RNN, CT-RNN

TreeRnnImpl::TreeRnnImpl(TreeRnnKind kind_, const TreeVocabulary &trees, std::int64_t vocabulary,
                         std::int64_t wordDim, std::int64_t hiddenDim, ActivationKind activation_)
    : kind(kind_), activation(activation_), maxLeft(trees.maxLeft), maxRight(trees.maxRight), m_hidden(hiddenDim) {
  if (kind == TreeRnnKind::Positions) m_slots = maxLeft + maxRight;
  else if (kind == TreeRnnKind::Relations) m_slots = std::max<std::int64_t>(1, trees.relations.size());
  else m_slots = 2;
  // CT-RNN composes word vectors directly (§3.4: parents have the words' dimension).
  const bool ct = kind == TreeRnnKind::Constituency;
  const std::int64_t d = ct ? hiddenDim : wordDim;
  embedding = register_module("embedding", nn::Embedding(nn::EmbeddingOptions(vocabulary, d).padding_idx(Vocabulary::kPad)));
  torch::NoGradGuard noGrad;
  // Socher §6: "initialized to block identity matrices plus Gaussian noise". CT-RNN's W = [I I]/2
  // so that an untrained parent is the mean of its children.
  const double childScale = ct ? 0.5 : 1.0;
  auto child = childScale * torch::eye(hiddenDim).unsqueeze(0).repeat({m_slots, 1, 1});
  wchild = register_parameter("wchild", child + kInitNoise * torch::randn({m_slots, hiddenDim, hiddenDim}));
  if (!ct) wv = register_parameter("wv", torch::eye(hiddenDim, d) + kInitNoise * torch::randn({hiddenDim, d}));
}

int TreeRnnImpl::slotOf(const EncodedTree &tree, int node) const {
  const int side = tree.side[std::size_t(node)], rank = tree.rank[std::size_t(node)];
  if (kind == TreeRnnKind::Constituency) return side; // W_l1 for the first child, W_r1 for the second
  if (kind == TreeRnnKind::Relations) return std::clamp(tree.relation[std::size_t(node)], 0, int(m_slots) - 1);
  // Socher §3.2: a child further out than any seen in training is composed with the identity.
  if (side == 0) return rank <= maxLeft ? rank - 1 : int(m_slots);
  return rank <= maxRight ? maxLeft + rank - 1 : int(m_slots);
}

TreeStates TreeRnnImpl::encode(const std::vector<const EncodedTree *> &trees, bool batched) {
  const LevelPlan plan = makePlan(trees, *this);
  const bool ct = kind == TreeRnnKind::Constituency;
  TreeStates out;
  out.rowOf = plan.rowOf;
  out.rootRows = plan.rootRows;
  if (batched) {
    // Cost per level: one [n, d]×[d, H] product for the words, one [k_s, H]×[H, H] per child slot.
    std::vector<torch::Tensor> levels;
    torch::Tensor states;
    for (std::size_t h = 0; h < plan.levels.size(); ++h) {
      const Level &level = plan.levels[h];
      torch::Tensor hl;
      if (ct && h == 0) {
        hl = embedding(level.words); // CT-RNN leaves are the word vectors
      } else {
        // Socher Eq. 4: W_v x_i + Σ_j ℓ(j) W_pos(i,j) h_j, divided by ℓ(i); CT-RNN: W_l1 c1 + W_r1 c2.
        torch::Tensor pre = ct ? torch::zeros({level.count, m_hidden}) : torch::mm(embedding(level.words), wv.t());
        for (const SlotGroup &g : level.groups) {
          torch::Tensor ch = states.index_select(0, g.childRows);
          if (!ct) ch = ch * g.childSize.unsqueeze(1);
          if (g.slot < m_slots) ch = torch::mm(ch, wchild[g.slot].t());
          pre = pre.index_add(0, g.parentLocal, ch);
        }
        if (!ct) pre = pre / level.size.unsqueeze(1);
        hl = applyActivation(activation, pre);
      }
      levels.push_back(hl);
      states = levels.size() == 1 ? hl : torch::cat(levels, 0);
    }
    out.h = states;
    return out;
  }
  // Node by node: the reference. Cost O(nodes) small products.
  std::int64_t total = 0;
  for (const auto &r : plan.rowOf) total += std::int64_t(r.size());
  std::vector<torch::Tensor> rows(static_cast<std::size_t>(total));
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const EncodedTree &tree = *trees[t];
    const std::vector<std::vector<int>> children = childLists(tree);
    for (int n : bottomUp(tree)) {
      const auto word = torch::tensor({std::max<std::int64_t>(tree.word[std::size_t(n)], 0)}, torch::kInt64);
      torch::Tensor hn;
      if (ct && tree.height[std::size_t(n)] == 0) {
        hn = embedding(word); // Eq. (§3.4) leaves: the word vector
      } else {
        torch::Tensor pre = ct ? torch::zeros({1, m_hidden}) : torch::mm(embedding(word), wv.t()); // Eq. 1
        for (int c : children[std::size_t(n)]) {
          torch::Tensor ch = rows[std::size_t(plan.rowOf[t][std::size_t(c)])];
          if (!ct) ch = ch * double(tree.size[std::size_t(c)]); // Eq. 4: ℓ(j) h_j
          const int slot = slotOf(tree, c);
          if (slot < m_slots) ch = torch::mm(ch, wchild[slot].t()); // Eqs. 2–3: W_pos(i,j) h_j
          pre = pre + ch;
        }
        if (!ct) pre = pre / double(std::max(tree.size[std::size_t(n)], 1)); // Eq. 4: 1/ℓ(i)
        hn = applyActivation(activation, pre);
      }
      rows[std::size_t(plan.rowOf[t][std::size_t(n)])] = hn;
    }
  }
  out.h = stackRows(std::move(rows));
  return out;
}

// ---------------------------------------------------------------------------------------------
// TreeLstm: DT-LSTM appendix A

TreeLstmImpl::TreeLstmImpl(int p, std::int64_t vocabulary, std::int64_t wordDim, std::int64_t hiddenDim)
    : m_p(p), m_hidden(hiddenDim) {
  if (p < 1) throw std::invalid_argument("TreeLstm: p must be at least 1");
  embedding = register_module("embedding", nn::Embedding(nn::EmbeddingOptions(vocabulary, wordDim).padding_idx(Vocabulary::kPad)));
  wx = register_module("wx", nn::Linear(wordDim, 4 * hiddenDim));
  const std::int64_t slots = 2 * p;
  const double bound = 1.0 / std::sqrt(double(hiddenDim));
  u = register_parameter("u", torch::empty({slots, (3 + slots) * hiddenDim, hiddenDim}).uniform_(-bound, bound));
}

int TreeLstmImpl::slotOf(const EncodedTree &tree, int node) const {
  // Eq. 2: children p, p+1, … on one side share slot p (their c and h are summed).
  const int k = std::min(tree.rank[std::size_t(node)], m_p) - 1;
  return tree.side[std::size_t(node)] == 0 ? k : m_p + k;
}

TreeStates TreeLstmImpl::encode(const std::vector<const EncodedTree *> &trees, bool batched) {
  const LevelPlan plan = makePlan(trees, *this);
  const std::int64_t H = m_hidden, S = 2 * m_p;
  TreeStates out;
  out.rowOf = plan.rowOf;
  out.rootRows = plan.rootRows;
  // The pre-activations of one node: W x + b for i, o, u and (shared by every forget gate) f.
  const auto inputTerm = [&](const torch::Tensor &words) {
    const auto base = wx(embedding(words)); // [n, 4H]
    return torch::cat({base.narrow(1, 0, 3 * H), base.narrow(1, 3 * H, H).repeat({1, S})}, 1); // [n, (3+S)H]
  };
  struct Gates {
    torch::Tensor i, o, u, f;
  };
  const auto gatesOf = [&](const torch::Tensor &pre) {
    // Eqs. 5–9 with a_i = a_o = a_l = a_r = σ and a_u = tanh (the paper leaves a_j open; these are the
    // usual LSTM choices).
    return Gates{torch::sigmoid(pre.narrow(1, 0, H)), torch::sigmoid(pre.narrow(1, H, H)), torch::tanh(pre.narrow(1, 2 * H, H)),
                 torch::sigmoid(pre.narrow(1, 3 * H, S * H))};
  };
  if (batched) {
    std::vector<torch::Tensor> hLevels, cLevels, gLevels;
    torch::Tensor hs, cs;
    for (const Level &level : plan.levels) {
      torch::Tensor pre = inputTerm(level.words);
      for (const SlotGroup &g : level.groups) // Σ_k U_k h_lk + Σ_k V_k h_rk (Eqs. 5–9), per slot
        pre = pre.index_add(0, g.parentLocal, torch::mm(hs.index_select(0, g.childRows), u[g.slot].t()));
      const Gates gate = gatesOf(pre);
      torch::Tensor c = gate.i * gate.u; // Eq. 4: c = i ⊙ u + Σ_k l_k ⊙ c_lk + Σ_k r_k ⊙ c_rk
      for (const SlotGroup &g : level.groups) {
        const auto forget = gate.f.narrow(1, g.slot * H, H).index_select(0, g.parentLocal);
        c = c.index_add(0, g.parentLocal, forget * cs.index_select(0, g.childRows));
      }
      const torch::Tensor h = gate.o * torch::tanh(c); // Eq. 3
      hLevels.push_back(h);
      cLevels.push_back(c);
      gLevels.push_back(torch::cat({gate.i, gate.o, gate.u, gate.f}, 1));
      hs = torch::cat(hLevels, 0);
      cs = torch::cat(cLevels, 0);
    }
    out.h = hs;
    out.gates = torch::cat(gLevels, 0);
    return out;
  }
  std::int64_t total = 0;
  for (const auto &r : plan.rowOf) total += std::int64_t(r.size());
  std::vector<torch::Tensor> hRows(static_cast<std::size_t>(total)), cRows(hRows.size()), gRows(hRows.size());
  for (std::size_t t = 0; t < trees.size(); ++t) {
    const EncodedTree &tree = *trees[t];
    const std::vector<std::vector<int>> children = childLists(tree);
    for (int n : bottomUp(tree)) {
      const std::vector<int> &kids = children[std::size_t(n)];
      torch::Tensor pre = inputTerm(torch::tensor({std::max<std::int64_t>(tree.word[std::size_t(n)], 0)}, torch::kInt64));
      for (int c : kids) pre = pre + torch::mm(hRows[std::size_t(plan.rowOf[t][std::size_t(c)])], u[slotOf(tree, c)].t());
      const Gates gate = gatesOf(pre);
      torch::Tensor cn = gate.i * gate.u;
      for (int c : kids)
        cn = cn + gate.f.narrow(1, slotOf(tree, c) * H, H) * cRows[std::size_t(plan.rowOf[t][std::size_t(c)])];
      const std::size_t row = std::size_t(plan.rowOf[t][std::size_t(n)]);
      hRows[row] = gate.o * torch::tanh(cn);
      cRows[row] = cn;
      gRows[row] = torch::cat({gate.i, gate.o, gate.u, gate.f}, 1);
    }
  }
  out.h = stackRows(std::move(hRows));
  out.gates = stackRows(std::move(gRows));
  return out;
}

}  // namespace gs::detail
