#pragma once
// One run trained as an engine job (makeTrainingJob: prepare the training data, then train) with
// its curves drawn as they arrive: the job pushes its minibatches and epochs into a TrainingInbox,
// which is drained at most ten times a second into the run's entry of the RunList. Each epoch gets
// a line in the log, and the status line says where the run is, how fast it goes and when it
// should end. A stopped run keeps the checkpoint of its last whole epoch, so Start with the same
// folder resumes it.

#include "training/runjob.h"
#include "training/runs/runcurves.h"
#include "training/trainingjob.h"

#include <memory>

class QTimer;

namespace gs {

class RunList;

class LiveRunJob : public RunJob {
  Q_OBJECT
public:
  LiveRunJob(EngineBridge &bridge, RunList &runs, QObject *parent = nullptr);
  ~LiveRunJob() override;

  // Trains request.config into request.runDir (resuming the run there when request.resume); the
  // run joins the list, or its entry there grows, and is selected.
  void start(TrainingRequest request);

Q_SIGNALS:
  // The job ended, its last curves drawn and its outcome logged.
  void ended(const QString &runDir, JobStatus status);

protected:
  void flush() override { drainInbox(); }
  void restartRate() override { m_rate.reset(); }
  bool passes(LogLevel level) const override;
  void onProgress(const JobProgress &progress) override;
  void onFinished(const JobOutcome &outcome) override;

private:
  void drainInbox();
  void logEpoch(const EpochEvent &e, int epochsPlanned);
  void showSpeed(const BatchEvent &last, int epochsPlanned);
  void logOutcome(const JobOutcome &outcome);

  RunList &m_runs;
  QTimer *m_drainTimer;
  std::shared_ptr<TrainingInbox> m_inbox;
  RateEstimator m_rate;
  QString m_runDir;
  bool m_liveBatches = false; // the job reached its first minibatch
};

}  // namespace gs
