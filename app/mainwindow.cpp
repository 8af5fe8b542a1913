#include "mainwindow.h"

#include "aboutdialog.h"
#include "data/datasetsummary.h"
#include "data/loaddataset.h"
#include "data/outsidepaths.h"
#include "data/scenes/scenesdemo.h"
#include "dataset/datasetbrowser.h"
#include "common/emptypanel.h"
#include "engine/jobcontext.h"
#include "common/viewexport.h"
#include "gs/version.h"
#include "io/atomicfile.h"
#include "io/jsonfile.h"
#include "training/trainconfigform.h"
#include "training/trainconfig.h"
#include "common/jobstatuswidget.h"
#include "common/docktitlebar.h"
#include "common/logview.h"
#include "map/mappanel.h"
#include "recentdatasets.h"
#include "regions/regionpanel.h"
#include "common/accessiblenames.h"
#include "common/canvaspalette.h"
#include "common/joblist.h"
#include "retrieval/retrievalpanel.h"
#include "runs/runspanel.h"
#include "analysis/analysispanel.h"
#include "captionlab/captionlab.h"
#include "training/trainingpanel.h"

#include <QActionGroup>
#include <QStyle>
#include <QDir>
#include <QJsonDocument>
#include <QLineEdit>
#include <QPushButton>
#include "trees/treepanel.h"
#include "resources.h"
#include "common/workbenchstate.h"
#include "common/workbenchwatcher.h"
#include "runtime/runtime.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>

