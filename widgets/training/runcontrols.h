#pragma once
// The Training dock's row of controls: the button that folds the settings column away (the dock
// is often narrow), Start, Train over seeds…, Pause, Resume and Stop. The row only shows and asks:
// the dock says which controls apply (setState) and acts on their signals.

#include <QWidget>

class QAction;
class QPushButton;
class QToolButton;

namespace gs {

class RunControls : public QWidget {
  Q_OBJECT
public:
  explicit RunControls(QWidget *parent = nullptr);

  QPushButton *startButton() const { return m_start; }
  QPushButton *stopButton() const { return m_stop; }
  // running: a job trains (Pause or Resume by `paused`, and Stop apply); haveData: Start has data
  // to train on, its tooltip says what is missing otherwise; haveDataset: the seeds need the open
  // dataset.
  void setState(bool running, bool paused, bool haveData, bool haveDataset);

Q_SIGNALS:
  void startClicked();
  void seedsTriggered();
  void pauseClicked();
  void resumeClicked();
  void stopClicked();
  void settingsToggled(bool shown);

private:
  QPushButton *m_start, *m_pause, *m_resume, *m_stop;
  QAction *m_seedsAction;
  QToolButton *m_seedsButton;
};

}  // namespace gs
