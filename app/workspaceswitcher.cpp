#include "workspaceswitcher.h"

#include "mainwindowtext.h"
#include "training/trainingpanel.h"
#include "workbenchdocks.h"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
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
int preferredPanelWidth(QDockWidget *dock) {
  const QWidget *panel = WorkbenchDocks::panelOf(dock);
  return panel ? std::max(panel->minimumSizeHint().width(), panel->sizeHint().width()) : 0;
}

// The least a panel needs without scrolling sideways.
int minimumPanelWidth(QDockWidget *dock) {
  const QWidget *panel = WorkbenchDocks::panelOf(dock);
  return panel ? std::max(panel->minimumSizeHint().width(), panel->minimumWidth()) : 0;
}
}  // namespace

WorkspaceSwitcher::WorkspaceSwitcher(QMainWindow &window, QSettings &settings, WorkbenchDocks &docks)
    : QObject(&window), m_window(window), m_settings(settings), m_docks(docks),
      m_current(workspaceFromKey(settings.value(kCurrentWorkspaceKey).toString())) {}

void WorkspaceSwitcher::addTo(QMenu *view) {
  auto *bar = m_window.addToolBar(MainWindowText::tr("Workspaces"));
  bar->setObjectName(QStringLiteral("toolbar.workspaces"));
  bar->setMovable(false);
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  QMenu *menu = view->addMenu(MainWindowText::tr("&Workspace"));
  menu->setObjectName(QStringLiteral("menu.workspace"));
  auto *group = new QActionGroup(this);
  int number = 1;
  for (const WorkspaceInfo &info : workspaces()) {
    QAction *action = new QAction(workspaceTitle(info.kind), &m_window);
    action->setObjectName(QStringLiteral("action.workspace.%1").arg(QLatin1String(info.key)));
    action->setToolTip(QCoreApplication::translate("gs::Workspaces", info.help));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + number++)));
    action->setCheckable(true);
    group->addAction(action);
    bar->addAction(action);
    menu->addAction(action);
    connect(action, &QAction::triggered, this, [this, kind = info.kind] { Q_EMIT requested(kind); });
    m_actions.insert(info.kind, action);
  }
  menu->addSeparator();
  QAction *reset = menu->addAction(MainWindowText::tr("&Reset workspace"), this, &WorkspaceSwitcher::reset);
  reset->setObjectName(QStringLiteral("action.resetWorkspace"));
  m_actions.value(m_current)->setChecked(true);
  createInspectOffer();
}

// A finished run is best looked at in Inspect: the status bar offers to go there.
void WorkspaceSwitcher::createInspectOffer() {
  m_inspectOffer = new QPushButton(MainWindowText::tr("Inspect the run"), &m_window);
  m_inspectOffer->setObjectName(QStringLiteral("inspectOffer"));
  m_inspectOffer->setToolTip(MainWindowText::tr("Go to the Inspect workspace: the run's trees and regions (Ctrl+3)"));
  m_inspectOffer->hide();
  m_window.statusBar()->addWidget(m_inspectOffer);
  connect(m_inspectOffer, &QPushButton::clicked, this, [this] { Q_EMIT requested(Workspace::Inspect); });
  connect(m_docks.trainingPanel(), &TrainingPanel::runFinished, this, [this] {
    if (m_current != Workspace::Inspect) m_inspectOffer->show();
  });
}

void WorkspaceSwitcher::select(Workspace kind) {
  save(); // the one being left keeps the user's changes
  m_current = kind;
  m_actions.value(kind)->setChecked(true);
  if (kind == Workspace::Inspect) m_inspectOffer->hide(); // the offer is taken
}

void WorkspaceSwitcher::reset() {
  m_settings.remove(stateKey(m_current));
  if (m_entered) arrange(m_current);
}

void WorkspaceSwitcher::enter() {
  if (!m_window.restoreState(m_settings.value(stateKey(m_current)).toByteArray(), kWorkspaceLayoutVersion)) arrange(m_current);
  m_entered = true;
}

void WorkspaceSwitcher::save() {
  m_settings.setValue(kCurrentWorkspaceKey, QLatin1String(workspaceInfo(m_current).key));
  if (!m_entered) return; // the docks are not the workspace's while the welcome view shows
  m_settings.setValue(stateKey(m_current), m_window.saveState(kWorkspaceLayoutVersion));
}

// A workspace's default: its docks alone in the window, in columns side by side as long as each
// column gets the width its panels ask for (three on a 1920-pixel screen), the docks that do not
// fit tabbed into the last column (a 1366-pixel laptop: Trees | Regions with the Caption lab
// behind it). A column of tabs is as wide as its first panel asks and at least as wide as every
// tab's minimum, so none of them scrolls sideways.
void WorkspaceSwitcher::arrange(Workspace kind) {
  const std::vector<Dock> &wanted = workspaceInfo(kind).docks;
  for (QDockWidget *dock : m_docks.docks()) {
    dock->setFloating(false);
    dock->hide();
  }
  QList<QDockWidget *> columns; // each column's first dock
  QList<int> columnWidths;      // each column's widest panel
  int used = 0;
  for (Dock which : wanted) {
    QDockWidget *dock = m_docks.dock(which);
    const int asked = preferredPanelWidth(dock) + kDockOverhead;
    m_window.addDockWidget(Qt::LeftDockWidgetArea, dock);
    dock->show();
    if (columns.isEmpty() || used + asked <= m_window.width()) {
      if (!columns.isEmpty()) m_window.splitDockWidget(columns.back(), dock, Qt::Horizontal);
      columns << dock;
      columnWidths << asked;
      used += asked;
      continue;
    }
    m_window.tabifyDockWidget(columns.back(), dock);
    // A tab behind the column's first panel needs only its minimum: asking for its full width
    // would take the room from the columns before it (the Trees beside Regions and the lab).
    const int needed = minimumPanelWidth(dock) + kDockOverhead;
    used += std::max(0, needed - columnWidths.back());
    columnWidths.back() = std::max(columnWidths.back(), needed);
  }
  for (QDockWidget *column : std::as_const(columns)) column->raise(); // each column shows its first dock
  if (columns.size() < 2) return;
  const int extra = std::max(0, m_window.width() - used) / int(columns.size()); // the space left, shared evenly
  for (int &w : columnWidths) w += extra;
  m_window.resizeDocks(columns, columnWidths, Qt::Horizontal);
}

}  // namespace gs

