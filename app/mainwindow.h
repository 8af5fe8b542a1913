#pragma once
// The workbench window: docks for each view (Dataset, Training, Trees, Regions, Map,
// Retrieval, Caption lab, Runs, Analysis), the menus, and a status bar that follows the engine's current job.
// Window geometry, dock layout and recent datasets persist through QSettings.

#include "data/dataset.h"
#include "engine/enginebridge.h"

#include <QMainWindow>
#include <QMap>

#include <memory>
#include <optional>

class QDockWidget;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QSettings;
class QStackedWidget;
class QTabWidget;

namespace gs {

class DatasetBrowser;
class JobList;
class JobStatusWidget;
class MapPanel;
class CaptionLab;
class RegionPanel;
class RetrievalPanel;
class RunsPanel;
class AnalysisPanel;
class TrainingPanel;
class TreePanel;
class LogView;
class ManualWindow;
class RecentDatasets;
class WelcomeView;
enum class Workspace; // workspaces.h
class WorkbenchState;
class WorkbenchWatcher;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  // Dock identifiers, also their objectName suffix ("dock.dataset") for saveState(). In the
  // order of their Alt+number shortcuts: a new dock goes last so the others keep theirs.
  enum class Dock { Dataset, Training, Trees, Regions, Map, Retrieval, CaptionLab, Runs, Analysis };

  MainWindow(EngineBridge &bridge, QSettings &settings, QWidget *parent = nullptr);
  ~MainWindow() override;

  QDockWidget *dock(Dock which) const { return m_docks.value(which); }
  EngineBridge &bridge() const { return m_bridge; }
  TrainingPanel *trainingPanel() const { return m_trainingPanel; }
  TreePanel *treePanel() const { return m_treePanel; }
  CaptionLab *captionLab() const { return m_captionLab; }
  RetrievalPanel *retrievalPanel() const { return m_retrievalPanel; }
  MapPanel *mapPanel() const { return m_mapPanel; }
  RegionPanel *regionPanel() const { return m_regionPanel; }
  RunsPanel *runsPanel() const { return m_runsPanel; }
  AnalysisPanel *analysisPanel() const { return m_analysisPanel; }
  // Closing while jobs run asks the user first (default); the screenshot tour and tests turn it off.
  void setAskBeforeClosing(bool ask) { m_askBeforeClosing = ask; }
  // Settings > Load/Save configuration: the Training form from/to the JSON `train --config` reads.
  // Return the error shown in the status bar, empty on success.
  QString loadConfiguration(const QString &path);
  // View > Theme: "system", "light" or "dark" (Fusion with the dark palette); kept in the settings.
  void applyTheme(const QString &theme);
  QString saveConfiguration(const QString &path);
  QString currentDataset() const { return m_dataset; }
  // What the panels share: dataset, current run, selection.
  WorkbenchState &workbench() const { return *m_state; }
  // What the Dataset dock shows about the loaded dataset (format, counts, load report).
  QString datasetSummaryText() const;
  // Help > User manual: the manual's window on `page` ("workbench/map.md", "#anchor" allowed),
  // made on first use, shown and raised.
  ManualWindow *showManual(const QString &page = QStringLiteral("index.md"));
  // F1: the manual page of the panel that holds the keyboard focus; the contents page elsewhere.
  QString manualPageForFocus() const;
  // The workspace shown (workspaces.h); switching keeps the one left as the user changed it.
  Workspace workspace() const;
  void setWorkspace(Workspace kind);
  // View > Reset workspace: the shown workspace's default arrangement, the user's changes dropped.
  void resetWorkspace();

public Q_SLOTS:
  // Loads a dataset folder or file as an engine job (format detected); false when the path does
  // not exist. The Dataset dock shows the summary and load report when the job ends.
  bool openDataset(const QString &path);
  // File > Open dataset… and the welcome view's button: a folder from a dialog, then openDataset.
  void chooseDatasetFolder();
  // Makes the built-in Scenes demo on first use (in the cache folder) and opens it.
  void openDemoDataset();
  void exportView();
  void showAbout();
  // File > Close dataset: the run and the dataset closed, every view back to its hint.
  void closeDataset();

Q_SIGNALS:
  void datasetOpened(const QString &path); // loaded: its summary is in the Dataset dock

protected:
  void closeEvent(QCloseEvent *event) override;

private:
  // A dataset read on the engine's thread, with the Dataset dock's text made there too.
  struct LoadedDataset {
    QString path;
    std::shared_ptr<const Dataset> dataset;
    QString description;
    static LoadedDataset load(const QString &path, JobContext *job);
  };

