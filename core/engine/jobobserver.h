#pragma once
// Okular-style observer: the engine talks upward through this plain C++ interface.
// Every callback runs on the engine's worker thread; EngineBridge turns them into
// queued Qt signals for the GUI, the CLI prints them directly.

#include "engine/job.h"

namespace gs {

class JobObserver {
public:
  virtual ~JobObserver() = default;
  virtual void jobStarted(JobId id, const QString &name) { (void)id, (void)name; }
  virtual void jobProgress(JobId id, const JobProgress &progress) { (void)id, (void)progress; }
  virtual void jobLog(JobId id, LogLevel level, const QString &line) { (void)id, (void)level, (void)line; }
  virtual void jobFinished(JobId id, const QString &name, const JobOutcome &outcome) {
    (void)id, (void)name, (void)outcome;
  }
};

}  // namespace gs
