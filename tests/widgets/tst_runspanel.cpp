// The Runs view over 300 synthetic run folders (60 settings × 5 seeds, written as the trainer
// writes them): it lists them all without stalling the event loop, filters with the run filter
// language (a malformed expression is named and the last valid filter kept), switches a metric
// column from the best to the last epoch's value through the header's menu, draws each run in its
// colour, keeps renames and tags in labels.json, groups seeds, exports CSV and JSON, opens a run
// and moves one to the trash.

#include "common/runcolours.h"
#include "common/workbenchstate.h"
#include "engine/engine.h"
#include "engine/enginebridge.h"
#include "findchild.h"
#include "runs/runsortfiltermodel.h"
#include "runs/runspanel.h"
#include "runs/runtablemodel.h"
#include "syntheticruns.h"
#include "training/runs/runfolder.h"
#include "training/runs/runindex.h"
#include "training/runs/trainresult.h"
#include "training/trainconfig.h"
#include "training/trainingevents.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QIcon>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <set>

using namespace gs;
using gs::test::child;

namespace {
constexpr int kRuns = 300;
constexpr int kSeeds = 5;      // runs i … i+4 differ only in their seed
constexpr int kEpochs = 4;
constexpr int kMaxGapMs = 250; // tst_mainwindow's bound on an event-loop gap
const double kMargins[] = {0.5, 1.0, 2.0};
// Validation rsum over the epochs, above each run's base: best at epoch 2, last at epoch 4.
const double kRsumRise[kEpochs] = {10, 40, 30, 20};

int settingsOf(int run) { return run / kSeeds; }
QString modelOf(int run) { return settingsOf(run) % 2 == 0 ? QStringLiteral("bow") : QStringLiteral("dtrnn"); }
double marginOf(int run) { return kMargins[(settingsOf(run) / 2) % 3]; }
double baseOf(int run) { return 100 + run % 50; }
bool finished(int run) { return settingsOf(run) % 3 == 0; } // a group's seeds all finished or none
QString folderName(int run) { return QStringLiteral("run-%1").arg(run, 3, 10, QLatin1Char('0')); }

// Run `run` as the trainer leaves it (syntheticruns.h).
void writeRun(const QString &root, int run) {
  std::vector<double> rsums;
  for (double rise : kRsumRise) rsums.push_back(baseOf(run) + rise);
  test::makeRun(root, folderName(run), modelOf(run), quint64(run % kSeeds + 1), marginOf(run), rsums, finished(run),
                0.01 * (1 + settingsOf(run) / 6));
}
// The test figure makeRun writes for a finished run.
double testRsumOf(int run) { return baseOf(run) + kRsumRise[kEpochs - 1] - 10; }

QColor swatchColour(const QVariant &decoration) { return decoration.value<QIcon>().pixmap(12, 12).toImage().pixelColor(6, 6); }
}  // namespace

