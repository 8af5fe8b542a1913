#include "training/detail/loop/trainingrun.h"

#include "training/parallel/detail/collective.h"
#include "training/detail/optimisation.h"

#include <algorithm>

namespace gs::detail {

namespace {

std::vector<torch::Tensor> trainableParameters(const JointModel &model) {
  std::vector<torch::Tensor> trainable;
  for (auto &p : model->parameters())
    if (p.requires_grad()) trainable.push_back(p);
  return trainable;
}

}  // namespace

TrainingRun::TrainingRun(const TrainingData &data, const TrainConfig &config, const QString &runDir,
                         const std::vector<EncodedCaption> &encoded, JointModel model, Collective &collective, JobContext *job)
    : data(data),
      config(config),
      folder(runDir),
      encoded(encoded),
      job(job),
      collective(collective),
      model(std::move(model)),
      trainable(trainableParameters(this->model)),
      optimizer(makeOptimizer(config, trainable)),
      features(featureTensor(data)),
      trainRows(data.captionsIn(Split::Train)),
      batchSize(std::min<int>(config.batchSize, int(trainRows.size()))),
      batchesPerEpoch(int((trainRows.size() + batchSize - 1) / batchSize)),
      totalBatches(batchesPerEpoch * config.epochs),
      step{data, encoded, features, trainable, int(trainRows.size())} {
  step.negativePool = &trainRows;
  step.collective = collective.distributed() ? &collective : nullptr;
  stats.worldSize = collective.worldSize();
  for (const torch::Tensor &p : trainable) stats.gradientBytes += p.numel() * std::int64_t(p.element_size());
}

}  // namespace gs::detail
