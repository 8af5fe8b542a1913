// Comparing runs in the Training dock and following them on the Map: three tiny runs that differ
// only in their seed draw as one mean curve with a band ("N=3"); each run's curves take the
// workbench's colour for it and follow a change of it; picking an epoch on a curve (the function a
// click calls, and a real click at the epoch's pixel) sets the workbench's picked epoch, draws the
// cursor, fills the "At epoch" table and makes the Map show that epoch of its replay; the Movers
// table lists the recorded items by how much their neighbourhood changed, and rings the chosen
// ones on the Map. "Train over seeds…" trains the form's configuration once per seed as one job,
// and its runs join the list as one band.

#include "analysis/jointspace.h"
#include "common/runcolours.h"
#include "common/workbenchstate.h"
#include "data/loaddataset.h"
#include "engine/engine.h"
#include "engine/enginebridge.h"
#include "findchild.h"
#include "map/mappanel.h"
#include "retrieval/retrievalpanel.h"
#include "map/moverstable.h"
#include "tinyrun.h"
#include "training/atepochtable.h"
#include "training/seedsdialog.h"
#include "training/trainconfigform.h"
#include "training/trainingpanel.h"
#include "training/trainingplots.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QAction>
#include <QTimer>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace gs;
using gs::test::child;

namespace {
constexpr int kTimeoutMs = 60000; // generous: the machine is shared by parallel builds
constexpr int kEpochs = 3;

// The plot's graphs whose legend name contains `text`.
QList<QCPGraph *> graphsNamed(QCustomPlot *plot, const QString &text) {
  QList<QCPGraph *> found;
  for (int i = 0; i < plot->graphCount(); ++i)
    if (plot->graph(i)->name().contains(text)) found << plot->graph(i);
  return found;
}

int filledGraphs(QCustomPlot *plot) {
  int count = 0;
  for (int i = 0; i < plot->graphCount(); ++i) count += plot->graph(i)->channelFillGraph() != nullptr;
  return count;
}
} // namespace

