#pragma once
// Training throughput of an encoder: captions per second through forward, backward and the
// optimiser step, on real data, without validation. For `groundscope-cli bench train`.

#include "training/trainconfig.h"
#include "training/trainingdata.h"
#include "training/trainingsource.h"

#include <cstdint>
#include <vector>

namespace gs {

class JobContext;

struct TrainingThroughput {
  QString model;
  int batches = 0;
  int captions = 0;
  double seconds = 0;
  double captionsPerSecond = 0;
  std::int64_t parameters = 0; // trainable values of the joint model
};

// Runs one warm-up minibatch, then `batches` timed ones of config.batchSize training captions.
TrainingThroughput measureTrainingThroughput(const TrainingData &data, const TrainConfig &config, int batches);

// `bench train`: every minibatch-trained model of the registry with its defaults, each on the data
// it reads (requestInputsOf: parses, regions, concept scores), prepared once per source of
// planSources. The bag of words, the first row, is the baseline. Reports each model
// through `job`; throws what preparing the data throws.
std::vector<TrainingThroughput> measureEveryModel(const TrainingSource &source, int batches, JobContext &job);

// What one epoch of `config` on `dataset` costs here, measured before training: the data prepared
// as the run would read it (features and parses, cached for the run; `dataset` serves when it was
// loaded from source.datasetPath, as in prepareTrainingData), a few timed minibatches, and
// the epoch extrapolated over the training captions. Memory: the model's values three times
// (weights, gradients, the optimiser's state) and the image features, in bytes.
struct EpochCostEstimate {
  TrainingThroughput throughput;
  int trainCaptions = 0;
  double secondsPerEpoch = 0;
  std::int64_t memoryBytes = 0;
};
// Throws std::invalid_argument for a closed-form model (no epochs) and what preparing the data throws.
EpochCostEstimate estimateEpochCost(const Dataset &dataset, TrainingSource source, const TrainConfig &config,
                                    JobContext *job = nullptr, int batches = 3);

}  // namespace gs
