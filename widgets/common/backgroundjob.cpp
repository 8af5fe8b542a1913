#include "common/backgroundjob.h"

#include <QCoreApplication>

namespace gs {

BackgroundJob::BackgroundJob(EngineBridge &bridge, QObject *receiver, JobLane lane)
    : m_bridge(bridge), m_receiver(receiver), m_lane(lane), m_state(std::make_shared<State>()) {}

BackgroundJob::~BackgroundJob() { cancel(); }

void BackgroundJob::cancel() {
  const JobId id = std::exchange(m_state->current, 0);
  if (id != 0) m_bridge.engine().cancel(id);
}

QString BackgroundJob::failureText(const JobOutcome &outcome) {
  if (outcome.status == JobStatus::Cancelled) return QCoreApplication::translate("gs::BackgroundJob", "cancelled");
  return outcome.error;
}

QString BackgroundJob::quoted(const QString &sentence) {
  constexpr int kShownCharacters = 40;
  return sentence.size() > kShownCharacters ? sentence.left(kShownCharacters) + QChar(0x2026) : sentence;
}

}  // namespace gs
