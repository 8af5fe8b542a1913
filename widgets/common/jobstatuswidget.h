#pragma once
// The status-bar strip that follows the engine's current job: name and message, a progress
// bar (busy indicator while the total is unknown), items/s, and a cancel button.

#include "engine/enginebridge.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace gs {

class JobStatusWidget : public QWidget {
  Q_OBJECT
public:
  explicit JobStatusWidget(EngineBridge &bridge, QWidget *parent = nullptr);

  // For tests and the main window: the job shown now (0: none).
  JobId shownJob() const { return m_job; }
  int progressValue() const;
  QString text() const;

private:
  void onStarted(JobId id, const QString &name);
  void onProgress(JobId id, const JobProgress &progress);
  void onFinished(JobId id, const QString &name, const JobOutcome &outcome);

  EngineBridge &m_bridge;
  JobId m_job = 0;
  QString m_name;
  QLabel *m_label;
  QProgressBar *m_bar;
  QToolButton *m_cancel;
};

}  // namespace gs
