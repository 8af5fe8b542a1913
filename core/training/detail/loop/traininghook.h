#pragma once
// What the epoch loop calls around its work (after ensmallen's callbacks): a hook adds one
// behaviour to training — a correspondence step, an optimiser reset, a log, a checkpoint — without
// a branch in the loop. train() hands the loop an ordered list; a rank of a data-parallel job that
// is not the leader gets none of the hooks that write the run folder.
//
// Every callback may read and update the run; the epoch's summary fills up as it passes through
// the hooks (a correspondence step's statistics at the start, validation metrics at the end).

#include "training/trainingevents.h"

#include <memory>
#include <vector>

namespace gs::detail {

struct TrainingRun;

class TrainingHook {
public:
  virtual ~TrainingHook() = default;
  // Once, after the run is built and resumed and before its first remaining epoch.
  virtual void beginTraining(TrainingRun &run) {}
  // Before the epoch's first minibatch; `epoch.epoch` is the epoch about to be trained.
  virtual void beginEpoch(TrainingRun &run, EpochEvent &epoch) {}
  // After each minibatch step (the position's iteration already counts it).
  virtual void endBatch(TrainingRun &run, const BatchEvent &batch) {}
  // After the epoch's last minibatch, with the epoch's mean loss in `epoch.trainLoss`.
  virtual void endEpoch(TrainingRun &run, EpochEvent &epoch) {}
};

using TrainingHooks = std::vector<std::unique_ptr<TrainingHook>>;

}  // namespace gs::detail
