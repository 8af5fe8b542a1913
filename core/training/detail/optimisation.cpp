#include "training/detail/optimisation.h"

#include <cmath>

namespace gs::detail {

namespace {
constexpr double kAdagradInitialSum = 1.0;     // Socher §5: sums start (and are reset) at 1
constexpr double kMomentumStart = 0.5;         // DT-LSTM §4
constexpr double kMomentumEnd = 0.95;          // DT-LSTM §4
constexpr double kMomentumTimeScale = 1000.0;  // iterations per 1/e of the remaining gap (our choice)
constexpr double kStepDecay = 0.95;            // DT-LSTM §4: decay 0.95 …
constexpr std::int64_t kStepEvery = 2500;      // … every 2,500 iterations
}  // namespace

std::unique_ptr<torch::optim::Optimizer> makeOptimizer(const TrainConfig &config, std::vector<torch::Tensor> parameters) {
  const double lr = config.schedule == ScheduleKind::Cyclic ? config.lrMin : config.learningRate;
  if (config.optimizer == OptimizerKind::Adagrad)
    return std::make_unique<torch::optim::Adagrad>(
        parameters, torch::optim::AdagradOptions(lr).initial_accumulator_value(kAdagradInitialSum));
  if (config.optimizer == OptimizerKind::Sgd)
    return std::make_unique<torch::optim::SGD>(parameters, torch::optim::SGDOptions(lr).momentum(kMomentumStart));
  return std::make_unique<torch::optim::Adam>(parameters, torch::optim::AdamOptions(lr));
}

double cyclicLearningRate(double lrMin, double lrMax, std::int64_t minibatch, std::int64_t cycleLength) {
  const double phase = double(minibatch % cycleLength) / double(cycleLength);
  return lrMin + 0.5 * (lrMax - lrMin) * (1.0 + std::cos(M_PI * (1.0 + 2.0 * phase)));
}

double momentumAt(std::int64_t iteration) {
  return kMomentumEnd - (kMomentumEnd - kMomentumStart) * std::exp(-double(iteration) / kMomentumTimeScale);
}

double learningRateAt(const TrainConfig &config, std::int64_t iteration, std::int64_t batchesPerEpoch) {
  if (config.schedule == ScheduleKind::Cyclic)
    return cyclicLearningRate(config.lrMin, config.lrMax, iteration, std::int64_t(config.cycleEpochs) * batchesPerEpoch);
  if (config.schedule == ScheduleKind::Step) return config.learningRate * std::pow(kStepDecay, double(iteration / kStepEvery));
  return config.learningRate;
}

void applySchedule(torch::optim::Optimizer &optimizer, const TrainConfig &config, double learningRate,
                   std::int64_t iteration) {
  for (auto &group : optimizer.param_groups()) {
    auto &options = group.options();
    options.set_lr(learningRate);
    if (config.optimizer == OptimizerKind::Sgd)
      static_cast<torch::optim::SGDOptions &>(options).momentum(momentumAt(iteration));
  }
}

void resetAdagradSums(torch::optim::Optimizer &optimizer) {
  for (auto &entry : optimizer.state()) {
    auto &state = static_cast<torch::optim::AdagradParamState &>(*entry.second);
    state.sum().fill_(kAdagradInitialSum);
  }
}

}  // namespace gs::detail
