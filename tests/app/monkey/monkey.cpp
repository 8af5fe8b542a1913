#include "monkey.h"

#include "common/joblist.h"
#include "common/workbenchstate.h"
#include "mainwindow.h"
#include "training/trainingpanel.h"
#include "shared/treeviewbase.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>
#include <QTextEdit>
#include <QTreeWidget>

#include <qcustomplot.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace gs::test {

namespace {

struct MoveRow {
  MonkeyMove move;
  const char *name;
  double weight; // how often it is drawn, relative to the others
};

// The moves and how often each is drawn: clicks and menus most, the heavy moves (opening a dataset
// or run, exporting) rarely, as a user does them.
constexpr std::array<MoveRow, 15> kMoves{{
    {MonkeyMove::MenuAction, "menu action", 14}, {MonkeyMove::DockSwitch, "dock switch", 6},
    {MonkeyMove::ItemClick, "item click", 14},   {MonkeyMove::CanvasClick, "canvas click", 12},
    {MonkeyMove::Typing, "typing", 8},           {MonkeyMove::ComboChange, "combo box", 8},
    {MonkeyMove::SpinChange, "spin box", 6},     {MonkeyMove::SliderChange, "slider", 3},
    {MonkeyMove::ButtonClick, "button", 12},     {MonkeyMove::KeyPress, "key press", 6},
    {MonkeyMove::JobControl, "job control", 5},  {MonkeyMove::OpenDataset, "open dataset", 1.5},
    {MonkeyMove::OpenRun, "open run", 2},        {MonkeyMove::ExportFigure, "export figure", 2},
    {MonkeyMove::Resize, "resize", 3},
}};

// What a user types: caption words, run filters, paths, numbers, the empty string, and text no
// parser expects.
const QStringList kTypedTexts{
    QStringLiteral("a red circle above a blue square"), QStringLiteral("dog"), QString(), QStringLiteral("model:bow"),
    QStringLiteral("seed>1 and rsum<300"), QStringLiteral("(("), QStringLiteral("/nonexistent/folder"),
    QStringLiteral("0"), QStringLiteral("-1"), QStringLiteral("1e308"), QStringLiteral("nan"),
    QStringLiteral("Straße über 漢字 😀"), QString(200, QLatin1Char('x')), QStringLiteral("the the the"),
    QStringLiteral("a man riding a horse on the beach")};

const std::array<Qt::Key, 13> kKeys{Qt::Key_Left, Qt::Key_Right, Qt::Key_Up,     Qt::Key_Down,  Qt::Key_Tab,
                                    Qt::Key_Backtab, Qt::Key_Return, Qt::Key_Space, Qt::Key_Escape, Qt::Key_Home,
                                    Qt::Key_End, Qt::Key_PageDown, Qt::Key_Delete};

QString describe(const QWidget *w) {
  QString name = w->objectName();
  if (name.isEmpty() && w->parentWidget()) name = QStringLiteral("in ") + w->parentWidget()->objectName();
  return QStringLiteral("%1 '%2'").arg(QString::fromLatin1(w->metaObject()->className()), name);
}

// Every action a menu (and its submenus) offers, except Quit: the monkey stays in the window.
void collectActions(const QList<QAction *> &actions, QList<QAction *> &out) {
  for (QAction *action : actions) {
    if (action->menu()) {
      collectActions(action->menu()->actions(), out);
      continue;
    }
    if (action->isSeparator() || !action->isEnabled() || !action->isVisible()) continue;
    if (action->text().remove(QLatin1Char('&')) == QLatin1String("Quit")) continue;
    out << action;
  }
}

std::mutex g_watchedMutex;

// Types `text` as key presses; characters beyond ASCII (which QTest's key tables lack) arrive as a
// key event carrying the character, as an input method delivers them.
void typeText(QWidget *field, const QString &text) {
  for (int i = 0; i < text.size(); ++i) {
    if (text[i].unicode() < 128) {
      QTest::keyClick(field, char(text[i].unicode()));
      continue;
    }
    const int length = text[i].isHighSurrogate() && i + 1 < text.size() ? 2 : 1;
    QKeyEvent press(QEvent::KeyPress, Qt::Key_unknown, Qt::NoModifier, text.mid(i, length));
    QKeyEvent release(QEvent::KeyRelease, Qt::Key_unknown, Qt::NoModifier, text.mid(i, length));
    QApplication::sendEvent(field, &press);
    QApplication::sendEvent(field, &release);
    i += length - 1;
  }
}

}  // namespace

