#include "datasetopener.h"

#include "common/workbenchstate.h"
#include "data/datasetsummary.h"
#include "data/loaddataset.h"
#include "data/scenes/scenesdemo.h"
#include "engine/jobcontext.h"
#include "mainwindowtext.h"
#include "training/runs/runfolder.h"
#include "training/trainingpanel.h"
#include "workbenchdocks.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QPixmapCache>
#include <QStatusBar>

namespace gs {

DatasetOpener::DatasetOpener(QMainWindow &window, EngineBridge &bridge, WorkbenchState &state, WorkbenchDocks &docks,
                             QSettings &settings)
    : QObject(&window), m_window(window), m_bridge(bridge), m_state(state), m_docks(docks), m_recent(settings),
      m_recentRuns(settings, QStringLiteral("runs/recent")) {
  // Every thumbnail a view paints through QIcon leaves a scaled copy in QPixmapCache. The copies of
  // a dataset no longer shown are of no use, so the cache is emptied whenever the dataset changes
  // (about 10 MB less held in the soak). Emptying it does not drop the string keys QIcon filed them
  // under (Qt 6.4 keeps those); the Dataset grid avoids them by drawing through ThumbnailDelegate.
  connect(&m_state, &WorkbenchState::datasetChanged, this, [] { QPixmapCache::clear(); });
}

void DatasetOpener::addOpenActions(QMenu *file) {
  QAction *open = file->addAction(MainWindowText::tr("&Open dataset…"), this, &DatasetOpener::chooseFolder);
  open->setShortcut(QKeySequence::Open);
  open->setObjectName(QStringLiteral("action.open"));
  QAction *openFile = file->addAction(MainWindowText::tr("Open dataset &file…"), this, &DatasetOpener::chooseFile);
  openFile->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  openFile->setObjectName(QStringLiteral("action.openFile"));
  QAction *demo = file->addAction(MainWindowText::tr("Open &demo dataset"), this, &DatasetOpener::openDemo);
  demo->setObjectName(QStringLiteral("action.openDemo"));
  m_recentMenu = file->addMenu(MainWindowText::tr("Open &recent"));
  m_recentMenu->setObjectName(QStringLiteral("menu.recent"));
  rebuildRecentMenu();
  m_recentRunsMenu = file->addMenu(MainWindowText::tr("Open recent r&un"));
  m_recentRunsMenu->setObjectName(QStringLiteral("menu.recentRuns"));
  rebuildRecentRunsMenu();
  // Every run that becomes the workbench's current one (opened, or trained to the end) is remembered.
  connect(&m_state, &WorkbenchState::runChanged, this, [this](const QString &runDir) {
    if (runDir.isEmpty()) return;
    m_recentRuns.add(runDir);
    rebuildRecentRunsMenu();
  });
}

void DatasetOpener::addCloseActions(QMenu *file) {
  file->addSeparator();
  QAction *closeRunAction = file->addAction(MainWindowText::tr("Close ru&n"), this, &DatasetOpener::closeRun);
  closeRunAction->setObjectName(QStringLiteral("action.closeRun"));
  QAction *closeDatasetAction = file->addAction(MainWindowText::tr("&Close dataset"), this, &DatasetOpener::closeDataset);
  closeDatasetAction->setObjectName(QStringLiteral("action.closeDataset"));
  const auto update = [this, closeRunAction, closeDatasetAction] {
    closeRunAction->setEnabled(!m_state.runDir().isEmpty());
    closeDatasetAction->setEnabled(m_state.dataset() != nullptr);
  };
  connect(&m_state, &WorkbenchState::runChanged, this, update);
  connect(&m_state, &WorkbenchState::datasetChanged, this, update);
  update();
}

// One entry per path of `recent`, opened by `open`, then "Clear list"; disabled while empty.
void DatasetOpener::fillRecentMenu(QMenu *menu, RecentDatasets &recent, const std::function<void(const QString &)> &open) {
  menu->clear();
  const QStringList paths = recent.paths();
  for (const QString &path : paths)
    menu->addAction(path, this, [open, path] { open(path); });
  if (!paths.isEmpty()) {
    menu->addSeparator();
    menu->addAction(MainWindowText::tr("Clear list"), this, [this, menu, &recent, open] {
      recent.clear();
      fillRecentMenu(menu, recent, open);
    });
  }
  menu->setEnabled(!paths.isEmpty());
  Q_EMIT recentChanged();
}

void DatasetOpener::rebuildRecentMenu() {
  fillRecentMenu(m_recentMenu, m_recent, [this](const QString &path) { open(path); });
}

void DatasetOpener::rebuildRecentRunsMenu() {
  fillRecentMenu(m_recentRunsMenu, m_recentRuns, [this](const QString &path) { openRecentRun(path); });
}

void DatasetOpener::openRecentRun(const QString &runDir) {
  if (!QFileInfo::exists(runDir)) {
    showMessage(MainWindowText::tr("%1: no such run folder").arg(runDir), 10000);
    m_recentRuns.remove(runDir);
    rebuildRecentRunsMenu();
    return;
  }
  openRun(runDir);
}

bool DatasetOpener::openRun(const QString &runDir) {
  const RunFolder folder(runDir);
  if (!folder.isRun()) {
    showMessage(MainWindowText::tr("%1: not a run folder (no config.json)").arg(runDir), 10000);
    return false;
  }
  QString dataset;
  try {
    dataset = folder.source().datasetPath;
  } catch (const std::exception &) {
    // No readable run.json: the run still opens; its views say what they miss.
  }
  if (!dataset.isEmpty() && QFileInfo::exists(dataset) && QFileInfo(dataset).absoluteFilePath() != m_dataset) open(dataset);
  m_docks.focus(Dock::Training);
  if (!m_docks.trainingPanel()->openRunFolder(runDir)) return false;
  showMessage(MainWindowText::tr("Opened run %1: embedding its test split (see Jobs)").arg(QFileInfo(runDir).fileName()), 10000);
  return true;
}

void DatasetOpener::chooseFolder() {
  const QString path = QFileDialog::getExistingDirectory(&m_window, MainWindowText::tr("Open dataset folder"));
  if (!path.isEmpty()) open(path);
}

// A dataset is a folder or one file: Karpathy or COCO JSON, CSV/TSV, a Flickr8k token file.
void DatasetOpener::chooseFile() {
  const QString path = QFileDialog::getOpenFileName(
      &m_window, MainWindowText::tr("Open dataset file"), QString(),
      MainWindowText::tr("Dataset files (*.json *.csv *.tsv *.txt);;Karpathy or COCO captions (*.json);;CSV or TSV (*.csv *.tsv);;"
                         "Flickr8k token file (*.txt);;All files (*)"));
  if (!path.isEmpty()) open(path);
}

bool DatasetOpener::open(const QString &path) {
  if (!QFileInfo::exists(path)) {
    showMessage(MainWindowText::tr("%1: no such file or folder").arg(path), 10000);
    m_recent.remove(path);
    rebuildRecentMenu();
    return false;
  }
  const QString target = beginOpening(path);
  m_bridge.submitInteractiveThen<LoadedDataset>(
      this, MainWindowText::tr("Load dataset"), [target](JobContext &job) { return LoadedDataset::load(target, &job); },
      [this, target](const JobOutcome &outcome, std::optional<LoadedDataset> loaded) { showLoaded(target, outcome, loaded); });
  return true;
}

DatasetOpener::LoadedDataset DatasetOpener::LoadedDataset::load(const QString &path, JobContext *job) {
  auto dataset = std::make_shared<const Dataset>(loadDataset(path, job));
  return {path, dataset, describeDataset(*dataset)};
}

QString DatasetOpener::beginOpening(const QString &path) {
  m_dataset = QFileInfo(path).absoluteFilePath();
  m_recent.add(m_dataset);
  rebuildRecentMenu();
  m_window.setWindowTitle(QStringLiteral("%1 — Groundscope").arg(QFileInfo(m_dataset).fileName()));
  m_docks.showDatasetText(MainWindowText::tr("Loading %1…").arg(m_dataset));
  return m_dataset;
}

void DatasetOpener::showLoaded(const QString &target, const JobOutcome &outcome, const std::optional<LoadedDataset> &loaded) {
  if (target != m_dataset) return; // another dataset was opened meanwhile
  if (loaded) {
    m_docks.showDatasetText(loaded->description);
    m_state.setDataset(loaded->dataset);
    m_docks.showDatasetBrowser();
    showMessage(MainWindowText::tr("Dataset: %1").arg(target), 5000);
    Q_EMIT opened(target);
  } else {
    m_docks.showDatasetText(outcome.status == JobStatus::Cancelled ? MainWindowText::tr("Loading %1 was cancelled.").arg(target)
                                                                   : MainWindowText::tr("Could not load %1:\n%2").arg(target, outcome.error));
  }
}

void DatasetOpener::openDemo() {
  // Made (or found complete) and loaded in one job: finding it complete reads it already.
  m_bridge.submitInteractiveThen<LoadedDataset>(
      this, MainWindowText::tr("Make the Scenes demo"),
      [](JobContext &job) {
        auto dataset = std::make_shared<Dataset>();
        const QString folder = ensureScenesDemo(ScenesOptions{}, &job, dataset.get());
        return LoadedDataset{QFileInfo(folder).absoluteFilePath(), dataset, describeDataset(*dataset)};
      },
      [this](const JobOutcome &outcome, std::optional<LoadedDataset> made) {
        if (made) showLoaded(beginOpening(made->path), outcome, made);
      });
}

void DatasetOpener::closeRun() { m_state.openRun(m_bridge, QString()); }

void DatasetOpener::closeDataset() {
  closeRun();
  m_dataset.clear();
  m_state.setDataset(nullptr);
  m_docks.showDatasetText(MainWindowText::tr("No dataset is open."));
  showMessage(MainWindowText::tr("Dataset closed"), 5000);
}

void DatasetOpener::showMessage(const QString &text, int timeoutMs) { m_window.statusBar()->showMessage(text, timeoutMs); }

}  // namespace gs
