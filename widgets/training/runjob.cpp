#include "training/runjob.h"

#include "training/runs/runcurves.h"

namespace gs {

RunJob::RunJob(EngineBridge &bridge, QObject *parent) : QObject(parent), m_bridge(bridge) {
  connect(&m_bridge, &EngineBridge::started, this, [this](JobId id, const QString &) {
    if (id == m_id) restartRate();
  });
  connect(&m_bridge, &EngineBridge::logLine, this, [this](JobId id, LogLevel level, const QString &line) {
    if (id == m_id && passes(level)) Q_EMIT message(line);
  });
  connect(&m_bridge, &EngineBridge::progressChanged, this, [this](JobId id, const JobProgress &progress) {
    if (id == m_id && !m_paused) onProgress(progress);
  });
  connect(&m_bridge, &EngineBridge::finished, this, [this](JobId id, const QString &, const JobOutcome &outcome) {
    if (id == m_id) onFinished(outcome);
  });
}

RunJob::~RunJob() = default;

void RunJob::submit(const QString &name, JobFunction work) {
  m_id = m_bridge.submit(name, std::move(work));
  m_paused = false;
  m_clock.start();
}

void RunJob::finish() {
  m_id = 0;
  m_paused = false;
}

QString RunJob::elapsed() const { return RateEstimator::formatDuration(m_clock.elapsed() / 1000.0); }

void RunJob::pause() {
  if (m_id == 0 || m_paused) return;
  flush(); // what happened before the pause is logged before it
  m_bridge.engine().pause(m_id);
  m_paused = true;
  restartRate(); // the time paused is no measure of speed
  Q_EMIT status(tr("Paused (the job holds at its next minibatch)"));
  Q_EMIT message(tr("Paused"));
  Q_EMIT stateChanged();
}

void RunJob::resume() {
  if (m_id == 0 || !m_paused) return;
  m_bridge.engine().resume(m_id);
  m_paused = false;
  restartRate();
  Q_EMIT message(tr("Resumed"));
  Q_EMIT stateChanged();
}

void RunJob::stop() {
  if (m_id == 0) return;
  flush();
  m_bridge.engine().cancel(m_id);
  Q_EMIT message(tr("Stopping…"));
}

}  // namespace gs
