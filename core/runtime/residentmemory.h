#pragma once
// This process's resident memory as Linux reports it in /proc/self: the current size, the peak
// (VmHWM) and resetting the peak, so a benchmark can give the peak of each stage on its own.
// Elsewhere every call answers 0 (or false).

#include <cstdint>

namespace gs::runtime {

std::int64_t residentBytes();     // VmRSS
std::int64_t peakResidentBytes(); // VmHWM: the peak since the process started or the last reset
// Sets the peak to the current size (writes 5 to /proc/self/clear_refs). False where not allowed.
bool resetPeakResident();
// Hands the allocator's free memory back to the system (glibc's malloc_trim), so the resident size
// counts what is held, not what was held once. False where there is nothing to call.
bool releaseFreeMemory();

}  // namespace gs::runtime
