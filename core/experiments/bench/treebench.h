#pragma once
// Speed of the tree encoders: sentences per second through forward and backward of the encoder
// alone (no image side, no optimiser), batched by level or node by node, on real parsed captions.
// For `groundscope-cli bench trees`. Torch-free.

#include "training/trainconfig.h"
#include "training/trainingdata.h"

namespace gs {

struct TreeThroughput {
  QString model;
  bool batched = true;
  int batchSize = 0;
  int sentences = 0;
  double seconds = 0;
  double sentencesPerSecond = 0;
};

// One warm-up minibatch, then `batches` timed minibatches of `batchSize` training captions. Parses
// the captions first when they have no parse (cached on disk). Throws std::invalid_argument for a
// model without a tree encoder or non-positive sizes.
TreeThroughput measureTreeThroughput(const TrainingData &data, const TrainConfig &config, int batchSize, int batches,
                                     bool batched);

// Time to plan (makePlan) one chain-shaped tree of each size: every node the only child of the next,
// the deepest tree there is, where a planner that scans the parent array for each node's children
// costs O(n²). The figure to read is the ratio between sizes: linear planning grows as the nodes.
struct PlanScaling {
  int nodes = 0;
  double seconds = 0;
};
std::vector<PlanScaling> measurePlanScaling(const std::vector<int> &sizes);

}  // namespace gs
