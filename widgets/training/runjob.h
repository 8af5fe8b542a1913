#pragma once
// An engine job that trains for the Training dock, as its Pause, Resume and Stop act on it: the
// job's id while it runs, whether it is paused, the time since it was submitted, and the engine's
// reports about it (started, progress, log lines, the end) handed to the kind of job that
// submitted it: one run with its curves drawn live (LiveRunJob) or one configuration over several
// seeds (SeedRunsJob). It speaks to the dock through signals only: a status line, lines for the
// log, and stateChanged() when the buttons' state may change.

#include "engine/enginebridge.h"

#include <QElapsedTimer>
#include <QObject>

namespace gs {

class RunJob : public QObject {
  Q_OBJECT
public:
  ~RunJob() override;

  JobId id() const { return m_id; } // 0 when none runs
  bool isRunning() const { return m_id != 0; }
  bool isPaused() const { return m_paused; }
  void pause(); // the job holds at its next minibatch
  void resume();
  void stop(); // the job ends at its next minibatch, as cancelled

Q_SIGNALS:
  void status(const QString &text);
  void message(const QString &line);
  void stateChanged();

protected:
  RunJob(EngineBridge &bridge, QObject *parent);

  EngineBridge &bridge() { return m_bridge; }
  void submit(const QString &name, JobFunction work); // on the engine's long lane
  void finish();            // the job ended: none runs
  QString elapsed() const;  // since submit(), as "3 min 05 s"

  virtual void flush() {}       // before a pause or a stop: what arrived so far is shown first
  virtual void restartRate() {} // the job started, paused or resumed: its speed so far is no measure
  // Whether a line the job logs at `level` joins the dock's log.
  virtual bool passes(LogLevel level) const = 0;
  virtual void onProgress(const JobProgress &progress) = 0; // not while paused
  virtual void onFinished(const JobOutcome &outcome) = 0;

private:
  EngineBridge &m_bridge;
  JobId m_id = 0;
  bool m_paused = false;
  QElapsedTimer m_clock;
};

}  // namespace gs
