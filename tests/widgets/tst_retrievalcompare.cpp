// The Retrieval dock's two other views of a run, on two real tiny trained runs of one dataset:
//  - "A | B": one query ranked by both runs side by side. Each side's list is what JointSpace
//    gives for that run alone (what `groundscope-cli retrieve` prints), each row's rank in the other
//    run is that item's rank in the other list, rows are linked, "moved most first" orders by
//    |rank A − rank B|, the CSV holds both lists, a run with another test split is refused, and
//    "Trees for A and B" opens two runs' trees of one caption;
//  - epoch mode: a picked epoch ranks the recorded sample exactly as EpochSpace does, typed text
//    that is not a sample caption is refused with the reason, and the banner leads back.

#include "retrieval/comparedlistmodel.h"
#include "retrieval/rankcomparison.h"
#include "retrieval/rankedlistmodel.h"
#include "retrieval/retrievalcompare.h"
#include "retrieval/retrievalpanel.h"
#include "shared/treepair.h"
#include "shared/treeviewbase.h"
#include "common/joblist.h"
#include "common/workbenchstate.h"
#include "engine/enginebridge.h"
#include "engine/jobcontext.h"
#include "clitestsupport.h"
#include "findchild.h"
#include "tinyrun.h"

#include "analysis/jointspace.h"
#include "data/loaddataset.h"
#include "training/runs/epochspace.h"
#include "training/runs/runtrajectory.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include <atomic>
#include <cstdlib>
#include <limits>

using namespace gs;
using gs::test::child;

namespace {
constexpr int kTimeoutMs = 30000;
constexpr int kTreesTimeoutMs = 120000; // opens run B's model and data, then occlusion for both runs

// The rank of each item (image id, or image id + caption) in a list.
QHash<QString, int> ranksOf(const RankedList &list) {
  QHash<QString, int> ranks;
  for (const RankedRow &row : list.rows) {
    const QString key = row.imageId + QLatin1Char('|') + row.caption;
    if (!ranks.contains(key)) ranks.insert(key, row.rank);
  }
  return ranks;
}

void compareRows(const RankedList &shown, const RankedList &expected) {
  QCOMPARE(shown.rows.size(), expected.rows.size());
  QCOMPARE(shown.trueRank, expected.trueRank);
  for (std::size_t r = 0; r < expected.rows.size(); ++r) {
    QCOMPARE(shown.rows[r].row, expected.rows[r].row);
    QCOMPARE(shown.rows[r].rank, expected.rows[r].rank);
  }
}
// Every visible control of `tab` at least its minimum size, and the panel's minimum within its size.
void checkControlsFit(const QWidget &panel, const QWidget &tab) {
  QVERIFY(panel.minimumSizeHint().width() <= panel.width() && panel.minimumSizeHint().height() <= panel.height());
  for (QWidget *control : tab.findChildren<QWidget *>()) {
    const bool isControl = qobject_cast<QAbstractButton *>(control) || qobject_cast<QComboBox *>(control) ||
                           qobject_cast<QLineEdit *>(control) || qobject_cast<QAbstractItemView *>(control);
    if (!isControl || !control->isVisible() || qobject_cast<QComboBox *>(control->parentWidget()) ||
        qobject_cast<QLineEdit *>(control->parentWidget()))
      continue;
    const QSize least = control->minimumSizeHint();
    QVERIFY2(control->width() >= least.width() && control->height() >= least.height(),
             qPrintable(QStringLiteral("%1 '%2': %3x%4 < %5x%6")
                            .arg(QLatin1String(control->metaObject()->className()), control->objectName())
                            .arg(control->width())
                            .arg(control->height())
                            .arg(least.width())
                            .arg(least.height())));
  }
}
}  // namespace


// Holds the engine's interactive lane with a job that waits until released, so the jobs queued
// behind it can be seen in the Jobs tab and cancelled there before they start.
class LaneHold {
public:
  explicit LaneHold(Engine &engine) : m_engine(engine) {
    m_id = engine.submit(QStringLiteral("hold the interactive lane"), [this](JobContext &job) {
      while (!m_released) {
        job.checkpoint();
        QThread::msleep(5);
      }
    }, JobLane::Interactive);
  }
  ~LaneHold() { release(); }
  void release() {
    m_released = true;
    m_engine.wait(m_id);
  }

private:
  Engine &m_engine;
  JobId m_id = 0;
  std::atomic<bool> m_released{false};
};

