#pragma once
// The window's menu bar, File, View, Training, Settings and Help in that order, and what the
// entries do that belongs to no other part of the window: exporting a view, the theme, the Training
// form's configuration files. The open, recent and close entries come from DatasetOpener, the
// workspaces from WorkspaceSwitcher, Help from WorkbenchHelp.
// Its strings are the main window's (mainwindowtext.h).

#include <QMap>
#include <QObject>
#include <QString>

class QAction;
class QMainWindow;
class QMenu;
class QSettings;

namespace gs {

class DatasetOpener;
class WorkbenchDocks;
class WorkbenchHelp;
class WorkspaceSwitcher;

class MainMenus : public QObject {
  Q_OBJECT
public:
  // Fills the window's menu bar (and, through the workspaces, its tool bar and status bar).
  MainMenus(QMainWindow &window, QSettings &settings, WorkbenchDocks &docks, DatasetOpener &opener, WorkspaceSwitcher &workspaces,
            WorkbenchHelp &help);

  // File > Export…: a visible dock or the whole window, as a figure.
  void exportView();
  // View > Theme: "system", "light" or "dark" (Fusion with the dark palette); kept in the settings.
  void applyTheme(const QString &theme);
  // Settings > Load/Save configuration: the Training form from/to the JSON `train --config` reads.
  // Return the error shown in the status bar, empty on success.
  QString loadConfiguration(const QString &path);
  QString saveConfiguration(const QString &path);

private:
  void createFileMenu();
  void createViewMenu();
  void addGoToMenu(QMenu *view);
  void addThemeMenu(QMenu *view);
  void createTrainingMenu();
  void createSettingsMenu();
  void addOutsidePathsAction(QMenu *settingsMenu);

  QMainWindow &m_window;
  QSettings &m_settings;
  WorkbenchDocks &m_docks;
  DatasetOpener &m_opener;
  WorkspaceSwitcher &m_workspaces;
  QMap<QString, QAction *> m_themeActions; // by theme name
};

}  // namespace gs
