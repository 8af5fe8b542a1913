#include "models/detail/captiongenerator.h"

#include "models/detail/vocabulary.h"

#include <cmath>

namespace gs::detail {

namespace nn = torch::nn;

CaptionGeneratorImpl::CaptionGeneratorImpl(std::int64_t vocabulary, std::int64_t wordDim, std::int64_t stateDim,
                                           nn::Embedding shared) {
  if (shared) embedding = shared;
  else embedding = register_module("embedding", nn::Embedding(nn::EmbeddingOptions(vocabulary, wordDim).padding_idx(Vocabulary::kPad)));
  const std::int64_t inputDim = embedding->weight.size(1);
  start = register_parameter("start", torch::randn({inputDim}) * 0.1);
  cell = register_module("cell", nn::LSTMCell(inputDim, stateDim));
  output = register_module("output", nn::Linear(stateDim, embedding->weight.size(0)));
}

torch::Tensor CaptionGeneratorImpl::loss(const torch::Tensor &v, const torch::Tensor &words, const torch::Tensor &lengths,
                                         double truthProbability, c10::optional<torch::Generator> generator) {
  if (truthProbability >= 1.0 && !stepwiseOnly) return teacherForcedLoss(v, words, lengths);
  return stepwiseLoss(v, words, lengths, truthProbability, generator);
}

namespace {

// Targets w_1 … w_J, then the end (the padding id) at position J: [B, T+1].
torch::Tensor targetsOf(const torch::Tensor &words) {
  return torch::cat({words, torch::zeros({words.size(0), 1}, words.options())}, 1);
}

// Which of the T+1 predictions count: every word and the end, not the padding beyond.
torch::Tensor livePredictions(const torch::Tensor &lengths, std::int64_t steps) {
  return torch::arange(steps, lengths.options()).unsqueeze(0) <= lengths.unsqueeze(1);
}

}  // namespace

torch::Tensor CaptionGeneratorImpl::teacherForcedLoss(const torch::Tensor &v, const torch::Tensor &words,
                                                      const torch::Tensor &lengths) {
  const std::int64_t batch = words.size(0), steps = words.size(1) + 1;
  // With the true previous word as every input, the inputs are known before the first step: the
  // whole sequence goes through one LSTM call with the cell's weights (its input products in one
  // GEMM), and every live step's W_p h_t in another; the sum is the stepwise loss's, term by term.
  const auto inputs = torch::cat({start.view({1, 1, -1}).expand({batch, 1, start.size(0)}), embedding(words)}, 1);
  const auto states = std::get<0>(at::lstm(inputs, {v.unsqueeze(0), torch::zeros_like(v).unsqueeze(0)},
                                           {cell->weight_ih, cell->weight_hh, cell->bias_ih, cell->bias_hh},
                                           /*has_biases=*/true, /*num_layers=*/1, /*dropout=*/0.0, /*train=*/is_training(),
                                           /*bidirectional=*/false, /*batch_first=*/true)); // h_1 … h_{T+1}: [B, T+1, H]
  const auto live = livePredictions(lengths, steps).reshape({-1}).nonzero().squeeze(1);
  const auto hidden = states.reshape({batch * steps, -1}).index_select(0, live);
  const auto target = targetsOf(words).reshape({-1}).index_select(0, live);
  return torch::nn::functional::cross_entropy(output(hidden), target,
                                              torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kSum));
}

torch::Tensor CaptionGeneratorImpl::stepwiseLoss(const torch::Tensor &v, const torch::Tensor &words, const torch::Tensor &lengths,
                                                 double truthProbability, c10::optional<torch::Generator> generator) {
  const std::int64_t batch = words.size(0), steps = words.size(1) + 1; // every word, then the end
  const auto targets = targetsOf(words);
  const auto live = livePredictions(lengths, steps);
  torch::Tensor h = v, c = torch::zeros_like(v);
  torch::Tensor input = start.unsqueeze(0).expand({batch, start.size(0)});
  torch::Tensor total = torch::zeros({}, v.options());
  for (std::int64_t t = 0; t < steps; ++t) {
    std::tie(h, c) = cell(input, std::make_tuple(h, c));
    const auto logq = torch::log_softmax(output(h), 1); // log q_t (Eq. 3)
    const auto target = targets.select(1, t);
    total = total - (logq.gather(1, target.unsqueeze(1)).squeeze(1) * live.select(1, t)).sum();
    if (t + 1 == steps) break;
    torch::Tensor next = target; // the true word w_{t+1}, or with probability 1 − ε one drawn from q_t
    if (truthProbability < 1.0) {
      torch::NoGradGuard noGrad;
      const auto sampled = torch::multinomial(logq.exp(), 1, /*replacement=*/true, generator).squeeze(1);
      const auto keep = torch::bernoulli(torch::full({batch}, truthProbability), generator).to(torch::kBool);
      next = torch::where(keep, target, sampled);
    }
    input = embedding(next);
  }
  return total;
}

std::vector<std::int64_t> CaptionGeneratorImpl::greedy(const torch::Tensor &v, int maxLength) {
  torch::NoGradGuard noGrad;
  torch::Tensor h = v.reshape({1, -1}), c = torch::zeros_like(h);
  torch::Tensor input = start.unsqueeze(0);
  std::vector<std::int64_t> out;
  for (int t = 0; t < maxLength; ++t) {
    std::tie(h, c) = cell(input, std::make_tuple(h, c));
    const std::int64_t word = output(h).argmax(1).item<std::int64_t>();
    if (word == Vocabulary::kPad) break;
    out.push_back(word);
    input = embedding(torch::tensor({word}, torch::kInt64));
  }
  return out;
}

double scheduledSamplingTruth(std::int64_t iteration, std::int64_t total) {
  if (total < 2) return 1.0;
  // k ln k = total solves k / (k + e^{total/k}) = 1/2 (then e^{total/k} = k); Newton's method.
  double k = std::max(2.0, double(total) / std::log(double(total)));
  for (int n = 0; n < 50; ++n) k -= (k * std::log(k) - double(total)) / (std::log(k) + 1);
  return k / (k + std::exp(double(iteration) / k));
}

}  // namespace gs::detail