namespace gs {

namespace {
const QList<MainWindow::Dock> kAllDocks = {MainWindow::Dock::Dataset, MainWindow::Dock::Training,
                                           MainWindow::Dock::Trees,   MainWindow::Dock::Regions,
                                           MainWindow::Dock::Map,     MainWindow::Dock::Retrieval,
                                           MainWindow::Dock::CaptionLab, MainWindow::Dock::Runs,
                                           MainWindow::Dock::Analysis};
const QString kGeometryKey = QStringLiteral("window/geometry");
}  // namespace

QString dockTitle(MainWindow::Dock dock) {
  switch (dock) {
  case MainWindow::Dock::Dataset: return MainWindow::tr("Dataset");
  case MainWindow::Dock::Training: return MainWindow::tr("Training");
  case MainWindow::Dock::Trees: return MainWindow::tr("Trees");
  case MainWindow::Dock::Regions: return MainWindow::tr("Regions");
  case MainWindow::Dock::Map: return MainWindow::tr("Map");
  case MainWindow::Dock::Retrieval: return MainWindow::tr("Retrieval");
  case MainWindow::Dock::CaptionLab: return MainWindow::tr("Caption lab");
  case MainWindow::Dock::Runs: return MainWindow::tr("Runs");
  case MainWindow::Dock::Analysis: return MainWindow::tr("Analysis");
  }
  return {};
}

QString dockObjectName(MainWindow::Dock dock) {
  switch (dock) {
  case MainWindow::Dock::Dataset: return QStringLiteral("dock.dataset");
  case MainWindow::Dock::Training: return QStringLiteral("dock.training");
  case MainWindow::Dock::Trees: return QStringLiteral("dock.trees");
  case MainWindow::Dock::Regions: return QStringLiteral("dock.regions");
  case MainWindow::Dock::Map: return QStringLiteral("dock.map");
  case MainWindow::Dock::Retrieval: return QStringLiteral("dock.retrieval");
  case MainWindow::Dock::CaptionLab: return QStringLiteral("dock.captionLab");
  case MainWindow::Dock::Runs: return QStringLiteral("dock.runs");
  case MainWindow::Dock::Analysis: return QStringLiteral("dock.analysis");
  }
  return {};
}

MainWindow::MainWindow(EngineBridge &bridge, QSettings &settings, QWidget *parent)
    : QMainWindow(parent), m_bridge(bridge), m_settings(settings), m_recent(new RecentDatasets(settings)),
      m_recentRuns(new RecentDatasets(settings, QStringLiteral("runs/recent"))),
      m_state(new WorkbenchState(this)) {
  initResources();
  setWindowTitle(QStringLiteral("Groundscope"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/groundscope.svg")));
  setDockNestingEnabled(true);
  // No animated docks: a workspace switch (QMainWindow::restoreState) while a dropped dock is still
  // sliding into place crashes Qt 6.4 (a layout item of the animation is left dangling); a dock
  // dropped a moment before Ctrl+1 is something users do.
  setDockOptions(dockOptions() & ~QMainWindow::AnimatedDocks);
  setObjectName(QStringLiteral("mainWindow"));

  createDocks();
  watchFiles();
  createMenus();
  m_jobStatus = new JobStatusWidget(bridge, this);
  m_jobStatus->setObjectName(QStringLiteral("jobStatus"));
  statusBar()->addPermanentWidget(m_jobStatus);
  connect(&bridge, &EngineBridge::finished, this, [this](JobId, const QString &name, const JobOutcome &outcome) {
    if (outcome.status == JobStatus::Failed)
      statusBar()->showMessage(tr("%1 failed: %2").arg(name, outcome.error), 10000);
  });
  restoreLayout();
  createWelcome();
  runStartupCheck();
  const QString theme = m_settings.value(QStringLiteral("view/theme"), QStringLiteral("system")).toString();
  if (theme != QLatin1String("system")) applyTheme(theme);
  // Screen readers: every control named by its form label or tooltip where it has no name of its own.
  nameControlsFromLabels(this);
}

void MainWindow::watchFiles() {
  m_watcher = new WorkbenchWatcher(*m_state, this);
  connect(m_watcher, &WorkbenchWatcher::notice, this, &MainWindow::showNotice);
  connect(m_watcher, &WorkbenchWatcher::runFolderRemoved, m_runsPanel, &RunsPanel::refresh);
  connect(m_watcher, &WorkbenchWatcher::imageChanged, m_datasetBrowser, &DatasetBrowser::refreshImage);
}

void MainWindow::showNotice(const QString &text) {
  statusBar()->showMessage(text);
  m_log->appendLine(LogLevel::Warning, text);
}

MainWindow::~MainWindow() {
  delete m_recent;
  delete m_recentRuns;
}

// Each dock's hint, shown by its empty panel.
QString dockHint(MainWindow::Dock dock) {
  switch (dock) {
  case MainWindow::Dock::Dataset:
    return MainWindow::tr("Open a dataset with File > Open dataset… or try File > Open demo dataset: its formats, splits, vocabulary and load report appear here.");
  case MainWindow::Dock::Training: return MainWindow::tr("Choose a model and train it; loss curves and validation recall appear here.");
  case MainWindow::Dock::Trees: return MainWindow::tr("Dependency and constituency trees of the selected caption, with per-node activations.");
  case MainWindow::Dock::Regions: return MainWindow::tr("Image regions and the phrases they correspond to.");
  case MainWindow::Dock::Map: return MainWindow::tr("A t-SNE or PCA map of images and captions in the joint space.");
  case MainWindow::Dock::Retrieval: return MainWindow::tr("Type a sentence to rank images, or pick an image to rank captions.");
  case MainWindow::Dock::CaptionLab:
    return MainWindow::tr("Edit a caption and watch the run's score, the image's rank and each word's contribution change.");
  case MainWindow::Dock::Runs: return MainWindow::tr("Every training run in the runs folders as a table: filter, sort, compare and export them.");
  case MainWindow::Dock::Analysis:
    return MainWindow::tr("Where the run's joint space fails: slices of the test queries, retrieval with intervals, hubs and the modality gap.");
  }
  return {};
}

// Before a dataset: the hint. After: the thumbnail browser and the load summary.
QWidget *MainWindow::createDatasetContent(QWidget *hint, QDockWidget *dock) {
  m_datasetStack = new QStackedWidget(dock);
  m_datasetStack->addWidget(hint);
  m_datasetTabs = new QTabWidget(m_datasetStack);
  m_datasetTabs->setObjectName(QStringLiteral("datasetTabs"));
  m_datasetBrowser = new DatasetBrowser(*m_state, m_datasetTabs);
  m_datasetBrowser->setObjectName(QStringLiteral("datasetBrowser"));
  connect(m_datasetBrowser, &DatasetBrowser::datasetDropped, this, &MainWindow::openDataset);
  m_datasetTabs->addTab(m_datasetBrowser, tr("Browse"));
  m_datasetSummary = new QPlainTextEdit(m_datasetTabs);
  m_datasetSummary->setAccessibleName(tr("Dataset summary"));
  m_datasetSummary->setReadOnly(true);
  m_datasetSummary->setObjectName(QStringLiteral("datasetSummary"));
  m_datasetSummary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_datasetTabs->addTab(m_datasetSummary, tr("Summary"));
  m_datasetStack->addWidget(m_datasetTabs);
  return m_datasetStack;
}

// The training form and curves, the log and the jobs, as tabs.
QWidget *MainWindow::createTrainingContent(QDockWidget *dock) {
  auto *tabs = new QTabWidget(dock);
  m_trainingPanel = new TrainingPanel(m_bridge, *m_state, tabs);
  tabs->addTab(m_trainingPanel, tr("Train"));
  m_log = new LogView(m_bridge, tabs);
  tabs->addTab(m_log, tr("Log"));
  m_jobList = new JobList(m_bridge, tabs);
  m_jobList->setObjectName(QStringLiteral("jobList"));
  tabs->addTab(m_jobList, tr("Jobs"));
  return tabs;
}

// The run table; a run opened there shows its curves beside the others in the Training dock.
QWidget *MainWindow::createRunsContent(QDockWidget *dock) {
  m_runsPanel = new RunsPanel(m_bridge, *m_state, m_settings, dock);
  connect(m_runsPanel, &RunsPanel::runActivated, this, [this](const QString &runDir) { m_trainingPanel->openRunFolder(runDir); });
  connect(m_trainingPanel, &TrainingPanel::runFinished, m_runsPanel, &RunsPanel::runsChanged);
  return m_runsPanel;
}

QWidget *MainWindow::createDockContent(Dock which, QDockWidget *dock) {
  QWidget *hint = new EmptyPanel(dockTitle(which), dockHint(which), dock);
  switch (which) {
  case Dock::Dataset: return createDatasetContent(hint, dock);
  case Dock::Training: return createTrainingContent(dock);
  case Dock::Trees: return m_treePanel = new TreePanel(m_bridge, *m_state, dock);
  case Dock::Retrieval: return m_retrievalPanel = new RetrievalPanel(*m_state, dock);
  case Dock::Map: return m_mapPanel = new MapPanel(m_bridge, *m_state, dock);
  case Dock::Regions: return m_regionPanel = new RegionPanel(m_bridge, *m_state, dock);
  case Dock::CaptionLab: return m_captionLab = new CaptionLab(m_bridge, *m_state, dock);
  case Dock::Runs: return createRunsContent(dock);
  case Dock::Analysis: return m_analysisPanel = new AnalysisPanel(m_bridge, *m_state, dock);
  }
  return hint;
}

void MainWindow::createDocks() {
  // The central area holds the dataset browser; the other views dock around it.
  for (Dock which : kAllDocks) {
    auto *dock = new QDockWidget(dockTitle(which), this);
    dock->setObjectName(dockObjectName(which));
    dock->setAllowedAreas(Qt::AllDockWidgetAreas);
    QWidget *content = createDockContent(which, dock);
    // The panels' own minimum sizes add up past a laptop screen: let each dock scroll instead.
    auto *scroll = new QScrollArea(dock);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    dock->setWidget(scroll);
    // The title bar's "?" opens the dock's page of the manual.
    auto *titleBar = new DockTitleBar(dock);
    dock->setTitleBarWidget(titleBar);
    connect(titleBar, &DockTitleBar::helpRequested, this, [this, which] { showManual(dockManualPage(which)); });
    m_docks.insert(which, dock);
  }
  arrangeDocks();
}

void MainWindow::arrangeDocks() {
  addDockWidget(Qt::LeftDockWidgetArea, m_docks[Dock::Dataset]);
  addDockWidget(Qt::RightDockWidgetArea, m_docks[Dock::Trees]);
  addDockWidget(Qt::RightDockWidgetArea, m_docks[Dock::Regions]);
  tabifyDockWidget(m_docks[Dock::Trees], m_docks[Dock::Regions]);
  addDockWidget(Qt::RightDockWidgetArea, m_docks[Dock::CaptionLab]);
  tabifyDockWidget(m_docks[Dock::Regions], m_docks[Dock::CaptionLab]);
  addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Training]);
  addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Map]);
  addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Retrieval]);
  tabifyDockWidget(m_docks[Dock::Map], m_docks[Dock::Retrieval]);
  addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Analysis]);
  tabifyDockWidget(m_docks[Dock::Retrieval], m_docks[Dock::Analysis]);
  addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Runs]);
  tabifyDockWidget(m_docks[Dock::Training], m_docks[Dock::Runs]);
  m_docks[Dock::Training]->raise();
  m_docks[Dock::Trees]->raise();
  m_docks[Dock::Map]->raise();
  // The dataset browser runs the full height on the left; the views share the right.
  setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
}

