#include "inference/export/detail/scriptmodules.h"

#include "models/detail/hlstm.h"
#include "models/detail/treeencoders.h"

#include <cmath>
#include <optional>

namespace gs::detail {

using torch::jit::Module;

namespace {

// ---------------------------------------------------------------------------------------------
// Parameters and the TorchScript text around them

const std::string kClassPrefix = "__torch__.groundscope.";

// F::normalize(x, dim 1) as TorchScript: x / max(‖x‖₂, 1e-12) row by row.
const std::string kL2 = R"(
def _l2(self, x: Tensor) -> Tensor:
    return x / torch.norm(x, 2, [1], True).clamp_min(1e-12)
)";

// A trainable copy (Python users may fine-tune it); running statistics are buffers.
void addParameter(Module &m, const std::string &name, const torch::Tensor &t) {
  m.register_parameter(name, t.detach().clone().contiguous().set_requires_grad(true), /*is_buffer=*/false);
}
void addBuffer(Module &m, const std::string &name, const torch::Tensor &t) {
  m.register_buffer(name, t.detach().clone().contiguous());
}

// Registers a Linear's weight and bias as name_weight / name_bias and returns its TorchScript
// expression on `x` (addmm, as nn::Linear computes a 2-D input).
std::string addLinear(Module &m, const std::string &name, const torch::nn::Linear &linear, const std::string &x) {
  addParameter(m, name + "_weight", linear->weight);
  if (!linear->bias.defined()) return "torch.mm(" + x + ", self." + name + "_weight.t())";
  addParameter(m, name + "_bias", linear->bias);
  return "torch.addmm(self." + name + "_bias, " + x + ", self." + name + "_weight.t())";
}

// The recurrent cells TorchScript has an op for; the LSTM's alone carries a cell state beside h.
enum class RecurrentOp { RnnTanh, Gru, Lstm };

const char *opName(RecurrentOp op) {
  switch (op) {
  case RecurrentOp::RnnTanh: return "rnn_tanh";
  case RecurrentOp::Gru: return "gru";
  case RecurrentOp::Lstm: break;
  }
  return "lstm";
}

// Registers a one-layer recurrent net's weights and hidden size, and returns the TorchScript call of
// torch.rnn_tanh / torch.gru / torch.lstm on `x` [1, T, d] from zero states: (output, h_n[, c_n]).
// The weights are one list attribute, `rnn_params` (per direction w_ih, w_hh, b_ih, b_hh), not
// parameters: TorchScript passes them to those ops only as a list.
std::string addRecurrentLayer(Module &m, const torch::nn::Module &layer, RecurrentOp op, std::int64_t hidden, bool bidirectional) {
  const auto named = layer.named_parameters(/*recurse=*/false);
  c10::List<torch::Tensor> flat;
  for (const std::string &suffix : bidirectional ? std::vector<std::string>{"", "_reverse"} : std::vector<std::string>{""})
    for (const char *kind : {"weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0"}) {
      const torch::Tensor *t = named.find(kind + suffix);
      if (!t) throw std::invalid_argument("TorchScript export: recurrent layer without " + std::string(kind) + suffix);
      flat.push_back(t->detach().clone().contiguous());
    }
  m.register_attribute("rnn_params", c10::ListType::ofTensors(), flat);
  m.register_attribute("hidden", c10::IntType::get(), hidden);
  const std::string directions = bidirectional ? "2" : "1", flag = bidirectional ? "True" : "False";
  const std::string h0 = "torch.zeros(" + directions + ", 1, self.hidden)";
  const std::string states = op == RecurrentOp::Lstm ? "[" + h0 + ", " + h0 + "]" : h0;
  return "torch." + std::string(opName(op)) + "(x, " + states + ", self.rnn_params, True, 1, 0.0, False, " + flag + ", True)";
}

std::string activation(ActivationKind f, const std::string &x) {
  switch (f) {
  case ActivationKind::Tanh: return "torch.tanh(" + x + ")";
  case ActivationKind::Sigmoid: return "torch.sigmoid(" + x + ")";
  case ActivationKind::Relu: return "torch.relu(" + x + ")";
  case ActivationKind::Identity: break;
  }
  return x;
}

// Ids must index the embedding table: a clear error rather than index_select's.
const std::string kCheckIds = R"(
def _check_ids(self, ids: Tensor, rows: int):
    if ids.dim() != 1 or ids.size(0) == 0:
        raise AssertionError('groundscope: each sentence is a non-empty 1-D tensor of ids')
    if int(ids.min()) < 0 or int(ids.max()) >= rows:
        raise AssertionError('groundscope: an id is outside 0..' + str(rows - 1))
)";

