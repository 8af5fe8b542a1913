#pragma once
// Checkpoints: model (+ optimiser) parameters and the trainer's position, in one file written
// atomically, so a killed run resumes from the last complete checkpoint and never from half of one.

#include <torch/torch.h>

#include <QJsonObject>
#include <QString>

namespace gs::detail {

struct TrainerPosition {
  int epoch = 0;              // epochs completed
  std::int64_t iteration = 0; // minibatches completed
  double bestRsum = -1;       // the best selection score so far (TrainConfig::selection; rsum by default)
  int bestEpoch = 0;
  QJsonObject history;        // {"epochs": [...]} as metrics.json holds it
};

void saveCheckpoint(const QString &path, torch::nn::Module &model, torch::optim::Optimizer *optimizer,
                    const TrainerPosition &position);
// Throws std::runtime_error naming the file when it is missing, truncated or from another model.
TrainerPosition loadCheckpoint(const QString &path, torch::nn::Module &model, torch::optim::Optimizer *optimizer);

}  // namespace gs::detail