void MainWindow::createMenus() {
  createFileMenu();
  createViewMenu();
  createTrainingMenu();
  createSettingsMenu();
  createHelpMenu();
}

void MainWindow::createFileMenu() {
  QMenu *file = menuBar()->addMenu(tr("&File"));
  QAction *open = file->addAction(tr("&Open dataset…"), this, &MainWindow::chooseDatasetFolder);
  open->setShortcut(QKeySequence::Open);
  open->setObjectName(QStringLiteral("action.open"));
  // A dataset is a folder or one file: Karpathy or COCO JSON, CSV/TSV, a Flickr8k token file.
  QAction *openFile = file->addAction(tr("Open dataset &file…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open dataset file"), QString(),
        tr("Dataset files (*.json *.csv *.tsv *.txt);;Karpathy or COCO captions (*.json);;CSV or TSV (*.csv *.tsv);;"
           "Flickr8k token file (*.txt);;All files (*)"));
    if (!path.isEmpty()) openDataset(path);
  });
  openFile->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  openFile->setObjectName(QStringLiteral("action.openFile"));
  QAction *demo = file->addAction(tr("Open &demo dataset"), this, &MainWindow::openDemoDataset);
  demo->setObjectName(QStringLiteral("action.openDemo"));
  m_recentMenu = file->addMenu(tr("Open &recent"));
  m_recentMenu->setObjectName(QStringLiteral("menu.recent"));
  rebuildRecentMenu();
  m_recentRunsMenu = file->addMenu(tr("Open recent r&un"));
  m_recentRunsMenu->setObjectName(QStringLiteral("menu.recentRuns"));
  rebuildRecentRunsMenu();
  // Every run that becomes the workbench's current one (opened, or trained to the end) is remembered.
  connect(m_state, &WorkbenchState::runChanged, this, [this](const QString &runDir) {
    if (runDir.isEmpty()) return;
    m_recentRuns->add(runDir);
    rebuildRecentRunsMenu();
  });
  addCloseActions(file);
  file->addSeparator();
  QAction *exportAction = file->addAction(tr("&Export…"), this, &MainWindow::exportView);
  exportAction->setObjectName(QStringLiteral("action.export"));
  exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  file->addSeparator();
  QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  quit->setObjectName(QStringLiteral("action.quit"));
}