// ---------------------------------------------------------------------------------------------
// Sequence encoders: each module's encode(ids) → [1, H] for one sentence

Module scriptBagOfWords(BagOfWordsImpl &bow, const std::string &name) {
  Module m(kClassPrefix + name);
  addParameter(m, "embedding", bow.embedding->weight);
  // Socher §6's BoW baseline: the mean of the caption's word vectors (then a projection when the
  // word vectors are not the joint space's size).
  std::string mean = "self.embedding.index_select(0, ids).sum(0, True) / float(ids.size(0))";
  if (bow.projection) mean = addLinear(m, "projection", bow.projection, mean);
  m.define(kCheckIds + R"(
def encode(self, ids: Tensor) -> Tensor:
    self._check_ids(ids, self.embedding.size(0))
    return )" + mean + "\n");
  return m;
}

Module scriptWordRnn(WordRnnImpl &rnn, const std::string &name) {
  Module m(kClassPrefix + name);
  addParameter(m, "embedding", rnn.embedding->weight);
  // The state after the caption's last word: Elman's h_t = tanh(W_x x_t + W_h h_{t−1} + b) (Socher
  // §6), or the LSTM's hidden state at the last time step (Huang et al. §3.1).
  const std::string run = rnn.lstm ? addRecurrentLayer(m, *rnn.lstm, RecurrentOp::Lstm, rnn.outputDim(), false)
                                   : addRecurrentLayer(m, *rnn.rnn, RecurrentOp::RnnTanh, rnn.outputDim(), false);
  m.define(kCheckIds + R"(
def encode(self, ids: Tensor) -> Tensor:
    self._check_ids(ids, self.embedding.size(0))
    x = self.embedding.index_select(0, ids).unsqueeze(0)
    return )" + run + "[1][0]\n");
  return m;
}

Module scriptCharRnn(CharRnnImpl &rnn, const std::string &name) {
  Module m(kClassPrefix + name);
  addParameter(m, "embedding", rnn.embedding->weight);
  const std::string run = rnn.lstm ? addRecurrentLayer(m, *rnn.lstm, RecurrentOp::Lstm, rnn.outputDim() / 2, true)
                                   : addRecurrentLayer(m, *rnn.gru, RecurrentOp::Gru, rnn.outputDim() / 2, true);
  // Merkx & Frank §3.1.2: a_t = softmax_t(V tanh(W h_t + b_w) + b_v) per feature, Att = Σ_t a_t ∘ h_t;
  // or max pooling over time. Then emb_cap = Att / ‖Att‖₂.
  std::string pooled = "torch.max(states, 0, True)[0]";
  if (rnn.attentionW) {
    const std::string hidden = "torch.tanh(" + addLinear(m, "attention_w", rnn.attentionW, "states") + ")";
    pooled = "(torch.softmax(" + addLinear(m, "attention_v", rnn.attentionV, hidden) + ", 0) * states).sum(0, True)";
  }
  m.define(kCheckIds + kL2 + R"(
def encode(self, ids: Tensor) -> Tensor:
    self._check_ids(ids, self.embedding.size(0))
    x = self.embedding.index_select(0, ids).unsqueeze(0)
    states = )" + run + R"([0][0]
    return self._l2()" + pooled + ")\n");
  return m;
}

// ---------------------------------------------------------------------------------------------
// Tree encoders: encode(words, parents, positions, labels) → [1, H], the root's h

// The tree's child lists and a post-order (children before parents, the root last), checked.
const std::string kTreeWalk = R"(
def _walk(self, parents: List[int]) -> Tuple[List[List[int]], List[int]]:
    n = len(parents)
    children: List[List[int]] = []
    for i in range(n):
        none: List[int] = []
        children.append(none)
    root = -1
    for i in range(n):
        p = parents[i]
        if p < 0:
            if root >= 0:
                raise AssertionError('groundscope: a tree has more than one root (parent -1)')
            root = i
        elif p >= n:
            raise AssertionError('groundscope: a parent index is beyond the nodes of the tree')
        else:
            children[p].append(i)
    if root < 0:
        raise AssertionError('groundscope: a tree has no root (parent -1)')
    preorder: List[int] = []
    stack: List[int] = [root]
    while len(stack) > 0:
        v = stack.pop()
        preorder.append(v)
        for c in children[v]:
            stack.append(c)
    if len(preorder) != n:
        raise AssertionError('groundscope: a node is not under the root')
    order: List[int] = []
    for k in range(n - 1, -1, -1):
        order.append(preorder[k])
    return children, order