QString monkeyMoveName(MonkeyMove move) {
  for (const MoveRow &row : kMoves)
    if (row.move == move) return QString::fromLatin1(row.name);
  return {};
}

Monkey::Monkey(MainWindow &window, MonkeyOptions options)
    : m_window(window), m_options(std::move(options)), m_random(m_options.seed) {
  m_answerer = std::make_unique<DialogAnswerer>(m_random, m_options.exportFolder, m_options.datasets);
  m_heartbeat.setTimerType(Qt::PreciseTimer);
  m_heartbeat.setInterval(5);
  connect(&m_heartbeat, &QTimer::timeout, this, &Monkey::beat);
  m_clock.start();
  m_watchdog = std::thread([this] {
    while (!m_stop.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      const qint64 started = m_actionStartedMs.load();
      if (started < 0 || m_clock.elapsed() - started < qint64(m_options.hangSeconds) * 1000) continue;
      std::lock_guard<std::mutex> lock(g_watchedMutex);
      std::fprintf(stderr, "monkey: seed %u: %s did not come back within %d s (replay: GS_MONKEY_SEEDS=%u)\n",
                   m_options.seed, m_watchedAction.c_str(), m_options.hangSeconds, m_options.seed);
      std::fflush(stderr);
      std::abort();
    }
  });
}

Monkey::~Monkey() {
  m_stop = true;
  m_watchdog.join();
}

void Monkey::beat() {
  const qint64 gap = m_sinceBeat.restart();
  if (gap <= m_figures.longestGapMs) return;
  m_figures.longestGapMs = gap;
  m_figures.longestGapAction = m_current;
}

MonkeyMove Monkey::drawMove() {
  std::vector<double> weights;
  for (const MoveRow &row : kMoves) weights.push_back(row.weight);
  return kMoves[std::size_t(std::discrete_distribution<int>(weights.begin(), weights.end())(m_random))].move;
}

MonkeyFigures Monkey::run() {
  m_heartbeat.start();
  for (int i = 1; i <= m_options.actions; ++i) {
    const MonkeyMove move = drawMove();
    m_current = QStringLiteral("#%1 %2").arg(i).arg(monkeyMoveName(move));
    {
      std::lock_guard<std::mutex> lock(g_watchedMutex);
      m_watchedAction = m_current.toStdString();
    }
    m_answerer->forgetLastAnswer();
    m_sinceBeat.restart();
    m_actionStartedMs = m_clock.elapsed();
    const QString what = perform(move);
    m_current += QStringLiteral(": ") + what;
    {
      std::lock_guard<std::mutex> lock(g_watchedMutex);
      m_watchedAction = m_current.toStdString();
    }
    // The event loop runs what the action set off; now and then long enough for jobs to progress.
    QTest::qWait(draw(50) == 0 ? 400 : 5 + draw(30));
    m_actionStartedMs = -1;
    if (m_options.trace) std::fprintf(stderr, "monkey %u %s\n", m_options.seed, qPrintable(m_current));
    ++m_figures.moves[move];
    ++m_figures.actions;
  }
  m_heartbeat.stop();
  m_figures.dialogsAnswered = m_answerer->dialogsAnswered();
  m_figures.filesSaved = m_answerer->filesChosenForSaving();
  return m_figures;
}