class TestRunsPanel : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  QString m_root;
  Engine m_engine;
  EngineBridge m_bridge{m_engine};
  WorkbenchState m_state;
  std::unique_ptr<QSettings> m_settings;
  std::unique_ptr<RunsPanel> m_panel;

  QString runDir(int run) const { return QFileInfo(QDir(m_root).filePath(folderName(run))).canonicalFilePath(); }
  // The shown row of a run (-1 when filtered out).
  int rowOf(int run) const {
    const int row = m_panel->model().rowOfDir(runDir(run));
    return row < 0 ? -1 : m_panel->shownModel().mapFromSource(m_panel->model().index(row, 0)).row();
  }
  QString cell(int run, int sourceColumn) const {
    return m_panel->model().index(m_panel->model().rowOfDir(runDir(run)), sourceColumn).data().toString();
  }

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    // The trash is the test's own (XDG_DATA_HOME/Trash): without the folder, Qt makes one in the
    // working directory.
    QVERIFY(QDir().mkpath(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)));
    m_root = m_dir.filePath(QStringLiteral("runs"));
    for (int run = 0; run < kRuns; ++run) writeRun(m_root, run);
    m_settings = std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_panel = std::make_unique<RunsPanel>(m_bridge, m_state, *m_settings);
    m_panel->resize(1100, 600);
    QSignalSpy indexed(m_panel.get(), &RunsPanel::runsIndexed);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    QTRY_VERIFY_WITH_TIMEOUT(!indexed.isEmpty(), 10000); // the default folders, empty here
  }

  void cleanupTestCase() {
    m_panel.reset();
    m_engine.cancelAll();
  }

  // Adding the folder lists its 300 runs; the window's event loop keeps running meanwhile.
  void listsEveryRunWithoutBlocking() {
    QElapsedTimer clock;
    qint64 last = 0, worst = 0;
    QTimer timer;
    timer.setInterval(5);
    connect(&timer, &QTimer::timeout, this, [&] {
      worst = std::max(worst, clock.elapsed() - last);
      last = clock.elapsed();
    });
    QSignalSpy indexed(m_panel.get(), &RunsPanel::runsIndexed);
    clock.start();
    timer.start();
    m_panel->addFolder(m_root);
    QTRY_VERIFY_WITH_TIMEOUT(!indexed.isEmpty(), 20000);
    QTest::qWait(100); // the table's first paint
    timer.stop();
    qInfo("indexed %d runs in %lld ms, longest event-loop gap %lld ms", int(m_panel->model().runs().size()), clock.elapsed(), worst);
    QVERIFY2(worst < kMaxGapMs, qPrintable(QStringLiteral("longest event-loop gap %1 ms").arg(worst)));
    QCOMPARE(int(m_panel->model().runs().size()), kRuns);
    QCOMPARE(m_panel->shownModel().rowCount(), kRuns);
    QCOMPARE(m_panel->view()->model()->rowCount(), kRuns);
    QVERIFY2(m_panel->statusText().startsWith(QStringLiteral("300 run(s) (300 shown)")), qPrintable(m_panel->statusText()));
    QVERIFY(m_panel->folders().contains(QDir::cleanPath(m_root)));
    // The setting columns are the ones that differ; the metric columns say which value they show.
    const RunTableModel &model = m_panel->model();
    for (const QString &key : {QStringLiteral("margin"), QStringLiteral("seed"), QStringLiteral("learning_rate")})
      QVERIFY2(model.columnOf(RunTableModel::ColumnKind::Setting, key) >= 0, qPrintable(key));
    QCOMPARE(model.columnOf(RunTableModel::ColumnKind::Setting, QStringLiteral("batch_size")), -1);
    const int rsum = model.metricColumn(RunMetric::Rsum);
    QCOMPARE(model.headerData(rsum, Qt::Horizontal).toString(), QStringLiteral("rsum (best)"));
  }

  void filterLeavesTheMatchingRuns() {
    int expected = 0;
    for (int run = 0; run < kRuns; ++run) expected += modelOf(run) == QLatin1String("bow") && marginOf(run) > 1;
    QVERIFY(m_panel->setFilterText(QStringLiteral("model = bow and margin > 1")));
    QCOMPARE(m_panel->shownModel().rowCount(), expected);
    QVERIFY2(m_panel->statusText().startsWith(QStringLiteral("300 run(s) (%1 shown)").arg(expected)), qPrintable(m_panel->statusText()));
    QVERIFY(child<QLabel>(*m_panel, "filterError")->isHidden());
    // Typed into the box, the same.
    child<QLineEdit>(*m_panel, "runFilter")->setText(QStringLiteral("best.rsum >= 190"));
    int high = 0;
    for (int run = 0; run < kRuns; ++run) high += baseOf(run) + 40 >= 190;
    QCOMPARE(m_panel->shownModel().rowCount(), high);
    QVERIFY(m_panel->setFilterText(QStringLiteral("model = bow and margin > 1")));
  }

  void malformedFilterIsNamedAndTheLastValidOneKept() {
    const int shown = m_panel->shownModel().rowCount();
    QVERIFY(!m_panel->setFilterText(QStringLiteral("model = bow and (margin >")));
    auto *error = child<QLabel>(*m_panel, "filterError");
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().startsWith(QStringLiteral("column ")), qPrintable(error->text()));
    QCOMPARE(m_panel->filterError(), error->text());
    QCOMPARE(m_panel->shownModel().rowCount(), shown);
    QVERIFY(!m_panel->setFilterText(QStringLiteral("colour = red"))); // no such field
    QVERIFY(m_panel->filterError().contains(QStringLiteral("colour")));
    QCOMPARE(m_panel->shownModel().rowCount(), shown);
    QVERIFY(m_panel->setFilterText(QString()));
    QVERIFY(error->isHidden());
    QCOMPARE(m_panel->shownModel().rowCount(), kRuns);
  }

  // The rsum column's header menu switches it from the best epoch's value to the last epoch's.
  void metricColumnShowsTheChosenValue() {
    RunTableModel &model = m_panel->model();
    const int rsum = model.metricColumn(RunMetric::Rsum);
    const int run = 7;
    QCOMPARE(cell(run, rsum), RunTableModel::formatNumber(baseOf(run) + kRsumRise[1]));
    QTableView *view = m_panel->view();
    view->scrollTo(m_panel->shownModel().index(0, rsum));
    QHeaderView *header = view->horizontalHeader();
    const QPoint at(header->sectionViewportPosition(rsum) + 4, header->height() / 2);
    bool chosen = false;
    QTimer::singleShot(100, this, [&chosen] {
      auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
      if (!menu) return;
      for (QAction *action : menu->actions())
        if (action->text() == RunTableModel::valueName(MetricValue::Last)) {
          action->trigger();
          chosen = true;
        }
      menu->close();
    });
    Q_EMIT header->customContextMenuRequested(at);
    QVERIFY(chosen);
    QCOMPARE(model.headerData(rsum, Qt::Horizontal).toString(), QStringLiteral("rsum (last)"));
    QCOMPARE(cell(run, rsum), RunTableModel::formatNumber(baseOf(run) + kRsumRise[kEpochs - 1]));
    // Test: the finished runs' result.json, nothing for the others.
    model.setMetricValue(RunMetric::Rsum, MetricValue::Test);
    QCOMPARE(cell(15, rsum), RunTableModel::formatNumber(testRsumOf(15)));
    QCOMPARE(cell(7, rsum), QString());
    // A test value's tooltip gives its interval over the test queries.
    const QModelIndex tested = model.index(model.rowOfDir(runDir(15)), rsum);
    QCOMPARE(tested.data(Qt::ToolTipRole).toString(),
             QStringLiteral("95 % bootstrap interval over the test queries: [%1, %2]").arg(testRsumOf(15) - 15, 0, 'f', 1).arg(testRsumOf(15) + 15, 0, 'f', 1));
    QVERIFY(model.index(model.rowOfDir(runDir(7)), rsum).data(Qt::ToolTipRole).toString().isEmpty());
    // Sorted by the column, numerically and the runs without a value last.
    double highest = 0;
    for (int run = 0; run < kRuns; ++run)
      if (finished(run)) highest = std::max(highest, testRsumOf(run));
    view->sortByColumn(rsum, Qt::DescendingOrder);
    const QAbstractItemModel &shown = m_panel->shownModel();
    QCOMPARE(shown.index(0, rsum).data().toString(), RunTableModel::formatNumber(highest));
    QVERIFY(shown.index(kRuns - 1, rsum).data().toString().isEmpty());
    model.setMetricValue(RunMetric::Rsum, MetricValue::Best);
    view->sortByColumn(0, Qt::AscendingOrder);
  }

  void swatchIsTheRunsColour() {
    const RunTableModel &model = m_panel->model();
    for (int run : {0, 1, 42}) {
      const QModelIndex name = model.index(model.rowOfDir(runDir(run)), 0);
      QCOMPARE(swatchColour(name.data(Qt::DecorationRole)), m_state.runColours().colourOf(runDir(run)));
    }
    m_panel->setColour({runDir(42)}, QColor(Qt::magenta));
    QCOMPARE(swatchColour(model.index(model.rowOfDir(runDir(42)), 0).data(Qt::DecorationRole)), QColor(Qt::magenta));
  }

  void renameAndTagsKeepLabelsJson() {
    const int nameColumn = 0;
    const int tagsColumn = m_panel->model().columnOf(RunTableModel::ColumnKind::Tags);
    QString error;
    QVERIFY2(m_panel->renameRun(runDir(3), QStringLiteral("baseline bow"), &error), qPrintable(error));
    QCOMPARE(readRunLabels(runDir(3)).name, QStringLiteral("baseline bow"));
    QCOMPARE(cell(3, nameColumn), QStringLiteral("baseline bow"));
    QVERIFY(m_panel->setTags({runDir(3)}, {QStringLiteral("own")}, &error));
    QVERIFY2(m_panel->setTags({runDir(3), runDir(4)}, {QStringLiteral("baseline"), QStringLiteral("sweep")}, &error), qPrintable(error));
    QCOMPARE(readRunLabels(runDir(3)).tags, (QStringList{QStringLiteral("own"), QStringLiteral("baseline"), QStringLiteral("sweep")}));
    QCOMPARE(readRunLabels(runDir(4)).tags, (QStringList{QStringLiteral("baseline"), QStringLiteral("sweep")}));
    // The tags both share are replaced; run 3's own tag stays.
    QVERIFY(m_panel->setTags({runDir(3), runDir(4)}, {QStringLiteral("final")}, &error));
    QCOMPARE(readRunLabels(runDir(3)).tags, (QStringList{QStringLiteral("own"), QStringLiteral("final")}));
    QCOMPARE(cell(4, tagsColumn), QStringLiteral("final"));
    QVERIFY(m_panel->setFilterText(QStringLiteral("tag = final")));
    QCOMPARE(m_panel->shownModel().rowCount(), 2);
    // The folder's name again: no label is kept for it.
    QVERIFY(m_panel->renameRun(runDir(4), folderName(4), &error));
    QVERIFY(readRunLabels(runDir(4)).name.isEmpty());
    QVERIFY(m_panel->setTags({runDir(4)}, {}, &error));
    QVERIFY(!QFileInfo::exists(QDir(runDir(4)).filePath(QStringLiteral("labels.json"))));
    // Labels survive indexing again.
    QSignalSpy indexed(m_panel.get(), &RunsPanel::runsIndexed);
    m_panel->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(!indexed.isEmpty(), 20000);
    QCOMPARE(cell(3, nameColumn), QStringLiteral("baseline bow"));
    QCOMPARE(m_panel->shownModel().rowCount(), 1);
    QVERIFY(m_panel->setFilterText(QString()));
  }

  void groupsSeeds() {
    QVERIFY(m_panel->setFilterText(QStringLiteral("model = bow and margin > 1")));
    const int runs = m_panel->shownModel().rowCount();
    m_panel->setGroupSeeds(true);
    QCOMPARE(m_panel->shownModel().rowCount(), runs / kSeeds);
    QVERIFY2(m_panel->statusText().contains(QStringLiteral("in %1 groups").arg(runs / kSeeds)), qPrintable(m_panel->statusText()));
    const QAbstractItemModel &shown = m_panel->shownModel();
    const int rsum = m_panel->model().metricColumn(RunMetric::Rsum);
    QVERIFY2(shown.index(0, 0).data().toString().contains(QStringLiteral("(n=5)")), qPrintable(shown.index(0, 0).data().toString()));
    QVERIFY2(shown.index(0, rsum).data().toString().contains(QStringLiteral("±")), qPrintable(shown.index(0, rsum).data().toString()));
    QCOMPARE(shown.index(0, 0).data(RunTableModel::RunDirsRole).toStringList().size(), kSeeds);
    m_panel->setGroupSeeds(false);
    QCOMPARE(m_panel->shownModel().rowCount(), runs);
  }

  // CSV and JSON of the shown runs (none selected), read back.
  void exportsTheShownRuns() {
    QVERIFY(m_panel->setFilterText(QStringLiteral("model = bow and margin > 1")));
    m_panel->view()->clearSelection();
    const QStringList dirs = m_panel->shownModel().shownRunDirs();
    QSignalSpy done(m_panel.get(), &RunsPanel::exportFinished);
    const QString csv = m_dir.filePath(QStringLiteral("runs.csv"));
    m_panel->exportRuns(dirs, csv, false);
    QTRY_VERIFY_WITH_TIMEOUT(done.size() == 1, 20000);
    QCOMPARE(done.last().at(1).toString(), QString());
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.front().startsWith(QStringLiteral("run,name,model,dataset")), qPrintable(lines.front()));
    std::set<QString> found;
    for (const QString &line : lines.mid(1)) found.insert(line.section(QLatin1Char(','), 0, 0));
    QCOMPARE(int(found.size()), int(dirs.size()));
    for (const QString &dir : dirs) QVERIFY2(found.count(dir), qPrintable(dir));
    QVERIFY(lines.filter(QStringLiteral(",metric,best.rsum,")).size() >= dirs.size());

    const QString json = m_dir.filePath(QStringLiteral("runs.json"));
    m_panel->exportRuns(dirs.mid(0, 2), json, true);
    QTRY_VERIFY_WITH_TIMEOUT(done.size() == 2, 20000);
    QCOMPARE(done.last().at(1).toString(), QString());
    QFile jsonFile(json);
    QVERIFY(jsonFile.open(QIODevice::ReadOnly));
    const QJsonArray runs = QJsonDocument::fromJson(jsonFile.readAll()).object().value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("dir")).toString(), dirs.front());
    QVERIFY(m_panel->setFilterText(QString()));
  }

  // Double-click: the finished run becomes current and runActivated names it.
  void doubleClickOpensTheRun() {
    QSignalSpy activated(m_panel.get(), &RunsPanel::runActivated);
    const int row = rowOf(15);
    QVERIFY(row >= 0);
    // The view's own signal: Qt Test's synthetic double-click reaches an item view differently
    // from one Qt version to the next.
    Q_EMIT m_panel->view()->doubleClicked(m_panel->shownModel().index(row, 2));
    QCOMPARE(activated.size(), 1);
    QCOMPARE(activated.front().front().toString(), runDir(15));
    QCOMPARE(m_state.runDir(), runDir(15));
    // A stopped run opens with the epoch it kept.
    Q_EMIT m_panel->view()->doubleClicked(m_panel->shownModel().index(rowOf(7), 0));
    QCOMPARE(activated.size(), 2);
    QCOMPARE(activated.back().front().toString(), runDir(7));
    QCOMPARE(m_state.runDir(), runDir(7));
    m_state.openRun(m_bridge, QString());
  }

  // To the trash, where the platform has one; the folder stays and is named where it has none.
  void movesARunToTheTrash() {
    const QString dir = runDir(kRuns - 1);
    QString error;
    QSignalSpy indexed(m_panel.get(), &RunsPanel::runsIndexed);
    const bool moved = m_panel->moveToTrash({dir}, &error);
    QTRY_VERIFY_WITH_TIMEOUT(!indexed.isEmpty(), 20000);
    if (!moved) {
      QVERIFY2(error.contains(dir), qPrintable(error));
      QVERIFY(QFileInfo::exists(dir));
      QCOMPARE(int(m_panel->model().runs().size()), kRuns);
      QSKIP("no trash on this file system");
    }
    QVERIFY(!QFileInfo::exists(dir));
    QCOMPARE(int(m_panel->model().runs().size()), kRuns - 1);
  }
};

QTEST_MAIN(TestRunsPanel)
#include "tst_runspanel.moc"
