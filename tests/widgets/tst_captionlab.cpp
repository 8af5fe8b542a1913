// The caption lab on real tiny runs (the 60-image Scenes demo with precomputed features): a typed
// caption is scored off the GUI thread (score, the image's rank, the best images) and its words
// coloured by contribution — word chips for a bag-of-words run, the re-parsed tree for a DT-RNN
// run; an edit changes the score, and every scored edit is a history row that a double-click loads
// again; an empty caption and one of unknown words only are answered with a message; the selected
// caption is the one to start from. On the shared 500-image fixture: an HM-LSTM run's phrase boxes
// and a concepts run's gate on the selected image, recomputed as caption and image change. A
// hand-written contrast pairs file (JSON and CSV) is listed, filtered by generator, and a pair's
// two sentences scored into the history; bad files are answered with the file and line.

#include "captionlab/captionhistory.h"
#include "captionlab/captionlab.h"
#include "captionlab/contrastpairsview.h"
#include "captionlab/labimageview.h"
#include "captionlab/wordchips.h"
#include "common/colourwidgets.h"
#include "data/loaddataset.h"
#include "dualencoder.h"
#include "engine/engine.h"
#include "scenesfixture.h"
#include "tinyrun.h"
#include "shared/dependencyarcview.h"
#include "common/workbenchstate.h"
#include "findchild.h"
#include "training/importedspace.h"

#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gs;
using gs::test::child;

namespace {
constexpr int kTimeoutMs = 60000; // opening a run prepares its data (and, for tree runs, parses it)
constexpr int kFixtureTimeoutMs = 300000; // the 500-image runs: preparing regions or concepts, the first parse

bool hasFixture(const QString &features) {
  return QFileInfo::exists(qEnvironmentVariable("GS_SCENES_FIXTURE") + QStringLiteral("/") + features + QStringLiteral("/manifest.json"));
}

// A config shrunk to train in seconds on the fixture's 400 training images.
TrainConfig smallConfig(const QString &model) {
  TrainConfig config = TrainConfig::defaultsFor(model);
  config.epochs = 1;
  config.hiddenDim = 32;
  config.embedDim = 32;
  config.wordDim = 16;
  return config;
}

void writeFile(const QString &path, const QByteArray &text) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly));
  QCOMPARE(file.write(text), text.size());
}

int countBoxes(const RegionFigure &figure, FigureBox::Kind kind) {
  int n = 0;
  for (const FigureBox &box : figure.panels.front().boxes) n += box.kind == kind;
  return n;
}

// A lab on its own state and engine, shown at `size`: what every test starts from.
struct ShownLab {
  Engine engine;
  EngineBridge bridge{engine};
  WorkbenchState state;
  CaptionLab lab{bridge, state};
  explicit ShownLab(QSize size = {}) {
    if (size.isValid()) lab.resize(size);
    lab.show();
  }
};

// The number in "Score 0.123 — …".
double shownScore(const QLabel &label) { return label.text().section(QLatin1Char(' '), 1, 1).toDouble(); }
}  // namespace

class TestCaptionLab : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  test::TinyDataset m_tiny;
  std::shared_ptr<const Dataset> m_dataset;
  QString m_bowRun, m_treeRun;

  // A test image of the tiny demo and one of its captions.
  int testImage() const {
    for (int i = 0; i < int(m_dataset->images.size()); ++i)
      if (m_dataset->images[std::size_t(i)].split == Split::Test) return i;
    return -1;
  }

  // The two Export buttons' files: the contributions as CSV and JSON, the figure as PNG and SVG.
  void verifyExports(CaptionLab &lab) {
    QVERIFY(child<QPushButton>(lab, "exportContributionsButton")->isEnabled());
    QVERIFY(child<QPushButton>(lab, "exportFigureButton")->isEnabled());
    for (const QString &name : {QStringLiteral("lab.csv"), QStringLiteral("lab.json")}) {
      const QString path = m_dir.filePath(name);
      QVERIFY2(lab.exportContributions(path).isEmpty(), qPrintable(lab.exportContributions(path)));
      QFile file(path);
      QVERIFY(file.open(QIODevice::ReadOnly));
      QVERIFY(file.readAll().contains("circle"));
    }
    for (const QString &name : {QStringLiteral("lab.png"), QStringLiteral("lab.svg")}) {
      const QString path = m_dir.filePath(name);
      QVERIFY2(lab.exportFigure(path).isEmpty(), qPrintable(lab.exportFigure(path)));
      QVERIFY(QFileInfo(path).size() > 0);
    }
    QVERIFY(!lab.exportFigure(m_dir.filePath(QStringLiteral("lab.bmp"))).isEmpty()); // said, not thrown
  }

