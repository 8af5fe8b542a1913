#pragma once
// The Map's epoch slider: the trajectory sample's vectors before training and after every epoch
// (TrajectoryRecorder). Each epoch's file is written before the epoch's checkpoint, so a run
// killed between the two redoes the epoch and rewrites the same file.

#include "training/detail/loop/traininghook.h"
#include "training/detail/trajectoryrecorder.h"

namespace gs::detail {

class TrajectoryHook final : public TrainingHook {
public:
  TrajectoryHook(const TrainingData &data, int sampleSize, const QString &runDir) : m_recorder(data, sampleSize, runDir) {}
  void beginTraining(TrainingRun &run) override; // epoch 0, for a run that has not trained yet
  void endEpoch(TrainingRun &run, EpochEvent &epoch) override;

private:
  TrajectoryRecorder m_recorder;
};

}  // namespace gs::detail
