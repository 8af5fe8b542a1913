#include "experiments/bench/trainbench.h"

#include "training/detail/modelbuilder.h"
#include "training/modelregistry.h"
#include "training/detail/optimisation.h"
#include "training/detail/trainstep.h"

#include "training/trainingsource.h"
#include "engine/jobcontext.h"

#include <algorithm>
#include <map>
#include <chrono>
#include <optional>
#include <numeric>

namespace gs {

using namespace detail;

TrainingThroughput measureTrainingThroughput(const TrainingData &input, const TrainConfig &config, int batches) {
  if (batches <= 0) throw std::invalid_argument("measureTrainingThroughput: batches must be positive");
  if (config.entry().closedForm)
    throw std::invalid_argument("measureTrainingThroughput: " + config.modelName().toStdString() + " has no minibatches");
  std::optional<TrainingData> parsed;
  if (config.needsTrees() && !hasParses(input)) {
    parsed = input;
    attachParses(*parsed);
  }
  const TrainingData &data = parsed ? *parsed : input;
  data.validate();
  std::vector<QStringList> tokens;
  const std::vector<int> train = data.captionsIn(Split::Train);
  for (int c : train) tokens.push_back(data.captions[c].tokens);
  const Vocabulary vocabulary = Vocabulary::build(tokens, config.minWordCount);
  std::shared_ptr<TreeVocabulary> trees;
  if (config.needsTrees()) {
    std::vector<const CompactParse *> parses;
    for (int c : train) parses.push_back(data.captions[std::size_t(c)].parse.get());
    trees = std::make_shared<TreeVocabulary>(
        buildTreeVocabulary(parses, tokens, vocabulary, treeShape(config), config.minRelationCount));
  }
  const std::vector<EncodedCaption> encoded = encodeCaptions(vocabulary, data.captions, trees.get());
  torch::manual_seed(config.seed);
  JointModel model = makeJointModel(config, vocabulary.size(), data.featureDim, trees.get());
  std::vector<torch::Tensor> trainable = model->parameters();
  auto optimizer = makeOptimizer(config, trainable);
  const torch::Tensor features = featureTensor(data);
  const StepInputs in{data, encoded, features, trainable, int(train.size())};
  const int batch = std::min<int>(config.batchSize, int(train.size()));
  const auto rowsFor = [&](int b) {
    std::vector<int> rows;
    for (int k = 0; k < batch; ++k) rows.push_back(train[(std::size_t(b) * batch + k) % train.size()]);
    return rows;
  };
  model->train();
  trainStep(model, *optimizer, config, in, rowsFor(0), 1); // warm-up: allocations, thread pool
  const auto start = std::chrono::steady_clock::now();
  for (int b = 1; b <= batches; ++b) trainStep(model, *optimizer, config, in, rowsFor(b), 1);
  TrainingThroughput t;
  t.model = config.modelName();
  t.batches = batches;
  t.captions = batches * batch;
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.captionsPerSecond = t.captions / t.seconds;
  for (const torch::Tensor &p : trainable) t.parameters += p.numel();
  return t;
}

std::vector<TrainingThroughput> measureEveryModel(const TrainingSource &source, int batches, JobContext &job) {
  std::vector<TrainConfig> configs;
  for (const ModelEntry &entry : modelRegistry())
    if (!entry.closedForm) configs.push_back(TrainConfig::defaultsFor(entry.name)); // no minibatches to time otherwise
  const SourcePlan plan = planSources(source, configs);
  std::map<std::size_t, TrainingData> prepared; // by index into plan.sources, when first needed
  std::vector<TrainingThroughput> rows;
  for (std::size_t m = 0; m < configs.size(); ++m) {
    auto data = prepared.find(plan.sourceOf[m]);
    if (data == prepared.end()) data = prepared.emplace(plan.sourceOf[m], prepareTrainingData(plan.sources[plan.sourceOf[m]], &job)).first;
    job.checkpoint();
    job.setProgress(-1, QStringLiteral("timing %1").arg(configs[m].modelName()));
    rows.push_back(measureTrainingThroughput(data->second, configs[m], batches));
  }
  return rows;
}

EpochCostEstimate estimateEpochCost(const Dataset &dataset, TrainingSource source, const TrainConfig &config, JobContext *job,
                                    int batches) {
  if (config.entry().closedForm)
    throw std::invalid_argument(config.modelName().toStdString() + " is fitted in one step: it has no epochs");
  requestInputsOf(config, source);
  const TrainingData data = prepareTrainingData(source, &dataset, job);
  if (job) job->setProgress(0.8, QStringLiteral("timing %1 minibatches").arg(batches));
  EpochCostEstimate estimate;
  estimate.throughput = measureTrainingThroughput(data, config, batches);
  estimate.trainCaptions = int(data.captionsIn(Split::Train).size());
  estimate.secondsPerEpoch = estimate.trainCaptions / std::max(1e-9, estimate.throughput.captionsPerSecond);
  const std::int64_t featureBytes = std::int64_t(data.imageFeatures.size() + data.regionFeatures.size()) * 4;
  estimate.memoryBytes = estimate.throughput.parameters * 4 * 3 + featureBytes;
  return estimate;
}

}  // namespace gs
