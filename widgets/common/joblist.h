#pragma once
// The engine's jobs as a list the user can act on: every queued and running job of both lanes
// (training and other long work; interactive work such as maps, opening datasets and region
// scoring) and the recent finished ones, each with its state, progress and message; Cancel stops
// the selected job, Cancel all every one. The status bar follows one job; this shows them all.

#include "engine/enginebridge.h"

#include <QHash>
#include <QWidget>

class QPushButton;
class QTimer;
class QTreeWidget;

namespace gs {

class JobList : public QWidget {
  Q_OBJECT
public:
  explicit JobList(EngineBridge &bridge, QWidget *parent = nullptr);

  // Rebuilds the rows from the engine now (a timer does it while the list is visible).
  void refresh();
  // The row's text of a job: "name — state — progress — message" (tests).
  QString rowText(JobId id) const;

private:
  EngineBridge &m_bridge;
  QTreeWidget *m_tree;
  QPushButton *m_cancel, *m_cancelAll;
  QTimer *m_timer;
  QHash<JobId, JobProgress> m_progress; // the last report of each job
};

}  // namespace gs
