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
constexpr int kWorkspaceLayoutVersion = 5; // bump when a workspace's docks change
// A dock's width beyond its panel's: the splitter handle between columns and the dock's frame.
constexpr int kDockOverhead = 12;
const QString kCurrentWorkspaceKey = QStringLiteral("workspaces/current");

QString stateKey(Workspace kind) { return QStringLiteral("workspaces/%1/state").arg(QLatin1String(workspaceInfo(kind).key)); }

// The width a dock's panel asks for: its size hint, never below the least it needs without
// scrolling. At the bare minimum every control fits but the views are squeezed (the Regions
// photo beside its lists), so a column stands beside another only with this width.
const QWidget *panelOf(QDockWidget *dock) {
  auto *scroll = qobject_cast<QScrollArea *>(dock->widget());
  return scroll && scroll->widget() ? scroll->widget() : dock->widget();
}

int preferredPanelWidth(QDockWidget *dock) {
  const QWidget *panel = panelOf(dock);
  return panel ? std::max(panel->minimumSizeHint().width(), panel->sizeHint().width()) : 0;
}

// The least a panel needs without scrolling sideways.
int minimumPanelWidth(QDockWidget *dock) {
  const QWidget *panel = panelOf(dock);
  return panel ? std::max(panel->minimumSizeHint().width(), panel->minimumWidth()) : 0;
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

// A workspace's default: its docks alone in the window, in columns side by side as long as each
// column gets the width its panels ask for (three on a 1920-pixel screen), the docks that do not
// fit tabbed into the last column (a 1366-pixel laptop: Trees | Regions with the Caption lab
// behind it). A column of tabs is as wide as its first panel asks and at least as wide as every
// tab's minimum, so none of them scrolls sideways.
void MainWindow::arrangeWorkspace(Workspace kind) {
  const std::vector<Dock> &wanted = workspaceInfo(kind).docks;
  for (QDockWidget *dock : std::as_const(m_docks)) {
    dock->setFloating(false);
    dock->hide();
  }
  QList<QDockWidget *> columns; // each column's first dock
  QList<int> columnWidths;      // each column's widest panel
  int used = 0;
  for (Dock which : wanted) {
    QDockWidget *dock = m_docks.value(which);
    const int asked = preferredPanelWidth(dock) + kDockOverhead;
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    dock->show();
    if (columns.isEmpty() || used + asked <= width()) {
      if (!columns.isEmpty()) splitDockWidget(columns.back(), dock, Qt::Horizontal);
      columns << dock;
      columnWidths << asked;
      used += asked;
      continue;
    }
    tabifyDockWidget(columns.back(), dock);
    // A tab behind the column's first panel needs only its minimum: asking for its full width
    // would take the room from the columns before it (the Trees beside Regions and the lab).
    const int needed = minimumPanelWidth(dock) + kDockOverhead;
    used += std::max(0, needed - columnWidths.back());
    columnWidths.back() = std::max(columnWidths.back(), needed);
  }
  for (QDockWidget *column : std::as_const(columns)) column->raise(); // each column shows its first dock
  if (columns.size() < 2) return;
  const int extra = std::max(0, width() - used) / int(columns.size()); // the space left, shared evenly
  for (int &w : columnWidths) w += extra;
  resizeDocks(columns, columnWidths, Qt::Horizontal);
}

}  // namespace gs