// File > Close run and Close dataset, each enabled while there is one to close.
void MainWindow::addCloseActions(QMenu *file) {
  file->addSeparator();
  QAction *closeRun = file->addAction(tr("Close ru&n"), this, [this] { m_state->openRun(m_bridge, QString()); });
  closeRun->setObjectName(QStringLiteral("action.closeRun"));
  QAction *closeDataset = file->addAction(tr("&Close dataset"), this, &MainWindow::closeDataset);
  closeDataset->setObjectName(QStringLiteral("action.closeDataset"));
  const auto update = [this, closeRun, closeDataset] {
    closeRun->setEnabled(!m_state->runDir().isEmpty());
    closeDataset->setEnabled(m_state->dataset() != nullptr);
  };
  connect(m_state, &WorkbenchState::runChanged, this, update);
  connect(m_state, &WorkbenchState::datasetChanged, this, update);
  update();
}

// The run goes first (its views read the dataset), then the dataset; the docks show their hints.
void MainWindow::closeDataset() {
  m_state->openRun(m_bridge, QString());
  m_dataset.clear();
  m_state->setDataset(nullptr);
  showDatasetText(tr("No dataset is open."));
  statusBar()->showMessage(tr("Dataset closed"), 5000);
}

// The docks' toggles, Go to (Alt+1…9), search and the theme.
void MainWindow::createViewMenu() {
  QMenu *view = menuBar()->addMenu(tr("&View"));
  createWorkspaceBar(view);
  view->addSeparator();
  for (Dock which : kAllDocks) view->addAction(m_docks[which]->toggleViewAction());
  view->addSeparator();
  // Alt+1…9 bring a dock forward (shown, raised, focused) wherever it is docked or tabbed.
  QMenu *goTo = view->addMenu(tr("&Go to"));
  goTo->setObjectName(QStringLiteral("menu.goTo"));
  int number = 1;
  for (Dock which : kAllDocks) {
    QAction *action = goTo->addAction(dockTitle(which), this, [this, which] { focusDock(which); });
    action->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_0 + number)));
    action->setObjectName(QStringLiteral("action.goTo.%1").arg(dockObjectName(which)));
    ++number;
  }
  QAction *search = view->addAction(tr("&Search sentences"), this, [this] {
    focusDock(Dock::Retrieval);
    m_retrievalPanel->sentenceEdit()->setFocus(Qt::ShortcutFocusReason);
    m_retrievalPanel->sentenceEdit()->selectAll();
  });
  search->setShortcut(QKeySequence::Find);
  search->setObjectName(QStringLiteral("action.search"));
  addThemeMenu(view);
}

