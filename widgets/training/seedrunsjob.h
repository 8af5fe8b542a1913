#pragma once
// Train over seeds…: the setup's configuration trained once per seed as one engine job (core's
// runComparison with one row per seed, so the data is prepared once), each run into a folder of
// its own under seedsFolder(), one after the other. The runs join the RunList as they finish and
// draw as one seed group; a seed that fails is logged and the others go on.

#include "training/runjob.h"

#include <QStringList>

#include <vector>

namespace gs {

class RunList;
class TrainingSetup;
class WorkbenchState;

class SeedRunsJob : public RunJob {
  Q_OBJECT
public:
  SeedRunsJob(EngineBridge &bridge, const TrainingSetup &setup, const WorkbenchState &state, RunList &runs,
              QObject *parent = nullptr);

  // Trains the setup's configuration once per seed (at least two, positive, none twice), each run
  // into seedsFolder()/<model>-e<epochs>-s<seed>. false with a logged reason when the seeds, the
  // form, the dataset or the folder are not usable, or a job of this kind runs.
  bool start(const std::vector<quint64> &seeds);
  QString seedsFolder() const; // beside the output folder: "<output folder>-seeds"

Q_SIGNALS:
  void ended(JobStatus status);

protected:
  // No live curves here: the job's own lines are all there is to read.
  bool passes(LogLevel) const override { return true; }
  void onProgress(const JobProgress &progress) override;
  void onFinished(const JobOutcome &outcome) override;

private:
  void openFinishedRuns(); // the runs that finished since the last look
  void logOutcome(const JobOutcome &outcome);

  const TrainingSetup &m_setup;
  const WorkbenchState &m_state;
  RunList &m_runs;
  // The job's run folders, in seed order, and which of them the list has not opened yet (both
  // empty while no job runs).
  QStringList m_runDirs, m_pending;
};

}  // namespace gs
