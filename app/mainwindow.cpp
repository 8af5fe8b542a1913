#include "mainwindow.h"

#include "training/runs/runfolder.h"

#include "common/accessiblenames.h"
#include "common/jobstatuswidget.h"
#include "common/logview.h"
#include "common/workbenchstate.h"
#include "common/workbenchwatcher.h"
#include "dataset/datasetbrowser.h"
#include "datasetopener.h"
#include "engine/jobcontext.h"
#include "mainmenus.h"
#include "resources.h"
#include "runs/runspanel.h"
#include "runtime/runtime.h"
#include "welcomescreen.h"
#include "workbenchhelp.h"
#include "workspaceswitcher.h"

#include <QCloseEvent>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>

namespace gs {

namespace {
const QString kGeometryKey = QStringLiteral("window/geometry");
}  // namespace

MainWindow::MainWindow(EngineBridge &bridge, QSettings &settings, QWidget *parent)
    : QMainWindow(parent), m_bridge(bridge), m_settings(settings), m_state(new WorkbenchState(this)) {
  initResources();
  setWindowTitle(QStringLiteral("Groundscope"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/groundscope.svg")));
  setDockNestingEnabled(true);
  // No animated docks: a workspace switch (QMainWindow::restoreState) while a dropped dock is still
  // sliding into place crashes Qt 6.4 (a layout item of the animation is left dangling); a dock
  // dropped a moment before Ctrl+1 is something users do.
  setDockOptions(dockOptions() & ~QMainWindow::AnimatedDocks);
  setObjectName(QStringLiteral("mainWindow"));

  m_docks = new WorkbenchDocks(*this, bridge, *m_state, settings);
  watchFiles();
  m_opener = new DatasetOpener(*this, bridge, *m_state, *m_docks, settings);
  m_workspaces = new WorkspaceSwitcher(*this, settings, *m_docks);
  m_help = new WorkbenchHelp(*this, *m_docks);
  m_menus = new MainMenus(*this, settings, *m_docks, *m_opener, *m_workspaces, *m_help);
  connectParts();
  m_jobStatus = new JobStatusWidget(bridge, this);
  m_jobStatus->setObjectName(QStringLiteral("jobStatus"));
  statusBar()->addPermanentWidget(m_jobStatus);
  connect(&bridge, &EngineBridge::finished, this, [this](JobId, const QString &name, const JobOutcome &outcome) {
    if (outcome.status == JobStatus::Failed)
      statusBar()->showMessage(tr("%1 failed: %2").arg(name, outcome.error), 10000);
  });
  restoreLayout();
  m_welcome = new WelcomeScreen(*this, *m_opener, *m_help, *m_docks);
  runStartupCheck();
  const QString theme = m_settings.value(QStringLiteral("view/theme"), QStringLiteral("system")).toString();
  if (theme != QLatin1String("system")) applyTheme(theme);
  // Screen readers: every control named by its form label or tooltip where it has no name of its own.
  nameControlsFromLabels(this);
}

MainWindow::~MainWindow() = default;

// What one part asks of another: a dropped dataset opens, a dock's "?" opens its manual page, a
// workspace chosen is shown, a dataset loaded replaces the welcome view.
void MainWindow::connectParts() {
  connect(m_docks, &WorkbenchDocks::datasetDropped, m_opener, &DatasetOpener::open);
  connect(m_docks, &WorkbenchDocks::helpRequested, m_help, &WorkbenchHelp::showManual);
  connect(m_workspaces, &WorkspaceSwitcher::requested, this, &MainWindow::setWorkspace);
  connect(m_opener, &DatasetOpener::opened, this, &MainWindow::showOpened);
}

void MainWindow::showOpened(const QString &path) {
  if (m_welcome->dismiss()) m_workspaces->enter(); // the first dataset: the docks come
  Q_EMIT datasetOpened(path);
}

void MainWindow::watchFiles() {
  m_watcher = new WorkbenchWatcher(*m_state, this);
  connect(m_watcher, &WorkbenchWatcher::notice, this, &MainWindow::showNotice);
  connect(m_watcher, &WorkbenchWatcher::runFolderRemoved, m_docks->runsPanel(), &RunsPanel::refresh);
  connect(m_watcher, &WorkbenchWatcher::imageChanged, m_docks->datasetBrowser(), &DatasetBrowser::refreshImage);
}

void MainWindow::showNotice(const QString &text) {
  statusBar()->showMessage(text);
  m_docks->log()->appendLine(LogLevel::Warning, text);
}

bool MainWindow::openDataset(const QString &path) { return m_opener->open(path); }
bool MainWindow::openPath(const QString &path) {
  return RunFolder(path).isRun() ? m_opener->openRun(path) : m_opener->open(path);
}
void MainWindow::chooseDatasetFolder() { m_opener->chooseFolder(); }
void MainWindow::openDemoDataset() { m_opener->openDemo(); }
void MainWindow::closeDataset() { m_opener->closeDataset(); }
QString MainWindow::currentDataset() const { return m_opener->current(); }

void MainWindow::exportView() { m_menus->exportView(); }
void MainWindow::applyTheme(const QString &theme) { m_menus->applyTheme(theme); }
QString MainWindow::loadConfiguration(const QString &path) { return m_menus->loadConfiguration(path); }
QString MainWindow::saveConfiguration(const QString &path) { return m_menus->saveConfiguration(path); }

ManualWindow *MainWindow::showManual(const QString &page) { return m_help->showManual(page); }
QString MainWindow::manualPageForFocus() const { return m_help->pageForFocus(); }
void MainWindow::showAbout() { m_help->showAbout(); }

Workspace MainWindow::workspace() const { return m_workspaces->current(); }

void MainWindow::setWorkspace(Workspace kind) {
  m_workspaces->select(kind);
  m_welcome->dismiss(); // the docks take the whole window, dataset or not
  m_workspaces->enter();
}

void MainWindow::resetWorkspace() { m_workspaces->reset(); }

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
  m_workspaces->save();
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
