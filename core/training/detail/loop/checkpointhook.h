#pragma once
// Select and checkpoint after every epoch: the epoch's model becomes the kept one (model-best.pt)
// when the run's selection rule scores it highest so far; a cyclic schedule also keeps a snapshot
// at each minimum of its learning rate (Merkx & Frank §3.3); then the epoch joins the history and
// the last checkpoint (model, optimiser, position) and metrics.json are written, each atomically.

#include "training/detail/loop/traininghook.h"
#include "training/trainconfig.h"

namespace gs::detail {

class CheckpointHook final : public TrainingHook {
public:
  // Whether `epoch` replaces the kept model, given its selection score and the best so far.
  static bool isBest(const TrainConfig &config, int epoch, double score, double bestScore);
  void endEpoch(TrainingRun &run, EpochEvent &epoch) override;
};

}  // namespace gs::detail
