#pragma once
// What a running job sees of the engine: report progress and log lines, hand back a result,
// and check for cancel/pause between units of work (Tiled's interruption-flag habit).

#include "engine/job.h"

#include <QElapsedTimer>

#include <atomic>
#include <stdexcept>

namespace gs {

class Engine;

// Thrown by JobContext::checkpoint() when the job was cancelled; the engine turns it into
// a Cancelled outcome. Jobs need not catch it.
class JobCancelled : public std::runtime_error {
public:
  JobCancelled() : std::runtime_error("job cancelled") {}
};

class JobContext {
public:
  JobContext(Engine &engine, JobId id, int progressIntervalMs);

  JobId id() const { return m_id; }

  // True once cancel() was called for this job. Cheap: an atomic load.
  bool isCancelled() const;
  // Between units of work: throws JobCancelled when cancelled, blocks while paused.
  void checkpoint();

  // Progress as a fraction in [0,1] (negative: unknown) with a message. Reports are
  // rate-limited to one per progress interval, except the final one (fraction >= 1).
  void setProgress(double fraction, const QString &message);
  // Progress as items done of total; items/s is measured from the job's start.
  void setItemProgress(qint64 done, qint64 total, const QString &message);

  void log(const QString &line, LogLevel level = LogLevel::Info);
  void warn(const QString &line) { log(line, LogLevel::Warning); }

  void setSummary(const QJsonObject &summary) { m_outcome.summary = summary; }
  void setValue(const QVariant &value) { m_outcome.value = value; }

  // For the engine.
  JobOutcome &outcome() { return m_outcome; }

private:
  void report(const JobProgress &progress);

  Engine &m_engine;
  JobId m_id;
  int m_progressIntervalMs;
  QElapsedTimer m_sinceStart;
  QElapsedTimer m_sinceReport;
  bool m_reportedOnce = false;
  JobOutcome m_outcome;
};

}  // namespace gs
