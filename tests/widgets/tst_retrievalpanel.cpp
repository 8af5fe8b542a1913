// The Retrieval panel: on a real tiny trained run a test
// caption ranks the split's images with its true image's rank shown and highlighted, an image
// ranks the captions with its own marked, selections reach the workbench state, and the
// offscreen render shows thumbnails. (The export formats themselves are tested in core,
// tst_rankedlist.)

#include "figures/rankedlisthtml.h"
#include "retrieval/rankedlistmodel.h"
#include "retrieval/retrievalpanel.h"
#include "tinyrun.h"
#include "common/workbenchstate.h"
#include "engine/enginebridge.h"
#include "findchild.h"

#include "analysis/jointspace.h"
#include "data/loaddataset.h"
#include "text/tokenizer.h"

#include <QComboBox>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListView>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QScrollBar>
#include <QTest>

using namespace gs;
using gs::test::child;

namespace {
constexpr int kTimeoutMs = 30000;

} // namespace

class TestRetrievalPanel : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  test::TinyDataset m_tiny;
  QString m_runDir;
  std::shared_ptr<const JointSpace> m_space;
  std::shared_ptr<const Dataset> m_dataset;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_tiny = test::makeTinyDataset(m_dir.path());
    m_runDir = m_dir.filePath(QStringLiteral("run"));
    test::trainTinyRun(m_tiny, m_runDir, 3);
    m_space = JointSpace::open(m_runDir);
    QVERIFY(m_space->imageCount() > 0);
    m_dataset = std::make_shared<Dataset>(loadDataset(m_tiny.datasetPath));
  }

  // --- the panel on a real run ---------------------------------------------------------------
  void showsAHintWithoutARun() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    RetrievalPanel panel(bridge, state);
    QVERIFY(!panel.hasSpace());
    QVERIFY(panel.hintText().contains(QStringLiteral("open a run")));
    state.setJointSpace(m_space);
    QVERIFY(panel.hasSpace());
    QVERIFY(panel.hintText().isEmpty());
    QCOMPARE(child<QComboBox>(panel, "imageCombo")->count(), m_space->imageCount());
  }

  void aTestCaptionRanksImagesWithItsTrueRank() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_space);
    RetrievalPanel panel(bridge, state);
    auto *imageView = child<QListView>(panel, "imageView");
    panel.resize(600, 400);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy ranked(&panel, &RetrievalPanel::imagesRanked);
    const QString caption = m_space->captions()[0];
    // Its true image(s): every image of the split with a caption of the same words (usually one).
    QList<int> trueRows;
    for (int c = 0; c < m_space->captionCount(); ++c)
      if (tokenize(m_space->captions()[c]) == tokenize(caption) && !trueRows.contains(m_space->captionImage()[std::size_t(c)]))
        trueRows << m_space->captionImage()[std::size_t(c)];
    QVERIFY(trueRows.contains(m_space->captionImage()[0]));
    panel.sentenceEdit()->setText(caption);
    QTest::keyClick(panel.sentenceEdit(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(ranked.count(), 1, kTimeoutMs);

    // The list matches JointSpace's own ranking, and the true image is marked and counted.
    const std::vector<JointSpace::Ranked> expected = m_space->rankImagesForSentence(caption);
    RankedListModel *model = child<RankedListModel>(panel, "imageResults");
    QCOMPARE(model->rowCount(), m_space->imageCount());
    int marked = 0;
    for (int r = 0; r < model->rowCount(); ++r) {
      QCOMPARE(model->sourceRow(r), expected[std::size_t(r)].row);
      QCOMPARE(model->data(model->index(r), RankedListModel::RankRole).toInt(), r + 1);
      if (model->data(model->index(r), RankedListModel::RelevantRole).toBool()) {
        ++marked;
        QVERIFY(trueRows.contains(model->sourceRow(r)));
        QVERIFY(model->data(model->index(r), Qt::BackgroundRole).isValid()); // highlighted
      }
    }
    QCOMPARE(marked, trueRows.size());
    int rank = 0;
    for (int row : trueRows) {
      const int r = JointSpace::rankOf(expected, row);
      if (rank == 0 || r < rank) rank = r;
    }
    QVERIFY2(panel.imageRankingText().contains(QStringLiteral("ranks %1 of %2").arg(rank).arg(m_space->imageCount())),
             qPrintable(panel.imageRankingText()));
    // The list opens at rank 1 (what the model put first), wherever the true image ranks.
    QCOMPARE(imageView->verticalScrollBar()->value(), imageView->verticalScrollBar()->minimum());

    // Case and punctuation do not hide the caption.
    panel.rankImages(caption.toUpper().remove(QLatin1Char('.')));
    QTRY_COMPARE_WITH_TIMEOUT(ranked.count(), 2, kTimeoutMs);
    QVERIFY2(panel.imageRankingText().contains(QStringLiteral("ranks %1 of").arg(rank)), qPrintable(panel.imageRankingText()));

    // Thumbnails arrive from the pool.
    QTRY_COMPARE_WITH_TIMEOUT(model->loadedThumbnails(), m_space->imageCount(), kTimeoutMs);

    // Choosing a result selects that image in the workbench.
    QSignalSpy selected(&state, &WorkbenchState::imageSelected);
    imageView->setCurrentIndex(model->index(1));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(state.selectedImage(), state.imageIndexOf(m_space->imageIds()[model->sourceRow(1)]));

    // The export writes the top K.
    const QString csv = m_dir.filePath(QStringLiteral("images.csv"));
    QString error;
    QVERIFY2(panel.exportList(RankedList::Kind::Images, csv, 2, &error), qPrintable(error));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().count('\n'), 3); // header + 2 rows

    // A sentence with no words is an error shown, not a crash.
    QSignalSpy failed(&panel, &RetrievalPanel::rankingFailed);
    panel.rankImages(QStringLiteral("  ... "));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeoutMs);
    QVERIFY(panel.imageRankingText().contains(QStringLiteral("no words")));
  }

  // A space searched through an approximate index (HNSW: large collections) ranks as the
  // exact one does on a split this small, and the line under the query says the search was approximate.
  void anApproximateIndexSaysSo() {
    IndexOptions hnsw;
    hnsw.kind = IndexKind::Hnsw;
    const auto space = JointSpace::open(m_runDir, Split::Test, nullptr, nullptr, hnsw);
    QCOMPARE(space->indexKind(), IndexKind::Hnsw);
    QCOMPARE(m_space->indexKind(), IndexKind::Flat); // auto, on a few images
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setJointSpace(space);
    RetrievalPanel panel(bridge, state);
    auto *imageResults = child<RankedListModel>(panel, "imageResults");
    QSignalSpy ranked(&panel, &RetrievalPanel::imagesRanked);
    panel.rankImages(space->captions()[0]);
    QTRY_COMPARE_WITH_TIMEOUT(ranked.count(), 1, kTimeoutMs);
    QVERIFY2(panel.imageRankingText().contains(QStringLiteral("approximate search (HNSW index)")), qPrintable(panel.imageRankingText()));
    const auto exact = m_space->rankImagesForSentence(space->captions()[0]);
    QCOMPARE(imageResults->rowCount(), int(exact.size()));
    for (int r = 0; r < imageResults->rowCount(); ++r) QCOMPARE(imageResults->sourceRow(r), exact[std::size_t(r)].row);
  }

  void pickingAnImageRanksCaptions() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_space);
    RetrievalPanel panel(bridge, state);
    QSignalSpy ranked(&panel, &RetrievalPanel::captionsRanked);
    // Selected elsewhere: the panel follows.
    const int row = 2;
    state.selectImage(state.imageIndexOf(m_space->imageIds()[row]));
    QTRY_COMPARE_WITH_TIMEOUT(ranked.count(), 1, kTimeoutMs);
    QCOMPARE(child<QComboBox>(panel, "imageCombo")->currentIndex(), row);
    RankedListModel *model = child<RankedListModel>(panel, "captionResults");
    QCOMPARE(model->rowCount(), m_space->captionCount());
    const std::vector<JointSpace::Ranked> expected = m_space->rankCaptionsForImage(row);
    int marked = 0;
    for (int r = 0; r < model->rowCount(); ++r) {
      QCOMPARE(model->sourceRow(r), expected[std::size_t(r)].row);
      const bool own = m_space->captionImage()[std::size_t(model->sourceRow(r))] == row;
      QCOMPARE(model->data(model->index(r), RankedListModel::RelevantRole).toBool(), own);
      if (own) {
        ++marked;
        QVERIFY(model->data(model->index(r)).toString().contains(QStringLiteral("✓")));
      }
    }
    QCOMPARE(marked, int(std::count(m_space->captionImage().begin(), m_space->captionImage().end(), row)));
    QVERIFY(marked > 0);
    QVERIFY2(panel.captionRankingText().contains(QStringLiteral("of %1").arg(m_space->captionCount())),
             qPrintable(panel.captionRankingText()));

    // Choosing a caption selects that dataset caption (and its image) without re-ranking.
    QSignalSpy captionSelected(&state, &WorkbenchState::captionSelected);
    child<QListView>(panel, "captionView")->setCurrentIndex(model->index(0));
    QCOMPARE(captionSelected.count(), 1);
    const int datasetCaption = state.selectedCaption();
    QVERIFY(datasetCaption >= 0);
    QCOMPARE(m_dataset->captions[std::size_t(datasetCaption)].raw, m_space->captions()[model->sourceRow(0)]);
    QTest::qWait(100);
    QCOMPARE(ranked.count(), 1);

    // Picking from the panel's own combo ranks that image's captions.
    panel.rankCaptions(0);
    QTRY_COMPARE_WITH_TIMEOUT(ranked.count(), 2, kTimeoutMs);
    QCOMPARE(model->list().query, m_space->imageIds()[0]);

    // HTML export of the top 3 captions: one thumbnail per row.
    const QString html = m_dir.filePath(QStringLiteral("captions.html"));
    QString error;
    QVERIFY2(panel.exportList(RankedList::Kind::Captions, html, 3, &error), qPrintable(error));
    QFile file(html);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().count("<img src=\"data:image/jpeg;base64,"), 3);
  }

  void offscreenRenderShowsThumbnails() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(m_dataset);
    state.setJointSpace(m_space);
    RetrievalPanel panel(bridge, state);
    auto *imageResults = child<RankedListModel>(panel, "imageResults");
    auto *captionResults = child<RankedListModel>(panel, "captionResults");
    auto *tabs = child<QTabWidget>(panel, "tabs");
    panel.resize(700, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QImage blank = panel.grab().toImage();
    QSignalSpy ranked(&panel, &RetrievalPanel::imagesRanked);
    panel.rankImages(m_space->captions()[3]);
    QTRY_COMPARE_WITH_TIMEOUT(ranked.count(), 1, kTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(imageResults->loadedThumbnails(), m_space->imageCount(), kTimeoutMs);
    QTest::qWait(50);
    const QImage shown = panel.grab().toImage();

    // The demo's images are colourful shapes on textured backgrounds: many more colours than the blank panel.
    const auto colours = [](const QImage &image) {
      QSet<QRgb> set;
      for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) set.insert(image.pixel(x, y));
      return set.size();
    };
    QVERIFY2(colours(shown) > colours(blank) + 200, qPrintable(QStringLiteral("%1 vs %2").arg(colours(shown)).arg(colours(blank))));

    // The image picker shows thumbnails too.
    QTRY_VERIFY_WITH_TIMEOUT(!child<QComboBox>(panel, "imageCombo")->itemIcon(m_space->imageCount() - 1).isNull(), kTimeoutMs);

    // Double-clicking an image ranks its captions; double-clicking a caption ranks images for it.
    QSignalSpy captions(&panel, &RetrievalPanel::captionsRanked);
    const QModelIndex first = imageResults->index(0);
    Q_EMIT child<QListView>(panel, "imageView")->activated(first);
    QCOMPARE(tabs->currentIndex(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(captions.count(), 1, kTimeoutMs);
    QCOMPARE(captionResults->list().query, m_space->imageIds()[imageResults->sourceRow(0)]);
    const QString caption = captionResults->list().rows[0].caption;
    Q_EMIT child<QListView>(panel, "captionView")->activated(captionResults->index(0));
    QCOMPARE(tabs->currentIndex(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(ranked.count(), 2, kTimeoutMs);
    QCOMPARE(imageResults->list().query, caption);
    QVERIFY(panel.imageRankingText().contains(QStringLiteral("True image")));
  }

  // --- large collections (bench_retrievaldock) ------------------------------------------------
  // A list cut to its best rows (the dock lists 10,000 of a million) still counts the true rank
  // over all of them.
  void aShortListStillCountsTheTrueRank() {
    for (int c = 0; c < m_space->captionCount(); ++c) {
      const QString caption = m_space->captions()[c];
      const RankedList full = m_space->imagesForSentence(caption);
      const RankedList cut = m_space->imagesForSentence(caption, 1);
      QCOMPARE(int(cut.rows.size()), 1);
      QCOMPARE(cut.trueRank, full.trueRank);
      QCOMPARE(cut.candidates, full.candidates);
      QCOMPARE(cut.rows[0].row, full.rows[0].row);
    }
    for (int row = 0; row < m_space->imageCount(); ++row) {
      const RankedList full = m_space->captionsForImage(row);
      const RankedList cut = m_space->captionsForImage(row, 2);
      QCOMPARE(int(cut.rows.size()), 2);
      QCOMPARE(cut.trueRank, full.trueRank);
      QCOMPARE(cut.relevantCount, full.relevantCount);
    }
  }

  // Thumbnails load for the first rows with the list and for the others when a view asks for
  // them, not for every row of a long list.
  void thumbnailsLoadForTheRowsInSight() {
    RankedListModel model(16);
    RankedList list;
    const int rows = RankedListModel::kEagerThumbnails + 44;
    for (int r = 0; r < rows; ++r)
      list.rows.push_back({r + 1, QStringLiteral("i%1").arg(r), m_dir.filePath(QStringLiteral("missing-%1.png").arg(r)), {}, 1.0, false, r});
    QSignalSpy loaded(&model, &RankedListModel::thumbnailsLoaded);
    model.setList(list);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() >= 1 && !model.loadingThumbnails(), kTimeoutMs);
    QCOMPARE(model.loadedThumbnails(), RankedListModel::kEagerThumbnails);
    model.data(model.index(rows - 1), Qt::DecorationRole); // a row scrolled into sight
    QTRY_COMPARE_WITH_TIMEOUT(model.loadedThumbnails(), RankedListModel::kEagerThumbnails + 1, kTimeoutMs);
  }
};

QTEST_MAIN(TestRetrievalPanel)
#include "tst_retrievalpanel.moc"