QString Monkey::perform(MonkeyMove move) {
  switch (move) {
  case MonkeyMove::MenuAction: return menuAction();
  case MonkeyMove::DockSwitch: return dockSwitch();
  case MonkeyMove::ItemClick: return itemClick();
  case MonkeyMove::CanvasClick: return canvasClick();
  case MonkeyMove::Typing: return typing();
  case MonkeyMove::ComboChange: return comboChange();
  case MonkeyMove::SpinChange: return spinChange();
  case MonkeyMove::SliderChange: return sliderChange();
  case MonkeyMove::ButtonClick: return buttonClick();
  case MonkeyMove::KeyPress: return keyPress();
  case MonkeyMove::JobControl: return jobControl();
  case MonkeyMove::OpenDataset: return openDataset();
  case MonkeyMove::OpenRun: return openRun();
  case MonkeyMove::ExportFigure: return exportFigure();
  case MonkeyMove::Resize: return resize();
  }
  return {};
}

// The widgets of type T a user can reach now: shown (their dock and tab too) and enabled.
template <class T>
QList<T *> Monkey::visible() const {
  QList<T *> out;
  for (T *w : m_window.findChildren<T *>())
    if (w->isVisible() && w->isEnabled()) out << w;
  return out;
}

QString Monkey::menuAction() {
  QList<QAction *> actions;
  collectActions(m_window.menuBar()->actions(), actions);
  if (actions.isEmpty()) return QStringLiteral("no action");
  QAction *action = actions[draw(int(actions.size()))];
  const QString text = action->text();
  action->trigger();
  return text + QStringLiteral(" → ") + m_answerer->lastAnswer();
}

QString Monkey::dockSwitch() {
  const QList<QDockWidget *> docks = m_window.findChildren<QDockWidget *>();
  if (docks.isEmpty()) return QStringLiteral("no dock");
  QDockWidget *dock = docks[draw(int(docks.size()))];
  switch (draw(10)) {
  case 0: dock->setFloating(!dock->isFloating()); return dock->windowTitle() + QStringLiteral(" floated/docked");
  case 1: dock->close(); return dock->windowTitle() + QStringLiteral(" closed");
  default:
    dock->show();
    dock->raise();
    if (dock->widget()) dock->widget()->setFocus();
    return dock->windowTitle() + QStringLiteral(" shown");
  }
}

QString Monkey::itemClick() {
  QList<QAbstractItemView *> views;
  for (QAbstractItemView *view : visible<QAbstractItemView>())
    if (view->model() && view->model()->rowCount() > 0) views << view;
  if (views.isEmpty()) return QStringLiteral("no list");
  QAbstractItemView *view = views[draw(int(views.size()))];
  QAbstractItemModel *model = view->model();
  QModelIndex index = model->index(draw(model->rowCount()), draw(std::max(1, model->columnCount())));
  if (model->rowCount(index.siblingAtColumn(0)) > 0 && draw(2) == 0)
    index = model->index(draw(model->rowCount(index.siblingAtColumn(0))), 0, index.siblingAtColumn(0));
  view->scrollTo(index);
  const QRect rect = view->visualRect(index);
  if (!rect.isValid()) return describe(view) + QStringLiteral(": row not shown");
  const QPoint at = rect.center();
  switch (draw(10)) {
  case 0: QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at); return describe(view) + QStringLiteral(" double-click");
  case 1: {
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &event);
    return describe(view) + QStringLiteral(" context menu → ") + m_answerer->lastAnswer();
  }
  case 2: QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, at); return describe(view) + QStringLiteral(" ctrl-click");
  default: QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at); return describe(view) + QStringLiteral(" click");
  }
}