// View > Theme: the system's look, or Fusion light or dark; the canvases follow the palette.
void MainWindow::addThemeMenu(QMenu *view) {
  QMenu *themes = view->addMenu(tr("&Theme"));
  themes->setObjectName(QStringLiteral("menu.theme"));
  auto *themeGroup = new QActionGroup(this);
  const QString current = m_settings.value(QStringLiteral("view/theme"), QStringLiteral("system")).toString();
  for (const auto &[name, label] : {std::pair{QStringLiteral("system"), tr("&System")}, std::pair{QStringLiteral("light"), tr("&Light")},
                                    std::pair{QStringLiteral("dark"), tr("&Dark")}}) {
    QAction *action = themes->addAction(label, this, [this, name = name] { applyTheme(name); });
    action->setCheckable(true);
    action->setChecked(name == current);
    action->setObjectName(QStringLiteral("action.theme.") + name);
    themeGroup->addAction(action);
  }
}

void MainWindow::createTrainingMenu() {
  QMenu *training = menuBar()->addMenu(tr("&Training"));
  QAction *start = training->addAction(tr("&Start training"), this, [this] {
    focusDock(Dock::Training);
    m_trainingPanel->startButton()->click(); // does nothing while the button is disabled
  });
  start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
  start->setObjectName(QStringLiteral("action.startTraining"));
  QAction *stop = training->addAction(tr("S&top training"), this, [this] { m_trainingPanel->stopButton()->click(); });
  stop->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Period));
  stop->setObjectName(QStringLiteral("action.stopTraining"));
}

