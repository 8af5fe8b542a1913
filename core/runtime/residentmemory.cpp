#include "runtime/residentmemory.h"

#include <QFile>

#include <algorithm>
#include <chrono>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace gs::runtime {

namespace {

// A "Name:   1234 kB" line of /proc/self/status, in bytes.
std::int64_t statusField(const char *name) {
  QFile status(QStringLiteral("/proc/self/status"));
  if (!status.open(QIODevice::ReadOnly)) return 0;
  for (const QByteArray &line : status.readAll().split('\n'))
    if (line.startsWith(name)) return line.mid(int(qstrlen(name))).trimmed().split(' ').value(0).toLongLong() * 1024;
  return 0;
}

}  // namespace

std::int64_t residentBytes() { return statusField("VmRSS:"); }

std::int64_t peakResidentBytes() { return statusField("VmHWM:"); }

std::int64_t anonymousResidentBytes() { return statusField("RssAnon:"); }

AnonymousPeakSampler::AnonymousPeakSampler(int intervalMs) : m_peak(anonymousResidentBytes()) {
  m_thread = std::thread([this, intervalMs] {
    while (!m_stop.load()) {
      const std::int64_t now = anonymousResidentBytes();
      if (now > m_peak.load()) m_peak.store(now);
      std::this_thread::sleep_for(std::chrono::milliseconds(intervalMs));
    }
  });
}

AnonymousPeakSampler::~AnonymousPeakSampler() { stop(); }

std::int64_t AnonymousPeakSampler::stop() {
  if (m_thread.joinable()) {
    m_stop.store(true);
    m_thread.join();
    m_peak.store(std::max(m_peak.load(), anonymousResidentBytes()));
  }
  return m_peak.load();
}

bool resetPeakResident() {
  QFile clear(QStringLiteral("/proc/self/clear_refs"));
  return clear.open(QIODevice::WriteOnly) && clear.write("5") == 1;
}

bool releaseFreeMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
  return true;
#else
  return false;
#endif
}

}  // namespace gs::runtime
