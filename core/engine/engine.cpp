#include "engine/engine.h"

#include "engine/jobcontext.h"
#include "runtime/runtime.h"

#include <QElapsedTimer>

#include <algorithm>
#include <atomic>
#include <chrono>

namespace gs {

namespace {
constexpr std::size_t kFinishedKept = 256; // outcomes kept for wait(); older ones are dropped
}

QString statusName(JobStatus status) {
  switch (status) {
  case JobStatus::Queued: return QStringLiteral("queued");
  case JobStatus::Running: return QStringLiteral("running");
  case JobStatus::Succeeded: return QStringLiteral("succeeded");
  case JobStatus::Failed: return QStringLiteral("failed");
  case JobStatus::Cancelled: return QStringLiteral("cancelled");
  }
  return QStringLiteral("unknown");
}

struct Engine::Entry {
  JobId id = 0;
  QString name;
  JobLane lane = JobLane::Long;
  JobFunction function;
  std::atomic<bool> cancelled{false};
  std::atomic<bool> paused{false};
  JobStatus status = JobStatus::Queued; // guarded by Engine::m_mutex
  JobOutcome outcome;                   // valid once status is final
};

Engine::Engine() {
  // The workers start once every member exists; m_lanes is indexed by JobLane.
  for (Lane &lane : m_lanes) lane.worker = std::thread([this, &lane] { run(lane); });
}

Engine::~Engine() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
    for (Lane &lane : m_lanes) {
      for (auto &entry : lane.queue) entry->cancelled = true;
      if (lane.current) lane.current->cancelled = true;
    }
  }
  m_changed.notify_all();
  for (Lane &lane : m_lanes) lane.worker.join();
}

JobId Engine::submit(const QString &name, JobFunction function, JobLane lane) {
  auto entry = std::make_shared<Entry>();
  entry->name = name;
  entry->function = std::move(function);
  entry->lane = lane;
  JobId id;
  {
    std::lock_guard lock(m_mutex);
    id = entry->id = m_nextId++;
    m_lanes[static_cast<int>(lane)].queue.push_back(entry);
  }
  m_changed.notify_all();
  return id;
}

std::shared_ptr<Engine::Entry> Engine::find(JobId id) const {
  // Caller holds m_mutex.
  for (const Lane &lane : m_lanes) {
    if (lane.current && lane.current->id == id) return lane.current;
    for (const auto &entry : lane.queue)
      if (entry->id == id) return entry;
  }
  for (const auto &entry : m_finished)
    if (entry->id == id) return entry;
  return nullptr;
}

void Engine::cancel(JobId id) {
  {
    std::lock_guard lock(m_mutex);
    if (auto entry = find(id)) entry->cancelled = true;
  }
  m_changed.notify_all(); // wakes a paused job so it can see the cancel
}

void Engine::cancelAll() {
  {
    std::lock_guard lock(m_mutex);
    for (Lane &lane : m_lanes) {
      for (auto &entry : lane.queue) entry->cancelled = true;
      if (lane.current) lane.current->cancelled = true;
    }
  }
  m_changed.notify_all();
}

void Engine::pause(JobId id) {
  std::lock_guard lock(m_mutex);
  if (auto entry = find(id)) entry->paused = true;
}

void Engine::resume(JobId id) {
  {
    std::lock_guard lock(m_mutex);
    if (auto entry = find(id)) entry->paused = false;
  }
  m_changed.notify_all();
}

bool Engine::isPaused(JobId id) const {
  std::lock_guard lock(m_mutex);
  auto entry = find(id);
  return entry && entry->paused;
}

std::optional<JobId> Engine::currentJob() const {
  std::lock_guard lock(m_mutex);
  for (const Lane &lane : m_lanes)
    if (lane.current) return lane.current->id;
  return std::nullopt;
}

std::vector<JobInfo> Engine::jobs(int finished) const {
  std::lock_guard lock(m_mutex);
  std::vector<JobInfo> list;
  const auto info = [](const std::shared_ptr<Entry> &e) { return JobInfo{e->id, e->name, e->lane, e->status}; };
  for (const Lane &lane : m_lanes)
    if (lane.current) list.push_back(info(lane.current));
  for (const Lane &lane : m_lanes)
    for (const auto &entry : lane.queue) list.push_back(info(entry));
  for (auto it = m_finished.rbegin(); it != m_finished.rend() && finished-- > 0; ++it) list.push_back(info(*it));
  return list;
}

QString Engine::jobName(JobId id) const {
  std::lock_guard lock(m_mutex);
  auto entry = find(id);
  return entry ? entry->name : QString();
}

