#pragma once
// The engine: three worker threads, one per JobLane, each running its lane's jobs in submission
// order. It is the only way the GUI and the CLI start long work (training, feature extraction,
// parsing, t-SNE), so that work never runs on the GUI thread, always reports progress and can
// always be cancelled; interactive jobs do not wait behind a training run.

#include "engine/job.h"
#include "engine/jobobserver.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace gs {

class JobContext;

class Engine {
public:
  Engine();
  // Cancels the running and queued jobs and joins the worker.
  ~Engine();
  Engine(const Engine &) = delete;
  Engine &operator=(const Engine &) = delete;

  // Queues a job on its lane; a lane runs its jobs one at a time in submission order. Thread-safe.
  JobId submit(const QString &name, JobFunction function, JobLane lane = JobLane::Long);

  // Cancels a queued job (it never starts) or asks a running one to stop at its next checkpoint.
  void cancel(JobId id);
  void cancelAll();
  // Pausing holds the running job at its next checkpoint until resume() or cancel().
  void pause(JobId id);
  void resume(JobId id);
  bool isPaused(JobId id) const;

  // The job running now, if any (the long lane's first, then the interactive and the query lane's).
  std::optional<JobId> currentJob() const;
  // Every job queued or running, then the most recent finished ones (newest first), for a job list.
  std::vector<JobInfo> jobs(int finished = 20) const;
  QString jobName(JobId id) const;
  int pendingCount() const; // queued + running

  // Blocks until the job finished and returns its outcome (timeoutMs < 0: wait forever).
  std::optional<JobOutcome> wait(JobId id, int timeoutMs = -1);
  bool waitForIdle(int timeoutMs = -1);

  // Observers are called on the worker thread; remove one before destroying it.
  void addObserver(JobObserver *observer);
  void removeObserver(JobObserver *observer);

  // Minimum time between two progress reports of one job (default 50 ms; 0 reports all).
  void setProgressInterval(int milliseconds) { m_progressIntervalMs = milliseconds; }

private:
  friend class JobContext;
  struct Entry;

  struct Lane;
  void run(Lane &lane);
  void runOne(const std::shared_ptr<Entry> &entry);
  std::shared_ptr<Entry> find(JobId id) const;
  // Called by JobContext on the worker thread.
  bool cancelled(JobId id) const;
  void waitWhilePaused(JobId id);
  void notifyProgress(JobId id, const JobProgress &progress);
  void notifyLog(JobId id, LogLevel level, const QString &line);

  mutable std::mutex m_mutex;
  std::condition_variable m_changed;
  struct Lane {
    std::deque<std::shared_ptr<Entry>> queue;
    std::shared_ptr<Entry> current;
    std::thread worker;
  };
  Lane m_lanes[kJobLaneCount]; // indexed by JobLane
  std::vector<std::shared_ptr<Entry>> m_finished; // kept for wait(); bounded
  JobId m_nextId = 1;
  bool m_stopping = false;

  std::mutex m_observerMutex; // held while observers run, so removeObserver() waits them out
  std::vector<JobObserver *> m_observers;

  int m_progressIntervalMs = 50;
};

}  // namespace gs
