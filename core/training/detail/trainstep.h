#pragma once
// One optimisation step on one minibatch: forward both sides, the configured loss (+ λ‖θ‖²),
// backward, step. The trainer's inner loop and `bench train` run exactly this.

#include "models/detail/jointmodel.h"
#include "training/detail/embedder.h"
#include "training/detail/phrasegrounding.h"
#include "training/trainconfig.h"
#include "training/trainingdata.h"

#include <torch/torch.h>

namespace gs::detail {

class Collective;

struct StepInputs {
  const TrainingData &data;
  const std::vector<EncodedCaption> &encoded;
  const torch::Tensor &features;       // [images, featureDim]
  const std::vector<torch::Tensor> &trainable;
  int trainingCaptions = 0;            // for the regulariser's share per batch
  // HM-LSTM (§3.2.2–3.4): the region features, the captions' noun phrases and the current
  // correspondences (empty during the root-only epochs). Null for every other model.
  const torch::Tensor *regionFeatures = nullptr;
  const PhraseIndex *phrases = nullptr;
  const Correspondences *correspondences = nullptr;
  // The concepts model (Huang et al. §3.4): where extra mismatched pairs are drawn from, this
  // step's seed for its draws, and scheduled sampling's ε.
  const std::vector<int> *negativePool = nullptr;
  std::uint64_t stepSeed = 0;
  double truthProbability = 1.0;
  // Data-parallel training: the job this step is one rank of; null in one process.
  Collective *collective = nullptr;
};

// Socher §5: the squared loss is minimised alternately, W_I (the image side) on odd epochs and θ
// (the sentence encoder) on even ones. Drops the inactive side's gradients so the optimizer leaves
// those parameters exactly as they are (no momentum or Adam moment moves them).
void freezeInactiveSide(JointModel &model, int epoch);

// Returns the minibatch loss; throws std::runtime_error when it is NaN, infinite or exploding,
// before any parameter changes. `epoch` selects the half of Socher's alternating squared loss.
double trainStep(JointModel &model, torch::optim::Optimizer &optimizer, const TrainConfig &config, const StepInputs &in,
                 const std::vector<int> &captionRows, int epoch);

}  // namespace gs::detail