def _lists(self, words: Tensor, parents: Tensor, positions: Tensor, labels: Tensor) -> Tuple[List[int], List[int], List[int], List[int]]:
    n = words.size(0)
    if words.dim() != 1 or n == 0 or parents.size(0) != n or positions.size(0) != n or labels.size(0) != n:
        raise AssertionError('groundscope: words, parents, positions and labels are 1-D with one entry per node')
    if int(words.max()) >= self.embedding.size(0):
        raise AssertionError('groundscope: a word id is beyond the vocabulary')
    w: List[int] = words.long().tolist()
    p: List[int] = parents.long().tolist()
    q: List[int] = positions.long().tolist()
    l: List[int] = labels.long().tolist()
    return w, p, q, l

def _side_rank(self, children: List[List[int]], positions: List[int]) -> Tuple[List[int], List[int]]:
    n = len(children)
    side: List[int] = []
    rank: List[int] = []
    for i in range(n):
        side.append(0)
        rank.append(0)
    for p in range(n):
        for c in children[p]:
            left = positions[c] < positions[p]
            r = 1
            for s in children[p]:
                if s != c and (positions[s] < positions[p]) == left:
                    if (left and positions[s] > positions[c]) or ((not left) and positions[s] < positions[c]):
                        r += 1
            side[c] = 0 if left else 1
            rank[c] = r
    return side, rank
)";

// Each encoder's child slot (which matrix composes a child), as its slotOf() in treeencoders.cpp.
std::string slotSource(const std::string &rule) {
  return R"(
def _slots(self, children: List[List[int]], positions: List[int], labels: List[int]) -> List[int]:
    side, rank = self._side_rank(children, positions)
    slots: List[int] = []
    for c in range(len(children)):
        slots.append()" + rule + R"()
    return slots
)";
}

// The start of every tree encoder's encode(): the checked lists, the walk, each child's slot, and
// each node's h (and c, for the LSTMs) to fill in post-order.
const std::string kEncodeTree = R"(
def encode(self, words: Tensor, parents: Tensor, positions: Tensor, labels: Tensor) -> Tensor:
    w, p, q, l = self._lists(words, parents, positions, labels)
    n = len(w)
    children, order = self._walk(p)
    slots = self._slots(children, q, l)
    h: List[Tensor] = []
    cell: List[Tensor] = []
    for i in range(n):
        h.append(torch.zeros(0))
        cell.append(torch.zeros(0))
)";

