#pragma once
// This process's resident memory as Linux reports it in /proc/self: the current size, the peak
// (VmHWM) and resetting the peak, so a benchmark can give the peak of each stage on its own.
// Elsewhere every call answers 0 (or false).

#include <atomic>
#include <cstdint>
#include <thread>

namespace gs::runtime {

std::int64_t residentBytes();     // VmRSS
std::int64_t peakResidentBytes(); // VmHWM: the peak since the process started or the last reset
// RssAnon: the memory the process holds itself, without the pages of mapped files (features read
// through their mapping), which the system reads in again when it needs the room.
std::int64_t anonymousResidentBytes();
// Sets the peak to the current size (writes 5 to /proc/self/clear_refs). False where not allowed.
bool resetPeakResident();
// Hands the allocator's free memory back to the system (glibc's malloc_trim), so the resident size
// counts what is held, not what was held once. False where there is nothing to call.
bool releaseFreeMemory();

// The peak of anonymousResidentBytes() from construction to stop(), sampled on a thread of its own
// every `intervalMs` (Linux keeps no high-water mark of it). A peak shorter than the interval can
// be missed.
class AnonymousPeakSampler {
public:
  explicit AnonymousPeakSampler(int intervalMs = 5);
  ~AnonymousPeakSampler();
  AnonymousPeakSampler(const AnonymousPeakSampler &) = delete;
  AnonymousPeakSampler &operator=(const AnonymousPeakSampler &) = delete;
  std::int64_t stop(); // the peak; later calls give the same

private:
  std::atomic<bool> m_stop{false};
  std::atomic<std::int64_t> m_peak{0};
  std::thread m_thread;
};

}  // namespace gs::runtime