// The Training form's settings as the JSON `groundscope-cli train --config FILE.json` reads, and
// whether dataset files may name images outside their folder.
void MainWindow::createSettingsMenu() {
  QMenu *settingsMenu = menuBar()->addMenu(tr("&Settings"));
  QAction *load = settingsMenu->addAction(tr("&Load configuration…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load configuration"), QString(), tr("Configuration (*.json)"));
    if (!path.isEmpty()) loadConfiguration(path);
  });
  load->setObjectName(QStringLiteral("action.loadConfiguration"));
  QAction *save = settingsMenu->addAction(tr("&Save configuration…"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save configuration"), QStringLiteral("config.json"), tr("Configuration (*.json)"));
    if (!path.isEmpty()) saveConfiguration(path);
  });
  save->setObjectName(QStringLiteral("action.saveConfiguration"));
  settingsMenu->addSeparator();
  // Dataset files from strangers may point outside their folder ("../../", absolute paths,
  // symlinks): refused unless the user says otherwise (core/data/outsidepaths.h).
  QAction *outside = settingsMenu->addAction(tr("Allow images outside the dataset folder"));
  outside->setObjectName(QStringLiteral("action.allowOutsidePaths"));
  outside->setCheckable(true);
  outside->setChecked(m_settings.value(QStringLiteral("datasets/allowOutsidePaths"), false).toBool());
  outside->setToolTip(tr("Let dataset files name images outside the dataset's folder (absolute paths, \"../\", symlinks); "
                         "otherwise they are refused and listed in the load report. Applies to datasets opened from now on."));
  setOutsidePathsAllowed(outside->isChecked());
  connect(outside, &QAction::toggled, this, [this](bool allowed) {
    setOutsidePathsAllowed(allowed);
    m_settings.setValue(QStringLiteral("datasets/allowOutsidePaths"), allowed);
  });
}

void MainWindow::focusDock(Dock which) {
  QDockWidget *dock = m_docks[which];
  dock->show();
  dock->raise();
  dock->activateWindow();
  if (QWidget *inner = dock->widget()) inner->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::applyTheme(const QString &theme) {
  // What the system gave, kept from before the first change so "System" can go back to it.
  static const QPalette systemPalette = QApplication::palette();
  static const QString systemStyle = QApplication::style()->name();
  if (theme == QLatin1String("dark") || theme == QLatin1String("light")) {
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(theme == QLatin1String("dark") ? darkPalette() : QApplication::style()->standardPalette());
  } else {
    QApplication::setStyle(systemStyle);
    QApplication::setPalette(systemPalette);
  }
  m_settings.setValue(QStringLiteral("view/theme"), theme);
  if (QAction *action = findChild<QAction *>(QStringLiteral("action.theme.") + theme)) action->setChecked(true);
}

QString MainWindow::loadConfiguration(const QString &path) {
  QString error;
  try {
    const QJsonObject json = readJsonObjectFile(path);
    m_trainingPanel->form()->setConfig(TrainConfig::fromJson(json, path));
    focusDock(Dock::Training);
  } catch (const std::exception &e) {
    error = QString::fromUtf8(e.what());
  }
  statusBar()->showMessage(error.isEmpty() ? tr("Loaded %1").arg(QDir::toNativeSeparators(path)) : error, 10000);
  return error;
}

QString MainWindow::saveConfiguration(const QString &path) {
  TrainConfig config;
  QString error;
  if (m_trainingPanel->form()->config(&config, &error)) {
    try {
      writeFileAtomically(path, QJsonDocument(config.toJson()).toJson());
    } catch (const std::exception &e) {
      error = QString::fromUtf8(e.what());
    }
  }
  statusBar()->showMessage(error.isEmpty() ? tr("Saved %1").arg(QDir::toNativeSeparators(path)) : error, 10000);
  return error;
}

void MainWindow::openRecentRun(const QString &path) {
  if (!QFileInfo::exists(path)) {
    statusBar()->showMessage(tr("%1: no such run folder").arg(path), 10000);
    m_recentRuns->remove(path);
    rebuildRecentRunsMenu();
    return;
  }
  focusDock(Dock::Training);
  m_trainingPanel->openRunFolder(path);
}

void MainWindow::rebuildRecentRunsMenu() {
  m_recentRunsMenu->clear();
  const QStringList paths = m_recentRuns->paths();
  for (const QString &path : paths)
    m_recentRunsMenu->addAction(path, this, [this, path] { openRecentRun(path); });
  if (!paths.isEmpty()) {
    m_recentRunsMenu->addSeparator();
    m_recentRunsMenu->addAction(tr("Clear list"), this, [this] {
      m_recentRuns->clear();
      rebuildRecentRunsMenu();
    });
  }
  m_recentRunsMenu->setEnabled(!paths.isEmpty());
  refreshWelcome();
}

void MainWindow::rebuildRecentMenu() {
  m_recentMenu->clear();
  const QStringList paths = m_recent->paths();
  for (const QString &path : paths) {
    m_recentMenu->addAction(path, this, [this, path] { openDataset(path); });
  }
  if (!paths.isEmpty()) {
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear list"), this, [this] {
      m_recent->clear();
      rebuildRecentMenu();
    });
  }
  m_recentMenu->setEnabled(!paths.isEmpty());
  refreshWelcome();
}

