#pragma once
// The epoch's line in the job log (loss, validation rsum and R@10 both ways, twin accuracy, the
// kept epoch) and the caller's onEpoch, once the epoch's summary is complete.

#include "training/detail/loop/traininghook.h"

#include <functional>

namespace gs::detail {

class EpochLogHook final : public TrainingHook {
public:
  explicit EpochLogHook(std::function<void(const EpochEvent &)> onEpoch) : m_onEpoch(std::move(onEpoch)) {}
  void endEpoch(TrainingRun &run, EpochEvent &epoch) override;

private:
  std::function<void(const EpochEvent &)> m_onEpoch;
};

}  // namespace gs::detail
