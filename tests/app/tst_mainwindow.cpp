// The main window as a user meets it: titled docks for every view, the File/View/Help menus,
// the recent-datasets list and window layout kept across sessions, the status bar following
// the engine's job, the start-up runtime check in the log, and the German translation.

#include "aboutdialog.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "io/jsonfile.h"
#include "common/joblist.h"
#include "training/trainconfig.h"
#include "common/jobstatuswidget.h"
#include "localization.h"
#include "common/logview.h"
#include "mainwindow.h"
#include "recentdatasets.h"
#include "training/trainconfigform.h"
#include "training/trainingpanel.h"
#include "training/trainingplots.h"
#include "trees/treepanel.h"
#include "shared/dependencyarcview.h"
#include "common/workbenchstate.h"
#include "../widgets/tinyrun.h"
#include "findchild.h"
#include "help/manualwindow.h"
#include "workspaces.h"
#include "training/modelregistry.h"

#include "data/loaddataset.h"
#include "data/outsidepaths.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QPushButton>
#include <QTimer>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolButton>
#include <QTreeWidget>

#include <array>
#include <atomic>
#include <random>

#include <qcustomplot.h>
#include <QSettings>
#include <QSignalSpy>
#include <QFileInfo>
#include <QStatusBar>
#include <QTemporaryDir>
#include "testprinters.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSet>
#include <QScrollBar>
#include <QTextEdit>
#include <QProcess>
#include <QXmlStreamReader>
#include <QSpinBox>
#include <QJsonObject>
#include <QLabel>
#include <QAbstractTextDocumentLayout>
#include <QListWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTest>
#include <QThread>
#include <QToolButton>
#include <QTranslator>

#include <atomic>

using namespace gs;
using gs::test::child;

namespace {
QStringList menuTitles(QMainWindow &window) {
  QStringList titles;
  for (QAction *action : window.menuBar()->actions()) titles << action->text();
  return titles;
}

// A 20-image Scenes demo in `dir`, for the tests that need a dataset open.
QString makeSmallDemo(const QTemporaryDir &dir) {
  const QString folder = dir.filePath(QStringLiteral("scenes"));
  ScenesOptions options;
  options.images = 20;
  makeScenesDemo(folder, options);
  return folder;
}

// Opens `folder` in the window and waits until it is loaded (false after 30 s).
bool openAndWait(MainWindow &window, const QString &folder) {
  QSignalSpy opened(&window, &MainWindow::datasetOpened);
  return window.openDataset(folder) && QTest::qWaitFor([&opened] { return !opened.isEmpty(); }, 30000);
}

// Shows a window that closes without asking, as the tests that open runs and datasets need it.
bool showWithoutAsking(MainWindow &window) {
  window.setAskBeforeClosing(false);
  window.show();
  return QTest::qWaitForWindowExposed(&window);
}

// A drag on a shown dock's title bar, as a user moves it: Qt unplugs it and plugs it where it drops.
void dragTitleBar(QDockWidget &dock, QPoint by) {
  if (!dock.isVisible()) return;
  QWidget *bar = dock.titleBarWidget() ? dock.titleBarWidget() : &dock;
  const QPoint from(bar->width() / 2, 5);
  QTest::mousePress(bar, Qt::LeftButton, {}, from);
  QTest::mouseMove(bar, from + by / 2);
  QTest::mouseMove(bar, from + by);
  QTest::mouseRelease(bar, Qt::LeftButton, {}, from + by);
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT
private:
  QTemporaryDir m_dir;
  QString settingsPath() const { return m_dir.filePath(QStringLiteral("settings.ini")); }

private Q_SLOTS:
  void docksAreReservedAndTitled() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QStringList expected{QStringLiteral("Dataset"), QStringLiteral("Training"), QStringLiteral("Trees"),
                               QStringLiteral("Regions"), QStringLiteral("Map"), QStringLiteral("Retrieval"),
                               QStringLiteral("Caption lab"), QStringLiteral("Runs"), QStringLiteral("Analysis")};
    QStringList titles;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) titles << dock->windowTitle();
    titles.sort();
    QStringList sorted = expected;
    sorted.sort();
    QCOMPARE(titles, sorted);
    QCOMPARE(menuTitles(window), (QStringList{QStringLiteral("&File"), QStringLiteral("&View"), QStringLiteral("&Training"), QStringLiteral("&Settings"), QStringLiteral("&Help")}));

