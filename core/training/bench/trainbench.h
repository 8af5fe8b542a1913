#pragma once
// Training throughput of an encoder: captions per second through forward, backward and the
// optimiser step, on real data, without validation. For `groundscope-cli bench train`.

#include "training/trainconfig.h"
#include "training/trainingdata.h"

namespace gs {

struct TrainingThroughput {
  QString model;
  int batches = 0;
  int captions = 0;
  double seconds = 0;
  double captionsPerSecond = 0;
};

// Runs one warm-up minibatch, then `batches` timed ones of config.batchSize training captions.
TrainingThroughput measureTrainingThroughput(const TrainingData &data, const TrainConfig &config, int batches);

}  // namespace gs
