#pragma once
// The window's docks and the panels in them: each dock made with its title, object name, title bar
// ("?" opens its manual page) and a scroll area around its panel, then arranged around the window.
// The Dataset dock shows its hint until there is a dataset, then the browser and a summary page.
// Its strings are the main window's (mainwindowtext.h).

#include "docks.h"

#include <QMap>
#include <QObject>

class QDockWidget;
class QMainWindow;
class QPlainTextEdit;
class QSettings;
class QStackedWidget;
class QTabWidget;

namespace gs {

class AnalysisPanel;
class CaptionLab;
class DatasetBrowser;
class EngineBridge;
class JobList;
class LogView;
class MapPanel;
class RegionPanel;
class RetrievalPanel;
class RunsPanel;
class TrainingPanel;
class TreePanel;
class WorkbenchState;

class WorkbenchDocks : public QObject {
  Q_OBJECT
public:
  // Makes every dock on `window` (which owns them) and arranges them.
  WorkbenchDocks(QMainWindow &window, EngineBridge &bridge, WorkbenchState &state, QSettings &settings);

  QDockWidget *dock(Dock which) const { return m_docks.value(which); }
  const QMap<Dock, QDockWidget *> &docks() const { return m_docks; }
  // The panel a dock shows, inside the scroll area the dock holds.
  static QWidget *panelOf(const QDockWidget *dock);
  // Shows, raises and focuses a dock (View > Go to, Alt+1…9).
  void focus(Dock which);

  TrainingPanel *trainingPanel() const { return m_trainingPanel; }
  TreePanel *treePanel() const { return m_treePanel; }
  CaptionLab *captionLab() const { return m_captionLab; }
  RetrievalPanel *retrievalPanel() const { return m_retrievalPanel; }
  MapPanel *mapPanel() const { return m_mapPanel; }
  RegionPanel *regionPanel() const { return m_regionPanel; }
  RunsPanel *runsPanel() const { return m_runsPanel; }
  AnalysisPanel *analysisPanel() const { return m_analysisPanel; }
  DatasetBrowser *datasetBrowser() const { return m_datasetBrowser; }
  LogView *log() const { return m_log; }
  JobList *jobList() const { return m_jobList; }

  // The Dataset dock's summary page with `text` (loading, the load report, an error).
  void showDatasetText(const QString &text);
  // The Dataset dock's browser page, once a dataset is loaded.
  void showDatasetBrowser();
  // What the summary page says; empty while the dock shows its hint.
  QString datasetSummaryText() const;

Q_SIGNALS:
  void helpRequested(const QString &page); // a dock title bar's "?"
  void datasetDropped(const QString &path);

private:
  QWidget *createDockContent(Dock which, QDockWidget *dock);
  QWidget *createDatasetContent(QWidget *hint, QDockWidget *dock);
  QWidget *createTrainingContent(QDockWidget *dock);
  QWidget *createRunsContent(QDockWidget *dock);
  void arrange();

  QMainWindow &m_window;
  EngineBridge &m_bridge;
  WorkbenchState *m_state;
  QSettings &m_settings;
  QMap<Dock, QDockWidget *> m_docks;
  QStackedWidget *m_datasetStack = nullptr; // empty hint, then the browser and summary tabs
  QTabWidget *m_datasetTabs = nullptr;
  DatasetBrowser *m_datasetBrowser = nullptr;
  QPlainTextEdit *m_datasetSummary = nullptr;
  TrainingPanel *m_trainingPanel = nullptr;
  LogView *m_log = nullptr;
  JobList *m_jobList = nullptr;
  TreePanel *m_treePanel = nullptr;
  RetrievalPanel *m_retrievalPanel = nullptr;
  MapPanel *m_mapPanel = nullptr;
  RegionPanel *m_regionPanel = nullptr;
  CaptionLab *m_captionLab = nullptr;
  RunsPanel *m_runsPanel = nullptr;
  AnalysisPanel *m_analysisPanel = nullptr;
};

}  // namespace gs
