// The screenshot tour's last part (TourOptions::compareFolder): the runs of a folder compared the
// way the Runs view, the Training dock, the Map and the Retrieval dock compare them — grouped by
// seeds (runs-groups.png), drawn as bands with an epoch picked on the curves (training-bands.png),
// the items that moved most between the first and the last recorded epoch (movers.png), and one
// caption ranked by two runs side by side (retrieval-ab.png).

#include "screenshottour.h"

#include "common/workbenchstate.h"
#include "mainwindow.h"
#include "analysis/analysispanel.h"
#include "map/moverstable.h"
#include "retrieval/retrievalcompare.h"
#include "retrieval/retrievalpanel.h"
#include "runs/runspanel.h"
#include "training/runs/runindex.h"
#include "training/runs/runtrajectory.h"
#include "training/trainingpanel.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QTableWidget>
#include <QTabWidget>
#include <QTextStream>

namespace gs {

namespace {

QTextStream &tourLog() {
  static QTextStream stream(stderr);
  return stream;
}

// The finished runs of the folder, by folder name.
QStringList finishedRuns(const QString &folder) {
  QStringList dirs;
  for (const RunRecord &run : indexRuns({folder}))
    if (run.state == RunState::Finished) dirs << run.dir;
  return dirs;
}

// Another run to rank beside the current one: of another model where there is one.
QString otherRun(const QStringList &runs, const QString &current) {
  RunRecord shown;
  readRunRecord(current, shown);
  QString fallback;
  for (const QString &dir : runs) {
    RunRecord run;
    if (QFileInfo(dir).canonicalFilePath() == QFileInfo(current).canonicalFilePath() || !readRunRecord(dir, run)) continue;
    if (run.model != shown.model) return dir;
    if (fallback.isEmpty()) fallback = dir;
  }
  return fallback;
}

}  // namespace

void ScreenshotTour::finishTour() {
  if (m_options.compareFolder.isEmpty()) {
    Q_EMIT finished(m_failures ? 1 : 0);
    return;
  }
  captureComparison();
}

void ScreenshotTour::captureComparison() {
  const QStringList runs = finishedRuns(m_options.compareFolder);
  if (runs.size() < 2) return fail(QStringLiteral("--tour-compare: %1 holds fewer than two finished runs").arg(m_options.compareFolder));
  tourLog() << "tour: comparing " << runs.size() << " runs of " << m_options.compareFolder << '\n' << Qt::flush;
  captureRunGroups(runs);
}

void ScreenshotTour::captureRunGroups(const QStringList &runs) {
  RunsPanel &panel = *m_window.runsPanel();
  connect(&panel, &RunsPanel::runsIndexed, this, [this, &panel, runs] {
    panel.setGroupSeeds(true);
    withFloatingDock(*m_window.dock(MainWindow::Dock::Runs), [&] { m_failures += !saveFigure(*m_window.dock(MainWindow::Dock::Runs)->widget(), QStringLiteral("runs-groups.png")); });
    panel.setGroupSeeds(false);
    captureBandsAndMovers(runs);
  }, Qt::SingleShotConnection);
  panel.addFolder(m_options.compareFolder);
  panel.refresh();
}

void ScreenshotTour::captureBandsAndMovers(const QStringList &runs) {
  TrainingPanel &training = *m_window.trainingPanel();
  // Opening a run makes it the current one: the toured run is opened last, so it is current again
  // (its test split embedded anew) for the epoch pick, the movers and the side-by-side view.
  const QString toured = m_window.workbench().runDir();
  for (const QString &dir : runs) training.openRunFolder(dir);
  training.openRunFolder(toured);
  training.setSeedsGrouped(true);
  // An epoch in the middle of the current run's recorded ones, picked as a click on the curves would.
  const QString current = m_window.workbench().runDir();
  const std::vector<int> epochs = RunTrajectory::exists(current) ? RunTrajectory::open(current).epochs() : std::vector<int>{};
  const int picked = epochs.empty() ? 1 : epochs[epochs.size() / 2];
  m_window.workbench().pickEpoch(current, picked);
  QDockWidget &trainingDock = *m_window.dock(MainWindow::Dock::Training);
  withFloatingDock(trainingDock, [&] { m_failures += !saveFigure(*trainingDock.widget(), QStringLiteral("training-bands.png")); });
  whenRunEmbedded([this, runs] { captureMovers(runs); });
}

// `then` once the current run's test split is embedded (at once when it already is).
void ScreenshotTour::whenRunEmbedded(const std::function<void()> &then) {
  WorkbenchState &state = m_window.workbench();
  if (state.jointSpace()) return then();
  auto connection = std::make_shared<QMetaObject::Connection>();
  *connection = connect(&state, &WorkbenchState::jointSpaceChanged, this, [&state, connection, then] {
    if (!state.jointSpace()) return;
    disconnect(*connection);
    then();
  });
}

void ScreenshotTour::captureMovers(const QStringList &runs) {
  MapPanel &map = *m_window.mapPanel();
  connect(map.moversTable(), &MoversTable::moversShown, this, [this, runs](bool ok) {
    if (!ok) return fail(m_window.mapPanel()->moversTable()->statusText());
    QDockWidget &mapDock = *m_window.dock(MainWindow::Dock::Map);
    withFloatingDock(mapDock, [&] { m_failures += !saveFigure(*mapDock.widget(), QStringLiteral("movers.png")); });
    captureSideBySide(runs);
  }, Qt::SingleShotConnection);
  map.showMovers(true);
}

void ScreenshotTour::captureSideBySide(const QStringList &runs) {
  WorkbenchState &state = m_window.workbench();
  state.pickEpoch(state.runDir(), 0); // back to the kept models
  RetrievalPanel &retrieval = *m_window.retrievalPanel();
  RetrievalCompareView &compare = *retrieval.compareView();
  const QString caption = state.dataset()->captions[std::size_t(m_caption)].raw;
  connect(&compare, &RetrievalCompareView::compareFailed, this, [this](const QString &error) { fail(error); }, Qt::SingleShotConnection);
  connect(&compare, &RetrievalCompareView::runBOpened, this, [&compare, caption] { compare.rankImages(caption); }, Qt::SingleShotConnection);
  connect(&compare, &RetrievalCompareView::compared, this, [this, &compare] {
    compare.setMovedMostFirst(false);
    for (QWidget *w = compare.parentWidget(); w; w = w->parentWidget())
      if (auto *tabs = qobject_cast<QTabWidget *>(w)) {
        tabs->setCurrentIndex(tabs->indexOf(&compare));
        break;
      }
    QDockWidget &dock = *m_window.dock(MainWindow::Dock::Retrieval);
    withFloatingDock(dock, [&] { m_failures += !saveFigure(*dock.widget(), QStringLiteral("retrieval-ab.png")); });
    captureAnalysis();
  }, Qt::SingleShotConnection);
  compare.openRunB(otherRun(runs, state.runDir()));
}

// The Analysis dock on the current run, its worst slice selected (analysis.png), and the Map
// showing that slice's captions (map-slice.png).
void ScreenshotTour::captureAnalysis() {
  AnalysisPanel &analysis = *m_window.analysisPanel();
  connect(&analysis, &AnalysisPanel::failed, this, [this](const QString &error) { fail(error); }, Qt::SingleShotConnection);
  connect(&analysis, &AnalysisPanel::analyzed, this, [this, &analysis] {
    if (analysis.slicesTable()->rowCount() > 0) analysis.showSliceRow(0);
    QDockWidget &dock = *m_window.dock(MainWindow::Dock::Analysis);
    withFloatingDock(dock, [&] { m_failures += !saveFigure(*dock.widget(), QStringLiteral("analysis.png")); });
    QDockWidget &map = *m_window.dock(MainWindow::Dock::Map);
    withFloatingDock(map, [&] { m_failures += !saveFigure(*map.widget(), QStringLiteral("map-slice.png")); });
    tourLog() << Qt::flush;
    Q_EMIT finished(m_failures ? 1 : 0);
  }, Qt::SingleShotConnection);
  analysis.analyze();
}

}  // namespace gs
