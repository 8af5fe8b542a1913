// The main window's workspaces (workspaces.h): the bar and menu that switch them, each one's
// default arrangement of docks, and the state each keeps in the settings.
#include "mainwindow.h"

#include "training/trainingpanel.h"
#include "workspaces.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>

#include <algorithm>

namespace gs {

namespace {
constexpr int kWorkspaceLayoutVersion = 2; // bump when a workspace's docks change
const QString kCurrentWorkspaceKey = QStringLiteral("workspaces/current");

QString stateKey(Workspace kind) { return QStringLiteral("workspaces/%1/state").arg(QLatin1String(workspaceInfo(kind).key)); }

// The least width a dock's panel needs without scrolling.
int minimumPanelWidth(QDockWidget *dock) {
  auto *scroll = qobject_cast<QScrollArea *>(dock->widget());
  const QWidget *panel = scroll && scroll->widget() ? scroll->widget() : dock->widget();
  return panel ? panel->minimumSizeHint().width() : 0;
}
}  // namespace

void MainWindow::createWorkspaceBar(QMenu *view) {
  auto *bar = addToolBar(tr("Workspaces"));
  bar->setObjectName(QStringLiteral("toolbar.workspaces"));
  bar->setMovable(false);
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  QMenu *menu = view->addMenu(tr("&Workspace"));
  menu->setObjectName(QStringLiteral("menu.workspace"));
  auto *group = new QActionGroup(this);
  int number = 1;
  for (const WorkspaceInfo &info : workspaces()) {
    QAction *action = new QAction(workspaceTitle(info.kind), this);
    action->setObjectName(QStringLiteral("action.workspace.%1").arg(QLatin1String(info.key)));
    action->setToolTip(QCoreApplication::translate("gs::Workspaces", info.help));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + number++)));
    action->setCheckable(true);
    group->addAction(action);
    bar->addAction(action);
    menu->addAction(action);
    connect(action, &QAction::triggered, this, [this, kind = info.kind] { setWorkspace(kind); });
    m_workspaceActions.insert(info.kind, action);
  }
  menu->addSeparator();
  QAction *reset = menu->addAction(tr("&Reset workspace"), this, &MainWindow::resetWorkspace);
  reset->setObjectName(QStringLiteral("action.resetWorkspace"));
  m_workspace = workspaceFromKey(m_settings.value(kCurrentWorkspaceKey).toString());
  m_workspaceActions.value(m_workspace)->setChecked(true);
  createInspectOffer();
}

// A finished run is best looked at in Inspect: the status bar offers to go there.
void MainWindow::createInspectOffer() {
  m_inspectOffer = new QPushButton(tr("Inspect the run"), this);
  m_inspectOffer->setObjectName(QStringLiteral("inspectOffer"));
  m_inspectOffer->setToolTip(tr("Go to the Inspect workspace: the run's trees and regions (Ctrl+3)"));
  m_inspectOffer->hide();
  statusBar()->addWidget(m_inspectOffer);
  connect(m_inspectOffer, &QPushButton::clicked, this, [this] { setWorkspace(Workspace::Inspect); });
  connect(m_trainingPanel, &TrainingPanel::runFinished, this, [this] {
    if (m_workspace != Workspace::Inspect) m_inspectOffer->show();
  });
}

Workspace MainWindow::workspace() const { return m_workspace; }

void MainWindow::setWorkspace(Workspace kind) {
  saveWorkspaceState(); // the one being left keeps the user's changes
  m_workspace = kind;
  m_workspaceActions.value(kind)->setChecked(true);
  if (kind == Workspace::Inspect) m_inspectOffer->hide(); // the offer is taken
  if (m_welcome) dismissWelcome(); // which enters the workspace
  else enterWorkspace();
}

void MainWindow::resetWorkspace() {
  m_settings.remove(stateKey(m_workspace));
  if (!m_welcome) arrangeWorkspace(m_workspace);
}

void MainWindow::enterWorkspace() {
  if (!restoreState(m_settings.value(stateKey(m_workspace)).toByteArray(), kWorkspaceLayoutVersion)) arrangeWorkspace(m_workspace);
  m_workspaceEntered = true;
}

void MainWindow::saveWorkspaceState() {
  m_settings.setValue(kCurrentWorkspaceKey, QLatin1String(workspaceInfo(m_workspace).key));
  if (m_welcome || !m_workspaceEntered) return; // the docks are not the workspace's while the welcome view shows
  m_settings.setValue(stateKey(m_workspace), saveState(kWorkspaceLayoutVersion));
}

// A workspace's default: its docks alone in the window, side by side when their panels fit at
// their minimum widths (a 1920-pixel screen), tabbed otherwise (a 1366-pixel laptop).
void MainWindow::arrangeWorkspace(Workspace kind) {
  const std::vector<Dock> &wanted = workspaceInfo(kind).docks;
  for (QDockWidget *dock : std::as_const(m_docks)) {
    dock->setFloating(false);
    dock->hide();
  }
  QDockWidget *first = m_docks.value(wanted.front());
  addDockWidget(Qt::LeftDockWidgetArea, first);
  first->show();
  int needed = minimumPanelWidth(first);
  QList<QDockWidget *> placed{first};
  for (std::size_t i = 1; i < wanted.size(); ++i) {
    QDockWidget *dock = m_docks.value(wanted[i]);
    needed += minimumPanelWidth(dock);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    if (needed <= width()) splitDockWidget(placed.back(), dock, Qt::Horizontal);
    else tabifyDockWidget(first, dock);
    dock->show();
    placed << dock;
  }
  first->raise();
  if (placed.size() > 1 && needed <= width()) {
    const QList<int> even(placed.size(), width() / int(placed.size()));
    resizeDocks(placed, even, Qt::Horizontal);
  }
}

}  // namespace gs
