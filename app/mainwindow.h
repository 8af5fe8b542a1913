#pragma once
// The workbench window: docks for each view (Dataset, Training, Trees, Regions, Map,
// Retrieval, Caption lab, Runs, Analysis), the menus, and a status bar that follows the engine's current job.
// Window geometry, dock layout and recent datasets persist through QSettings.
// It is made of parts, each with its own state: the docks and their panels (WorkbenchDocks), what
// is open and was opened (DatasetOpener), the workspaces (WorkspaceSwitcher), help (WorkbenchHelp),
// the welcome view (WelcomeScreen) and the menu bar (MainMenus). The window wires them together,
// keeps its geometry, and asks before closing while jobs run.

#include "docks.h"
#include "engine/enginebridge.h"
#include "workbenchdocks.h"

#include <QMainWindow>

class QSettings;

namespace gs {

class DatasetOpener;
class JobStatusWidget;
class MainMenus;
class ManualWindow;
class WelcomeScreen;
enum class Workspace; // workspaces.h
class WorkbenchHelp;
class WorkbenchState;
class WorkbenchWatcher;
class WorkspaceSwitcher;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  // The docks' identifiers (docks.h), also their objectName suffix ("dock.dataset") for saveState().
  using Dock = gs::Dock;

  MainWindow(EngineBridge &bridge, QSettings &settings, QWidget *parent = nullptr);
  ~MainWindow() override;

  QDockWidget *dock(Dock which) const { return m_docks->dock(which); }
  EngineBridge &bridge() const { return m_bridge; }
  TrainingPanel *trainingPanel() const { return m_docks->trainingPanel(); }
  TreePanel *treePanel() const { return m_docks->treePanel(); }
  CaptionLab *captionLab() const { return m_docks->captionLab(); }
  RetrievalPanel *retrievalPanel() const { return m_docks->retrievalPanel(); }
  MapPanel *mapPanel() const { return m_docks->mapPanel(); }
  RegionPanel *regionPanel() const { return m_docks->regionPanel(); }
  RunsPanel *runsPanel() const { return m_docks->runsPanel(); }
  AnalysisPanel *analysisPanel() const { return m_docks->analysisPanel(); }
  // Closing while jobs run asks the user first (default); the screenshot tour and tests turn it off.
  void setAskBeforeClosing(bool ask) { m_askBeforeClosing = ask; }
  // Settings > Load/Save configuration: the Training form from/to the JSON `train --config` reads.
  // Return the error shown in the status bar, empty on success.
  QString loadConfiguration(const QString &path);
  // View > Theme: "system", "light" or "dark" (Fusion with the dark palette); kept in the settings.
  void applyTheme(const QString &theme);
  QString saveConfiguration(const QString &path);
  QString currentDataset() const;
  // What the panels share: dataset, current run, selection.
  WorkbenchState &workbench() const { return *m_state; }
  // What the Dataset dock shows about the loaded dataset (format, counts, load report).
  QString datasetSummaryText() const { return m_docks->datasetSummaryText(); }
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
  // A run folder (the run made current, its dataset opened too) or else a dataset: what
  // `groundscope PATH` opens. False when the path does not exist.
  bool openPath(const QString &path);
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
  void connectParts();
  void showOpened(const QString &path); // the welcome view gives way to the workspace
  void restoreLayout();
  void saveLayout();
  void runStartupCheck();
  // A change on disk the user must know about: in the status bar until the next message, and in the log.
  void showNotice(const QString &text);
  void watchFiles();

  EngineBridge &m_bridge;
  QSettings &m_settings;
  WorkbenchState *m_state;
  WorkbenchDocks *m_docks;
  DatasetOpener *m_opener;
  WorkspaceSwitcher *m_workspaces;
  WorkbenchHelp *m_help;
  MainMenus *m_menus;
  WelcomeScreen *m_welcome = nullptr;
  JobStatusWidget *m_jobStatus = nullptr;
  WorkbenchWatcher *m_watcher = nullptr; // files changing on disk under the open dataset and run
  bool m_askBeforeClosing = true;
};

}  // namespace gs