Module scriptTreeRnn(TreeRnnImpl &tree, const std::string &name) {
  Module m(kClassPrefix + name);
  addParameter(m, "embedding", tree.embedding->weight);
  addParameter(m, "wchild", tree.wchild);
  m.register_attribute("num_slots", c10::IntType::get(), std::int64_t(tree.numSlots()));
  m.register_attribute("max_left", c10::IntType::get(), std::int64_t(tree.maxLeft));
  m.register_attribute("max_right", c10::IntType::get(), std::int64_t(tree.maxRight));
  std::string slots;
  switch (tree.kind) {
  case TreeRnnKind::Positions: // §3.2: W_l1…W_lkl, W_r1…W_rkr; the identity (slot num_slots) beyond them
    slots = slotSource("(rank[c] - 1 if rank[c] <= self.max_left else self.num_slots) if side[c] == 0 else "
                       "(self.max_left + rank[c] - 1 if rank[c] <= self.max_right else self.num_slots)");
    break;
  case TreeRnnKind::Relations: slots = slotSource("min(max(labels[c], 0), self.num_slots - 1)"); break; // §3.3: W_rel
  case TreeRnnKind::Constituency:
    // §3.4: W_l1 c1 + W_r1 c2. A binarised phrase's first child starts where the phrase does (same
    // position), its second lies to the right; in a flat tree (no parse) every child is left of the head.
    slots = R"(
def _slots(self, children: List[List[int]], positions: List[int], labels: List[int]) -> List[int]:
    slots: List[int] = []
    for c in range(len(children)):
        slots.append(0)
    for p in range(len(children)):
        for c in children[p]:
            slots[c] = 0 if positions[c] <= positions[p] else 1
    return slots
)";
    break;
  }
  std::string compose;
  if (tree.kind == TreeRnnKind::Constituency) {
    // Socher §3.4: leaves are the word vectors, a parent is f(W_l1 c1 + W_r1 c2).
    compose = R"(
    emb = self.embedding.index_select(0, words.long().clamp(0))
    for v in order:
        if len(children[v]) == 0:
            h[v] = emb[v:v + 1]
        else:
            pre = torch.zeros(1, self.wchild.size(1))
            for c in children[v]:
                pre = pre + torch.mm(h[c], self.wchild[slots[c]].t())
            h[v] = )" + activation(tree.activation, "pre") + "\n";
  } else {
    addParameter(m, "wv", tree.wv);
    // Socher Eqs. 1–4: h_i = f((W_v x_i + Σ_j ℓ(j) W_pos(i,j) h_j) / ℓ(i)), ℓ counting the words below.
    compose = R"(
    x = torch.mm(self.embedding.index_select(0, words.long().clamp(0)), self.wv.t())
    size: List[int] = []
    for i in range(n):
        size.append(1 if w[i] >= 0 else 0)
    for v in order:
        for c in children[v]:
            size[v] += size[c]
    for v in order:
        pre = x[v:v + 1]
        for c in children[v]:
            child = h[c] * float(size[c])
            if slots[c] < self.num_slots:
                child = torch.mm(child, self.wchild[slots[c]].t())
            pre = pre + child
        h[v] = )" + activation(tree.activation, "pre / float(max(size[v], 1))") + "\n";
  }
  m.define(kTreeWalk + slots + kEncodeTree + compose + "    return h[order[n - 1]]\n");
  return m;
}

Module scriptTreeLstm(TreeLstmImpl &tree, const std::string &name) {
  Module m(kClassPrefix + name);
  addParameter(m, "embedding", tree.embedding->weight);
  const std::string base = addLinear(m, "wx", tree.wx, "self.embedding.index_select(0, words.long().clamp(0))");
  addParameter(m, "u", tree.u);
  m.register_attribute("p", c10::IntType::get(), std::int64_t(tree.numSlots() / 2));
  m.register_attribute("hidden", c10::IntType::get(), tree.outputDim());
  // DT-LSTM appendix A, Eqs. 2–9: children beyond the p-th on a side share slot p (Eq. 2); one
  // forget gate per slot; a_i = a_o = a_l = a_r = σ and a_u = tanh, as treeencoders.cpp chooses.
  m.define(kTreeWalk + slotSource("min(rank[c], self.p) - 1 if side[c] == 0 else self.p + min(rank[c], self.p) - 1") + kEncodeTree + R"(    H = self.hidden
    base = )" + base + R"(
    pre_all = torch.cat([base[:, 0:3 * H], base[:, 3 * H:4 * H].repeat(1, 2 * self.p)], 1)
    for v in order:
        pre = pre_all[v:v + 1]
        for c in children[v]:
            pre = pre + torch.mm(h[c], self.u[slots[c]].t())
        i = torch.sigmoid(pre[:, 0:H])
        o = torch.sigmoid(pre[:, H:2 * H])
        u = torch.tanh(pre[:, 2 * H:3 * H])
        f = torch.sigmoid(pre[:, 3 * H:])
        c_v = i * u
        for c in children[v]:
            c_v = c_v + f[:, slots[c] * H:(slots[c] + 1) * H] * cell[c]
        h[v] = o * torch.tanh(c_v)
        cell[v] = c_v
    return h[order[n - 1]]
)");
  return m;
}