// The Jobs tab's row of the queued or running job whose name starts with `prefix`, selected and
// cancelled with its Cancel button, as a user would; false when there is no such row.
bool cancelInJobList(JobList &list, const QString &prefix) {
  list.refresh();
  auto *tree = list.findChild<QTreeWidget *>(QStringLiteral("jobList"));
  for (int i = 0; tree && i < tree->topLevelItemCount(); ++i) {
    QTreeWidgetItem *item = tree->topLevelItem(i);
    if (!item->text(0).startsWith(prefix)) continue;
    tree->setCurrentItem(item);
    list.findChild<QPushButton *>(QStringLiteral("cancelButton"))->click();
    return true;
  }
  return false;
}

class TestRetrievalCompare : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  test::TinyDataset m_tiny;
  QString m_runA, m_runB;
  std::shared_ptr<const JointSpace> m_spaceA, m_spaceB;
  std::shared_ptr<const Dataset> m_dataset;

  // Side-by-side checks: both lists as each run ranks alone, and ranks in the other consistent.
  void checkComparison(const RetrievalCompareView &view, const RankedList &expectedA, const RankedList &expectedB) {
    const std::shared_ptr<const RankComparison> c = view.comparison();
    QVERIFY(c);
    compareRows(c->a, expectedA);
    compareRows(c->b, expectedB);
    const QHash<QString, int> ranksA = ranksOf(expectedA), ranksB = ranksOf(expectedB);
    ComparedListModel *modelA = view.model(0);
    QCOMPARE(modelA->rowCount(), int(expectedA.rows.size()));
    for (int r = 0; r < modelA->rowCount(); ++r) {
      const RankedRow &row = c->a.rows[std::size_t(modelA->listRow(r))];
      const int inB = ranksB.value(row.imageId + QLatin1Char('|') + row.caption);
      QCOMPARE(modelA->data(modelA->index(r, 0), ComparedListModel::OtherRankRole).toInt(), inB);
      QCOMPARE(modelA->data(modelA->index(r, ComparedListModel::OtherRankColumn)).toString(), QStringLiteral("B: %1").arg(inB));
    }
    ComparedListModel *modelB = view.model(1);
    for (int r = 0; r < modelB->rowCount(); ++r) {
      const RankedRow &row = c->b.rows[std::size_t(modelB->listRow(r))];
      QCOMPARE(modelB->data(modelB->index(r, 0), ComparedListModel::OtherRankRole).toInt(),
               ranksA.value(row.imageId + QLatin1Char('|') + row.caption));
    }
  }

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_tiny = test::makeTinyDataset(m_dir.path());
    m_runA = m_dir.filePath(QStringLiteral("runA"));
    m_runB = m_dir.filePath(QStringLiteral("runB"));
    test::trainTinyRun(m_tiny, m_runA, 3);
    TrainConfig other = test::tinyConfig(3);
    other.seed = 7; // another start: the two runs rank differently
    test::trainTinyRun(m_tiny, m_runB, other);
    m_dataset = std::make_shared<Dataset>(loadDataset(m_tiny.datasetPath));
    m_spaceA = JointSpace::open(m_runA, Split::Test, nullptr, m_dataset);
    m_spaceB = JointSpace::open(m_runB, Split::Test, nullptr, m_dataset);
    QVERIFY(m_spaceA->imageCount() > 1);
  }

  // --- A | B --------------------------------------------------------------------------------
  void sideBySideRanksAreEachRunsOwn() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_spaceA);
    RetrievalPanel panel(bridge, state);
    panel.resize(1366 / 3, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    RetrievalCompareView *view = panel.compareView();
    child<QTabWidget>(panel, "tabs")->setCurrentWidget(view);
    QSignalSpy opened(view, &RetrievalCompareView::runBOpened);
    view->openRunB(m_runB); // embeds run B's test split on the pool
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, kTimeoutMs);
    QVERIFY(view->headerText(1).contains(QStringLiteral("runB")));

    // A sentence: each side is that run's own ranking.
    QSignalSpy compared(view, &RetrievalCompareView::compared);
    const QString caption = m_spaceA->captions()[0];
    view->rankImages(caption);
    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 1, kTimeoutMs);
    const RankedList expectedA = m_spaceA->imagesForSentence(caption), expectedB = m_spaceB->imagesForSentence(caption);
    checkComparison(*view, expectedA, expectedB);
    QVERIFY2(view->headerText(0).contains(QStringLiteral("ranks %1 of %2").arg(expectedA.trueRank).arg(expectedA.candidates)),
             qPrintable(view->headerText(0)));
    QVERIFY2(view->headerText(1).contains(QStringLiteral("ranks %1 of %2").arg(expectedB.trueRank).arg(expectedB.candidates)),
             qPrintable(view->headerText(1)));

    // The tab fits a dock on a 1366×768 screen.
    panel.resize(440, 360);
    QTest::qWait(50);
    checkControlsFit(panel, *view);
    if (QTest::currentTestFailed()) return;

    // Rows are linked: the current row in A makes the same image current in B.
    for (int r = 0; r < view->model(0)->rowCount(); ++r) {
      view->view(0)->setCurrentIndex(view->model(0)->index(r, ComparedListModel::ItemColumn));
      const QModelIndex inB = view->view(1)->currentIndex();
      QVERIFY(inB.isValid());
      QCOMPARE(view->model(1)->data(inB, ComparedListModel::ImageIdRole).toString(),
               view->model(0)->data(view->model(0)->index(r, 0), ComparedListModel::ImageIdRole).toString());
    }

  }

  // An image: both runs rank the captions; moved most first; both lists export.
  void aPickedImageRanksCaptionsWithBoth() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_spaceA);
    RetrievalPanel panel(bridge, state);
    RetrievalCompareView *view = panel.compareView();
    QVERIFY(view->setSpaceB(m_spaceB));
    QSignalSpy compared(view, &RetrievalCompareView::compared);
    const int imageRow = 1;
    view->rankCaptions(imageRow);
    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 1, kTimeoutMs);
    const int rowB = m_spaceB->imageRowOf(m_spaceA->imageIds()[imageRow]);
    checkComparison(*view, m_spaceA->captionsForImage(imageRow), m_spaceB->captionsForImage(rowB));

    // Moved most first: |rank A − rank B| never increases down either list.
    view->setMovedMostFirst(true);
    for (int side = 0; side < 2; ++side) {
      ComparedListModel *model = view->model(side);
      int previous = std::numeric_limits<int>::max();
      for (int r = 0; r < model->rowCount(); ++r) {
        const int moved = std::abs(model->data(model->index(r, 0), ComparedListModel::RankRole).toInt() -
                                   model->data(model->index(r, 0), ComparedListModel::OtherRankRole).toInt());
        QVERIFY(moved <= previous);
        if (r == 0) QVERIFY2(moved > 0, "the two runs rank the captions alike: nothing to order");
        previous = moved;
      }
    }
    view->setMovedMostFirst(false);

    // The export: both lists' top K, with each row's rank in the other run.
    const QString csvPath = m_dir.filePath(QStringLiteral("compare.csv"));
    QString error;
    QVERIFY2(view->exportCsv(csvPath, 3, &error), qPrintable(error));
    QFile file(csvPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 1 + 2 * 3);
    QVERIFY(lines[0].startsWith("run,rank,image_id,caption,score,relevant,rank_in_other"));
    QVERIFY(lines[1].startsWith("runA,1,"));
    QVERIFY(lines[4].startsWith("runB,1,"));
    const QByteArray rankInB = "," + QByteArray::number(view->comparison()->rankInB[0]);
    QVERIFY(lines[1].trimmed().endsWith(rankInB));
  }

  // What `groundscope-cli retrieve` prints for run B is the side-by-side's B list.
  void theCliPrintsRunBsList() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setJointSpace(m_spaceA);
    RetrievalPanel panel(bridge, state);
    RetrievalCompareView *view = panel.compareView();
    QVERIFY(view->setSpaceB(m_spaceB));
    QSignalSpy compared(view, &RetrievalCompareView::compared);
    const QString caption = m_spaceA->captions()[2];
    view->rankImages(caption);
    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 1, kTimeoutMs);
    const RankedList &shown = view->comparison()->b;
    const Result r = runCli({QStringLiteral("retrieve"), m_runB, QStringLiteral("--text"), caption, QStringLiteral("--top"),
                             QString::number(shown.rows.size()), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject printed = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(printed.value(QStringLiteral("true_rank")).toInt(), shown.trueRank);
    const QJsonArray rows = printed.value(QStringLiteral("rows")).toArray();
    QCOMPARE(rows.size(), qsizetype(shown.rows.size()));
    for (qsizetype i = 0; i < rows.size(); ++i) {
      QCOMPARE(rows[i].toObject().value(QStringLiteral("rank")).toInt(), shown.rows[std::size_t(i)].rank);
      QCOMPARE(rows[i].toObject().value(QStringLiteral("image_id")).toString(), shown.rows[std::size_t(i)].imageId);
    }
  }

  void aRunWithAnotherSplitIsRefused() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setJointSpace(m_spaceA);
    RetrievalPanel panel(bridge, state);
    RetrievalCompareView *view = panel.compareView();
    QSignalSpy failed(view, &RetrievalCompareView::compareFailed);
    // Every image of the data, not the test split: other images than A's.
    QVERIFY(!view->setSpaceB(JointSpace::openAll(m_runB, nullptr, m_dataset)));
    QCOMPARE(failed.count(), 1);
    QVERIFY(!view->hasRunB());
    QVERIFY2(view->statusText().contains(QStringLiteral("splits differ")), qPrintable(view->statusText()));
  }

  void treesForAAndBOpenTwoTrees() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_spaceA);
    RetrievalPanel panel(bridge, state);
    RetrievalCompareView *view = panel.compareView();
    QVERIFY(view->setSpaceB(m_spaceB));
    QSignalSpy compared(view, &RetrievalCompareView::compared);
    view->rankCaptions(0);
    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 1, kTimeoutMs);
    TreePair *pair = view->openTrees(0, 0);
    QVERIFY(pair);
    QSignalSpy shown(pair, &TreePair::treesShown);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, kTreesTimeoutMs);
    QCOMPARE(pair->treeCount(), 4);
    for (int side = 0; side < 2; ++side) {
      QVERIFY2(pair->attribution(side), qPrintable(pair->noteText(side)));
      QCOMPARE(pair->attribution(side)->caption, view->comparison()->a.rows[0].caption);
      QVERIFY(pair->noteText(side).contains(QStringLiteral("score")));
    }
    QCOMPARE(pair->explainer(0)->modelName(), pair->explainer(1)->modelName());
    QVERIFY(pair->explainer(0) != pair->explainer(1));
    // Run A is the current run: its explainer now serves the other panels too.
    QCOMPARE(state.explainer(m_runA), pair->explainer(0));
    pair->window()->close();
  }

  // Opening run B is an engine job: listed in the Jobs tab while it waits, and cancelled there.
  void openingRunBIsAJobTheJobsTabCancels() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_spaceA);
    RetrievalPanel panel(bridge, state);
    RetrievalCompareView *view = panel.compareView();
    JobList jobs(bridge);
    QSignalSpy failed(view, &RetrievalCompareView::compareFailed);
    LaneHold hold(engine);
    view->openRunB(m_runB);
    QVERIFY(cancelInJobList(jobs, QStringLiteral("Open run B")));
    hold.release();
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeoutMs);
    QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("cancelled")), qPrintable(failed.at(0).at(0).toString()));
    QVERIFY(!view->hasRunB());
    // Opened again, it arrives.
    QSignalSpy opened(view, &RetrievalCompareView::runBOpened);
    view->openRunB(m_runB);
    QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, kTreesTimeoutMs);
    QVERIFY(view->hasRunB());
  }

  // The tree pair's contributions are engine jobs too: each side's is listed and can be cancelled,
  // and the window then says so instead of waiting.
  void treePairJobsShowInTheJobsTabAndCancel() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_spaceA);
    RetrievalPanel panel(bridge, state);
    RetrievalCompareView *view = panel.compareView();
    QVERIFY(view->setSpaceB(m_spaceB));
    QSignalSpy compared(view, &RetrievalCompareView::compared);
    view->rankCaptions(0);
    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 1, kTimeoutMs);
    JobList jobs(bridge);
    LaneHold hold(engine);
    TreePair *pair = view->openTrees(0, 0);
    QVERIFY(pair);
    QSignalSpy shown(pair, &TreePair::treesShown);
    QVERIFY(cancelInJobList(jobs, QStringLiteral("Trees for A")));
    QVERIFY(cancelInJobList(jobs, QStringLiteral("Trees for B")));
    hold.release();
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, kTreesTimeoutMs);
    for (int side = 0; side < 2; ++side) {
      QVERIFY(!pair->attribution(side));
      QVERIFY2(pair->noteText(side).contains(QStringLiteral("cancelled")), qPrintable(pair->noteText(side)));
    }
    QCOMPARE(pair->treeCount(), 4); // the parse, on the query lane, was not held
    pair->window()->close();
  }

  // --- epoch mode -----------------------------------------------------------------------------
  void anEpochRanksTheRecordedSample() {
    const std::vector<int> epochs = RunTrajectory::open(m_runA).epochs();
    QVERIFY(epochs.size() >= 2);
    const int epoch = epochs[epochs.size() / 2] > 0 ? epochs[epochs.size() / 2] : epochs.back();
    const EpochSpace space = EpochSpace::open(m_runA, epoch);
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_spaceA);
    RetrievalPanel panel(bridge, state);
    QSignalSpy shown(&panel, &RetrievalPanel::epochShown);

    state.pickEpoch(m_runB, epoch); // another run's curve: not this panel's
    QTest::qWait(50);
    QCOMPARE(panel.shownEpoch(), 0);
    state.pickEpoch(m_runA, epoch);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, kTimeoutMs);
    QCOMPARE(panel.shownEpoch(), epoch);
    QVERIFY2(panel.epochBannerText().contains(QStringLiteral("Epoch %1").arg(epoch)), qPrintable(panel.epochBannerText()));
    QVERIFY(panel.epochBannerText().contains(QStringLiteral("recorded sample of %1 images").arg(space.imageCount())));
    QCOMPARE(child<QComboBox>(panel, "imageCombo")->count(), space.imageCount());

    // Image → captions: EpochSpace's ranking of the sample.
    QSignalSpy captionsRanked(&panel, &RetrievalPanel::captionsRanked);
    panel.rankCaptions(0);
    QTRY_COMPARE_WITH_TIMEOUT(captionsRanked.count(), 1, kTimeoutMs);
    RankedListModel *captionModel = child<RankedListModel>(panel, "captionResults");
    const std::vector<EpochSpace::Ranked> captionOrder = space.rankCaptions(0);
    QCOMPARE(captionModel->rowCount(), int(captionOrder.size()));
    for (int r = 0; r < captionModel->rowCount(); ++r) {
      QCOMPARE(captionModel->sourceRow(r), captionOrder[std::size_t(r)].row);
      QCOMPARE(captionModel->data(captionModel->index(r), RankedListModel::RelevantRole).toBool(),
               space.sample().captionImage[std::size_t(captionOrder[std::size_t(r)].row)] == 0);
    }

    // Sentence → images: a sample caption, typed in another case.
    QSignalSpy imagesRanked(&panel, &RetrievalPanel::imagesRanked);
    const QString caption = space.sample().captions[0];
    panel.rankImages(caption.toUpper());
    QTRY_COMPARE_WITH_TIMEOUT(imagesRanked.count(), 1, kTimeoutMs);
    RankedListModel *imageModel = child<RankedListModel>(panel, "imageResults");
    const std::vector<EpochSpace::Ranked> imageOrder = space.rankImages(space.captionRowOf(caption));
    QCOMPARE(imageModel->rowCount(), int(imageOrder.size()));
    for (int r = 0; r < imageModel->rowCount(); ++r) QCOMPARE(imageModel->sourceRow(r), imageOrder[std::size_t(r)].row);
    QVERIFY2(panel.imageRankingText().contains(QStringLiteral("of %1").arg(space.imageCount())), qPrintable(panel.imageRankingText()));

    // New text cannot be embedded at an epoch: refused, saying why.
    QSignalSpy failed(&panel, &RetrievalPanel::rankingFailed);
    panel.rankImages(QStringLiteral("zebra playing a violin on the moon"));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeoutMs);
    QVERIFY2(panel.imageRankingText().contains(QStringLiteral("cannot embed new text")), qPrintable(panel.imageRankingText()));

    // The banner's button: back to the kept model, for every panel.
    child<QPushButton>(panel, "keptModelButton")->click();
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 2, kTimeoutMs);
    QCOMPARE(shown.last().first().toInt(), 0);
    QCOMPARE(state.pickedEpoch(), 0);
    QCOMPARE(panel.shownEpoch(), 0);
    QVERIFY(panel.epochBannerText().isEmpty());
    QCOMPARE(child<QComboBox>(panel, "imageCombo")->count(), m_spaceA->imageCount());

    // Picking epoch 0 on a curve returns too.
    state.pickEpoch(m_runA, epoch);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 3, kTimeoutMs);
    state.pickEpoch(m_runA, 0);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 4, kTimeoutMs);
    QCOMPARE(panel.shownEpoch(), 0);
  }
};

QTEST_MAIN(TestRetrievalCompare)
#include "tst_retrievalcompare.moc"