void MainWindow::chooseDatasetFolder() {
  const QString path = QFileDialog::getExistingDirectory(this, tr("Open dataset folder"));
  if (!path.isEmpty()) openDataset(path);
}

bool MainWindow::openDataset(const QString &path) {
  if (!QFileInfo::exists(path)) {
    statusBar()->showMessage(tr("%1: no such file or folder").arg(path), 10000);
    m_recent->remove(path);
    rebuildRecentMenu();
    return false;
  }
  const QString target = beginOpening(path);
  m_bridge.submitInteractiveThen<LoadedDataset>(
      this, tr("Load dataset"), [target](JobContext &job) { return LoadedDataset::load(target, &job); },
      [this, target](const JobOutcome &outcome, std::optional<LoadedDataset> loaded) { showLoaded(target, outcome, loaded); });
  return true;
}

MainWindow::LoadedDataset MainWindow::LoadedDataset::load(const QString &path, JobContext *job) {
  auto dataset = std::make_shared<const Dataset>(loadDataset(path, job));
  return {path, dataset, describeDataset(*dataset)};
}

QString MainWindow::beginOpening(const QString &path) {
  m_dataset = QFileInfo(path).absoluteFilePath();
  m_recent->add(m_dataset);
  rebuildRecentMenu();
  setWindowTitle(QStringLiteral("%1 — Groundscope").arg(QFileInfo(m_dataset).fileName()));
  showDatasetText(tr("Loading %1…").arg(m_dataset));
  return m_dataset;
}

void MainWindow::showLoaded(const QString &target, const JobOutcome &outcome, const std::optional<LoadedDataset> &loaded) {
  if (target != m_dataset) return; // another dataset was opened meanwhile
  if (loaded) {
    showDatasetText(loaded->description);
    m_state->setDataset(loaded->dataset);
    m_datasetTabs->setCurrentWidget(m_datasetBrowser);
    dismissWelcome();
    statusBar()->showMessage(tr("Dataset: %1").arg(target), 5000);
    Q_EMIT datasetOpened(target);
  } else {
    showDatasetText(outcome.status == JobStatus::Cancelled ? tr("Loading %1 was cancelled.").arg(target)
                                                           : tr("Could not load %1:\n%2").arg(target, outcome.error));
  }
}

void MainWindow::openDemoDataset() {
  // Made (or found complete) and loaded in one job: finding it complete reads it already.
  m_bridge.submitInteractiveThen<LoadedDataset>(
      this, tr("Make the Scenes demo"),
      [](JobContext &job) {
        auto dataset = std::make_shared<Dataset>();
        const QString folder = ensureScenesDemo(ScenesOptions{}, &job, dataset.get());
        return LoadedDataset{QFileInfo(folder).absoluteFilePath(), dataset, describeDataset(*dataset)};
      },
      [this](const JobOutcome &outcome, std::optional<LoadedDataset> made) {
        if (made) showLoaded(beginOpening(made->path), outcome, made);
      });
}

