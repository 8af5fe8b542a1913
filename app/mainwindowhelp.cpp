// The main window's ways into help: the Help menu and F1, each dock's page of the manual, and the
// welcome view that fills the central area until a dataset is open.
#include "mainwindow.h"

#include "common/joblist.h"
#include "help/manualwindow.h"
#include "help/welcomeview.h"
#include "recentdatasets.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>

namespace gs {

QString dockManualPage(MainWindow::Dock dock) {
  switch (dock) {
  case MainWindow::Dock::Dataset: return QStringLiteral("workbench/dataset.md");
  case MainWindow::Dock::Training: return QStringLiteral("workbench/training.md");
  case MainWindow::Dock::Trees: return QStringLiteral("workbench/trees.md");
  case MainWindow::Dock::Regions: return QStringLiteral("workbench/regions.md");
  case MainWindow::Dock::Map: return QStringLiteral("workbench/map.md");
  case MainWindow::Dock::Retrieval: return QStringLiteral("workbench/retrieval.md");
  case MainWindow::Dock::CaptionLab: return QStringLiteral("workbench/captionlab.md");
  case MainWindow::Dock::Runs: return QStringLiteral("workbench/runs.md");
  case MainWindow::Dock::Analysis: return QStringLiteral("analysis.md");
  }
  return QStringLiteral("index.md");
}

void MainWindow::createHelpMenu() {
  QMenu *help = menuBar()->addMenu(tr("&Help"));
  QAction *manual = help->addAction(tr("User &manual"), this, [this] { showManual(manualPageForFocus()); });
  manual->setObjectName(QStringLiteral("action.manual"));
  manual->setShortcut(QKeySequence::HelpContents);
  // F1 reaches the manual from a floating dock too, not only from the main window.
  manual->setShortcutContext(Qt::ApplicationShortcut);
  QAction *start = help->addAction(tr("&Getting started"), this, [this] { showManual(QStringLiteral("getting-started.md")); });
  start->setObjectName(QStringLiteral("action.gettingStarted"));
  QAction *cli = help->addAction(tr("&Command line"), this, [this] { showManual(QStringLiteral("cli.md")); });
  cli->setObjectName(QStringLiteral("action.cliReference"));
  help->addSeparator();
  QAction *about = help->addAction(tr("&About Groundscope"), this, &MainWindow::showAbout);
  about->setObjectName(QStringLiteral("action.about"));
}

ManualWindow *MainWindow::showManual(const QString &page) {
  if (!m_manual) m_manual = new ManualWindow(this);
  if (!m_manual->openPage(page)) m_manual->openPage(QStringLiteral("index.md"));
  m_manual->show();
  m_manual->raise();
  m_manual->activateWindow();
  return m_manual;
}

QString MainWindow::manualPageForFocus() const {
  const QWidget *focus = QApplication::focusWidget();
  const auto holds = [focus](const QWidget *widget) { return widget && (focus == widget || widget->isAncestorOf(focus)); };
  if (!focus) return QStringLiteral("index.md");
  if (holds(m_jobList)) return QStringLiteral("workbench/jobs.md");
  for (auto it = m_docks.constBegin(); it != m_docks.constEnd(); ++it)
    if (holds(it.value())) return dockManualPage(it.key());
  return QStringLiteral("index.md");
}

void MainWindow::createWelcome() {
  m_welcome = new WelcomeView(this);
  connect(m_welcome, &WelcomeView::demoRequested, this, &MainWindow::openDemoDataset);
  connect(m_welcome, &WelcomeView::openDatasetRequested, this, &MainWindow::chooseDatasetFolder);
  connect(m_welcome, &WelcomeView::datasetChosen, this, &MainWindow::openDataset);
  connect(m_welcome, &WelcomeView::runChosen, this, &MainWindow::openRecentRun);
  connect(m_welcome, &WelcomeView::manualRequested, this, [this](const QString &page) { showManual(page); });
  // The welcome view has the window to itself: empty docks would only say there is nothing yet.
  // When it goes, the workspace comes (View shows any dock meanwhile).
  for (QDockWidget *dock : std::as_const(m_docks)) dock->hide();
  setCentralWidget(m_welcome);
  refreshWelcome();
}

void MainWindow::refreshWelcome() {
  if (!m_welcome) return;
  m_welcome->setRecentDatasets(m_recent->paths());
  m_welcome->setRecentRuns(m_recentRuns->paths());
}

void MainWindow::dismissWelcome() {
  if (!m_welcome) return;
  // The docks take the central area back once there is a dataset to show.
  takeCentralWidget();
  m_welcome->deleteLater();
  m_welcome = nullptr;
  enterWorkspace();
}

}  // namespace gs
