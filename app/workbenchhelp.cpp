#include "workbenchhelp.h"

#include "aboutdialog.h"
#include "common/joblist.h"
#include "help/manualwindow.h"
#include "mainwindowtext.h"
#include "workbenchdocks.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

namespace gs {

WorkbenchHelp::WorkbenchHelp(QMainWindow &window, const WorkbenchDocks &docks)
    : QObject(&window), m_window(window), m_docks(docks) {}

void WorkbenchHelp::addMenu(QMenuBar *bar) {
  QMenu *help = bar->addMenu(MainWindowText::tr("&Help"));
  QAction *manual = help->addAction(MainWindowText::tr("User &manual"), this, [this] { showManual(pageForFocus()); });
  manual->setObjectName(QStringLiteral("action.manual"));
  manual->setShortcut(QKeySequence::HelpContents);
  // F1 reaches the manual from a floating dock too, not only from the main window.
  manual->setShortcutContext(Qt::ApplicationShortcut);
  QAction *start = help->addAction(MainWindowText::tr("&Getting started"), this, [this] { showManual(QStringLiteral("getting-started.md")); });
  start->setObjectName(QStringLiteral("action.gettingStarted"));
  QAction *cli = help->addAction(MainWindowText::tr("&Command line"), this, [this] { showManual(QStringLiteral("cli.md")); });
  cli->setObjectName(QStringLiteral("action.cliReference"));
  help->addSeparator();
  QAction *about = help->addAction(MainWindowText::tr("&About Groundscope"), this, &WorkbenchHelp::showAbout);
  about->setObjectName(QStringLiteral("action.about"));
}

ManualWindow *WorkbenchHelp::showManual(const QString &page) {
  if (!m_manual) m_manual = new ManualWindow(&m_window);
  if (!m_manual->openPage(page)) m_manual->openPage(QStringLiteral("index.md"));
  m_manual->show();
  m_manual->raise();
  m_manual->activateWindow();
  return m_manual;
}

QString WorkbenchHelp::pageForFocus() const {
  const QWidget *focus = QApplication::focusWidget();
  const auto holds = [focus](const QWidget *widget) { return widget && (focus == widget || widget->isAncestorOf(focus)); };
  if (!focus) return QStringLiteral("index.md");
  if (holds(m_docks.jobList())) return QStringLiteral("workbench/jobs.md");
  const QMap<Dock, QDockWidget *> &docks = m_docks.docks();
  for (auto it = docks.constBegin(); it != docks.constEnd(); ++it)
    if (holds(it.value())) return dockManualPage(it.key());
  return QStringLiteral("index.md");
}

void WorkbenchHelp::showAbout() {
  AboutDialog dialog(&m_window);
  dialog.exec();
}

}  // namespace gs
