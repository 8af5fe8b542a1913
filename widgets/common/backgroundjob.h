#pragma once
// A panel's background work as an engine job on the interactive lane (JobLane::Interactive: one
// worker thread, jobs in submission order) or, for a short query on data already in memory, the
// query lane (JobLane::Query), so it shows in the Jobs tab with its progress and can be cancelled
// there. It is the only way a widget runs work off the GUI thread. The callable runs on that worker with the job's JobContext (report progress,
// call checkpoint() between units of work); what it returns comes back on the receiver's thread
// (the GUI thread), and so does its failure or its cancel from the Jobs tab.
//
// One BackgroundJob per kind of work of a panel (opening a run, embedding a split, loading an
// image...): starting it again cancels the job it started before and drops that job's result, as
// do cancel() and destroying the BackgroundJob, which never waits for the engine. Because the lane
// is a single thread that lives as long as the engine, objects that must stay on one thread (a
// parser made on first use inside a model's inspector) stay on it from one job to the next.

#include "engine/enginebridge.h"

#include <QObject>

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace gs {

class BackgroundJob {
public:
  // The results go to `receiver`'s thread (usually the GUI thread) and are dropped once it is gone;
  // a BackgroundJob is usually a member of its receiver. `bridge` must outlive it.
  BackgroundJob(EngineBridge &bridge, QObject *receiver, JobLane lane = JobLane::Interactive);
  ~BackgroundJob(); // cancels the job without waiting for it
  BackgroundJob(const BackgroundJob &) = delete;
  BackgroundJob &operator=(const BackgroundJob &) = delete;

  // Queues `work(JobContext &)` under `name` (the Jobs tab's row). `done(Result)` gets what it
  // returned; `failed(const JobOutcome &)` is called instead when it threw (outcome.error says why)
  // or was cancelled from outside, e.g. the Jobs tab (outcome.status == JobStatus::Cancelled).
  // Neither is called for a job this BackgroundJob cancelled or superseded. Returns the job's id.
  template <typename Work, typename Done, typename Failed>
  JobId start(const QString &name, Work work, Done done, Failed failed);

  // Stops the job (a queued one never starts; a running one at its next checkpoint) and drops what
  // it returns.
  void cancel();
  bool isRunning() const { return m_state->current != 0; } // started here and not delivered yet
  JobId jobId() const { return m_state->current; }          // 0 when none

  // Why a job did not deliver, for a status line: its error, or "cancelled".
  static QString failureText(const JobOutcome &outcome);
  // A sentence as a job's name quotes it: its first 40 characters, so the Jobs tab's row stays one
  // short line.
  static QString quoted(const QString &sentence);

private:
  struct State {
    JobId current = 0; // the job whose result is still wanted
  };
  EngineBridge &m_bridge;
  QObject *m_receiver;
  JobLane m_lane;
  std::shared_ptr<State> m_state; // the posted result checks it, so it needs no pointer to this
};

template <typename Work, typename Done, typename Failed>
JobId BackgroundJob::start(const QString &name, Work work, Done done, Failed failed) {
  using Result = std::decay_t<std::invoke_result_t<Work &, JobContext &>>;
  cancel();
  // The job fills the holder on the engine's thread; the finished signal is queued after the job
  // returned, so reading it on the receiver's thread needs no lock.
  auto holder = std::make_shared<std::optional<Result>>();
  const JobId id = m_bridge.submit(name, [work = std::move(work), holder](JobContext &job) mutable { holder->emplace(work(job)); }, m_lane);
  m_state->current = id;
  auto connection = std::make_shared<QMetaObject::Connection>();
  *connection = QObject::connect(
      &m_bridge, &EngineBridge::finished, m_receiver,
      [id, holder, connection, state = std::weak_ptr<State>(m_state), done = std::move(done),
       failed = std::move(failed)](JobId ended, const QString &, const JobOutcome &outcome) mutable {
        if (ended != id) return;
        QObject::disconnect(*connection);
        const std::shared_ptr<State> alive = state.lock();
        if (!alive || alive->current != id) return; // cancelled here or superseded: stale
        alive->current = 0;
        if (outcome.status == JobStatus::Succeeded && *holder) done(std::move(**holder));
        else failed(outcome);
      });
  return id;
}

}  // namespace gs
