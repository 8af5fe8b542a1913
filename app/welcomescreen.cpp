#include "welcomescreen.h"

#include "datasetopener.h"
#include "help/welcomeview.h"
#include "workbenchdocks.h"
#include "workbenchhelp.h"

#include <QDockWidget>
#include <QMainWindow>

namespace gs {

WelcomeScreen::WelcomeScreen(QMainWindow &window, DatasetOpener &opener, WorkbenchHelp &help, const WorkbenchDocks &docks)
    : QObject(&window), m_window(window), m_opener(opener), m_view(new WelcomeView(&window)) {
  connect(m_view, &WelcomeView::demoRequested, &opener, &DatasetOpener::openDemo);
  connect(m_view, &WelcomeView::openDatasetRequested, &opener, &DatasetOpener::chooseFolder);
  connect(m_view, &WelcomeView::datasetChosen, &opener, &DatasetOpener::open);
  connect(m_view, &WelcomeView::runChosen, &opener, &DatasetOpener::openRecentRun);
  connect(m_view, &WelcomeView::manualRequested, &help, [&help](const QString &page) { help.showManual(page); });
  connect(&opener, &DatasetOpener::recentChanged, this, &WelcomeScreen::refresh);
  // The welcome view has the window to itself: empty docks would only say there is nothing yet.
  for (QDockWidget *dock : docks.docks()) dock->hide();
  m_window.setCentralWidget(m_view);
  refresh();
}

void WelcomeScreen::refresh() {
  if (!m_view) return;
  m_view->setRecentDatasets(m_opener.recentDatasets());
  m_view->setRecentRuns(m_opener.recentRuns());
}

bool WelcomeScreen::dismiss() {
  if (!m_view) return false;
  // The docks take the central area back once there is a dataset to show.
  m_window.takeCentralWidget();
  m_view->deleteLater();
  m_view = nullptr;
  return true;
}

}  // namespace gs
