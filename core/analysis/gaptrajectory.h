#pragma once
// The modality gap (modalitygap.h) of a run's recorded sample (runtrajectory.h) at every epoch it
// saved, so a view can show whether training opened or closed the gap between images and
// captions. Torch-free.

#include "analysis/modalitygap.h"

#include <QString>

#include <vector>

namespace gs {

struct GapEpoch {
  int epoch = 0;
  ModalityGap gap;
};

// Every recorded epoch of the run in `runDir`, ascending, scored by `score`. Cost per epoch
// O((I + C)²·dim) on the sample (a few hundred items). Throws RunFolderError naming the file when
// the trajectory cannot be read.
std::vector<GapEpoch> gapTrajectory(const QString &runDir, ScoreKind score, int k = 10);
// The same with the run's own score (scoreKindOf its config).
std::vector<GapEpoch> gapTrajectory(const QString &runDir, int k = 10);

}  // namespace gs
