#include "engine/jobcontext.h"

#include "engine/engine.h"

#include <algorithm>

namespace gs {

JobContext::JobContext(Engine &engine, JobId id, int progressIntervalMs)
    : m_engine(engine), m_id(id), m_progressIntervalMs(progressIntervalMs) {
  m_sinceStart.start();
  m_sinceReport.start();
}

bool JobContext::isCancelled() const { return m_engine.cancelled(m_id); }

void JobContext::checkpoint() {
  if (isCancelled()) throw JobCancelled();
  m_engine.waitWhilePaused(m_id);
  if (isCancelled()) throw JobCancelled();
}

void JobContext::setProgress(double fraction, const QString &message) {
  JobProgress progress;
  progress.fraction = fraction < 0 ? -1.0 : std::min(fraction, 1.0);
  progress.message = message;
  report(progress);
}

void JobContext::setItemProgress(qint64 done, qint64 total, const QString &message) {
  JobProgress progress;
  progress.fraction = total > 0 ? std::min(1.0, double(done) / double(total)) : -1.0;
  progress.message = message;
  const double seconds = m_sinceStart.nsecsElapsed() / 1e9;
  progress.itemsPerSecond = seconds > 0 ? double(done) / seconds : 0.0;
  report(progress);
}

void JobContext::report(const JobProgress &progress) {
  const bool final = progress.fraction >= 1.0;
  if (m_reportedOnce && !final && m_sinceReport.elapsed() < m_progressIntervalMs) return;
  m_reportedOnce = true;
  m_sinceReport.restart();
  m_engine.notifyProgress(m_id, progress);
}

void JobContext::log(const QString &line, LogLevel level) { m_engine.notifyLog(m_id, level, line); }

}  // namespace gs
