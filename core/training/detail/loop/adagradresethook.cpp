#include "training/detail/loop/adagradresethook.h"

#include "training/detail/loop/trainingrun.h"
#include "training/detail/optimisation.h"

namespace gs::detail {

void AdagradResetHook::beginEpoch(TrainingRun &run, EpochEvent &epoch) {
  if (resetsBefore(epoch.epoch)) resetAdagradSums(*run.optimizer);
}

}  // namespace gs::detail