private Q_SLOTS:
  // The history keeps its newest rows; the deltas stay measured from the session's first edit.
  void historyKeepsItsNewestRows() {
    CaptionHistory history;
    for (int k = 0; k < CaptionHistory::kKeptRows + 25; ++k)
      history.addEntry(QStringLiteral("caption %1").arg(k), QStringLiteral("img"), 0.5 + k, 1, 10);
    QCOMPARE(history.rowCount(), CaptionHistory::kKeptRows);
    QCOMPARE(history.item(0, CaptionHistory::CaptionColumn)->text(), QStringLiteral("caption 25"));
    QCOMPARE(history.item(0, CaptionHistory::DeltaColumn)->text(), QStringLiteral("+25.000"));
    QCOMPARE(history.item(CaptionHistory::kKeptRows - 1, CaptionHistory::CaptionColumn)->text(),
             QStringLiteral("caption %1").arg(CaptionHistory::kKeptRows + 24));
  }

  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_tiny = test::makeTinyDataset(m_dir.path());
    m_dataset = std::make_shared<Dataset>(loadDataset(m_tiny.datasetPath));
    m_bowRun = m_dir.filePath(QStringLiteral("bow"));
    test::trainTinyRun(m_tiny, m_bowRun, 2);
    TrainConfig tree = TrainConfig::defaultsFor(QStringLiteral("dtrnn"));
    tree.epochs = 1;
    tree.batchSize = 20;
    m_treeRun = m_dir.filePath(QStringLiteral("dtrnn"));
    TrainingSource source;
    source.datasetPath = m_tiny.datasetPath;
    source.backbone = m_tiny.backbone;
    source.parses = true;
    train(prepareTrainingData(source), tree, m_treeRun);
  }

  // Without a run the lab says what it needs.
  void asksForARun() {
    ShownLab opened;
    auto &[engine, bridge, state, lab] = opened;
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    QVERIFY(child<QLabel>(lab, "messageLabel")->text().contains(QStringLiteral("run")));
    QVERIFY(!child<QPushButton>(lab, "startFromSelectedButton")->isEnabled());
  }

  // A dual encoder made elsewhere, imported with its two towers and a WordPiece tokenizer: the lab
  // scores typed text through its text tower and colours its words by occlusion; a word the tower
  // has no vector for adds nothing.
  void probesAnImportedDualEncoder() {
    const QString towers = m_dir.filePath(QStringLiteral("towers"));
    QVERIFY(QDir().mkpath(towers));
    const test::DualEncoderFiles files = test::writeDualEncoder(QDir(towers), TokenizerKind::WordPiece);
    ImportSpaceRequest request;
    request.datasetPath = m_tiny.datasetPath;
    request.imageEncoder = files.imageEncoder;
    request.textEncoder = files.textEncoder;
    request.tokenizer = files.tokenizer;
    request.outDir = m_dir.filePath(QStringLiteral("imported"));
    importSpace(request);

    ShownLab opened(QSize(900, 700));
    auto &[engine, bridge, state, lab] = opened;
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    state.setDataset(m_dataset);
    state.selectImage(testImage());
    state.openRun(bridge, request.outDir);
    auto *edit = child<QLineEdit>(lab, "captionEdit");
    auto *score = child<QLabel>(lab, "scoreLabel");
    auto *chips = child<WordChips>(lab, "wordChips");
    QTest::keyClicks(edit, QStringLiteral("a red circle"));
    QTRY_VERIFY_WITH_TIMEOUT(score->text().startsWith(QStringLiteral("Score ")), kTimeoutMs);
    QVERIFY2(score->text().contains(QStringLiteral(" of 6")), qPrintable(score->text()));
    QTRY_COMPARE(chips->findChildren<QLabel *>().size(), 3);
    QVERIFY(std::abs(shownScore(*score)) > 0.01);
    // Words the tower reads as nothing: scored (0, through the tower), not refused as unknown.
    edit->selectAll();
    QTest::keyClicks(edit, QStringLiteral("zzqx wvvk"));
    QTRY_VERIFY_WITH_TIMEOUT(score->text().startsWith(QStringLiteral("Score 0.000")), kTimeoutMs);
  }

  void scoresAsTheUserTypesWithWordChips() {
    ShownLab opened(QSize(900, 700));
    auto &[engine, bridge, state, lab] = opened;
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    state.setDataset(m_dataset);
    const int image = testImage();
    QVERIFY(image >= 0);
    state.selectImage(image);
    state.openRun(bridge, m_bowRun);
    auto *edit = child<QLineEdit>(lab, "captionEdit");
    auto *score = child<QLabel>(lab, "scoreLabel");
    auto *message = child<QLabel>(lab, "messageLabel");
    auto *top = child<QListWidget>(lab, "topImages");
    auto *history = child<CaptionHistory>(lab, "historyTable");
    auto *chips = child<WordChips>(lab, "wordChips");

    const QString first = QStringLiteral("a red circle above a blue square");
    QTest::keyClicks(edit, first); // each key restarts the debounce: one scoring at the end
    QTRY_VERIFY_WITH_TIMEOUT(score->text().startsWith(QStringLiteral("Score ")), kTimeoutMs);
    QVERIFY2(score->text().contains(QStringLiteral(" of 6")), qPrintable(score->text())); // six test images
    QCOMPARE(top->count(), 5);
    QCOMPARE(history->rowCount(), 1);
    QCOMPARE(history->item(0, CaptionHistory::CaptionColumn)->text(), first);
    QTRY_COMPARE(chips->findChildren<QLabel *>().size(), 7); // one chip per word
    QVERIFY(child<ColourLegend>(lab, "labLegend")->isVisibleTo(&lab));
    const ColourScale legend = child<ColourLegend>(lab, "labLegend")->scale();
    QCOMPARE(legend.lo(), -legend.hi()); // centred at 0
    QVERIFY(!chips->findChild<QLabel *>(QStringLiteral("chip2"))->toolTip().isEmpty());
    const double firstScore = shownScore(*score);
    verifyExports(lab);

    // An edit: other words, another score (a bag of words does not see a swap); a second history row.
    const QString second = QStringLiteral("a green triangle above a blue square");
    edit->selectAll();
    QTest::keyClicks(edit, second);
    QTRY_COMPARE_WITH_TIMEOUT(history->rowCount(), 2, kTimeoutMs);
    QCOMPARE(history->item(1, CaptionHistory::CaptionColumn)->text(), second);
    QVERIFY(std::abs(shownScore(*score) - firstScore) > 1e-6);
    QVERIFY(history->item(1, CaptionHistory::DeltaColumn)->text() != QStringLiteral("+0.000"));

    // A double-click on the first row loads it again.
    QSignalSpy shown(&lab, &CaptionLab::resultShown);
    Q_EMIT history->cellDoubleClicked(0, 0);
    QCOMPARE(edit->text(), first);
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), kTimeoutMs);
    QTRY_COMPARE(shownScore(*score), firstScore);

    // Bad input: messages, no crash, no history row.
    const int rows = history->rowCount();
    edit->clear();
    QTRY_VERIFY_WITH_TIMEOUT(message->isVisible() && message->text().contains(QStringLiteral("Type a caption")), kTimeoutMs);
    QVERIFY(score->text().isEmpty());
    lab.setCaption(QStringLiteral("zzqx wvvk"));
    QTRY_VERIFY_WITH_TIMEOUT(message->isVisible() && message->text().contains(QStringLiteral("vocabulary")), kTimeoutMs);
    QCOMPARE(history->rowCount(), rows);
  }

  // A tree model: the lab shows the caption's re-parsed dependency tree, coloured by contribution.
  void showsTheTreeOfATreeModel() {
    ShownLab opened(QSize(900, 700));
    auto &[engine, bridge, state, lab] = opened;
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    state.setDataset(m_dataset);
    const int image = testImage();
    const int caption = m_dataset->images[std::size_t(image)].captions.front();
    state.openRun(bridge, m_treeRun);
    state.selectCaption(caption); // the empty editor starts from it
    auto *edit = child<QLineEdit>(lab, "captionEdit");
    QCOMPARE(edit->text(), m_dataset->captions[std::size_t(caption)].raw);
    QVERIFY(child<QPushButton>(lab, "startFromSelectedButton")->isEnabled());
    auto *tree = child<DependencyArcView>(lab, "labDependencyView");
    auto *score = child<QLabel>(lab, "scoreLabel");
    QTRY_VERIFY_WITH_TIMEOUT(tree->tree().wordCount() >= 3, kTimeoutMs);
    QVERIFY(score->text().startsWith(QStringLiteral("Score ")));
    QCOMPARE(child<QStackedWidget>(lab, "partsStack")->currentIndex(), 1);
    const int root = tree->tree().root;
    QVERIFY(tree->toolTipOf(root).contains(QStringLiteral("contribution: ")));

    // Swapping two words re-parses: a new tree and a new row.
    edit->setText(QStringLiteral("a blue square above a red circle"));
    QTRY_COMPARE_WITH_TIMEOUT(child<CaptionHistory>(lab, "historyTable")->rowCount(), 2, kTimeoutMs);
    QStringList words;
    for (int n : tree->tree().wordNodes()) words << tree->tree().nodes[std::size_t(n)].word;
    QCOMPARE(words.join(QLatin1Char(' ')), QStringLiteral("a blue square above a red circle"));
  }

  // A character model: one chip per character of the caption, the legend centred at 0 and titled
  // with the method.
  void showsCharacterChipsOfACharacterModel() {
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("chargru"));
    config.epochs = 1;
    config.batchSize = 20;
    const QString run = m_dir.filePath(QStringLiteral("chargru"));
    test::trainTinyRun(m_tiny, run, config);
    ShownLab opened(QSize(900, 700));
    auto &[engine, bridge, state, lab] = opened;
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    state.setDataset(m_dataset);
    state.selectImage(testImage());
    state.openRun(bridge, run);
    const QString caption = QStringLiteral("a red circle");
    lab.setCaption(caption);
    auto *chips = child<WordChips>(lab, "wordChips");
    QTRY_COMPARE_WITH_TIMEOUT(int(chips->findChildren<QLabel *>().size()), int(caption.size()), kTimeoutMs);
    QCOMPARE(chips->findChild<QLabel *>(QStringLiteral("chip2"))->text(), QStringLiteral("r"));
    QCOMPARE(chips->findChild<QLabel *>(QStringLiteral("chip1"))->text(), QStringLiteral("\u2423")); // the space, made visible
    QVERIFY(chips->findChild<QLabel *>(QStringLiteral("chip2"))->toolTip().contains(QStringLiteral("contribution: ")));
    auto *legend = child<ColourLegend>(lab, "labLegend");
    QCOMPARE(legend->scale().lo(), -legend->scale().hi());
    QVERIFY2(legend->title().contains(QStringLiteral("Occlusion")), qPrintable(legend->title()));
  }

  // An HM-LSTM run: each noun phrase of the typed caption picks a region of the selected image,
  // drawn as a box with the phrase's words; another caption or image grounds again.
  void groundsPhrasesOfAnHmlstmRun() {
    if (!hasFixture(QStringLiteral("features-ground-truth"))) QSKIP("needs the scenes500 fixture's region features (run through ctest)");
    const TrainingSource source = test::scenesWithRegions(m_dir.path(), RegionSet::GroundTruth);
    TrainConfig config = smallConfig(QStringLiteral("hmlstm"));
    config.epochs = 2;
    config.rootEpochs = 1;
    config.regions = RegionSet::GroundTruth;
    const QString run = m_dir.filePath(QStringLiteral("hm"));
    train(prepareTrainingData(source), config, run);
    ShownLab opened(QSize(1000, 760));
    auto &[engine, bridge, state, lab] = opened;
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    auto dataset = std::make_shared<Dataset>(loadDataset(source.datasetPath));
    state.setDataset(dataset);
    const std::vector<int> test = dataset->imagesIn(Split::Test);
    state.selectImage(test.front());
    state.openRun(bridge, run);
    lab.setCaption(QStringLiteral("a red circle above a blue square"));
    auto *box = child<LabImageView>(lab, "labImageBox");
    QTRY_VERIFY_WITH_TIMEOUT(box->isVisibleTo(&lab) && !box->figure().panels.front().boxes.empty(), kFixtureTimeoutMs);
    QVERIFY2(box->summary().contains(QStringLiteral("red circle")) && box->summary().contains(QStringLiteral("→ region")),
             qPrintable(box->summary()));
    QVERIFY(countBoxes(box->figure(), FigureBox::Learned) >= 2); // one per phrase
    QVERIFY(!box->figure().image.isNull());

    lab.setCaption(QStringLiteral("a green triangle"));
    QTRY_VERIFY_WITH_TIMEOUT(box->summary().contains(QStringLiteral("green triangle")), kFixtureTimeoutMs);
    QCOMPARE(countBoxes(box->figure(), FigureBox::Learned), 1);
    const QImage first = box->figure().image;
    state.selectImage(test.back());
    QTRY_VERIFY_WITH_TIMEOUT(box->figure().image != first, kFixtureTimeoutMs);
    QVERIFY(box->summary().contains(QStringLiteral("green triangle")));
  }

  // A concepts run: the image's gate t and its top concepts' boxes; another image, another gate.
  void showsTheGateOfAConceptsRun() {
    if (!hasFixture(QStringLiteral("features-proposals"))) QSKIP("needs the scenes500 fixture's proposal features (run through ctest)");
    const TrainingSource source = test::scenesWithConcepts(m_dir.path(), false);
    const QString run = m_dir.filePath(QStringLiteral("concepts"));
    train(prepareTrainingData(source), smallConfig(QStringLiteral("concepts")), run);
    ShownLab opened(QSize(1000, 760));
    auto &[engine, bridge, state, lab] = opened;
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    auto dataset = std::make_shared<Dataset>(loadDataset(source.datasetPath));
    state.setDataset(dataset);
    const std::vector<int> test = dataset->imagesIn(Split::Test);
    state.selectImage(test.front());
    state.openRun(bridge, run);
    lab.setCaption(QStringLiteral("a red circle"));
    auto *box = child<LabImageView>(lab, "labImageBox");
    QTRY_VERIFY_WITH_TIMEOUT(box->isVisibleTo(&lab) && box->summary().contains(QStringLiteral("Gate t = ")), kFixtureTimeoutMs);
    QVERIFY(box->summary().contains(QStringLiteral("Top concepts: ")));
    QVERIFY(countBoxes(box->figure(), FigureBox::Concept) >= 1);
    const QString firstId = dataset->images[std::size_t(test.front())].id;
    QVERIFY2(box->figure().title.startsWith(firstId), qPrintable(box->figure().title));
    state.selectImage(test.back());
    const QString lastId = dataset->images[std::size_t(test.back())].id;
    QTRY_VERIFY_WITH_TIMEOUT(box->figure().title.startsWith(lastId), kFixtureTimeoutMs);
  }

  // A pairs file written by hand as `groundscope-cli contrast --export` writes it: listed, filtered
  // by generator; activating a pair selects its image and scores both sentences into the history.
  void browsesContrastPairs() {
    ShownLab opened(QSize(1000, 760));
    auto &[engine, bridge, state, lab] = opened;
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    state.setDataset(m_dataset);
    state.openRun(bridge, m_bowRun);
    const std::vector<int> test = m_dataset->imagesIn(Split::Test);
    const QString id0 = m_dataset->images[std::size_t(test[0])].id, id1 = m_dataset->images[std::size_t(test[1])].id;
    const QByteArray json = QStringLiteral(R"([
  {"generator": "swap", "caption": 0, "image": "%1", "original": "a red circle above a blue square",
   "edited": "a blue square above a red circle", "change": "swap circle/square", "original_score": 0.5,
   "edited_score": 0.25, "outcome": "win"},
  {"generator": "drop", "caption": 0, "image": "%1", "original": "a red circle above a blue square",
   "edited": "a circle above a blue square", "change": "drop red", "original_score": 0.5, "edited_score": 0.5,
   "outcome": "tie"},
  {"generator": "swap", "caption": 1, "image": "%2", "original": "a green triangle left of a red square",
   "edited": "a red triangle left of a green square", "change": "swap green/red", "original_score": 0.1,
   "edited_score": 0.3, "outcome": "loss"}
])").arg(id0, id1).toUtf8();
    const QString jsonPath = m_dir.filePath(QStringLiteral("pairs.json"));
    writeFile(jsonPath, json);
    QVERIFY(!child<QWidget>(lab, "contrastPairsBox")->isVisibleTo(&lab));
    QCOMPARE(lab.openContrastPairs(jsonPath), QString());
    QVERIFY(child<QWidget>(lab, "contrastPairsBox")->isVisibleTo(&lab));
    auto *pairs = child<ContrastPairsView>(lab, "contrastPairs");
    QCOMPARE(pairs->shownCount(), 3);
    QVERIFY(pairs->setGeneratorFilter(QStringLiteral("swap")));
    QCOMPARE(pairs->shownCount(), 2);
    QCOMPARE(pairs->shownPair(1)->imageId, id1);
    QVERIFY(!pairs->setGeneratorFilter(QStringLiteral("shuffle")));

    auto *table = child<QTableView>(lab, "contrastPairsTable");
    const QModelIndex cell = table->model()->index(1, ContrastPairsView::OriginalColumn);
    table->setCurrentIndex(cell);
    QTest::keyClick(table, Qt::Key_Return); // activates the row, as a double-click does
    QCOMPARE(state.selectedImage(), test[1]);
    auto *history = child<CaptionHistory>(lab, "historyTable");
    QTRY_COMPARE_WITH_TIMEOUT(history->rowCount(), 2, kTimeoutMs);
    QCOMPARE(history->item(0, CaptionHistory::CaptionColumn)->text(), QStringLiteral("a green triangle left of a red square"));
    QCOMPARE(history->item(1, CaptionHistory::CaptionColumn)->text(), QStringLiteral("a red triangle left of a green square"));
    QCOMPARE(history->item(1, CaptionHistory::ImageColumn)->text(), id1);

    // The same pairs as CSV, a quoted comma and a doubled quote included.
    const QString csvPath = m_dir.filePath(QStringLiteral("pairs.csv"));
    writeFile(csvPath, QStringLiteral("generator,caption,image,original,edited,change,original_score,edited_score,outcome\n"
                                      "swap,0,%1,\"a red circle, above\",\"a \"\"blue\"\" square\",swap,0.5,0.25,win\n"
                                      "drop,0,%1,a red circle,a circle,drop red,0.5,0.5,tie\n")
                           .arg(id0)
                           .toUtf8());
    QCOMPARE(lab.openContrastPairs(csvPath), QString());
    QCOMPARE(pairs->shownCount(), 2); // a new file shows every generator
    QCOMPARE(pairs->pairs().front().original, QStringLiteral("a red circle, above"));
    QCOMPARE(pairs->pairs().front().edited, QStringLiteral("a \"blue\" square"));

    // Bad files: the message names the file and the line; the table keeps what it had.
    const QString badCsv = m_dir.filePath(QStringLiteral("bad.csv"));
    writeFile(badCsv, QByteArray("generator,caption,image,original,edited,change,original_score,edited_score,outcome\n"
                                 "swap,0,i,a b,b a,swap,0.5,0.25,win\n"
                                 "swap,0,i,a b,b a,swap,0.5,lots,win\n"));
    QString error = lab.openContrastPairs(badCsv);
    QVERIFY2(error.contains(QStringLiteral("bad.csv:3:")) && error.contains(QStringLiteral("edited_score")), qPrintable(error));
    QCOMPARE(pairs->shownCount(), 2);
    const QString badJson = m_dir.filePath(QStringLiteral("bad.json"));
    writeFile(badJson, QByteArray("[\n  {\"generator\": \"swap\",\n   \"image\": \"i\"\n"));
    error = lab.openContrastPairs(badJson);
    QVERIFY2(error.contains(QStringLiteral("bad.json:")) && error.contains(QStringLiteral("not JSON")), qPrintable(error));
    const QString missing = m_dir.filePath(QStringLiteral("missing.json"));
    writeFile(missing, QByteArray("[\n  {\"generator\": \"swap\", \"image\": \"i\", \"original\": \"a\", \"edited\": \"b\",\n"
                                  "   \"change\": \"\", \"original_score\": 1, \"edited_score\": 0, \"outcome\": \"win\"},\n"
                                  "  {\"generator\": \"drop\", \"image\": \"i\", \"original\": \"a\"}\n]\n"));
    error = lab.openContrastPairs(missing);
    QVERIFY2(error.contains(QStringLiteral("missing.json:4:")) && error.contains(QStringLiteral("edited")), qPrintable(error));
    QVERIFY(!lab.openContrastPairs(m_dir.filePath(QStringLiteral("pairs.txt"))).isEmpty());
  }
};

QTEST_MAIN(TestCaptionLab)
#include "tst_captionlab.moc"