int Engine::pendingCount() const {
  std::lock_guard lock(m_mutex);
  int count = 0;
  for (const Lane &lane : m_lanes) count += int(lane.queue.size()) + (lane.current ? 1 : 0);
  return count;
}

std::optional<JobOutcome> Engine::wait(JobId id, int timeoutMs) {
  std::unique_lock lock(m_mutex);
  auto entry = find(id);
  if (!entry) return std::nullopt;
  auto done = [&] {
    return entry->status != JobStatus::Queued && entry->status != JobStatus::Running;
  };
  if (timeoutMs < 0) m_changed.wait(lock, done);
  else if (!m_changed.wait_for(lock, std::chrono::milliseconds(timeoutMs), done)) return std::nullopt;
  return entry->outcome;
}

bool Engine::waitForIdle(int timeoutMs) {
  std::unique_lock lock(m_mutex);
  auto idle = [&] {
    for (const Lane &lane : m_lanes)
      if (!lane.queue.empty() || lane.current) return false;
    return true;
  };
  if (timeoutMs < 0) {
    m_changed.wait(lock, idle);
    return true;
  }
  return m_changed.wait_for(lock, std::chrono::milliseconds(timeoutMs), idle);
}

void Engine::addObserver(JobObserver *observer) {
  std::lock_guard lock(m_observerMutex);
  m_observers.push_back(observer);
}

void Engine::removeObserver(JobObserver *observer) {
  std::lock_guard lock(m_observerMutex);
  m_observers.erase(std::remove(m_observers.begin(), m_observers.end(), observer), m_observers.end());
}

void Engine::run(Lane &lane) {
  // LibTorch's thread settings are per thread under OpenMP: apply them to this worker too.
  runtime::initialiseThisThread();
  for (;;) {
    std::shared_ptr<Entry> entry;
    {
      std::unique_lock lock(m_mutex);
      m_changed.wait(lock, [&] { return m_stopping || !lane.queue.empty(); });
      if (lane.queue.empty()) return; // stopping and nothing left to report
      entry = lane.queue.front();
      lane.queue.pop_front();
      lane.current = entry;
      entry->status = JobStatus::Running;
    }
    runOne(entry);
    {
      std::lock_guard lock(m_mutex);
      lane.current.reset();
      m_finished.push_back(entry);
      if (m_finished.size() > kFinishedKept) m_finished.erase(m_finished.begin());
    }
    m_changed.notify_all();
  }
}

void Engine::runOne(const std::shared_ptr<Entry> &entry) {
  JobContext context(*this, entry->id, m_progressIntervalMs);
  QElapsedTimer clock;
  clock.start();
  JobOutcome &outcome = context.outcome();

  if (entry->cancelled) {
    outcome.status = JobStatus::Cancelled; // cancelled while queued: never started
  } else {
    {
      std::lock_guard lock(m_observerMutex);
      for (auto *observer : m_observers) observer->jobStarted(entry->id, entry->name);
    }
    try {
      entry->function(context);
      outcome.status = entry->cancelled ? JobStatus::Cancelled : JobStatus::Succeeded;
    } catch (const JobCancelled &) {
      outcome.status = JobStatus::Cancelled;
    } catch (const std::exception &error) {
      outcome.status = JobStatus::Failed;
      outcome.error = QString::fromUtf8(error.what());
    } catch (...) {
      outcome.status = JobStatus::Failed;
      outcome.error = QStringLiteral("unknown exception (not derived from std::exception)");
    }
  }
  outcome.seconds = clock.elapsed() / 1000.0;
  entry->function = nullptr; // release what the job captured now, not when the entry is dropped

  {
    std::lock_guard lock(m_mutex);
    entry->outcome = outcome;
    entry->status = outcome.status;
  }
  std::lock_guard lock(m_observerMutex);
  for (auto *observer : m_observers) observer->jobFinished(entry->id, entry->name, outcome);
}

bool Engine::cancelled(JobId id) const {
  std::lock_guard lock(m_mutex);
  auto entry = find(id);
  return !entry || entry->cancelled;
}

void Engine::waitWhilePaused(JobId id) {
  std::unique_lock lock(m_mutex);
  auto entry = find(id);
  if (!entry) return;
  m_changed.wait(lock, [&] { return !entry->paused || entry->cancelled; });
}

void Engine::notifyProgress(JobId id, const JobProgress &progress) {
  std::lock_guard lock(m_observerMutex);
  for (auto *observer : m_observers) observer->jobProgress(id, progress);
}

void Engine::notifyLog(JobId id, LogLevel level, const QString &line) {
  std::lock_guard lock(m_observerMutex);
  for (auto *observer : m_observers) observer->jobLog(id, level, line);
}

}  // namespace gs
