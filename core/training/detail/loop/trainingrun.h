#pragma once
// One training run as its epochs see it: what train() prepared once (the data and its encodings,
// the model, the optimiser, the minibatch plan) and what the epochs advance (the position, the
// loop's throughput). The epoch loop and its hooks read and update it; train() owns it.

#include "training/detail/checkpoint.h"
#include "training/detail/trainstep.h"
#include "training/parallel/distributedoptions.h"
#include "training/runs/runfolder.h"

#include <QElapsedTimer>

#include <memory>
#include <vector>

namespace gs {
class JobContext;
}

namespace gs::detail {

class Collective;

struct TrainingRun {
  // Picks the trainable parameters and builds the optimiser over them; the position is that of a
  // fresh run until train() resumes it.
  TrainingRun(const TrainingData &data, const TrainConfig &config, const QString &runDir,
              const std::vector<EncodedCaption> &encoded, JointModel model, Collective &collective, JobContext *job);

  const TrainingData &data;
  const TrainConfig &config;
  const RunFolder folder;
  const std::vector<EncodedCaption> &encoded;
  JobContext *const job;
  Collective &collective;

  JointModel model;
  std::vector<torch::Tensor> trainable; // the parameters the optimiser moves (frozen word vectors are not)
  std::unique_ptr<torch::optim::Optimizer> optimizer;
  TrainerPosition position;

  const torch::Tensor features;         // [images, featureDim]
  const std::vector<int> trainRows;     // the training captions, in data order
  const int batchSize;
  const int batchesPerEpoch;
  const int totalBatches;               // over all configured epochs
  StepInputs step;                      // what every minibatch step reads besides its rows

  DistributedStats stats;               // the minibatch loop's time and steps (all epochs of this call)
  QElapsedTimer epochClock;             // started as each epoch begins
};

}  // namespace gs::detail
