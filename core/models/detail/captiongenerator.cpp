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
  const std::int64_t batch = words.size(0), steps = words.size(1) + 1; // every word, then the end
  // Targets: w_1 … w_J, then the end (the padding id) at position J; masked beyond.
  const auto targets = torch::cat({words, torch::zeros({batch, 1}, words.options())}, 1); // [B, T+1]
  const auto positions = torch::arange(steps, lengths.options()).unsqueeze(0);
  const auto live = positions <= lengths.unsqueeze(1); // [B, T+1]: words and the end
  torch::Tensor h = v, c = torch::zeros_like(v);
  torch::Tensor input = start.unsqueeze(0).expand({batch, start.size(0)});
  torch::Tensor total = torch::zeros({}, v.options());
  for (std::int64_t t = 0; t < steps; ++t) {
    std::tie(h, c) = cell(input, std::make_tuple(h, c));
    const auto logq = torch::log_softmax(output(h), 1); // log q_t (Eq. 3)
    const auto target = targets.select(1, t);
    total = total - (logq.gather(1, target.unsqueeze(1)).squeeze(1) * live.select(1, t)).sum();
    if (t + 1 == steps) break;
    torch::Tensor next = target; // teacher forcing: the true word w_{t+1} is the next input
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
