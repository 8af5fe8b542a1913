#include "common/logview.h"

#include <QTime>

namespace gs {

LogView::LogView(EngineBridge &bridge, QWidget *parent) : QPlainTextEdit(parent) {
  setReadOnly(true);
  setMaximumBlockCount(kMaxBlocks);
  setObjectName(QStringLiteral("logView"));
  setAccessibleName(tr("Engine log"));
  connect(&bridge, &EngineBridge::started, this,
          [this](JobId, const QString &name) { appendLine(LogLevel::Info, tr("started: %1").arg(name)); });
  connect(&bridge, &EngineBridge::logLine, this,
          [this](JobId, LogLevel level, const QString &line) { appendLine(level, line); });
  connect(&bridge, &EngineBridge::finished, this, [this](JobId, const QString &name, const JobOutcome &outcome) {
    switch (outcome.status) {
    case JobStatus::Failed:
      appendLine(LogLevel::Error, tr("%1 failed: %2").arg(name, outcome.error));
      break;
    case JobStatus::Cancelled:
      appendLine(LogLevel::Warning, tr("%1 cancelled").arg(name));
      break;
    default:
      appendLine(LogLevel::Info, tr("%1 finished in %2 s").arg(name).arg(outcome.seconds, 0, 'f', 2));
    }
  });
}

void LogView::appendLine(LogLevel level, const QString &line) {
  const QString time = QTime::currentTime().toString(QStringLiteral("HH:mm:ss"));
  QString colour;
  if (level == LogLevel::Warning) colour = QStringLiteral("#b36b00");
  if (level == LogLevel::Error) colour = QStringLiteral("#c0392b");
  const QString escaped = line.toHtmlEscaped();
  appendHtml(colour.isEmpty() ? QStringLiteral("%1 %2").arg(time, escaped)
                              : QStringLiteral("%1 <span style=\"color:%2\">%3</span>").arg(time, colour, escaped));
}

}  // namespace gs