Module scriptHLstm(HLstmImpl &tree, const std::string &name) {
  Module m(kClassPrefix + name);
  addParameter(m, "embedding", tree.embedding->weight);
  const std::string base = addLinear(m, "wx", tree.wx, "self.embedding.index_select(0, words.long().clamp(0))");
  addParameter(m, "uiou", tree.uiou);
  addParameter(m, "uf", tree.uf);
  m.register_attribute("hidden", c10::IntType::get(), tree.outputDim());
  // HM-LSTM §3.2.1, Eqs. 2–8: noun-phrase children (label 1) and the others sum separately (Eq. 2)
  // into the i, o, u gates (Eqs. 5–6) and get forget gates of their kind (Eqs. 3–4); a phrase node's
  // x is zero (row 0 of the table), so its gates see the bias and its children.
  m.define(kTreeWalk + slotSource("0 if labels[c] != 0 else 1") + kEncodeTree + R"(    H = self.hidden
    base = )" + base + R"(
    for v in order:
        h_hat = torch.zeros(1, H)
        h_bar = torch.zeros(1, H)
        for c in children[v]:
            if slots[c] == 0:
                h_hat = h_hat + h[c]
            else:
                h_bar = h_bar + h[c]
        iou = base[v:v + 1, 0:3 * H] + torch.mm(h_hat, self.uiou[0].t()) + torch.mm(h_bar, self.uiou[1].t())
        i = torch.sigmoid(iou[:, 0:H])
        o = torch.sigmoid(iou[:, H:2 * H])
        u = torch.tanh(iou[:, 2 * H:3 * H])
        c_v = i * u
        for c in children[v]:
            f = torch.sigmoid(base[v:v + 1, 3 * H:4 * H] + torch.mm(h[c], self.uf[slots[c]].t()))
            c_v = c_v + f * cell[c]
        h[v] = o * torch.tanh(c_v)
        cell[v] = c_v
    return h[order[n - 1]]
)");
  return m;
}

// ---------------------------------------------------------------------------------------------
// Image sides and the sentence heads that share their layers

Module scriptImageSide(ImageSideImpl &side, const std::string &name, std::int64_t inputDim) {
  Module m(kClassPrefix + name);
  m.register_attribute("input_dim", c10::IntType::get(), inputDim);
  std::string body;
  if (side.fusion) {
    // Huang et al. Eq. 2 on a feature row [x | p]: p̂ = ‖W_l p‖, x̂ = ‖W_g x‖, t = σ(U_l p + U_g x),
    // v = t ⊙ p̂ + (1 − t) ⊙ x̂; or the ablations p̂ + x̂, p̂, x̂ (Table 1).
    ConceptFusionImpl &fusion = *side.fusion;
    m.register_attribute("concept_dim", c10::IntType::get(), side.conceptDim);
    body = "    split = features.size(1) - self.concept_dim\n"
           "    x = features[:, 0:split]\n"
           "    p = features[:, split:]\n";
    if (fusion.input == ImageInputKind::Concepts) {
      body += "    return self._l2(" + addLinear(m, "w_l", fusion.wl, "p") + ")\n";
    } else if (fusion.input == ImageInputKind::Context) {
      body += "    return self._l2(" + addLinear(m, "w_g", fusion.wg, "x") + ")\n";
    } else {
      body += "    p_hat = self._l2(" + addLinear(m, "w_l", fusion.wl, "p") + ")\n";
      body += "    x_hat = self._l2(" + addLinear(m, "w_g", fusion.wg, "x") + ")\n";
      if (fusion.fusion == ConceptFusionKind::Sum) {
        body += "    return p_hat + x_hat\n";
      } else {
        body += "    t = torch.sigmoid(" + addLinear(m, "u_l", fusion.ul, "p") + " + " + addLinear(m, "u_g", fusion.ug, "x") + ")\n";
        body += "    return t * p_hat + (1 - t) * x_hat\n";
      }
    }
  } else {
    body = "    v = " + addLinear(m, "first", side.first, "features") + "\n";
    switch (side.kind) {
    case ImageSideKind::Linear: body += "    return v\n"; break; // Socher §5: v_i = W_I z_i
    case ImageSideKind::Twin:                                   // DT-LSTM §3.2, leakiness 0.01 (§4)
      body += "    return torch.leaky_relu(" + addLinear(m, "second", side.second, "v") + ", 0.01)\n";
      break;
    case ImageSideKind::HmLstm: { // fully connected, batch normalisation (running statistics), L2
      const auto &norm = side.norm;
      addParameter(m, "norm_weight", norm->weight);
      addParameter(m, "norm_bias", norm->bias);
      addBuffer(m, "norm_running_mean", norm->running_mean);
      addBuffer(m, "norm_running_var", norm->running_var);
      body += "    v = torch.batch_norm(v, self.norm_weight, self.norm_bias, self.norm_running_mean, self.norm_running_var, "
              "False, 0.0, " + std::to_string(norm->options.eps()) + ", False)\n";
      body += "    return self._l2(v)\n";
      break;
    }
    case ImageSideKind::Merkx: body += "    return self._l2(v)\n"; break; // Merkx & Frank §3.1.1
    case ImageSideKind::Concepts: break;                                  // fusion above
    }
  }
  m.define(kL2 + R"(
def forward(self, features: Tensor) -> Tensor:
    if features.dim() != 2 or features.size(1) != self.input_dim:
        raise AssertionError('groundscope: expected a [rows, ' + str(self.input_dim) + '] float tensor')
)" + body);
  return m;
}