class TestTrainingCompare : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  QStringList m_runs; // bow-s1, bow-s2, bow-s3: the same settings, seeds 1–3
  test::TinyDataset m_tiny;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_tiny = test::makeTinyDataset(m_dir.path());
    for (quint64 seed : {1, 2, 3}) {
      TrainConfig config = test::tinyConfig(kEpochs);
      config.seed = seed;
      const QString runDir = m_dir.filePath(QStringLiteral("bow-s%1").arg(seed));
      test::trainTinyRun(m_tiny, runDir, config);
      m_runs << runDir;
    }
  }

  // Three runs differing only in the seed: one band per curve, in the first run's colour, with
  // "N=3" in the legend; the runs' own graphs hide; ungrouped, they come back.
  void seedGroupsDrawOneBand() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TrainingPanel panel(bridge, state);
    TrainingPlots *plots = panel.plots();
    for (const QString &run : m_runs) QVERIFY(panel.openRunFolder(run));
    QCOMPARE(plots->groupCount(), 0);
    QCOMPARE(filledGraphs(plots->lossPlot()), 0);

    child<QCheckBox>(panel, "groupSeedsBox")->setChecked(true);
    QCOMPARE(plots->groupCount(), 1);
    const QList<QCPGraph *> lossMeans = graphsNamed(plots->lossPlot(), QStringLiteral("(N=3)"));
    QCOMPARE(lossMeans.size(), 1);
    QVERIFY2(lossMeans[0]->name().startsWith(QStringLiteral("bow (N=3)")), qPrintable(lossMeans[0]->name()));
    QVERIFY(lossMeans[0]->visible() && lossMeans[0]->dataCount() > 0);
    QCOMPARE(lossMeans[0]->pen().color(), state.runColours().colourOf(m_runs[0]));
    QCOMPARE(filledGraphs(plots->lossPlot()), 1);
    QCOMPARE(filledGraphs(plots->validationPlot()), 2); // image→text and text→image
    QCOMPARE(graphsNamed(plots->validationPlot(), QStringLiteral("(N=3)")).size(), 2);
    // The band holds the runs: its edges enclose the mean, and it has width (the seeds differ).
    QCPGraph *upper = nullptr;
    for (int i = 0; i < plots->lossPlot()->graphCount(); ++i)
      if (plots->lossPlot()->graph(i)->channelFillGraph()) upper = plots->lossPlot()->graph(i);
    QVERIFY(upper);
    QCPGraph *lower = upper->channelFillGraph();
    double width = 0;
    for (int k = 0; k < lossMeans[0]->dataCount(); ++k) {
      QVERIFY(lower->data()->at(k)->value <= lossMeans[0]->data()->at(k)->value + 1e-9);
      QVERIFY(upper->data()->at(k)->value >= lossMeans[0]->data()->at(k)->value - 1e-9);
      width = std::max(width, upper->data()->at(k)->value - lower->data()->at(k)->value);
    }
    QVERIFY(width > 0);
    // The member runs' own lines are hidden and out of the legend.
    for (const QString &run : m_runs)
      QCOMPARE(graphsNamed(plots->lossPlot(), QFileInfo(run).fileName()).front()->visible(), false);
    // The min–max envelope instead of ± one standard deviation.
    panel.setBandKind(BandKind::MinMax);
    QCOMPARE(plots->bandKind(), BandKind::MinMax);
    QCOMPARE(plots->groupCount(), 1);
    // An unchecked run leaves the group: two remain ("N=2").
    child<QListWidget>(panel, "runList")->item(2)->setCheckState(Qt::Unchecked);
    QCOMPARE(graphsNamed(plots->lossPlot(), QStringLiteral("(N=2)")).size(), 1);
    panel.setSeedsGrouped(false);
    QCOMPARE(plots->groupCount(), 0);
    QCOMPARE(filledGraphs(plots->lossPlot()), 0);
    QVERIFY(graphsNamed(plots->lossPlot(), QStringLiteral("bow-s1")).front()->visible());
  }

  // Each run's curves take its workbench colour and follow a change of it.
  void curvesTakeTheWorkbenchColours() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    TrainingPanel panel(bridge, state);
    for (const QString &run : m_runs) QVERIFY(panel.openRunFolder(run));
    for (const QString &run : m_runs)
      QCOMPARE(panel.plots()->runColour(panel.runIdOf(run)), state.runColours().colourOf(run));
    const QColor chosen(0x12, 0x34, 0x56);
    state.runColours().setColour(m_runs[1], chosen);
    QCOMPARE(panel.plots()->runColour(panel.runIdOf(m_runs[1])), chosen);
    QCOMPARE(panel.plots()->runColour(panel.runIdOf(m_runs[0])), state.runColours().colourOf(m_runs[0]));
  }

  // The workbench remembers the most recently used runs' colours only: hours of training leave
  // kRemembered entries in the settings, the newest, and those come back in a new session.
  void onlyRecentRunColoursAreRemembered() {
    QTemporaryDir folders;
    QVERIFY(folders.isValid());
    QSettings().remove(QStringLiteral("runColours"));
    QSettings().remove(QStringLiteral("runColourOrder"));
    constexpr int kExtra = 20;
    QStringList runs;
    QHash<QString, QColor> given;
    {
      RunColours colours;
      for (int i = 0; i < RunColours::kRemembered + kExtra; ++i) {
        runs << folders.filePath(QStringLiteral("run-%1").arg(i));
        QVERIFY(QDir().mkpath(runs.back()));
        given.insert(runs.back(), colours.colourOf(runs.back()));
      }
      colours.setColour(runs.front(), QColor(0x12, 0x34, 0x56)); // the user's choice makes it recent
      given[runs.front()] = QColor(0x12, 0x34, 0x56);
    }
    QSettings settings;
    settings.beginGroup(QStringLiteral("runColours"));
    QCOMPARE(settings.childKeys().size(), RunColours::kRemembered);
    settings.endGroup();
    RunColours next;
    QVERIFY(next.hasColour(runs.front()));
    QCOMPARE(next.colourOf(runs.front()), given[runs.front()]);
    for (int i = 1; i <= kExtra; ++i) QVERIFY2(!next.hasColour(runs[i]), qPrintable(runs[i]));
    for (int i = kExtra + 1; i < runs.size(); ++i) QCOMPARE(next.colourOf(runs[i]), given[runs[i]]);
  }

  // A pick on the curves reaches every view: the state, the cursor on both plots, the table, the
  // Map's replay (started by the pick, then reused by a real click) and the Retrieval dock, which
  // then ranks the recorded sample with that epoch's vectors.
  void pickingAnEpochDrivesTheMap() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    const QString runDir = m_runs[0];
    TrainingPanel training(bridge, state);
    MapPanel map(bridge, state);
    RetrievalPanel retrieval(bridge, state);
    QSignalSpy retrievalEpochs(&retrieval, &RetrievalPanel::epochShown);
    QSignalSpy computed(&map, &MapPanel::computeFinished);
    state.setJointSpace(JointSpace::open(runDir));
    QTRY_COMPARE_WITH_TIMEOUT(computed.count(), 1, kTimeoutMs); // the first PCA map
    // An opened run becomes the current one: the run the Map shows is opened last.
    QVERIFY(training.openRunFolder(m_runs[1]));
    QVERIFY(training.openRunFolder(runDir));
    QTRY_VERIFY_WITH_TIMEOUT(state.jointSpace() && QDir::cleanPath(state.jointSpace()->runDir()) == QDir::cleanPath(runDir), kTimeoutMs);
    QVERIFY(engine.waitForIdle(kTimeoutMs));
    QCoreApplication::processEvents();
    training.resize(1100, 700);
    training.show();
    QVERIFY(QTest::qWaitForWindowExposed(&training));

    QSignalSpy replayed(&map, &MapPanel::replayShown);
    QCOMPARE(training.pickAt(TrainingPanel::Plot::Validation, 2.2, training.runIdOf(runDir)), 2);
    QCOMPARE(state.pickedEpoch(), 2);
    QCOMPARE(QDir::cleanPath(state.pickedEpochRun()), QDir::cleanPath(runDir));
    QCOMPARE(training.plots()->cursorEpoch(), 2.0);
    QVERIFY(training.plots()->cursorIteration() > 0);
    // The table lists both shown runs at epoch 2.
    AtEpochTable *table = training.atEpochTable();
    QVERIFY(table->isVisible());
    QCOMPARE(table->epoch(), 2);
    QCOMPARE(table->table()->rowCount(), 2);
    QCOMPARE(table->table()->horizontalHeaderItem(7)->text(), QStringLiteral("rsum"));
    QVERIFY(table->table()->item(0, 7)->text().toDouble() > 0);
    // The Map replays the run's recorded epochs and shows epoch 2.
    QTRY_COMPARE_WITH_TIMEOUT(replayed.count(), 1, kTimeoutMs);
    QCOMPARE(map.replayEpochNumbers(), (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(map.shownEpochIndex(), 2);

    // The loss plot picks the epoch of a minibatch: one in epoch 1.
    const RunCurves *curves = training.curves(training.runIdOf(runDir));
    const BatchEvent first = curves->batches().front();
    QCOMPARE(training.pickAt(TrainingPanel::Plot::Loss, double(first.iteration), training.runIdOf(runDir)), first.epoch);
    QCOMPARE(map.shownEpochIndex(), first.epoch);

    // A real click at epoch 3's pixel on the validation plot, with only the map's run drawn: its
    // epoch 3, shown at once from the replay already there.
    auto *runList = child<QListWidget>(training, "runList");
    for (int row = 0; row < runList->count(); ++row)
      if (runList->item(row)->data(Qt::UserRole).toInt() == training.runIdOf(m_runs[1])) runList->item(row)->setCheckState(Qt::Unchecked);
    QCustomPlot *plot = training.plots()->validationPlot();
    plot->replot(QCustomPlot::rpImmediateRefresh);
    const QPoint pixel(int(plot->xAxis->coordToPixel(kEpochs)), plot->axisRect()->rect().center().y());
    QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, pixel);
    QCOMPARE(state.pickedEpoch(), kEpochs);
    QCOMPARE(map.shownEpochIndex(), 3);
    QCOMPARE(replayed.count(), 1); // the replay was reused
    QCOMPARE(training.atEpochTable()->epoch(), kEpochs);
    QTRY_VERIFY_WITH_TIMEOUT(!retrievalEpochs.isEmpty() && retrievalEpochs.last().at(0).toInt() == kEpochs, kTimeoutMs);
    QCOMPARE(retrieval.shownEpoch(), kEpochs);
    QVERIFY2(retrieval.epochBannerText().contains(QString::number(kEpochs)), qPrintable(retrieval.epochBannerText()));

    // Movers beside the map: its table compares the first and last recorded epochs; a row chosen
    // there is ringed on the map.
    MoversTable *movers = map.moversTable();
    QSignalSpy shown(movers, &MoversTable::moversShown);
    map.showMovers(true);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, kTimeoutMs);
    QVERIFY2(shown.at(0).at(0).toBool(), qPrintable(movers->statusText()));
    QVERIFY(movers->table()->rowCount() > 0);
    movers->table()->selectRow(0);
    QCOMPARE(int(map.model().selection().size()), 1);
    const Mover &top = movers->movers().front();
    const int item = map.model().selection().front();
    QCOMPARE(map.model().kind(item) == MapItemKind::Image, top.isImage);
    QCOMPARE(map.model().label(item), top.isImage ? QStringLiteral("image %1").arg(movers->sample().imageIds[top.row])
                                                  : movers->sample().captions[top.row]);

    // Pictures for a look by eye: the dock with three seeds as a band, the cursor and the table at
    // 1366×768's dock size, and the map with its movers.
    if (qEnvironmentVariableIsSet("GS_TEST_SCREENSHOTS")) {
      const QString folder = qEnvironmentVariable("GS_TEST_SCREENSHOTS");
      QVERIFY(training.openRunFolder(m_runs[2]));
      child<QListWidget>(training, "runList")->item(1)->setCheckState(Qt::Checked);
      training.setSeedsGrouped(true);
      training.resize(1300, 520);
      QTest::qWait(100);
      training.grab().save(folder + QStringLiteral("/training-compare.png"));
      map.resize(1300, 600);
      map.show();
      QVERIFY(QTest::qWaitForWindowExposed(&map));
      QTest::qWait(100);
      map.grab().save(folder + QStringLiteral("/map-movers.png"));
    }
  }

  // The seeds line: positive integers, none twice, at least two; the dialog's OK waits for one.
  void seedsAreChecked() {
    QCOMPARE(SeedsDialog::parse(QStringLiteral("1,2,3")), (std::vector<quint64>{1, 2, 3}));
    QCOMPARE(SeedsDialog::parse(QStringLiteral(" 7 , 3 11")), (std::vector<quint64>{7, 3, 11}));
    for (const char *bad : {"", "1", "1,x", "1,-2", "0,1", "1,2,1", "1.5,2"}) {
      QString error;
      QVERIFY2(SeedsDialog::parse(QString::fromLatin1(bad), &error).empty(), bad);
      QVERIFY2(!error.isEmpty(), bad);
    }
    SeedsDialog dialog;
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    dialog.setText(QStringLiteral("4"));
    QVERIFY(!ok->isEnabled());
    QVERIFY(child<QLabel>(dialog, "seedsProblem")->text().contains(QStringLiteral("two")));
    child<QLineEdit>(dialog, "seedsEdit")->setText(QStringLiteral("4,5"));
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.seeds(), (std::vector<quint64>{4, 5}));
  }

  // "Train over seeds…" with seeds 1 and 2, as typed into its dialog: one engine job trains both
  // runs into folders of their own beside the output folder; both join the list and the plots draw
  // them as one band (N=2).
  void trainsOverSeeds() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(std::make_shared<Dataset>(loadDataset(m_tiny.datasetPath)));
    TrainingPanel panel(bridge, state);
    panel.setOutputFolder(m_dir.filePath(QStringLiteral("over-seeds")));
    panel.setBackbone(m_tiny.backbone);
    panel.form()->setConfig(test::tinyConfig(kEpochs));
    QSignalSpy started(&bridge, &EngineBridge::started);
    QTimer::singleShot(0, &panel, [&panel] {
      auto *dialog = panel.findChild<SeedsDialog *>();
      QVERIFY(dialog);
      child<QLineEdit>(dialog, "seedsEdit")->setText(QStringLiteral("1,2"));
      dialog->accept();
    });
    child<QAction>(panel, "trainOverSeedsAction")->trigger();
    QVERIFY(panel.currentJob() != 0);
    QVERIFY(!panel.startButton()->isEnabled());
    QVERIFY(panel.stopButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(panel.currentJob() == 0, 2 * kTimeoutMs);
    QCOMPARE(started.count(), 1); // one job for both seeds
    QVERIFY2(panel.statusText().contains(QStringLiteral("2 of 2")), qPrintable(panel.statusText()));

    const QString root = m_dir.filePath(QStringLiteral("over-seeds-seeds"));
    QCOMPARE(QDir::cleanPath(panel.seedsFolder()), QDir::cleanPath(root));
    for (const char *name : {"bow-e3-s1", "bow-e3-s2"}) {
      const QString runDir = QDir(root).filePath(QString::fromLatin1(name));
      QVERIFY2(QFileInfo::exists(QDir(runDir).filePath(QStringLiteral("result.json"))), name);
      QVERIFY2(panel.runIdOf(runDir) >= 0, name);
    }
    QCOMPARE(child<QListWidget>(panel, "runList")->count(), 2);
    QVERIFY(child<QCheckBox>(panel, "groupSeedsBox")->isChecked());
    QCOMPARE(panel.plots()->groupCount(), 1);
    const QList<QCPGraph *> means = graphsNamed(panel.plots()->lossPlot(), QStringLiteral("(N=2)"));
    QCOMPARE(means.size(), 1);
    QVERIFY(means[0]->dataCount() > 0);
    QCOMPARE(filledGraphs(panel.plots()->lossPlot()), 1);
  }

  // The Movers table alone: every item of the sample, most moved first; between two runs with the
  // same sample too.
  void moversAreListedByChange() {
    Engine engine;
    EngineBridge bridge(engine);
    MoversTable movers(bridge);
    QSignalSpy shown(&movers, &MoversTable::moversShown);
    QSignalSpy picked(&movers, &MoversTable::itemsPicked);
    movers.setRun(m_runs[0]);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, kTimeoutMs);
    QVERIFY2(shown.at(0).at(0).toBool(), qPrintable(movers.statusText()));
    QCOMPARE(movers.epochA(), 0);
    QCOMPARE(movers.epochB(), kEpochs);
    QCOMPARE(int(movers.movers().size()), movers.sample().itemCount());
    QTableWidget *table = movers.table();
    QVERIFY(table->rowCount() > 1);
    bool moved = false;
    for (int r = 0; r < table->rowCount(); ++r) {
      const double change = table->item(r, 1)->text().toDouble();
      QVERIFY(change >= 0 && change <= 1);
      moved = moved || change > 0;
      if (r > 0) QVERIFY2(change <= table->item(r - 1, 1)->text().toDouble(), qPrintable(QString::number(r)));
      QVERIFY(table->item(r, 2)->text().contains(QStringLiteral("→")));
    }
    QVERIFY(moved); // three epochs of training move some neighbourhood
    table->selectRow(1);
    QCOMPARE(picked.count(), 1);
    const Mover &second = movers.movers()[1];
    const int images = int(movers.sample().imageIds.size());
    QCOMPARE(picked.last().at(0).value<std::vector<int>>(), (std::vector<int>{second.isImage ? second.row : images + second.row}));

    // Epoch 1 against epoch 1: nothing moved.
    movers.setEpochs(1, 1);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 2, kTimeoutMs);
    QCOMPARE(table->item(0, 1)->text().toDouble(), 0.0);
    // Against another run that recorded the same sample: its last epoch is B.
    movers.setOtherRun(m_runs[1]);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 3, kTimeoutMs);
    QVERIFY2(shown.last().at(0).toBool(), qPrintable(movers.statusText()));
    QCOMPARE(movers.epochB(), kEpochs);
    QCOMPARE(int(movers.movers().size()), movers.sample().itemCount());
  }
};

QTEST_MAIN(TestTrainingCompare)
#include "tst_trainingcompare.moc"
