#include "workbenchdocks.h"

#include "analysis/analysispanel.h"
#include "captionlab/captionlab.h"
#include "common/docktitlebar.h"
#include "common/emptypanel.h"
#include "common/joblist.h"
#include "common/logview.h"
#include "dataset/datasetbrowser.h"
#include "mainwindowtext.h"
#include "map/mappanel.h"
#include "regions/regionpanel.h"
#include "retrieval/retrievalpanel.h"
#include "runs/runspanel.h"
#include "training/trainingpanel.h"
#include "trees/treepanel.h"

#include <QDockWidget>
#include <QFontDatabase>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTabWidget>

namespace gs {

WorkbenchDocks::WorkbenchDocks(QMainWindow &window, EngineBridge &bridge, WorkbenchState &state, QSettings &settings)
    : QObject(&window), m_window(window), m_bridge(bridge), m_state(&state), m_settings(settings) {
  for (Dock which : allDocks()) {
    auto *dock = new QDockWidget(dockTitle(which), &m_window);
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
    connect(titleBar, &DockTitleBar::helpRequested, this, [this, which] { Q_EMIT helpRequested(dockManualPage(which)); });
    m_docks.insert(which, dock);
  }
  arrange();
}

// Before a dataset: the hint. After: the thumbnail browser and the load summary.
QWidget *WorkbenchDocks::createDatasetContent(QWidget *hint, QDockWidget *dock) {
  m_datasetStack = new QStackedWidget(dock);
  m_datasetStack->addWidget(hint);
  m_datasetTabs = new QTabWidget(m_datasetStack);
  m_datasetTabs->setObjectName(QStringLiteral("datasetTabs"));
  m_datasetBrowser = new DatasetBrowser(m_bridge, *m_state, m_datasetTabs);
  m_datasetBrowser->setObjectName(QStringLiteral("datasetBrowser"));
  connect(m_datasetBrowser, &DatasetBrowser::datasetDropped, this, &WorkbenchDocks::datasetDropped);
  m_datasetTabs->addTab(m_datasetBrowser, MainWindowText::tr("Browse"));
  m_datasetSummary = new QPlainTextEdit(m_datasetTabs);
  m_datasetSummary->setAccessibleName(MainWindowText::tr("Dataset summary"));
  m_datasetSummary->setReadOnly(true);
  m_datasetSummary->setObjectName(QStringLiteral("datasetSummary"));
  m_datasetSummary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_datasetTabs->addTab(m_datasetSummary, MainWindowText::tr("Summary"));
  m_datasetStack->addWidget(m_datasetTabs);
  return m_datasetStack;
}

// The training form and curves, the log and the jobs, as tabs.
QWidget *WorkbenchDocks::createTrainingContent(QDockWidget *dock) {
  auto *tabs = new QTabWidget(dock);
  m_trainingPanel = new TrainingPanel(m_bridge, *m_state, tabs);
  tabs->addTab(m_trainingPanel, MainWindowText::tr("Train"));
  m_log = new LogView(m_bridge, tabs);
  tabs->addTab(m_log, MainWindowText::tr("Log"));
  m_jobList = new JobList(m_bridge, tabs);
  m_jobList->setObjectName(QStringLiteral("jobList"));
  tabs->addTab(m_jobList, MainWindowText::tr("Jobs"));
  return tabs;
}

// The run table; a run opened there shows its curves beside the others in the Training dock.
QWidget *WorkbenchDocks::createRunsContent(QDockWidget *dock) {
  m_runsPanel = new RunsPanel(m_bridge, *m_state, m_settings, dock);
  connect(m_runsPanel, &RunsPanel::runActivated, this, [this](const QString &runDir) { m_trainingPanel->openRunFolder(runDir); });
  connect(m_trainingPanel, &TrainingPanel::runFinished, m_runsPanel, &RunsPanel::runsChanged);
  return m_runsPanel;
}

QWidget *WorkbenchDocks::createDockContent(Dock which, QDockWidget *dock) {
  QWidget *hint = new EmptyPanel(dockTitle(which), dockHint(which), dock);
  switch (which) {
  case Dock::Dataset: return createDatasetContent(hint, dock);
  case Dock::Training: return createTrainingContent(dock);
  case Dock::Trees: return m_treePanel = new TreePanel(m_bridge, *m_state, dock);
  case Dock::Retrieval: return m_retrievalPanel = new RetrievalPanel(m_bridge, *m_state, dock);
  case Dock::Map: return m_mapPanel = new MapPanel(m_bridge, *m_state, dock);
  case Dock::Regions: return m_regionPanel = new RegionPanel(m_bridge, *m_state, dock);
  case Dock::CaptionLab: return m_captionLab = new CaptionLab(m_bridge, *m_state, dock);
  case Dock::Runs: return createRunsContent(dock);
  case Dock::Analysis: return m_analysisPanel = new AnalysisPanel(m_bridge, *m_state, dock);
  }
  return hint;
}

// Where the docks start; a workspace rearranges them once the welcome view has gone.
void WorkbenchDocks::arrange() {
  m_window.addDockWidget(Qt::LeftDockWidgetArea, m_docks[Dock::Dataset]);
  m_window.addDockWidget(Qt::RightDockWidgetArea, m_docks[Dock::Trees]);
  m_window.addDockWidget(Qt::RightDockWidgetArea, m_docks[Dock::Regions]);
  m_window.tabifyDockWidget(m_docks[Dock::Trees], m_docks[Dock::Regions]);
  m_window.addDockWidget(Qt::RightDockWidgetArea, m_docks[Dock::CaptionLab]);
  m_window.tabifyDockWidget(m_docks[Dock::Regions], m_docks[Dock::CaptionLab]);
  m_window.addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Training]);
  m_window.addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Map]);
  m_window.addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Retrieval]);
  m_window.tabifyDockWidget(m_docks[Dock::Map], m_docks[Dock::Retrieval]);
  m_window.addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Analysis]);
  m_window.tabifyDockWidget(m_docks[Dock::Retrieval], m_docks[Dock::Analysis]);
  m_window.addDockWidget(Qt::BottomDockWidgetArea, m_docks[Dock::Runs]);
  m_window.tabifyDockWidget(m_docks[Dock::Training], m_docks[Dock::Runs]);
  m_docks[Dock::Training]->raise();
  m_docks[Dock::Trees]->raise();
  m_docks[Dock::Map]->raise();
  // The dataset browser runs the full height on the left; the views share the right.
  m_window.setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
  m_window.setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
}

QWidget *WorkbenchDocks::panelOf(const QDockWidget *dock) {
  auto *scroll = qobject_cast<QScrollArea *>(dock->widget());
  return scroll && scroll->widget() ? scroll->widget() : dock->widget();
}

void WorkbenchDocks::focus(Dock which) {
  QDockWidget *dock = m_docks[which];
  dock->show();
  dock->raise();
  dock->activateWindow();
  if (QWidget *inner = dock->widget()) inner->setFocus(Qt::ShortcutFocusReason);
}

void WorkbenchDocks::showDatasetText(const QString &text) {
  m_datasetSummary->setPlainText(text);
  m_datasetStack->setCurrentWidget(m_datasetTabs);
  m_datasetTabs->setCurrentWidget(m_datasetSummary);
}

void WorkbenchDocks::showDatasetBrowser() { m_datasetTabs->setCurrentWidget(m_datasetBrowser); }

QString WorkbenchDocks::datasetSummaryText() const {
  return m_datasetStack->currentWidget() == m_datasetTabs ? m_datasetSummary->toPlainText() : QString();
}

}  // namespace gs
