#pragma once
// The epoch picked on the Training dock's curves. A click or drag on a plot picks the nearest epoch
// of the run under the pointer (on the loss plot, the epoch of the nearest minibatch) as the
// workbench's picked epoch (WorkbenchState::pickEpoch), which every view follows; here a cursor
// marks it on both plots and the "At epoch k" table lists every checked run's figures at it.

#include "training/trainingplots.h"

#include <QObject>

namespace gs {

class AtEpochTable;
class RunList;
class WorkbenchState;

class EpochPicker : public QObject {
  Q_OBJECT
public:
  // The table is the dock's, shown when an epoch is picked; the runs are those of `runs`.
  EpochPicker(WorkbenchState &state, TrainingPlots &plots, AtEpochTable &table, const RunList &runs, QObject *parent = nullptr);

  // The nearest epoch to x of run `runId` (or, when it is not drawn, of the selected or the first
  // checked run) becomes the workbench's picked epoch. Returns that epoch, 0 when no shown run has one.
  int pickAt(TrainingPlots::Plot which, double x, int runId = -1);
  // Refills the table from the runs as they are now; reveal: show it even when the user closed it.
  void refresh(bool reveal);

private:
  void onEpochPicked(const QString &runDir, int epoch);

  WorkbenchState &m_state;
  TrainingPlots &m_plots;
  AtEpochTable &m_table;
  const RunList &m_runs;
};

}  // namespace gs