// A point of a plot (a graph's data point where it has one), a tree node, or anywhere on any
// shown widget; now and then a drag, with Shift for the map's lasso.
QString Monkey::canvasClick() {
  QWidget *target = nullptr;
  QPoint at;
  const int kind = draw(10);
  if (kind < 4) {
    const QList<QCustomPlot *> plots = visible<QCustomPlot>();
    if (!plots.isEmpty()) {
      QCustomPlot *plot = plots[draw(int(plots.size()))];
      target = plot;
      at = QPoint(draw(plot->width()), draw(plot->height()));
      QList<QCPGraph *> graphs;
      for (int g = 0; g < plot->graphCount(); ++g)
        if (plot->graph(g)->dataCount() > 0 && plot->graph(g)->visible()) graphs << plot->graph(g);
      if (!graphs.isEmpty()) {
        QCPGraph *graph = graphs[draw(int(graphs.size()))];
        const auto point = graph->data()->at(draw(graph->dataCount()));
        at = graph->coordsToPixels(point->key, point->value).toPoint();
      }
    }
  } else if (kind < 7) {
    const QList<TreeViewBase *> trees = visible<TreeViewBase>();
    if (!trees.isEmpty()) {
      TreeViewBase *tree = trees[draw(int(trees.size()))];
      target = tree;
      QList<QRectF> boxes;
      for (int node = 0; node < 200; ++node)
        if (const QRectF box = tree->nodeRect(node); !box.isEmpty()) boxes << box;
      at = boxes.isEmpty() ? QPoint(draw(tree->width()), draw(tree->height())) : boxes[draw(int(boxes.size()))].center().toPoint();
    }
  }
  if (!target) {
    const QList<QWidget *> all = visible<QWidget>();
    if (all.isEmpty()) return QStringLiteral("nothing shown");
    target = all[draw(int(all.size()))];
    at = QPoint(draw(target->width()), draw(target->height()));
  }
  if (draw(6) == 0) {
    const Qt::KeyboardModifiers modifiers = draw(2) ? Qt::ShiftModifier : Qt::NoModifier;
    const QPoint to(draw(target->width()), draw(target->height()));
    QTest::mousePress(target, Qt::LeftButton, modifiers, at);
    QTest::mouseMove(target, (at + to) / 2);
    QTest::mouseMove(target, to);
    QTest::mouseRelease(target, Qt::LeftButton, modifiers, to);
    return describe(target) + QStringLiteral(" drag");
  }
  QTest::mouseClick(target, Qt::LeftButton, {}, at);
  return describe(target) + QStringLiteral(" click at %1,%2").arg(at.x()).arg(at.y());
}

QString Monkey::typing() {
  QList<QWidget *> fields;
  for (QLineEdit *edit : visible<QLineEdit>())
    if (!edit->isReadOnly() && !qobject_cast<QAbstractSpinBox *>(edit->parentWidget())) fields << edit;
  for (QPlainTextEdit *edit : visible<QPlainTextEdit>())
    if (!edit->isReadOnly()) fields << edit;
  for (QTextEdit *edit : visible<QTextEdit>())
    if (!edit->isReadOnly()) fields << edit;
  if (fields.isEmpty()) return QStringLiteral("no field");
  QWidget *field = fields[draw(int(fields.size()))];
  const QString text = kTypedTexts[draw(int(kTypedTexts.size()))];
  field->setFocus();
  if (draw(2)) QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier); // replace, not append
  typeText(field, text);
  if (draw(2)) QTest::keyClick(field, Qt::Key_Return);
  return describe(field) + QStringLiteral(" typed '%1'").arg(text.left(40));
}

QString Monkey::comboChange() {
  QList<QComboBox *> combos;
  for (QComboBox *combo : visible<QComboBox>())
    if (combo->count() > 1) combos << combo;
  if (combos.isEmpty()) return QStringLiteral("no combo box");
  QComboBox *combo = combos[draw(int(combos.size()))];
  combo->setFocus();
  const Qt::Key key = draw(2) ? Qt::Key_Down : Qt::Key_Up;
  for (int n = 1 + draw(3); n > 0; --n) QTest::keyClick(combo, key);
  return describe(combo) + QStringLiteral(" → '%1'").arg(combo->currentText());
}

QString Monkey::spinChange() {
  const QList<QAbstractSpinBox *> spins = visible<QAbstractSpinBox>();
  if (spins.isEmpty()) return QStringLiteral("no spin box");
  QAbstractSpinBox *spin = spins[draw(int(spins.size()))];
  spin->setFocus();
  if (draw(3) == 0) {
    static const QStringList numbers{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("-5"),
                                     QStringLiteral("999999"), QStringLiteral("0.5"), QStringLiteral("3")};
    spin->selectAll();
    QTest::keyClicks(spin, numbers[draw(int(numbers.size()))]);
    QTest::keyClick(spin, Qt::Key_Return);
  } else {
    const Qt::Key key = std::array<Qt::Key, 4>{Qt::Key_Up, Qt::Key_Down, Qt::Key_PageUp, Qt::Key_PageDown}[std::size_t(draw(4))];
    for (int n = 1 + draw(3); n > 0; --n) QTest::keyClick(spin, key);
  }
  return describe(spin) + QStringLiteral(" → '%1'").arg(spin->text());
}