Module scriptTwinColumn(TwinColumnImpl &column, const std::string &name) {
  Module m(kClassPrefix + name);
  const std::string first = addLinear(m, "first", column.first, "states");
  m.define("def forward(self, states: Tensor) -> Tensor:\n    return torch.leaky_relu(" +
           addLinear(m, "second", column.second, first) + ", 0.01)\n");
  return m;
}

// ---------------------------------------------------------------------------------------------
// One member's sentence encoder: its states encoder, then the head into the joint space

struct SentenceStates {
  Module module;
  ScriptInput input;
};

SentenceStates scriptStates(SentenceEncoderImpl &encoder, const std::string &prefix) {
  if (auto *bow = dynamic_cast<BagOfWordsImpl *>(&encoder)) return {scriptBagOfWords(*bow, prefix + "BagOfWords"), ScriptInput::Words};
  if (auto *rnn = dynamic_cast<WordRnnImpl *>(&encoder)) return {scriptWordRnn(*rnn, prefix + "WordRnn"), ScriptInput::Words};
  if (auto *chars = dynamic_cast<CharRnnImpl *>(&encoder)) return {scriptCharRnn(*chars, prefix + "CharRnn"), ScriptInput::Characters};
  if (auto *tree = dynamic_cast<TreeRnnImpl *>(&encoder)) return {scriptTreeRnn(*tree, prefix + "TreeRnn"), ScriptInput::Tree};
  if (auto *tree = dynamic_cast<TreeLstmImpl *>(&encoder)) return {scriptTreeLstm(*tree, prefix + "TreeLstm"), ScriptInput::Tree};
  if (auto *tree = dynamic_cast<HLstmImpl *>(&encoder)) return {scriptHLstm(*tree, prefix + "HLstm"), ScriptInput::Tree};
  throw std::invalid_argument("TorchScript export: this sentence encoder has no TorchScript form");
}

// forward()'s parameters and the call that passes them on, per input kind.
std::string parametersOf(ScriptInput input) {
  return input == ScriptInput::Tree ? "words: List[Tensor], parents: List[Tensor], positions: List[Tensor], labels: List[Tensor]"
                                    : "tokens: List[Tensor]";
}
std::string argumentsOf(ScriptInput input) {
  return input == ScriptInput::Tree ? "words, parents, positions, labels" : "tokens";
}

// A sentence module: forward() runs `states`' encode() on each sentence of the batch, then `head`
// (the joint-space layers after the encoder) where there is one.
Module sentenceModule(const Module &states, ScriptInput input, const std::string &name, const std::optional<Module> &head) {
  Module m(kClassPrefix + name);
  m.register_module("states", states);
  std::string result = "torch.cat(rows, 0)";
  if (head) {
    m.register_module("head", *head);
    result = "self.head.forward(" + result + ")";
  }
  const std::string loop = input == ScriptInput::Tree ? R"(
    count = len(words)
    if count == 0 or len(parents) != count or len(positions) != count or len(labels) != count:
        raise AssertionError('groundscope: words, parents, positions and labels need one tensor per sentence')
    rows: List[Tensor] = []
    for k in range(count):
        rows.append(self.states.encode(words[k], parents[k], positions[k], labels[k]))
)"
                                                      : R"(
    if len(tokens) == 0:
        raise AssertionError('groundscope: no sentence')
    rows: List[Tensor] = []
    for ids in tokens:
        rows.append(self.states.encode(ids))
)";
  m.define("def forward(self, " + parametersOf(input) + ") -> Tensor:" + loop + "    return " + result + "\n");
  return m;
}

