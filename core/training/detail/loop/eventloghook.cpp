#include "training/detail/loop/eventloghook.h"

#include <QJsonDocument>

#include <stdexcept>

namespace gs::detail {

EventLogHook::EventLogHook(const QString &file, std::function<void(const BatchEvent &)> onBatch)
    : m_log(file), m_onBatch(std::move(onBatch)) {
  if (!m_log.open(QIODevice::Append | QIODevice::Text))
    throw std::runtime_error(QStringLiteral("%1: cannot write: %2").arg(m_log.fileName(), m_log.errorString()).toStdString());
}

void EventLogHook::endBatch(TrainingRun &, const BatchEvent &batch) {
  m_log.write(QJsonDocument(batch.toJson()).toJson(QJsonDocument::Compact) + '\n');
  if (m_onBatch) m_onBatch(batch);
}

void EventLogHook::endEpoch(TrainingRun &, EpochEvent &) { m_log.flush(); }

}  // namespace gs::detail
