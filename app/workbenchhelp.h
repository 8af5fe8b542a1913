#pragma once
// The window's ways into help: the Help menu, F1 (the manual page of the panel that holds the
// focus), each dock's "?", the manual's window (made on first use) and About.
// Its strings are the main window's (mainwindowtext.h).

#include <QObject>
#include <QString>

class QMainWindow;
class QMenuBar;

namespace gs {

class ManualWindow;
class WorkbenchDocks;

class WorkbenchHelp : public QObject {
  Q_OBJECT
public:
  WorkbenchHelp(QMainWindow &window, const WorkbenchDocks &docks);

  // Help: User manual (F1), Getting started, Command line, About.
  void addMenu(QMenuBar *bar);
  // The manual's window on `page` ("workbench/map.md", "#anchor" allowed; the contents page when
  // there is no such page), made on first use, shown and raised.
  ManualWindow *showManual(const QString &page);
  // The manual page of the panel that holds the keyboard focus; the contents page elsewhere.
  QString pageForFocus() const;
  void showAbout();

private:
  QMainWindow &m_window;
  const WorkbenchDocks &m_docks;
  ManualWindow *m_manual = nullptr; // a child of the window
};

}  // namespace gs
