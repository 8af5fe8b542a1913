#pragma once
// One epoch of training: the hooks' beginEpoch, the shuffled minibatches (endBatch after each),
// the hooks' endEpoch. The same epoch always sees the same order, so a resumed run repeats an
// uninterrupted one.

#include "training/detail/loop/traininghook.h"
#include "training/detail/loop/trainingrun.h"

namespace gs::detail {

// Trains epoch `epoch` (1-based) and leaves run.position.epoch at it. Throws std::runtime_error
// naming the epoch, minibatch and run folder when a step fails (a NaN or exploding loss): the last
// good checkpoint is kept. Honours the job's checkpoint() (cancel, pause) before every minibatch.
void runEpoch(TrainingRun &run, int epoch, const TrainingHooks &hooks);

// The order of the training captions in an epoch (exposed for tests): shuffled by the seed and the
// epoch; with twin batches, the captions of a distractor-twin pair travel together.
std::vector<int> epochOrder(const TrainingData &data, const std::vector<int> &rows, quint64 seed, int epoch, bool twinBatches);

}  // namespace gs::detail
