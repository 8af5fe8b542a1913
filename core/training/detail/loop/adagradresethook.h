#pragma once
// Socher §5: AdaGrad's squared-gradient sums are reset to 1 every k epochs, so early large
// gradients do not slow learning for the rest of the run.

#include "training/detail/loop/traininghook.h"

namespace gs::detail {

class AdagradResetHook final : public TrainingHook {
public:
  explicit AdagradResetHook(int everyEpochs) : m_everyEpochs(everyEpochs) {}
  // Epochs k+1, 2k+1, … begin with fresh sums (the first epoch's are fresh anyway).
  bool resetsBefore(int epoch) const { return m_everyEpochs > 0 && epoch > 1 && (epoch - 1) % m_everyEpochs == 0; }
  void beginEpoch(TrainingRun &run, EpochEvent &epoch) override;

private:
  int m_everyEpochs;
};

}  // namespace gs::detail
