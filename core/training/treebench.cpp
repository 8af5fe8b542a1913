#include "training/treebench.h"

#include "training/detail/modelbuilder.h"
#include "training/detail/embedder.h"
#include "training/trainingsource.h"

#include <chrono>
#include <optional>

namespace gs {

using namespace detail;

TreeThroughput measureTreeThroughput(const TrainingData &input, const TrainConfig &config, int batchSize, int batches,
                                     bool batched) {
  if (!config.needsTrees())
    throw std::invalid_argument("measureTreeThroughput: '" + config.modelName().toStdString() + "' is not a tree model");
  if (batchSize <= 0 || batches <= 0) throw std::invalid_argument("measureTreeThroughput: sizes must be positive");
  std::optional<TrainingData> parsed;
  if (!hasParses(input)) {
    parsed = input;
    attachParses(*parsed);
  }
  const TrainingData &data = parsed ? *parsed : input;
  const std::vector<int> train = data.captionsIn(Split::Train);
  if (train.empty()) throw std::invalid_argument("measureTreeThroughput: no training captions");
  std::vector<QStringList> tokens;
  std::vector<const ParsedCaption *> parses;
  for (int c : train) {
    tokens.push_back(data.captions[std::size_t(c)].tokens);
    parses.push_back(data.captions[std::size_t(c)].parse.get());
  }
  const Vocabulary vocabulary = Vocabulary::build(tokens, config.minWordCount);
  const TreeVocabulary trees =
      buildTreeVocabulary(parses, tokens, vocabulary, treeShape(config), config.minRelationCount);
  const std::vector<EncodedCaption> encoded = encodeCaptions(vocabulary, data.captions, &trees);
  torch::manual_seed(config.seed);
  auto encoder = std::dynamic_pointer_cast<TreeEncoderImpl>(makeSentenceEncoder(config, vocabulary.size(), &trees));
  const auto step = [&](int b) {
    std::vector<const EncodedTree *> batch;
    for (int k = 0; k < batchSize; ++k) batch.push_back(&encoded[std::size_t(train[(std::size_t(b) * batchSize + k) % train.size()])].tree);
    encoder->zero_grad();
    encoder->encode(batch, batched).roots().sum().backward();
  };
  step(0); // warm-up
  const auto start = std::chrono::steady_clock::now();
  for (int b = 1; b <= batches; ++b) step(b);
  TreeThroughput t;
  t.model = config.modelName();
  t.batched = batched;
  t.batchSize = batchSize;
  t.sentences = batches * batchSize;
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.sentencesPerSecond = t.sentences / t.seconds;
  return t;
}

}  // namespace gs