    // View menu toggles each dock.
    QMenu *view = window.menuBar()->actions().at(1)->menu();
    int toggles = 0;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) toggles += view->actions().contains(dock->toggleViewAction());
    QCOMPARE(toggles, 9);
    QDockWidget *map = window.dock(MainWindow::Dock::Map);
    QAction *toggle = map->toggleViewAction();
    QVERIFY(view->actions().contains(toggle));
    const bool before = !map->isHidden();
    toggle->trigger();
    QCOMPARE(!map->isHidden(), !before);
    toggle->trigger();
    QCOMPARE(!map->isHidden(), before);

    // The File menu's entries.
    QMenu *file = window.menuBar()->actions().at(0)->menu();
    QStringList fileEntries;
    for (QAction *action : file->actions())
      if (!action->isSeparator()) fileEntries << action->text();
    QCOMPARE(fileEntries, (QStringList{QStringLiteral("&Open dataset…"), QStringLiteral("Open dataset &file…"), QStringLiteral("Open &demo dataset"),
                                       QStringLiteral("Open &recent"), QStringLiteral("Open recent r&un"), QStringLiteral("&Import embeddings…"), QStringLiteral("Close ru&n"),
                                       QStringLiteral("&Close dataset"), QStringLiteral("&Export…"), QStringLiteral("&Quit")}));
    engine.cancelAll();
  }

  // Alt+1…6, Alt+8 and Alt+9 bring each dock forward with the focus inside it; Ctrl+F lands in the Retrieval dock's
  // sentence box; start, stop, export and open have their shortcuts.
  void keyboardReachesEveryDock() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.activateWindow();
    // A 1366×768 laptop screen holds the whole window, the welcome view included: nothing's
    // minimum size pushes it larger.
    QCOMPARE(window.size(), QSize(1366, 768));
    const MainWindow::Dock order[] = {MainWindow::Dock::Dataset, MainWindow::Dock::Training, MainWindow::Dock::Trees,
                                      MainWindow::Dock::Regions,  MainWindow::Dock::Map,      MainWindow::Dock::Retrieval};
    for (int i = 0; i < 6; ++i) {
      QDockWidget *dock = window.dock(order[i]);
      dock->hide();
      QTest::keyClick(&window, Qt::Key(Qt::Key_1 + i), Qt::AltModifier);
      QVERIFY2(dock->isVisible(), qPrintable(dock->windowTitle()));
      QVERIFY2(!dock->visibleRegion().isEmpty(), qPrintable(dock->windowTitle())); // raised over its tab siblings
    }
    // The Runs dock came last, so the others kept their numbers: Alt+8.
    QDockWidget *runs = window.dock(MainWindow::Dock::Runs);
    runs->hide();
    QTest::keyClick(&window, Qt::Key_8, Qt::AltModifier);
    QVERIFY(runs->isVisible() && !runs->visibleRegion().isEmpty());
    // The Analysis dock came after it: Alt+9.
    QDockWidget *analysis = window.dock(MainWindow::Dock::Analysis);
    analysis->hide();
    QTest::keyClick(&window, Qt::Key_9, Qt::AltModifier);
    QVERIFY(analysis->isVisible() && !analysis->visibleRegion().isEmpty());
    // With every dock shown, each lies inside the window (the docks scroll instead of cutting their
    // panels off).
    QCOMPARE(window.size(), QSize(1366, 768));
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
      if (dock->isVisible() && !dock->visibleRegion().isEmpty())
        QVERIFY2(window.rect().contains(dock->geometry()),
                 qPrintable(QStringLiteral("%1 at %2,%3 %4x%5").arg(dock->windowTitle()).arg(dock->x()).arg(dock->y()).arg(dock->width()).arg(dock->height())));
    window.dock(MainWindow::Dock::Map)->raise();
    QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
    QWidget *focus = QApplication::focusWidget();
    QVERIFY(focus);
    QCOMPARE(focus->objectName(), QStringLiteral("retrievalSentence"));
    const QMap<QString, QKeySequence> shortcuts{{QStringLiteral("action.open"), QKeySequence::Open},
                                                {QStringLiteral("action.export"), QKeySequence(Qt::CTRL | Qt::Key_E)},
                                                {QStringLiteral("action.startTraining"), QKeySequence(Qt::CTRL | Qt::Key_Return)},
                                                {QStringLiteral("action.stopTraining"), QKeySequence(Qt::CTRL | Qt::Key_Period)}};
    for (auto it = shortcuts.begin(); it != shortcuts.end(); ++it) {
      auto *action = window.findChild<QAction *>(it.key());
      QVERIFY2(action, qPrintable(it.key()));
      QCOMPARE(action->shortcut(), it.value());
    }
    engine.cancelAll();
  }

  // Every control a screen reader can land on has a name: a walk over the whole window's widgets.
  void everyControlHasAnAccessibleName() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStringList unnamed;
    for (QWidget *w : window.findChildren<QWidget *>()) {
      const bool control = qobject_cast<QAbstractButton *>(w) || qobject_cast<QLineEdit *>(w) || qobject_cast<QComboBox *>(w) ||
                           qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QAbstractSlider *>(w) ||
                           qobject_cast<QAbstractItemView *>(w) || qobject_cast<QPlainTextEdit *>(w) || qobject_cast<QTextEdit *>(w);
      if (!control || qobject_cast<QScrollBar *>(w) || w->focusPolicy() == Qt::NoFocus) continue;
      // Qt's own parts of composite widgets (a combo box's view, a spin box's line edit) are named
      // through their owner.
      if (qobject_cast<QComboBox *>(w->parentWidget()) || qobject_cast<QAbstractSpinBox *>(w->parentWidget()) ||
          w->objectName().startsWith(QLatin1String("qt_")) || w->window() != &window)
        continue;
      QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(w);
      if (!accessible || accessible->text(QAccessible::Name).trimmed().isEmpty())
        unnamed << QStringLiteral("%1 '%2' in %3")
                       .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(),
                            w->parentWidget() ? QString::fromLatin1(w->parentWidget()->metaObject()->className()) : QString());
    }
    for (const QString &control : unnamed) qWarning("unnamed: %s", qPrintable(control));
    QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("%1 controls without an accessible name (listed above)").arg(unnamed.size())));
    engine.cancelAll();
  }

  void startupCheckLogsBlasAndGemmRate() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    auto *logView = child<LogView>(window, "logView");
    QTRY_VERIFY_WITH_TIMEOUT(logView->toPlainText().contains(QStringLiteral("GFLOP/s")), 30000);
    QVERIFY(logView->toPlainText().contains(QStringLiteral("BLAS:")));
  }

  void statusBarFollowsTheCurrentJob() {
    Engine engine;
    engine.setProgressInterval(0);
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(engine.waitForIdle(30000)); // the start-up check
    std::atomic<bool> release{false};
    const JobId id = bridge.submit(QStringLiteral("Parsing"), [&](JobContext &job) {
      job.setProgress(0.4, QStringLiteral("captions"));
      while (!release) job.checkpoint(), QThread::msleep(1);
    });
    auto *jobStatus = child<JobStatusWidget>(window, "jobStatus");
    QTRY_COMPARE_WITH_TIMEOUT(jobStatus->shownJob(), id, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(jobStatus->progressValue(), 400, 10000);
    QVERIFY(jobStatus->isVisible());
    QTest::mouseClick(child<QToolButton>(jobStatus, "cancelButton"), Qt::LeftButton);
    QCOMPARE(engine.wait(id, 5000)->status, JobStatus::Cancelled);
    QTRY_VERIFY_WITH_TIMEOUT(!jobStatus->isVisible(), 5000);
  }

  // File > Open recent run: a run opened in the workbench is remembered across sessions; a run
  // folder that has gone is dropped from the list when chosen, with a message.
  // The Jobs tab lists every job with its lane and state and cancels the one selected; closing the
  // window while one runs asks first — No keeps the window and the job, Yes stops the job cleanly.
  void jobListAndClosingWhileAJobRuns() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(engine.waitForIdle(60000)); // the start-up check
    std::atomic<bool> stopped{false};
    const JobId training = bridge.submit(QStringLiteral("Train dtrnn"), [&](JobContext &job) {
      for (;;) {
        if (job.isCancelled()) {
          stopped = true;
          return;
        }
        QThread::msleep(5);
      }
    });
    std::atomic<bool> mapped{false};
    const JobId map = bridge.submitInteractive(QStringLiteral("t-SNE map"), [&](JobContext &) { mapped = true; });
    QVERIFY(engine.wait(map, 10000)); // the interactive lane does not wait for training
    QVERIFY(mapped.load());
    QTRY_VERIFY_WITH_TIMEOUT(engine.jobs(0).size() == 1 && engine.jobs(0).front().status == JobStatus::Running, 10000);
    JobList *list = child<JobList>(window, "jobList");
    list->refresh();
    QVERIFY2(list->rowText(training).contains(QStringLiteral("running")), qPrintable(list->rowText(training)));
    QVERIFY2(list->rowText(map).contains(QStringLiteral("interactive")) && list->rowText(map).contains(QStringLiteral("finished")),
             qPrintable(list->rowText(map)));

    // Close: No keeps everything.
    const auto answer = [](QMessageBox::StandardButton button) {
      QTimer::singleShot(100, [button] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (box) box->button(button)->click();
      });
    };
    answer(QMessageBox::No);
    QVERIFY(!window.close());
    QVERIFY(window.isVisible());
    QVERIFY(!stopped.load());
    // Cancel from the list, then a second job and Yes.
    QTreeWidget *rows = child<QTreeWidget>(list, "jobList");
    for (int r = 0; r < rows->topLevelItemCount(); ++r)
      if (rows->topLevelItem(r)->text(0) == QLatin1String("Train dtrnn")) rows->setCurrentItem(rows->topLevelItem(r));
    child<QPushButton>(list, "cancelButton")->click();
    QCOMPARE(engine.wait(training, 10000)->status, JobStatus::Cancelled);
    QVERIFY(stopped.load());
    stopped = false;
    bridge.submit(QStringLiteral("Train again"), [&](JobContext &job) {
      while (!job.isCancelled()) QThread::msleep(5);
      stopped = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(engine.currentJob().has_value(), 5000);
    answer(QMessageBox::Yes);
    QVERIFY(window.close());
    QVERIFY(stopped.load()); // stopped before the window went
  }

  // Settings > Save configuration writes the form as `train --config` reads it; Load fills the form
  // from such a file; a bad file is named in the status bar and leaves the form alone.
  void configurationRoundTrips() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    QTemporaryDir dir;
    TrainConfigForm *form = window.findChild<TrainConfigForm *>();
    QVERIFY(form);
    form->setModel(QStringLiteral("dtlstm"));
    auto *epochs = qobject_cast<QSpinBox *>(form->editor(QStringLiteral("epochs")));
    QVERIFY(epochs);
    epochs->setValue(7);
    const QString path = dir.filePath(QStringLiteral("config.json"));
    QCOMPARE(window.saveConfiguration(path), QString());
    const QJsonObject saved = readJsonObjectFile(path);
    QCOMPARE(saved.value(QStringLiteral("model")).toString(), QStringLiteral("dtlstm"));
    QCOMPARE(saved.value(QStringLiteral("epochs")).toInt(), 7);
    QCOMPARE(TrainConfig::fromJson(saved, path).toJson(), saved); // what --config reads
    form->setModel(QStringLiteral("bow"));
    QCOMPARE(window.loadConfiguration(path), QString());
    QCOMPARE(form->model(), QStringLiteral("dtlstm"));
    QCOMPARE(epochs->value(), 7);
    const QString bad = dir.filePath(QStringLiteral("bad.json"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"model\": \"dtlstm\", \"epochs\": ");
    file.close();
    QVERIFY(window.loadConfiguration(bad).contains(bad));
    QCOMPARE(form->model(), QStringLiteral("dtlstm"));
    engine.cancelAll();
  }

  // Settings > Allow images outside the dataset folder: off by default, it sets the
  // loaders' policy and is remembered; a new window starts with the remembered choice.
  void outsidePathsSettingPersists() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    settings.remove(QStringLiteral("datasets/allowOutsidePaths"));
    {
      MainWindow window(bridge, settings);
      auto *action = window.findChild<QAction *>(QStringLiteral("action.allowOutsidePaths"));
      QVERIFY(action);
      QVERIFY(action->isCheckable() && !action->isChecked());
      QVERIFY(!outsidePathsAllowed());
      action->trigger();
      QVERIFY(outsidePathsAllowed());
    }
    {
      MainWindow window(bridge, settings);
      auto *action = window.findChild<QAction *>(QStringLiteral("action.allowOutsidePaths"));
      QVERIFY(action->isChecked());
      action->trigger();
      QVERIFY(!outsidePathsAllowed());
    }
    QCOMPARE(settings.value(QStringLiteral("datasets/allowOutsidePaths")).toBool(), false);
  }

  // View > Theme > Dark: the plots and the trees take the palette's dark base and light text (a
  // light canvas with black text in a dark window would be unreadable); Light brings them back.
  void darkThemeReachesTheCanvases() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const auto lightness = [](QWidget *w) {
      const QImage image = w->grab().toImage();
      return QColor(image.pixel(3, 3)).lightnessF(); // a corner: background
    };
    QCustomPlot *loss = window.findChild<QCustomPlot *>(QStringLiteral("lossPlot"));
    QVERIFY(loss);
    window.applyTheme(QStringLiteral("dark"));
    QApplication::processEvents();
    loss->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY2(lightness(loss) < 0.3, qPrintable(QString::number(lightness(loss))));
    QVERIFY(loss->xAxis->tickLabelColor().lightnessF() > 0.7);
    auto *dependency = child<DependencyArcView>(window.treePanel(), "dependencyView");
    QVERIFY(dependency->palette().color(QPalette::Base).lightnessF() < 0.3);
    QVERIFY(lightness(dependency) < 0.3);
    QCOMPARE(settings.value(QStringLiteral("view/theme")).toString(), QStringLiteral("dark"));
    window.applyTheme(QStringLiteral("light"));
    QApplication::processEvents();
    loss->replot(QCustomPlot::rpImmediateRefresh);
    QVERIFY(lightness(loss) > 0.8);
    QVERIFY(loss->xAxis->tickLabelColor().lightnessF() < 0.3);
    window.applyTheme(QStringLiteral("system"));
    engine.cancelAll();
  }

  void recentRunsPersist() {
    QTemporaryDir runs;
    const QString gone = runs.filePath(QStringLiteral("gone"));
    {
      Engine engine;
      EngineBridge bridge(engine);
      QSettings settings(settingsPath(), QSettings::IniFormat);
      RecentDatasets(settings, QStringLiteral("runs/recent")).clear();
      MainWindow window(bridge, settings);
      QVERIFY(!child<QMenu>(window, "menu.recentRuns")->isEnabled());
      window.workbench().openRun(bridge, gone);
      engine.cancelAll();
    }
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    QCOMPARE(RecentDatasets(settings, QStringLiteral("runs/recent")).paths(), QStringList{gone});
    MainWindow window(bridge, settings);
    auto *recentRuns = child<QMenu>(window, "menu.recentRuns");
    QVERIFY(recentRuns->isEnabled());
    QAction *entry = recentRuns->actions().first();
    QCOMPARE(entry->text(), gone);
    entry->trigger();
    QVERIFY(RecentDatasets(settings, QStringLiteral("runs/recent")).paths().isEmpty());
    QVERIFY(!recentRuns->isEnabled());
    engine.cancelAll();
  }

  void recentDatasetsPersist() {
    QTemporaryDir data;
    const QString a = data.filePath(QStringLiteral("a"));
    const QString b = data.filePath(QStringLiteral("b"));
    QDir().mkpath(a);
    QDir().mkpath(b);
    {
      Engine engine;
      EngineBridge bridge(engine);
      QSettings settings(settingsPath(), QSettings::IniFormat);
      RecentDatasets(settings).clear();
      MainWindow window(bridge, settings);
      QVERIFY(window.openDataset(a));
      QVERIFY(window.openDataset(b));
      QVERIFY(window.openDataset(a)); // moves to the front, no duplicate
      QVERIFY(!window.openDataset(data.filePath(QStringLiteral("missing"))));
      QCOMPARE(window.currentDataset(), a);
    }
    QSettings settings(settingsPath(), QSettings::IniFormat);
    QCOMPARE(RecentDatasets(settings).paths(), (QStringList{a, b}));
    Engine engine;
    EngineBridge bridge(engine);
    MainWindow window(bridge, settings);
    QStringList entries;
    for (QAction *action : child<QMenu>(window, "menu.recent")->actions())
      if (!action->isSeparator()) entries << action->text();
    QCOMPARE(entries, (QStringList{a, b, QStringLiteral("Clear list")}));
  }

  void openDatasetLoadsItAndShowsTheReport() {
    QTemporaryDir data;
    const QString folder = data.filePath(QStringLiteral("scenes"));
    ScenesOptions options;
    options.images = 30;
    makeScenesDemo(folder, options);
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    QSignalSpy opened(&window, &MainWindow::datasetOpened);
    QVERIFY(window.openDataset(folder));
    QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 30000);
    QVERIFY2(window.datasetSummaryText().contains(QStringLiteral("format:         scenes-demo")), qPrintable(window.datasetSummaryText()));
    QVERIFY(window.datasetSummaryText().contains(QStringLiteral("images:         30")));

    // A folder in no known format: the dock says why, nothing crashes, no datasetOpened.
    const QString empty = data.filePath(QStringLiteral("empty"));
    QDir().mkpath(empty);
    QVERIFY(window.openDataset(empty));
    QTRY_VERIFY_WITH_TIMEOUT(window.datasetSummaryText().startsWith(QStringLiteral("Could not load ") + empty), 30000);
    QCOMPARE(opened.size(), 1);
  }

  // The GUI thread keeps serving its event loop while a training job streams minibatch events into
  // the dashboard (and every other panel listens to the state): a 5 ms timer must never wait long.
  // A dashboard that replotted synchronously per minibatch, or a job that blocked on the GUI,
  // shows up as gaps of hundreds of milliseconds.
  void guiStaysResponsiveWhileTraining() {
    QTemporaryDir data;
    const test::TinyDataset tiny = test::makeTinyDataset(data.path());
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.workbench().setDataset(std::make_shared<Dataset>(loadDataset(tiny.datasetPath)));
    TrainingPanel &panel = *window.trainingPanel();
    auto *plots = child<TrainingPlots>(panel, "plots");
    panel.setOutputFolder(data.filePath(QStringLiteral("run")));
    panel.setBackbone(tiny.backbone);
    panel.form()->setConfig(test::tinyConfig(100000)); // runs until cancelled
    QVERIFY(panel.start());
    const int run = panel.runIdOf(data.filePath(QStringLiteral("run")));
    QTRY_VERIFY_WITH_TIMEOUT(plots->lossPointCount(run) > 0, 120000); // training is under way

    QElapsedTimer clock;
    qint64 last = 0, worst = 0;
    int ticks = 0;
    QTimer timer;
    timer.setInterval(5);
    connect(&timer, &QTimer::timeout, this, [&] {
      const qint64 now = clock.elapsed();
      worst = std::max(worst, now - last);
      last = now;
      ++ticks;
    });
    const int pointsBefore = plots->lossPointCount(run);
    clock.start();
    timer.start();
    QTest::qWait(3000);
    timer.stop();
    const int pointsDuring = plots->lossPointCount(run) - pointsBefore;
    panel.stop();
    QTRY_VERIFY_WITH_TIMEOUT(panel.startButton()->isEnabled(), 60000);
    qInfo("event loop: %d ticks in 3 s, longest gap %lld ms, %d minibatches plotted meanwhile", ticks, worst, pointsDuring);
    QVERIFY2(pointsDuring > 10, qPrintable(QString::number(pointsDuring))); // the job really ran meanwhile
    QVERIFY2(worst < 250, qPrintable(QStringLiteral("longest event-loop gap %1 ms").arg(worst)));
  }

  void recentListIsBounded() {
    QSettings settings(settingsPath(), QSettings::IniFormat);
    RecentDatasets recent(settings);
    recent.clear();
    for (int i = 0; i < 15; ++i) recent.add(QStringLiteral("/data/set%1").arg(i));
    QCOMPARE(recent.paths().size(), RecentDatasets::kMaxEntries);
    QCOMPARE(recent.paths().first(), QStringLiteral("/data/set14"));
  }

  // The docks' layout is kept across sessions, each workspace's on its own; it shows once a
  // dataset is open (the welcome view has the window to itself before).
  void geometryAndDockStatePersist() {
    QTemporaryDir data;
    const QString folder = makeSmallDemo(data);
    {
      Engine engine;
      EngineBridge bridge(engine);
      QSettings settings(settingsPath(), QSettings::IniFormat);
      MainWindow window(bridge, settings);
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      QVERIFY(openAndWait(window, folder));
      window.resize(900, 640);
      window.setWorkspace(Workspace::Inspect);
      QVERIFY(!window.dock(MainWindow::Dock::Regions)->isHidden());
      window.dock(MainWindow::Dock::Regions)->close();
      window.setAskBeforeClosing(false); // the start-up check may still run
      window.close();                    // saves the layout
    }
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(900, 640));
    QVERIFY(openAndWait(window, folder));
    QCOMPARE(window.workspace(), Workspace::Inspect); // where the last session left off
    QVERIFY(window.dock(MainWindow::Dock::Regions)->isHidden());
    QVERIFY(!window.dock(MainWindow::Dock::Trees)->isHidden());
  }

  // Docks dragged by their title bars, floated, docked, closed, tabbed and shown in random order
  // between workspace switches, window resizes and resets: every switch restores the workspace's
  // saved layout (QMainWindow::restoreState) over whatever the docks are now. With Qt's animated
  // docks, a switch while a dropped dock still slides into place crashes; the window turns them off.
  void workspaceSwitchesSurviveDockDrags() {
    QTemporaryDir data;
    const QString folder = makeSmallDemo(data);
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(m_dir.filePath(QStringLiteral("floating.ini")), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.setAskBeforeClosing(false);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndWait(window, folder));
    const QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
    const std::array<Workspace, 4> workspaces{Workspace::Data, Workspace::Train, Workspace::Inspect, Workspace::Explore};
    std::mt19937 random(7);
    for (int step = 0; step < 300; ++step) {
      QDockWidget *dock = docks[int(random() % docks.size())];
      switch (random() % 9) {
      case 0: dock->setFloating(!dock->isFloating()); break;
      case 1: dock->close(); break;
      case 2: dock->show(); break;
      case 3: window.resize(800 + int(random() % 1121), 600 + int(random() % 481)); break;
      case 4: window.resetWorkspace(); break;
      case 5: window.tabifyDockWidget(dock, docks[int(random() % docks.size())]); break;
      case 6: dragTitleBar(*dock, QPoint(int(random() % 400) - 200, int(random() % 300) - 150)); break;
      default: window.setWorkspace(workspaces[random() % workspaces.size()]); break;
      }
      QCoreApplication::processEvents();
    }
    window.resetWorkspace();
    for (QDockWidget *dock : docks) QVERIFY(!dock->isFloating());
  }

  // File > Close run and Close dataset: each enabled only while there is one; after them the
  // window holds neither, and the same dataset and run open again.
  void closeRunAndDatasetThenOpenAgain() {
    const test::TinyRunFolder folder;
    const test::TinyDataset &tiny = folder.tiny;
    const QString &run = folder.run;
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(m_dir.filePath(QStringLiteral("close.ini")), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    QVERIFY(showWithoutAsking(window));
    auto *closeRun = window.findChild<QAction *>(QStringLiteral("action.closeRun"));
    auto *closeDataset = window.findChild<QAction *>(QStringLiteral("action.closeDataset"));
    QVERIFY(closeRun && closeDataset);
    QVERIFY(!closeRun->isEnabled() && !closeDataset->isEnabled());
    for (int round = 0; round < 2; ++round) {
      QVERIFY(openAndWait(window, tiny.datasetPath));
      window.workbench().openRun(bridge, run);
      QTRY_VERIFY_WITH_TIMEOUT(window.workbench().jointSpace() != nullptr, 60000);
      QVERIFY(closeRun->isEnabled() && closeDataset->isEnabled());
      closeRun->trigger();
      QVERIFY(window.workbench().runDir().isEmpty() && !window.workbench().jointSpace());
      QVERIFY(!closeRun->isEnabled());
      QTest::qWait(50);
      closeDataset->trigger();
      QVERIFY(!window.workbench().dataset() && window.currentDataset().isEmpty());
      QVERIFY(!closeDataset->isEnabled());
      QTest::qWait(50);
    }
    QVERIFY(engine.waitForIdle(60000));
  }

  // Opening a run makes it the current one: from the Training dock's Open run… (openRunFolder)
  // and from the command line (`groundscope RUN_FOLDER`, openPath), which opens its dataset too.
  void anOpenedRunBecomesCurrent() {
    const test::TinyRunFolder folder;
    const test::TinyDataset &tiny = folder.tiny;
    const QString &run = folder.run;
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(m_dir.filePath(QStringLiteral("openrun.ini")), QSettings::IniFormat);
    {
      MainWindow window(bridge, settings);
      QVERIFY(showWithoutAsking(window));
      QVERIFY(window.workbench().runDir().isEmpty());
      QVERIFY(window.openPath(run));
      QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Opened run")), qPrintable(window.statusBar()->currentMessage()));
      QCOMPARE(QFileInfo(window.currentDataset()).canonicalFilePath(), QFileInfo(tiny.datasetPath).canonicalFilePath());
      QCOMPARE(QFileInfo(window.workbench().runDir()).canonicalFilePath(), QFileInfo(run).canonicalFilePath());
      QTRY_VERIFY_WITH_TIMEOUT(window.workbench().jointSpace() != nullptr, 60000);
      QVERIFY(!window.openPath(folder.dir.filePath(QStringLiteral("no-such-folder"))));
      QVERIFY(engine.waitForIdle(60000));
    }
    MainWindow window(bridge, settings);
    QVERIFY(showWithoutAsking(window));
    QVERIFY(openAndWait(window, tiny.datasetPath));
    QVERIFY(window.trainingPanel()->openRunFolder(run));
    QCOMPARE(QFileInfo(window.workbench().runDir()).canonicalFilePath(), QFileInfo(run).canonicalFilePath());
    QTRY_VERIFY_WITH_TIMEOUT(window.workbench().jointSpace() != nullptr, 60000);
    QVERIFY(engine.waitForIdle(60000));
  }

  void aboutNamesVersionAndLicences() {
    AboutDialog about;
    const QString text = about.text();
    QVERIFY(text.contains(QStringLiteral("Groundscope 0.")));
    for (const char *needle : {"LibTorch", "OpenCV", "Boost", "QCustomPlot", "Link Grammar", "GPL-3.0", "BSD-3-Clause",
                               "Apache-2.0", "LGPL-2.1", "BSL-1.0", "BLAS"})
      QVERIFY2(text.contains(QLatin1String(needle)), needle);
  }

  void windowIconIsEmbedded() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    QVERIFY(QFile::exists(QStringLiteral(":/icons/groundscope.svg")));
    QVERIFY(!window.windowIcon().isNull());
    QVERIFY(!window.windowIcon().pixmap(64, 64).isNull());
  }

  // German is complete: lupdate over the GUI's sources (into a copy of the .ts) leaves no message
  // unfinished, so a new string without its translation fails here.
  void germanTranslationIsComplete() {
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("groundscope_de.ts"));
    QVERIFY(QFile::copy(QStringLiteral(GS_SOURCE_DIR "/translations/groundscope_de.ts"), copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(GS_LUPDATE), {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"),
                                               QStringLiteral("@" GS_TRANSLATED_SOURCES), QStringLiteral("-ts"), copy});
    QVERIFY(lupdate.waitForFinished(120000));
    QVERIFY2(lupdate.exitCode() == 0, lupdate.readAll().constData());
    QFile ts(copy);
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&ts);
    QString source;
    QStringList unfinished;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == QLatin1String("source")) source = xml.readElementText();
      if (xml.name() == QLatin1String("translation") && xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished"))
        unfinished << source;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY2(unfinished.isEmpty(), qPrintable(QStringLiteral("%1 untranslated, e.g. %2").arg(unfinished.size()).arg(unfinished.mid(0, 5).join(QStringLiteral(" | ")))));
  }

  void germanTranslationLoads() {
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/groundscope_de.qm")));
    const LoadedTranslations loaded = installTranslations(*qApp, QLocale(QLocale::German, QLocale::Germany));
    QVERIFY(loaded.groundscope);
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    QCOMPARE(menuTitles(window), (QStringList{QStringLiteral("&Datei"), QStringLiteral("&Ansicht"), QStringLiteral("&Training"), QStringLiteral("&Einstellungen"), QStringLiteral("&Hilfe")}));
    QCOMPARE(window.dock(MainWindow::Dock::Dataset)->windowTitle(), QStringLiteral("Datensatz"));
    // The Training form's labels come from core's schema, translated too (not JSON keys).
    QStringList labels;
    for (QLabel *label : window.findChild<TrainConfigForm *>()->findChildren<QLabel *>()) labels << label->text();
    QVERIFY2(labels.contains(QStringLiteral("Epochen")) && labels.contains(QStringLiteral("Minibatch-Größe")), qPrintable(labels.join(QLatin1Char('|'))));
    // Every model's title and summary, as the model list shows them, are German too.
    for (const ModelEntry &entry : modelRegistry()) {
      QVERIFY2(!entry.title.isEmpty() && qstrlen(entry.summary) > 0, qPrintable(entry.name));
      QVERIFY2(modelSummary(entry) != QString::fromUtf8(entry.summary), qPrintable(entry.name + QStringLiteral(": ") + modelSummary(entry)));
      bool titled = false;
      for (const QTranslator *translator : qApp->findChildren<QTranslator *>())
        titled = titled || !translator->translate("ModelRegistry", entry.title.toUtf8().constData()).isEmpty();
      QVERIFY2(titled, qPrintable(entry.title));
    }
    auto *models = qobject_cast<QComboBox *>(window.findChild<TrainConfigForm *>()->editor(QStringLiteral("model")));
    QVERIFY(models->itemText(0).startsWith(modelTitle(modelRegistry().front()) + QStringLiteral(" — ")));
    QCOMPARE(models->itemData(0).toString(), modelRegistry().front().name); // the value stays the registry's name
    for (QTranslator *translator : qApp->findChildren<QTranslator *>()) QCoreApplication::removeTranslator(translator);
  }

  // Until a dataset is open the central area welcomes: the demo, a dataset, the recent lists, the
  // manual. Opening a dataset hands the area back to the docks.
  void welcomeViewUntilADatasetOpens() {
    QTemporaryDir data;
    const QString folder = makeSmallDemo(data);
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(m_dir.filePath(QStringLiteral("welcome.ini")), QSettings::IniFormat); // fresh lists
    RecentDatasets(settings).add(folder);
    MainWindow window(bridge, settings);
    QVERIFY(window.centralWidget());
    QCOMPARE(window.centralWidget()->objectName(), QStringLiteral("welcomeView"));
    QVERIFY(window.dock(MainWindow::Dock::Map)->isHidden()); // the welcome view has the window to itself
    auto *recent = child<QListWidget>(window, "welcome.recentDatasets");
    QCOMPARE(recent->count(), 1);
    QVERIFY(recent->item(0)->text().contains(QStringLiteral("scenes")));
    QSignalSpy opened(&window, &MainWindow::datasetOpened);
    Q_EMIT recent->itemActivated(recent->item(0));
    QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 1, 30000);
    QCOMPARE(window.centralWidget(), nullptr);
    QCOMPARE(window.workspace(), Workspace::Data); // the first workspace, on a first start
    QVERIFY(!window.dock(MainWindow::Dock::Dataset)->isHidden());
  }

  // Help > User manual opens the manual from the program's own resources: the contents page, the
  // contents list in the index's order, pages with their screenshots, links between pages.
  void helpMenuOpensTheManualOffline() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // From outside every dock: the contents page (inside one, its page: the next test).
    if (QWidget *focus = QApplication::focusWidget()) focus->clearFocus();
    child<QAction>(window, "action.manual")->trigger();
    auto *manual = child<ManualWindow>(window, "manualWindow");
    QVERIFY(manual->isVisible());
    QCOMPARE(manual->currentPage(), QStringLiteral("index.md"));
    auto *page = child<QTextBrowser>(*manual, "manualPage");
    QVERIFY(page->toPlainText().contains(QStringLiteral("Getting started")));
    auto *contents = child<QTreeWidget>(*manual, "manualContents");
    QVERIFY2(contents->topLevelItemCount() >= 12, qPrintable(QString::number(contents->topLevelItemCount())));

    // A page's screenshots load from the resources, scaled to the page.
    QVERIFY(manual->openPage(QStringLiteral("workbench/map.md")));
    QVERIFY(page->toPlainText().startsWith(QStringLiteral("Map")));
    page->document()->documentLayout()->documentSize(); // lays the page out, loading its images
    int images = 0;
    for (QTextBlock block = page->document()->begin(); block.isValid(); block = block.next())
      for (auto it = block.begin(); !it.atEnd(); ++it) {
        const QTextImageFormat format = it.fragment().charFormat().toImageFormat();
        if (!format.isValid()) continue;
        const QImage image = page->document()->resource(QTextDocument::ImageResource, QUrl(format.name())).value<QImage>();
        QVERIFY2(!image.isNull(), qPrintable(format.name()));
        QVERIFY(image.width() <= 860);
        ++images;
      }
    QVERIFY(images >= 1);

    // A link to another page opens it; the search finds what the pages say.
    page->setSource(QUrl(QStringLiteral("../getting-started.md")));
    QCOMPARE(manual->currentPage(), QStringLiteral("getting-started.md"));
    manual->search(QStringLiteral("preservation"));
    auto *hits = child<QListWidget>(*manual, "manualHits");
    QVERIFY(hits->count() >= 1);
    Q_EMIT hits->itemClicked(hits->item(0));
    QVERIFY(page->toPlainText().contains(QStringLiteral("preservation"), Qt::CaseInsensitive));
  }

  // F1 opens the page of the dock that holds the focus, and each dock's "?" opens its own page.
  void f1AndEachDocksQuestionMarkOpenItsPage() {
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(settingsPath(), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    for (const MainWindow::Dock which : {MainWindow::Dock::Dataset, MainWindow::Dock::Training, MainWindow::Dock::Trees,
                                         MainWindow::Dock::Regions, MainWindow::Dock::Map, MainWindow::Dock::Retrieval,
                                         MainWindow::Dock::Runs}) {
      QDockWidget *dock = window.dock(which);
      dock->show();
      dock->raise();
      child<QToolButton>(*dock, "dockHelp")->click();
      auto *manual = child<ManualWindow>(window, "manualWindow");
      QCOMPARE(manual->currentPage(), dockManualPage(which));
      QVERIFY(child<QTextBrowser>(*manual, "manualPage")->toPlainText().startsWith(dock->windowTitle()));
      manual->hide();
    }
    // The Analysis dock's page is the guide to `analyze`, titled by what it finds, not by the dock.
    child<QToolButton>(*window.dock(MainWindow::Dock::Analysis), "dockHelp")->click();
    QCOMPARE(child<ManualWindow>(window, "manualWindow")->currentPage(), QStringLiteral("analysis.md"));
    child<ManualWindow>(window, "manualWindow")->hide();
    QDockWidget *map = window.dock(MainWindow::Dock::Map);
    map->raise();
    QWidget *inside = map->widget()->focusProxy() ? map->widget()->focusProxy() : map->widget();
    inside->setFocus(Qt::OtherFocusReason);
    QTRY_VERIFY(map->isAncestorOf(QApplication::focusWidget()) || QApplication::focusWidget() == map);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F1);
    QCOMPARE(child<ManualWindow>(window, "manualWindow")->currentPage(), QStringLiteral("workbench/map.md"));
  }

  // Every workspace fits a laptop screen and a desktop one: each visible control is at least its
  // minimum size and lies inside the window, with a dataset open and the panels filled.
  void everyWorkspaceFitsTheScreen_data() {
    QTest::addColumn<QSize>("screen");
    QTest::newRow("1366x768") << QSize(1366, 768);
    QTest::newRow("1920x1080") << QSize(1920, 1080);
  }
  void everyWorkspaceFitsTheScreen() {
    QFETCH(QSize, screen);
    QTemporaryDir data;
    const QString folder = makeSmallDemo(data);
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(m_dir.filePath(QStringLiteral("workspaces-%1.ini").arg(screen.width())), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.resize(screen);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndWait(window, folder));
    for (const WorkspaceInfo &info : workspaces()) {
      window.setWorkspace(info.kind);
      QTest::qWait(100);
      QCOMPARE(window.size(), screen);
      int checked = 0;
      for (QWidget *control : window.findChildren<QWidget *>()) {
        const bool isControl = qobject_cast<QAbstractButton *>(control) || qobject_cast<QComboBox *>(control) ||
                               qobject_cast<QAbstractSpinBox *>(control) || qobject_cast<QLineEdit *>(control) ||
                               qobject_cast<QAbstractSlider *>(control) || qobject_cast<QAbstractItemView *>(control);
        if (!isControl || !control->isVisible() || control->window() != &window || control->visibleRegion().isEmpty()) continue;
        if (qobject_cast<QScrollBar *>(control) || control->objectName().startsWith(QLatin1String("qt_"))) continue;
        // A combo, spin box or line edit's own parts (its editor, its action buttons) are sized by
        // the style, inside the control checked itself.
        QWidget *owner = control->parentWidget();
        if (qobject_cast<QComboBox *>(owner) || qobject_cast<QAbstractSpinBox *>(owner) || qobject_cast<QLineEdit *>(owner)) continue;
        const QString name = QStringLiteral("%1 %2 '%3' in %4").arg(QLatin1String(info.key), QLatin1String(control->metaObject()->className()),
                                                                  control->objectName(), control->accessibleName());
        const QSize least = control->minimumSizeHint();
        QVERIFY2(control->width() >= least.width() && control->height() >= least.height(),
                 qPrintable(QStringLiteral("%1: %2x%3 < %4x%5").arg(name).arg(control->width()).arg(control->height()).arg(least.width()).arg(least.height())));
        const QRect rect(control->mapTo(&window, QPoint()), control->size());
        QVERIFY2(window.rect().contains(rect), qPrintable(QStringLiteral("%1 at %2,%3").arg(name).arg(rect.x()).arg(rect.y())));
        ++checked;
      }
      QVERIFY2(checked >= 5, info.key);
      if (info.kind == Workspace::Inspect) verifyInspectDocksFit(window, screen);
    }
  }

  // Inspect's docks each get their panel's minimum width, tabbed ones too (each brought forward in
  // turn): side by side where they fit, tabbed where they do not. A laptop screen has two columns
  // (the Caption lab a tab behind Regions); a desktop screen has room for all three.
  static void verifyInspectDocksFit(MainWindow &window, QSize screen) {
    QSet<int> columns;
    for (MainWindow::Dock which : workspaceInfo(Workspace::Inspect).docks) {
      QDockWidget *dock = window.dock(which);
      QVERIFY(dock->isVisible() && !dock->isFloating());
      dock->raise();
      QTest::qWait(50);
      auto *scroll = qobject_cast<QScrollArea *>(dock->widget());
      QWidget *panel = scroll && scroll->widget() ? scroll->widget() : dock->widget();
      QVERIFY2(dock->width() >= panel->minimumSizeHint().width(),
               qPrintable(QStringLiteral("%1 at %2: %3 < %4").arg(dock->windowTitle()).arg(screen.width()).arg(dock->width())
                              .arg(panel->minimumSizeHint().width())));
      if (scroll) QVERIFY2(!scroll->horizontalScrollBar()->isVisible(), qPrintable(dock->windowTitle()));
      columns.insert(dock->x());
    }
    QCOMPARE(int(columns.size()), screen.width() >= 1920 ? 3 : 2);
  }

  // On a laptop screen, from a first start with a dataset open: Train in the workspace bar, the
  // HM-LSTM from the model list, and Start is there to press, nothing closed or resized.
  void hmlstmCanBeStartedOnALaptopScreen() {
    QTemporaryDir data;
    const QString folder = makeSmallDemo(data);
    Engine engine;
    EngineBridge bridge(engine);
    QSettings settings(m_dir.filePath(QStringLiteral("laptop.ini")), QSettings::IniFormat);
    MainWindow window(bridge, settings);
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(openAndWait(window, folder));
    child<QAction>(window, "action.workspace.train")->trigger();
    auto *models = qobject_cast<QComboBox *>(window.trainingPanel()->form()->editor(QStringLiteral("model")));
    QVERIFY(models && !models->visibleRegion().isEmpty());
    models->setCurrentIndex(models->findData(QStringLiteral("hmlstm")));
    QCOMPARE(window.trainingPanel()->form()->model(), QStringLiteral("hmlstm"));
    QVERIFY(models->currentText().startsWith(QStringLiteral("HM-LSTM — ")));
    QPushButton *start = window.trainingPanel()->startButton();
    QTRY_VERIFY(start->isEnabled());
    QVERIFY(!start->visibleRegion().isEmpty());
    QVERIFY(window.rect().contains(QRect(start->mapTo(&window, QPoint()), start->size())));
    QCOMPARE(window.size(), QSize(1366, 768));
  }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