  QString beginOpening(const QString &path); // title, recent list, "Loading…"; the absolute path
  void showLoaded(const QString &target, const JobOutcome &outcome, const std::optional<LoadedDataset> &loaded);
  void createDocks();
  QWidget *createDockContent(Dock which, QDockWidget *dock);
  QWidget *createDatasetContent(QWidget *hint, QDockWidget *dock);
  QWidget *createTrainingContent(QDockWidget *dock);
  QWidget *createRunsContent(QDockWidget *dock);
  void arrangeDocks();
  void createMenus(); // the menu bar, one menu after the other:
  void createFileMenu();
  void addCloseActions(QMenu *file);
  void createViewMenu();
  void addThemeMenu(QMenu *view);
  void createTrainingMenu();
  void createSettingsMenu();
  void createHelpMenu();
  // The welcome view in the central area until a dataset is open (mainwindowhelp.cpp).
  void createWelcome();
  void refreshWelcome();
  void dismissWelcome();
  // Workspaces (mainwindowworkspaces.cpp).
  void createWorkspaceBar(QMenu *view);
  void createInspectOffer();
  void enterWorkspace(); // the shown workspace's saved state, or its default
  void saveWorkspaceState();
  void arrangeWorkspace(Workspace kind);
  void openRecentRun(const QString &runDir);
  // Shows, raises and focuses a dock (View > Go to, Alt+1…9).
  void focusDock(Dock which);
  void rebuildRecentMenu();
  void rebuildRecentRunsMenu();
  void restoreLayout();
  void saveLayout();
  void runStartupCheck();
  void showDatasetText(const QString &text);
  // A change on disk the user must know about: in the status bar until the next message, and in the log.
  void showNotice(const QString &text);
  void watchFiles();

  EngineBridge &m_bridge;
  QSettings &m_settings;
  RecentDatasets *m_recent;
  RecentDatasets *m_recentRuns; // the runs opened or trained, for File > Open recent run
  WorkbenchState *m_state;
  QMap<Dock, QDockWidget *> m_docks;
  JobStatusWidget *m_jobStatus = nullptr;
  LogView *m_log = nullptr;
  WorkbenchWatcher *m_watcher = nullptr; // files changing on disk under the open dataset and run
  QMenu *m_recentMenu = nullptr;
  QMenu *m_recentRunsMenu = nullptr;
  JobList *m_jobList = nullptr;
  bool m_askBeforeClosing = true;
  QString m_dataset;
  QStackedWidget *m_datasetStack = nullptr; // empty hint, then the browser and summary tabs
  QTabWidget *m_datasetTabs = nullptr;
  DatasetBrowser *m_datasetBrowser = nullptr;
  QPlainTextEdit *m_datasetSummary = nullptr;
  TrainingPanel *m_trainingPanel = nullptr;
  TreePanel *m_treePanel = nullptr;
  RetrievalPanel *m_retrievalPanel = nullptr;
  MapPanel *m_mapPanel = nullptr;
  RegionPanel *m_regionPanel = nullptr;
  CaptionLab *m_captionLab = nullptr;
  RunsPanel *m_runsPanel = nullptr;
  AnalysisPanel *m_analysisPanel = nullptr;
  ManualWindow *m_manual = nullptr;
  WelcomeView *m_welcome = nullptr;
  Workspace m_workspace{};
  bool m_workspaceEntered = false; // the docks show a workspace (not the welcome view)
  QMap<Workspace, QAction *> m_workspaceActions;
  QPushButton *m_inspectOffer = nullptr; // in the status bar after a run finished
};

QString dockTitle(MainWindow::Dock dock);
QString dockObjectName(MainWindow::Dock dock);
// The dock's page in the user manual, relative to the manual's root ("workbench/map.md").
QString dockManualPage(MainWindow::Dock dock);

}  // namespace gs
