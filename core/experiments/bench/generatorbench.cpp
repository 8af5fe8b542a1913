#include "experiments/bench/generatorbench.h"

#include "models/detail/captiongenerator.h"
#include "models/detail/sentenceencoders.h"
#include "models/detail/textbatch.h"

#include <torch/torch.h>

#include <chrono>
#include <stdexcept>

namespace gs {

using namespace detail;

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// `count` captions of random words, 0-padded to the longest: words [count, T] and lengths [count].
std::pair<torch::Tensor, torch::Tensor> randomCaptions(const GeneratorBenchOptions &o, int count) {
  const auto lengths = torch::randint(o.minWords, o.maxWords + 1, {count}, torch::kInt64);
  const std::int64_t longest = lengths.max().item<std::int64_t>();
  const auto words = torch::randint(1, o.vocabulary, {count, longest}, torch::kInt64);
  const auto real = torch::arange(longest).unsqueeze(0) < lengths.unsqueeze(1);
  return {words * real.to(torch::kInt64), lengths};
}

}  // namespace

GeneratorBenchResult measureGenerator(const GeneratorBenchOptions &o) {
  if (o.batches <= 0 || o.batchSize <= 0 || o.negatives < 0 || o.vocabulary < 2 || o.wordDim <= 0 || o.stateDim <= 0 ||
      o.minWords <= 0 || o.maxWords < o.minWords)
    throw std::invalid_argument("measureGenerator: sizes must be positive");
  torch::manual_seed(o.seed);
  CaptionGenerator generator(o.vocabulary, o.wordDim, o.stateDim);
  WordRnn sentences(WordRnnCell::Lstm, o.vocabulary, o.wordDim, o.stateDim);
  // The sentence LSTM reads the minibatch and the extra captions that make up the mismatched pairs.
  const int read = o.batchSize + std::max(0, o.negatives - (o.batchSize - 1));
  GeneratorBenchResult result;
  result.options = o;
  for (int b = 0; b <= o.batches; ++b) { // minibatch 0 warms up: allocations, the thread pool
    const auto [words, lengths] = randomCaptions(o, read);
    const auto anchors = words.narrow(0, 0, o.batchSize), anchorLengths = lengths.narrow(0, 0, o.batchSize);
    const auto v = torch::randn({o.batchSize, o.stateDim}) * 0.1;

    auto start = std::chrono::steady_clock::now();
    generator->zero_grad();
    const auto stepwise = generator->stepwiseLoss(v, anchors, anchorLengths);
    stepwise.backward();
    const double stepwiseSeconds = secondsSince(start);

    start = std::chrono::steady_clock::now();
    generator->zero_grad();
    const auto sequence = generator->teacherForcedLoss(v, anchors, anchorLengths);
    sequence.backward();
    const double sequenceSeconds = secondsSince(start);

    TextBatch batch;
    batch.words = words;
    batch.wordLengths = lengths;
    start = std::chrono::steady_clock::now();
    sentences->zero_grad();
    const auto reference = sentences->libTorchForward(batch);
    reference.sum().backward();
    const double libTorchSentenceSeconds = secondsSince(start);

    start = std::chrono::steady_clock::now();
    sentences->zero_grad();
    const auto own = sentences(batch);
    own.sum().backward();
    const double sentenceSeconds = secondsSince(start);

    if (b == 0) continue;
    result.stepwiseSeconds += stepwiseSeconds / o.batches;
    result.sequenceSeconds += sequenceSeconds / o.batches;
    result.libTorchSentenceSeconds += libTorchSentenceSeconds / o.batches;
    result.sentenceSeconds += sentenceSeconds / o.batches;
    result.largestStateDifference = std::max(
        result.largestStateDifference, ((own - reference).abs().max() / reference.abs().max()).item<double>());
    const double stepwiseLoss = stepwise.item<double>();
    result.largestLossDifference = std::max(result.largestLossDifference, std::abs(sequence.item<double>() - stepwiseLoss) / stepwiseLoss);
  }
  return result;
}

}  // namespace gs
