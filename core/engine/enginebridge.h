#pragma once
// The Qt adapter over the engine's plain observer interface: every callback from the worker
// thread is re-emitted as a signal on the thread that owns the bridge (the GUI thread), so
// widgets can connect to it like to any other QObject. Also a convenient control surface.

#include "engine/engine.h"

#include <QObject>

#include <memory>
#include <optional>

namespace gs {

class EngineBridge : public QObject, public JobObserver {
  Q_OBJECT
public:
  explicit EngineBridge(Engine &engine, QObject *parent = nullptr);
  ~EngineBridge() override;

  Engine &engine() { return m_engine; }

  JobId submit(const QString &name, JobFunction function, JobLane lane = JobLane::Long) {
    return m_engine.submit(name, std::move(function), lane);
  }

  // Runs `work` as a job and calls `done` on this bridge's thread when it ends, with the outcome and
  // what `work` returned (empty unless it succeeded). `done` is dropped when `context` is gone.
  // The result travels in a holder the job fills on the engine's thread; the finished signal is
  // queued after the job returned, so reading it in `done` needs no lock.
  template <typename Result, typename Work, typename Done>
  JobId submitThen(QObject *context, const QString &name, Work work, Done done, JobLane lane = JobLane::Long) {
    auto holder = std::make_shared<std::optional<Result>>();
    const JobId id = submit(name, [work = std::move(work), holder](JobContext &job) { holder->emplace(work(job)); }, lane);
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(this, &EngineBridge::finished, context,
                          [id, holder, connection, done = std::move(done)](JobId ended, const QString &, const JobOutcome &outcome) {
                            if (ended != id) return;
                            QObject::disconnect(*connection);
                            done(outcome, outcome.status == JobStatus::Succeeded ? std::move(*holder) : std::nullopt);
                          });
    return id;
  }

  // The interactive lane (JobLane::Interactive): opening a dataset or run, a map, region scoring.
  JobId submitInteractive(const QString &name, JobFunction function) { return submit(name, std::move(function), JobLane::Interactive); }
  // The query lane (JobLane::Query): short queries on data in memory (one caption's parse, a
  // neighbour search), which must not wait behind a layout on the interactive lane.
  JobId submitQuery(const QString &name, JobFunction function) { return submit(name, std::move(function), JobLane::Query); }
  template <typename Result, typename Work, typename Done>
  JobId submitInteractiveThen(QObject *context, const QString &name, Work work, Done done) {
    return submitThen<Result>(context, name, std::move(work), std::move(done), JobLane::Interactive);
  }

public Q_SLOTS:
  void cancelCurrent();
  void cancelAll() { m_engine.cancelAll(); }

Q_SIGNALS:
  void started(gs::JobId id, const QString &name);
  void progressChanged(gs::JobId id, const gs::JobProgress &progress);
  void logLine(gs::JobId id, gs::LogLevel level, const QString &line);
  void finished(gs::JobId id, const QString &name, const gs::JobOutcome &outcome);

private:
  // JobObserver, on the worker thread.
  void jobStarted(JobId id, const QString &name) override;
  void jobProgress(JobId id, const JobProgress &progress) override;
  void jobLog(JobId id, LogLevel level, const QString &line) override;
  void jobFinished(JobId id, const QString &name, const JobOutcome &outcome) override;

  Engine &m_engine;
};

}  // namespace gs