QString Monkey::sliderChange() {
  const QList<QAbstractSlider *> sliders = visible<QAbstractSlider>();
  if (sliders.isEmpty()) return QStringLiteral("no slider");
  QAbstractSlider *slider = sliders[draw(int(sliders.size()))];
  slider->setValue(slider->minimum() + draw(slider->maximum() - slider->minimum() + 1));
  return describe(slider) + QStringLiteral(" → %1").arg(slider->value());
}

QString Monkey::buttonClick() {
  const QList<QAbstractButton *> buttons = visible<QAbstractButton>();
  if (buttons.isEmpty()) return QStringLiteral("no button");
  QAbstractButton *button = buttons[draw(int(buttons.size()))];
  const QString text = describe(button) + QStringLiteral(" '%1'").arg(button->text());
  QTest::mouseClick(button, Qt::LeftButton, {}, button->rect().center());
  return text + QStringLiteral(" → ") + m_answerer->lastAnswer();
}

QString Monkey::keyPress() {
  QWidget *target = QApplication::focusWidget();
  if (!target || !target->isVisible()) {
    const QList<QWidget *> all = visible<QWidget>();
    if (all.isEmpty()) return QStringLiteral("nothing shown");
    target = all[draw(int(all.size()))];
  }
  const Qt::Key key = kKeys[std::size_t(draw(int(kKeys.size())))];
  QTest::keyClick(target, key);
  return describe(target) + QStringLiteral(" key %1").arg(QKeySequence(key).toString());
}

// Start, pause, resume and stop in the Training dock, or a job cancelled from the job list.
QString Monkey::jobControl() {
  TrainingPanel *panel = m_window.trainingPanel();
  static const std::array<const char *, 4> kButtons{"startButton", "pauseButton", "resumeButton", "stopButton"};
  if (draw(5) > 0) {
    const char *name = kButtons[std::size_t(draw(4))];
    auto *button = panel->findChild<QPushButton *>(QLatin1String(name));
    if (!button || !button->isEnabled()) return QString::fromLatin1(name) + QStringLiteral(" (disabled)");
    button->click();
    return QString::fromLatin1(name) + QStringLiteral(" → ") + m_answerer->lastAnswer();
  }
  auto *jobs = m_window.findChild<QTreeWidget *>(QStringLiteral("jobList"));
  auto *cancel = m_window.findChild<QPushButton *>(QStringLiteral("cancelButton"));
  if (!jobs || !cancel || jobs->topLevelItemCount() == 0) return QStringLiteral("no job to cancel");
  jobs->setCurrentItem(jobs->topLevelItem(draw(jobs->topLevelItemCount())));
  const QString job = jobs->currentItem()->text(0);
  if (!cancel->isEnabled()) return job + QStringLiteral(" (cannot cancel)");
  cancel->click();
  return QStringLiteral("cancelled ") + job;
}

QString Monkey::openDataset() {
  if (m_options.datasets.isEmpty()) return QStringLiteral("no dataset");
  const QString path = m_options.datasets[draw(int(m_options.datasets.size()))];
  const bool started = m_window.openDataset(path);
  return path + (started ? QString() : QStringLiteral(" (refused)"));
}

QString Monkey::openRun() {
  if (m_options.runs.isEmpty()) return QStringLiteral("no run");
  const QString run = m_options.runs[draw(int(m_options.runs.size()))];
  m_window.workbench().openRun(m_window.bridge(), run);
  return run;
}

QString Monkey::exportFigure() {
  m_window.exportView();
  return m_answerer->lastAnswer();
}

QString Monkey::resize() {
  const QSize size(800 + draw(1920 - 800 + 1), 600 + draw(1080 - 600 + 1));
  m_window.resize(size);
  return QStringLiteral("%1×%2").arg(size.width()).arg(size.height());
}

}  // namespace gs::test
