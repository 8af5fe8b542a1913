#include "training/detail/loop/trajectoryhook.h"

#include "training/detail/loop/trainingrun.h"

namespace gs::detail {

void TrajectoryHook::beginTraining(TrainingRun &run) {
  if (run.position.epoch == 0) m_recorder.record(run.model, run.encoded, run.features, 0);
}

void TrajectoryHook::endEpoch(TrainingRun &run, EpochEvent &epoch) {
  m_recorder.record(run.model, run.encoded, run.features, epoch.epoch);
}

}  // namespace gs::detail
