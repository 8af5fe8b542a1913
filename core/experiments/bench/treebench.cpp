#include "experiments/bench/treebench.h"

#include "models/detail/treeencoders.h"
#include "models/detail/treeplan.h"
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
  std::vector<const CompactParse *> parses;
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

std::vector<PlanScaling> measurePlanScaling(const std::vector<int> &sizes) {
  TreeVocabulary trees;
  trees.maxLeft = 1;
  trees.relations = {QStringLiteral("<rare>")};
  const TreeRnnImpl encoder(TreeRnnKind::Positions, trees, 4, 4, 4, ActivationKind::Tanh);
  std::vector<PlanScaling> out;
  for (int n : sizes) {
    if (n < 1) throw std::invalid_argument("measurePlanScaling: sizes must be positive");
    EncodedTree chain;
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      chain.word.push_back(2);
      chain.parent.push_back(i + 1 < n ? i + 1 : -1);
      order[std::size_t(i)] = i;
    }
    chain.root = n - 1;
    finishEncodedTree(chain, order, false);
    const auto start = std::chrono::steady_clock::now();
    const LevelPlan plan = makePlan({&chain}, encoder);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (int(plan.levels.size()) != n) throw std::logic_error("measurePlanScaling: a chain of n nodes has n levels");
    out.push_back({n, seconds});
  }
  return out;
}

}  // namespace gs