void MainWindow::showDatasetText(const QString &text) {
  m_datasetSummary->setPlainText(text);
  m_datasetStack->setCurrentWidget(m_datasetTabs);
  m_datasetTabs->setCurrentWidget(m_datasetSummary);
}

QString MainWindow::datasetSummaryText() const {
  return m_datasetStack->currentWidget() == m_datasetTabs ? m_datasetSummary->toPlainText() : QString();
}

void MainWindow::exportView() {
  // Offer each visible dock and the whole window.
  QStringList names{tr("Whole window")};
  QList<QWidget *> widgets{this};
  for (Dock which : kAllDocks) {
    if (m_docks[which]->isVisible()) {
      names << dockTitle(which);
      auto *scroll = qobject_cast<QScrollArea *>(m_docks[which]->widget());
      widgets << (scroll ? scroll->widget() : m_docks[which]->widget());
    }
  }
  bool ok = false;
  const QString choice = QInputDialog::getItem(this, tr("Export"), tr("View to export:"), names, 0, false, &ok);
  if (!ok) return;
  QWidget *widget = widgets.value(names.indexOf(choice), this);
  const QString path = QFileDialog::getSaveFileName(this, tr("Export figure"), QString(), figureFileFilter());
  if (path.isEmpty()) return;
  const FigureExportResult result = exportFigure(*widget, path);
  if (result.ok) statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
  else QMessageBox::warning(this, tr("Export failed"), result.error);
}

void MainWindow::showAbout() {
  AboutDialog dialog(this);
  dialog.exec();
}

void MainWindow::restoreLayout() {
  // The docks' arrangement is the workspace's, entered when the welcome view goes.
  if (restoreGeometry(m_settings.value(kGeometryKey).toByteArray())) return;
  // First start: 1280×800, or what the screen has room for (a 1366×768 laptop).
  QSize size(1280, 800);
  if (const QScreen *screen = this->screen()) size = size.boundedTo(screen->availableGeometry().size());
  resize(size);
}

void MainWindow::saveLayout() {
  m_settings.setValue(kGeometryKey, saveGeometry());
  saveWorkspaceState();
  m_settings.sync();
}

void MainWindow::closeEvent(QCloseEvent *event) {
  // Closing with work under way asks first; then every job stops at its next checkpoint (a
  // training run keeps its last epoch's checkpoint and resumes from it) before the window goes.
  const std::vector<JobInfo> pending = m_bridge.engine().jobs(0);
  if (!pending.empty() && m_askBeforeClosing) {
    QStringList names;
    for (const JobInfo &job : pending) names << job.name;
    const auto answer = QMessageBox::question(
        this, tr("Jobs are running"),
        tr("%1 still running or queued.\n\nStop and quit? A training run keeps its last checkpoint and resumes from it.")
            .arg(names.join(QStringLiteral(", "))),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes) {
      event->ignore();
      return;
    }
  }
  saveLayout();
  m_bridge.cancelAll();
  m_bridge.engine().waitForIdle(30000);
  QMainWindow::closeEvent(event);
}

void MainWindow::runStartupCheck() {
  // The BLAS decides a factor of ~15 in speed: say which one runs, and how fast, in the log.
  m_bridge.submit(tr("Runtime check"), [](JobContext &job) {
    job.log(runtime::describe(runtime::info()));
    job.setProgress(0.5, QObject::tr("measuring GEMM"));
    const runtime::GemmRate rate = runtime::measureGemm(512, 3);
    job.log(QObject::tr("GEMM %1×%1 float32: %2 GFLOP/s on %3 threads")
                .arg(rate.size)
                .arg(rate.gflops, 0, 'f', 1)
                .arg(rate.threads));
    job.setProgress(1.0, QObject::tr("done"));
  });
}

}  // namespace gs
