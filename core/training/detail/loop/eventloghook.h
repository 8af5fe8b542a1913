#pragma once
// The run's minibatch events: one line of events.jsonl per minibatch (appended, so a resumed
// run's file holds every step), flushed at the end of each epoch, and the caller's onBatch.

#include "training/detail/loop/traininghook.h"

#include <QFile>

#include <functional>

namespace gs::detail {

class EventLogHook final : public TrainingHook {
public:
  // Opens `file` for appending; throws std::runtime_error naming it when it cannot be written.
  EventLogHook(const QString &file, std::function<void(const BatchEvent &)> onBatch);
  void endBatch(TrainingRun &run, const BatchEvent &batch) override;
  void endEpoch(TrainingRun &run, EpochEvent &epoch) override;

private:
  QFile m_log;
  std::function<void(const BatchEvent &)> m_onBatch;
};

}  // namespace gs::detail
