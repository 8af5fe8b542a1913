#pragma once
// A seeded monkey in the main window: thousands of random but valid user actions, drawn from the
// window's own actions and widgets as they are at that moment — menu actions, dock switches, clicks
// on list items, tree nodes and plot points, typing in text fields, combo boxes, spin boxes and
// sliders, the training controls and the job list, opening datasets and runs, exporting figures,
// resizing the window. Each action is followed by the event loop; the longest time the event loop
// could not run (the action's own work and what it set off) is measured on a heartbeat timer. A
// watchdog thread aborts with the seed and the action when one does not come back at all, so any
// finding can be replayed with the same seed.

#include "dialoganswerer.h"

#include <QElapsedTimer>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <random>
#include <thread>

class QWidget;

namespace gs {
class MainWindow;
}

namespace gs::test {

enum class MonkeyMove {
  MenuAction, DockSwitch, ItemClick, CanvasClick, Typing, ComboChange, SpinChange, SliderChange,
  ButtonClick, KeyPress, JobControl, OpenDataset, OpenRun, ExportFigure, Resize
};
QString monkeyMoveName(MonkeyMove move);

struct MonkeyOptions {
  quint32 seed = 1;
  int actions = 300;
  QString exportFolder;  // where saved figures and files go
  QStringList datasets;  // folders the monkey opens (one may not exist: a bad path is valid input)
  QStringList runs;      // run folders the monkey opens
  int hangSeconds = 120; // an action not back by then aborts the program, seed and action printed
  bool trace = false;    // print every action
};

struct MonkeyFigures {
  int actions = 0;
  qint64 longestGapMs = 0;
  QString longestGapAction; // "#412 canvas click: …"
  QMap<MonkeyMove, int> moves;
  int dialogsAnswered = 0;
  QStringList filesSaved;
};

class Monkey : public QObject {
  Q_OBJECT
public:
  Monkey(MainWindow &window, MonkeyOptions options);
  ~Monkey() override;
  MonkeyFigures run();

private:
  QString perform(MonkeyMove move); // what was done, for the trace
  MonkeyMove drawMove();
  template <class T> QList<T *> visible() const;
  QString menuAction();
  QString dockSwitch();
  QString itemClick();
  QString canvasClick();
  QString typing();
  QString comboChange();
  QString spinChange();
  QString sliderChange();
  QString buttonClick();
  QString keyPress();
  QString jobControl();
  QString openDataset();
  QString openRun();
  QString exportFigure();
  QString resize();
  void beat();
  int draw(int n) { return n <= 0 ? 0 : int(m_random() % unsigned(n)); }

  MainWindow &m_window;
  MonkeyOptions m_options;
  std::mt19937 m_random;
  std::unique_ptr<DialogAnswerer> m_answerer;
  MonkeyFigures m_figures;
  QTimer m_heartbeat;
  QElapsedTimer m_sinceBeat;
  QString m_current;
  // The watchdog: the action in progress and when it began (ms since the epoch of m_clock).
  std::atomic<qint64> m_actionStartedMs{-1};
  std::atomic<bool> m_stop{false};
  QElapsedTimer m_clock;
  std::string m_watchedAction;
  std::thread m_watchdog;
};

}  // namespace gs::test
