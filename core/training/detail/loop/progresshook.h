#pragma once
// The job's progress bar: minibatches done of all the run's minibatches, with the last loss.

#include "training/detail/loop/traininghook.h"

namespace gs::detail {

class ProgressHook final : public TrainingHook {
public:
  void endBatch(TrainingRun &run, const BatchEvent &batch) override;
};

}  // namespace gs::detail
