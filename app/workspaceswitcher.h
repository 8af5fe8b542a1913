#pragma once
// Switches the window between its workspaces (workspaces.h): the bar under the menus and
// View > Workspace that choose one, each workspace's default arrangement of the docks, the state each
// keeps in the settings, and the status bar's offer to inspect a run that has just finished.
// Its strings are the main window's (mainwindowtext.h).

#include "workspaces.h"

#include <QMap>
#include <QObject>

class QAction;
class QMainWindow;
class QMenu;
class QPushButton;
class QSettings;

namespace gs {

class WorkbenchDocks;

class WorkspaceSwitcher : public QObject {
  Q_OBJECT
public:
  // The workspace shown last (kept in the settings) becomes the current one; nothing is arranged
  // until enter().
  WorkspaceSwitcher(QMainWindow &window, QSettings &settings, WorkbenchDocks &docks);

  // The workspace bar, View > Workspace with Reset workspace, and the Inspect offer.
  void addTo(QMenu *view);
  Workspace current() const { return m_current; }
  // Makes `kind` the current workspace, the one left keeping the user's changes; enter() shows it.
  void select(Workspace kind);
  // Arranges the docks as the current workspace: its saved state, or its default.
  void enter();
  // The current workspace's default arrangement, the user's changes dropped.
  void reset();
  // Keeps the current workspace, and the docks' state as its own once it is shown.
  void save();

Q_SIGNALS:
  void requested(Workspace kind); // its button, Ctrl+1…4 or the Inspect offer

private:
  void createInspectOffer();
  void arrange(Workspace kind);

  QMainWindow &m_window;
  QSettings &m_settings;
  WorkbenchDocks &m_docks;
  Workspace m_current{};
  bool m_entered = false; // the docks show a workspace (the welcome view has gone)
  QMap<Workspace, QAction *> m_actions;
  QPushButton *m_inspectOffer = nullptr; // in the status bar after a run finished
};

}  // namespace gs
