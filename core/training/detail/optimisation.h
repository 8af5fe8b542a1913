#pragma once
// Optimisers and learning-rate schedules of the papers:
//  - AdaGrad whose squared-gradient sums are reset every k epochs (Socher et al. 2014 §5);
//  - Adam (Merkx & Frank, Huang et al.);
//  - SGD with momentum growing from 0.5 towards 0.95 and the learning rate decayed by 0.95 every
//    2,500 iterations (DT-LSTM §4);
//  - the cyclic cosine schedule of Merkx & Frank §3.3 with a snapshot at each minimum.

#include "training/trainconfig.h"

#include <torch/torch.h>

#include <memory>

namespace gs::detail {

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const TrainConfig &config, std::vector<torch::Tensor> parameters);

// Merkx & Frank §3.3: lr = lr_min + ½(lr_max − lr_min)(1 + cos(π(1 + 2·mb/step))), with step
// the minibatches of one cycle: lr_min at the start and end of each cycle, lr_max half-way.
// (The extracted text reads "0.5 step × mb"; this is the form whose period is one cycle, as
// the paper's "varies smoothly between lr_min and lr_max over four epochs" requires.)
double cyclicLearningRate(double lrMin, double lrMax, std::int64_t minibatch, std::int64_t cycleLength);

// DT-LSTM §4: "momentum constant µ = 0.5 asymptotically grew to µ = 0.95"; the paper gives no
// rate, we close 1/e of the gap every 1,000 iterations.
double momentumAt(std::int64_t iteration);

// The learning rate a schedule gives at an iteration (cyclic: per minibatch; step: ×0.95 every
// 2,500 iterations; constant).
double learningRateAt(const TrainConfig &config, std::int64_t iteration, std::int64_t batchesPerEpoch);

// Applies the learning rate (and for SGD the momentum) to every parameter group.
void applySchedule(torch::optim::Optimizer &optimizer, const TrainConfig &config, double learningRate,
                   std::int64_t iteration);

// Socher §5: "resetting all squared gradient sums to 1".
void resetAdagradSums(torch::optim::Optimizer &optimizer);

}  // namespace gs::detail
