#include "inference/detail/inputgradients.h"

#include <cmath>
#include <stdexcept>

namespace gs::detail {

namespace F = torch::nn::functional;

namespace {

torch::nn::Embedding inputTable(JointModel &member, InputKind kind) {
  if (kind == InputKind::Characters) {
    auto *characters = dynamic_cast<CharRnnImpl *>(member->encoder.get());
    if (!characters) throw std::invalid_argument("attribution: the run's sentence encoder does not read characters");
    return characters->embedding;
  }
  torch::nn::Embedding words = member->encoder->wordEmbedding();
  if (!words) throw std::invalid_argument("attribution: the run's sentence encoder has no word vectors");
  return words;
}

// Puts each member's table back when the call ends, whatever happens in between.
struct TableSwap {
  std::vector<torch::nn::Embedding> tables;
  std::vector<torch::Tensor> saved;
  ~TableSwap() {
    for (std::size_t k = 0; k < tables.size(); ++k) tables[k]->weight = saved[k];
  }
};

int positionCount(const EncodedCaption &caption, InputKind kind) {
  return int(kind == InputKind::Characters ? caption.characters.size() : caption.words.size());
}

// `variants` copies of the caption whose position i of copy k reads row base + k·n + i.
std::vector<EncodedCaption> remapped(const EncodedCaption &caption, const std::vector<int> &positionOfNode, InputKind kind,
                                     std::int64_t base, int variants) {
  const int n = positionCount(caption, kind);
  std::vector<EncodedCaption> out(std::size_t(variants), caption);
  for (int k = 0; k < variants; ++k) {
    const std::int64_t first = base + std::int64_t(k) * n;
    auto &ids = kind == InputKind::Characters ? out[std::size_t(k)].characters : out[std::size_t(k)].words;
    for (int i = 0; i < n; ++i) ids[std::size_t(i)] = first + i;
    EncodedTree &tree = out[std::size_t(k)].tree;
    for (int node = 0; node < tree.nodeCount() && kind == InputKind::WordTokens; ++node) {
      const int p = std::size_t(node) < positionOfNode.size() ? positionOfNode[std::size_t(node)] : -1;
      if (tree.word[std::size_t(node)] >= 0 && p >= 0) tree.word[std::size_t(node)] = first + p;
    }
  }
  return out;
}

// s(image, caption k) for every caption of the batch: the member's own similarity, or the
// ensemble's inner product of normalised, concatenated embeddings (as JointEmbedder scores).
torch::Tensor batchScores(std::vector<JointModel> &members, const torch::Tensor &imageFeatures, const TextBatch &batch) {
  if (members.size() == 1) {
    torch::Tensor image;
    {
      torch::NoGradGuard noGrad;
      image = members[0]->embedImages(imageFeatures);
    }
    return members[0]->similarity(image, members[0]->embedCaptions(batch)).squeeze(0);
  }
  torch::Tensor total;
  for (auto &m : members) {
    torch::Tensor image;
    {
      torch::NoGradGuard noGrad;
      image = F::normalize(m->embedImages(imageFeatures), F::NormalizeFuncOptions().dim(1));
    }
    const auto captions = F::normalize(m->embedCaptions(batch), F::NormalizeFuncOptions().dim(1));
    const auto part = torch::mm(image, captions.t()).squeeze(0) / double(members.size());
    total = total.defined() ? total + part : part;
  }
  return total;
}

struct Tables {
  TableSwap swap;
  std::vector<torch::Tensor> inputs;  // per member: [n, d] the caption's own input vectors
  std::int64_t base = 0;              // rows appended after this many
};

Tables openTables(std::vector<JointModel> &members, const EncodedCaption &caption, InputKind kind) {
  Tables t;
  const auto &ids = kind == InputKind::Characters ? caption.characters : caption.words;
  const auto index = torch::tensor(std::vector<std::int64_t>(ids.begin(), ids.end()), torch::kInt64);
  for (auto &m : members) {
    torch::nn::Embedding table = inputTable(m, kind);
    t.swap.tables.push_back(table);
    t.swap.saved.push_back(table->weight);
    t.inputs.push_back(table->weight.detach().index_select(0, index));
    t.base = table->weight.size(0);
  }
  return t;
}

// Scores of the caption with every position's vector scaled by each alpha, and the gradients of
// their sum with respect to the scaled vectors: per member, [alphas, n, d].
std::vector<torch::Tensor> scaledGradients(std::vector<JointModel> &members, Tables &t, const torch::Tensor &imageFeatures,
                                           const EncodedCaption &caption, const std::vector<int> &positionOfNode,
                                           InputKind kind, const torch::Tensor &alphas, torch::Tensor *scores,
                                           bool withGradients = true) {
  const int variants = int(alphas.size(0));
  std::vector<torch::Tensor> leaves;
  for (std::size_t m = 0; m < members.size(); ++m) {
    auto leaf = (alphas.view({-1, 1, 1}) * t.inputs[m].unsqueeze(0)).reshape({-1, t.inputs[m].size(1)}).detach().requires_grad_(true);
    leaves.push_back(leaf);
    t.swap.tables[m]->weight = torch::cat({t.swap.saved[m].detach(), leaf}, 0);
  }
  const std::vector<EncodedCaption> copies = remapped(caption, positionOfNode, kind, t.base, variants);
  std::vector<int> rows(copies.size());
  for (std::size_t k = 0; k < rows.size(); ++k) rows[k] = int(k);
  const torch::Tensor s = batchScores(members, imageFeatures, makeTextBatch(copies, rows));
  if (scores) *scores = s.detach();
  if (!withGradients) return {};
  std::vector<torch::Tensor> grads = torch::autograd::grad({s.sum()}, leaves, {}, false, false, true);
  for (std::size_t m = 0; m < grads.size(); ++m) {
    if (!grads[m].defined()) grads[m] = torch::zeros_like(leaves[m]);
    grads[m] = grads[m].view({variants, -1, t.inputs[m].size(1)});
  }
  return grads;
}

}  // namespace

InputGradients inputGradients(std::vector<JointModel> &members, const torch::Tensor &imageFeatures,
                              const EncodedCaption &caption, const std::vector<int> &positionOfNode, InputKind kind,
                              bool integrated, int steps, int maxSteps, double tolerance) {
  InputGradients out;
  Tables tables = openTables(members, caption, kind);
  torch::Tensor ends;
  {
    torch::NoGradGuard noGrad; // the two ends only need their scores
    scaledGradients(members, tables, imageFeatures, caption, positionOfNode, kind, torch::tensor({1.0f, 0.0f}), &ends, false);
  }
  out.score = ends[0].item<double>();
  out.baselineScore = ends[1].item<double>();
  const double change = out.score - out.baselineScore;
  for (int k = integrated ? steps : 1;; k *= 2) {
    // Midpoints of k equal intervals of [0, 1]; gradient × input is the single point α = 1.
    const torch::Tensor alphas = integrated ? (torch::arange(k, torch::kFloat) + 0.5f) / float(k) : torch::ones({1});
    const std::vector<torch::Tensor> grads =
        scaledGradients(members, tables, imageFeatures, caption, positionOfNode, kind, alphas, nullptr);
    torch::Tensor perPosition = torch::zeros({positionCount(caption, kind)}, torch::kDouble);
    for (std::size_t m = 0; m < grads.size(); ++m)
      perPosition += (grads[m].mean(0).to(torch::kDouble) * tables.inputs[m].to(torch::kDouble)).sum(1);
    out.perPosition.assign(perPosition.data_ptr<double>(), perPosition.data_ptr<double>() + perPosition.numel());
    out.steps = integrated ? k : 1;
    const double total = perPosition.sum().item<double>();
    out.completenessGap = std::abs(change) > 1e-12 ? std::abs(total - change) / std::abs(change) : std::abs(total);
    if (!integrated || out.completenessGap <= tolerance || k * 2 > maxSteps) return out;
  }
}

}  // namespace gs::detail