Module scriptMemberSentence(JointModelImpl &model, const std::string &prefix, ScriptInput &input) {
  const SentenceStates states = scriptStates(*model.encoder, prefix);
  input = states.input;
  std::optional<Module> head;
  if (model.sentenceColumn) head = scriptTwinColumn(*model.sentenceColumn, prefix + "TwinColumn");
  else if (model.textBranch) head = scriptImageSide(*model.textBranch, prefix + "TextBranch", model.encoder->outputDim());
  return sentenceModule(states.module, input, prefix + "Sentence", head);
}

// The top module over K members: one member's output, or the ensemble's concatenation.
void defineEnsemble(Module &top, std::size_t members, const std::string &parameters, const std::string &arguments) {
  if (members == 1) {
    top.define("def forward(self, " + parameters + ") -> Tensor:\n    return self.member0.forward(" + arguments + ")\n");
    return;
  }
  // Merkx & Frank §3.3: each member's normalised embedding, concatenated with weight 1/√K, so the
  // inner product of two ensemble embeddings is the mean of the members' cosines.
  std::string parts;
  for (std::size_t k = 0; k < members; ++k)
    parts += (k ? ", " : "") + std::string("self._l2(self.member") + std::to_string(k) + ".forward(" + arguments + "))";
  top.define(kL2 + "\ndef forward(self, " + parameters + ") -> Tensor:\n    return torch.cat([" + parts + "], 1) / " +
             std::to_string(std::sqrt(double(members))) + "\n");
}

}  // namespace

ScriptedEncoders scriptJointModels(const std::vector<JointModel> &members, std::int64_t featureDim) {
  if (members.empty()) throw std::invalid_argument("TorchScript export: no model");
  ScriptedEncoders out;
  for (std::size_t k = 0; k < members.size(); ++k) {
    JointModelImpl &model = *members[k].ptr(); // read only: its parameters are copied
    const std::string prefix = members.size() == 1 ? "" : "Member" + std::to_string(k);
    out.sentence.register_module("member" + std::to_string(k), scriptMemberSentence(model, prefix, out.input));
    out.image.register_module("member" + std::to_string(k), scriptImageSide(*model.imageSide, prefix + "ImageSide", featureDim));
  }
  defineEnsemble(out.sentence, members.size(), parametersOf(out.input), argumentsOf(out.input));
  defineEnsemble(out.image, members.size(), "features: Tensor", "features");
  return out;
}

ScriptedEncoders scriptCca(const CcaEmbedder &cca) {
  const CcaEmbedder::Projection p = cca.projection();
  ScriptedEncoders out;
  Module sentence(kClassPrefix + "CcaSentenceStates");
  addParameter(sentence, "mean_x", p.meanX);
  addParameter(sentence, "wx", p.wx);
  sentence.register_attribute("vocabulary", c10::IntType::get(), p.vocabulary);
  // Socher §6's kCCA with a linear kernel: the sentence vector is the mean word vector, or (without
  // pre-trained vectors) the L2-normalised bag-of-words counts; both sides centred and projected.
  std::string features = "    x = torch.zeros(self.vocabulary).index_add(0, ids, torch.ones(ids.size(0)))\n"
                         "    x = (x / x.norm().clamp_min(1e-12)).unsqueeze(0)\n";
  if (p.wordVectors.defined()) {
    addParameter(sentence, "word_vectors", p.wordVectors);
    features = "    x = self.word_vectors.index_select(0, ids).mean(0, True)\n";
  }
  sentence.define(kCheckIds + R"(
def encode(self, ids: Tensor) -> Tensor:
    self._check_ids(ids, self.vocabulary)
)" + features + R"(
    return torch.mm(x - self.mean_x, self.wx)
)");
  Module image(kClassPrefix + "CcaImage");
  addParameter(image, "mean_y", p.meanY);
  addParameter(image, "wy", p.wy);
  image.define(R"(
def forward(self, features: Tensor) -> Tensor:
    if features.dim() != 2 or features.size(1) != self.mean_y.size(0):
        raise AssertionError('groundscope: expected a [rows, ' + str(self.mean_y.size(0)) + '] float tensor')
    return torch.mm(features - self.mean_y, self.wy)
)");
  out.sentence.register_module("member0", sentenceModule(sentence, ScriptInput::Words, "CcaSentence", std::nullopt));
  out.image.register_module("member0", image);
  defineEnsemble(out.sentence, 1, parametersOf(ScriptInput::Words), argumentsOf(ScriptInput::Words));
  defineEnsemble(out.image, 1, "features: Tensor", "features");
  return out;
}

}  // namespace gs::detail
