#pragma once
// A small persistent pool for the t-SNE loops (one per runTsne call). parallelFor cuts [0, n) into
// chunks the threads claim from an atomic counter; the caller works too and waits only for chunks
// that were claimed, never for a worker to wake up. On a shared, busy machine a worker the OS has not
// scheduled yet then costs nothing: the caller does its share (spawning threads per call, or a static
// split, made each iteration wait a scheduler time slice). Callers write per-index results, never
// shared accumulators, so the answer is the same for any thread count and any schedule.

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace gs::detail {

// threads ≤ 0 → all cores.
int resolveThreads(int requested);

class ThreadPool {
public:
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  int threads() const { return int(m_workers.size()) + 1; }
  // Calls body(begin, end) on disjoint chunks covering [0, n); rethrows the first exception.
  void parallelFor(int n, const std::function<void(int, int)> &body);

private:
  struct Task;
  void workerLoop();
  static void work(Task &task);

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::shared_ptr<Task> m_task; // the current task; workers copy the pointer under the mutex
  std::uint64_t m_generation = 0;
  bool m_stopping = false;
  std::vector<std::thread> m_workers;
};

}  // namespace gs::detail
