#pragma once
// The workbench window: docks for each view (Dataset, Training, Trees, Regions, Map,
// Retrieval), the menus, and a status bar that follows the engine's current job.
// Window geometry, dock layout and recent datasets persist through QSettings.

#include "engine/enginebridge.h"

#include <QMainWindow>
#include <QMap>

class QDockWidget;
class QMenu;
class QSettings;

namespace gs {

class JobStatusWidget;
class LogView;
class RecentDatasets;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  // Dock identifiers, also their objectName suffix ("dock.dataset") for saveState().
  enum class Dock { Dataset, Training, Trees, Regions, Map, Retrieval };

  MainWindow(EngineBridge &bridge, QSettings &settings, QWidget *parent = nullptr);
  ~MainWindow() override;

  QDockWidget *dock(Dock which) const { return m_docks.value(which); }
  JobStatusWidget *jobStatus() const { return m_jobStatus; }
  LogView *logView() const { return m_log; }
  QMenu *recentMenu() const { return m_recentMenu; }
  QString currentDataset() const { return m_dataset; }

public Q_SLOTS:
  // Opens a dataset folder or file; reports a missing path instead of failing silently.
  bool openDataset(const QString &path);
  void exportView();
  void showAbout();

Q_SIGNALS:
  void datasetOpened(const QString &path);

protected:
  void closeEvent(QCloseEvent *event) override;

private:
  void createDocks();
  void createMenus();
  void rebuildRecentMenu();
  void restoreLayout();
  void saveLayout();
  void runStartupCheck();

  EngineBridge &m_bridge;
  QSettings &m_settings;
  RecentDatasets *m_recent;
  QMap<Dock, QDockWidget *> m_docks;
  JobStatusWidget *m_jobStatus = nullptr;
  LogView *m_log = nullptr;
  QMenu *m_recentMenu = nullptr;
  QString m_dataset;
};

QString dockTitle(MainWindow::Dock dock);
QString dockObjectName(MainWindow::Dock dock);

}  // namespace gs
