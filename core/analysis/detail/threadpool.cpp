#include "analysis/detail/threadpool.h"

#include <algorithm>
#include <atomic>
#include <exception>

namespace gs::detail {

int resolveThreads(int requested) {
  if (requested > 0) return requested;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw ? int(hw) : 1;
}

struct ThreadPool::Task {
  std::function<void(int, int)> body;
  int n = 0, chunk = 1, chunks = 0;
  std::atomic<int> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::mutex errorMutex;
  std::exception_ptr error;
};

ThreadPool::ThreadPool(int threads) {
  for (int t = 1; t < resolveThreads(threads); ++t) m_workers.emplace_back([this] { workerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  for (std::thread &w : m_workers) w.join();
}

// Claims chunks until none are left. After a failure the remaining chunks are claimed and counted
// but not run, so `done` still reaches `chunks`.
void ThreadPool::work(Task &task) {
  for (;;) {
    const int c = task.next.fetch_add(1);
    if (c >= task.chunks) return;
    if (!task.failed.load()) {
      try {
        const int begin = c * task.chunk;
        task.body(begin, std::min(task.n, begin + task.chunk));
      } catch (...) {
        std::lock_guard lock(task.errorMutex);
        if (!task.error) task.error = std::current_exception();
        task.failed = true;
      }
    }
    task.done.fetch_add(1, std::memory_order_release);
  }
}

void ThreadPool::workerLoop() {
  std::uint64_t seen = 0;
  for (;;) {
    std::shared_ptr<Task> task;
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [&] { return m_stopping || m_generation != seen; });
      if (m_stopping) return;
      seen = m_generation;
      task = m_task;
    }
    if (task) work(*task); // a late wake-up finds the counter exhausted and does nothing
  }
}

void ThreadPool::parallelFor(int n, const std::function<void(int, int)> &body) {
  if (n <= 0) return;
  if (m_workers.empty()) {
    body(0, n);
    return;
  }
  constexpr int kChunksPerThread = 16; // enough to rebalance around a preempted thread
  auto task = std::make_shared<Task>();
  task->body = body;
  task->n = n;
  task->chunk = std::max(1, n / (threads() * kChunksPerThread));
  task->chunks = (n + task->chunk - 1) / task->chunk;
  {
    std::lock_guard lock(m_mutex);
    m_task = task;
    ++m_generation;
  }
  m_wake.notify_all();
  work(*task);
  while (task->done.load(std::memory_order_acquire) < task->chunks) std::this_thread::yield();
  {
    std::lock_guard lock(m_mutex);
    m_task.reset();
  }
  if (task->error) std::rethrow_exception(task->error);
}

}  // namespace gs::detail
