// The Regions dock and its figure. Unit parts: boxes outside the image are clipped and counted,
// the figure's SVG is vector (one <rect> per box, labels and legend as <text>, the photo embedded
// once), PNG honours the device pixel ratio, a missing photo becomes a placeholder that names it.
// On a small HM-LSTM run trained here on the shared fixture's demo (ground-truth regions):
// selecting a caption lists its noun phrases and draws one learned box per phrase; clicking a
// phrase selects its best region, the one RegionGrounder (what `groundscope-cli regions` prints)
// ranks first; clicking a region ranks phrases for it; the Trees panel's NP node and the dock's
// phrase select each other; the figure and the correspondences (one CSV row per NP) export; the
// display options persist; a run that learns no regions says which features option adds them.

#include "regions/conceptbars.h"
#include "data/loaddataset.h"
#include "engine/engine.h"
#include "regions/gatehistogram.h"
#include "regions/regionpanel.h"
#include "figures/regionfigurebuilder.h"
#include "scenesfixture.h"
#include "inference/goldgrounding.h"
#include "training/trainer.h"
#include "trees/treepanel.h"
#include "shared/treeviewbase.h"
#include "common/workbenchstate.h"
#include "findchild.h"

#include <QCheckBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace gs;
using gs::test::child;

namespace {

constexpr int kWorkTimeoutMs = 300000; // opening the run prepares its data; the first parse loads Link Grammar

QByteArray readAll(const QString &path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

int countOf(const QByteArray &text, const char *needle) { return int(text.count(needle)); }

RegionFigure syntheticFigure() {
  RegionFigure figure;
  figure.image = QImage(200, 100, QImage::Format_RGB32);
  figure.image.fill(Qt::darkGreen);
  figure.imageSize = figure.image.size();
  return figure;
}

}  // namespace

class TestRegionPanel : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  QString m_run;
  std::shared_ptr<Dataset> m_dataset;
  QString m_datasetPath;

  // A caption of a test image with at least two noun phrases in the run's grounding.
  int captionWithTwoPhrases(const RegionGrounder &grounder) const {
    for (int image : m_dataset->imagesIn(Split::Test))
      for (int c : m_dataset->images[std::size_t(image)].captions) {
        const CaptionRecord &caption = m_dataset->captions[std::size_t(c)];
        if (grounder.ground(m_dataset->images[std::size_t(image)].id, caption.raw).size() >= 2) return c;
      }
    return -1;
  }

private Q_SLOTS:
  void clippedBoxesAreCounted() {
    RegionFigure figure = syntheticFigure();
    QVERIFY(addFigureBox(figure, 0, {FigureBox::Proposal, 1, Box{10, 10, 50, 50}, Qt::red}));
    QCOMPARE(figure.clippedBoxes, 0);
    QVERIFY(addFigureBox(figure, 0, {FigureBox::Proposal, 2, Box{180, 80, 50, 50}, Qt::red}));
    QCOMPARE(figure.clippedBoxes, 1);
    const Box clipped = figure.panels[0].boxes.back().box;
    QCOMPARE(clipped.width, 20.f);
    QCOMPARE(clipped.height, 20.f);
    QVERIFY(!addFigureBox(figure, 0, {FigureBox::Proposal, 3, Box{300, 10, 20, 20}, Qt::red})); // wholly outside
    QCOMPARE(figure.clippedBoxes, 2);
    QCOMPARE(int(figure.panels[0].boxes.size()), 2);
  }

  void figureExportsAreVectorAndSharp() {
    RegionFigure figure = syntheticFigure();
    GroundedPhrase a, b;
    a.text = QStringLiteral("a red circle");
    a.hasTruth = true;
    a.truth = Box{10, 10, 40, 40};
    a.regions = {RankedRegion{3, Box{12, 12, 40, 36}, 0.8, 0.9}};
    b.text = QStringLiteral("the blue square");
    b.regions = {RankedRegion{5, Box{100, 20, 60, 60}, 0.4, -1}};
    addPhrases(figure, {a, b});
    QCOMPARE(int(figure.panels[0].boxes.size()), 3); // two learned, one ground truth
    QCOMPARE(phraseLegendText(a), QStringLiteral("a red circle — 0.80, IoU 0.90 ✓"));

    const QString svg = m_dir.filePath(QStringLiteral("figure.svg"));
    exportRegionFigure(figure, FigureStyle{}, svg, QSize(400, 260));
    const QByteArray text = readAll(svg);
    QCOMPARE(countOf(text, "<image"), 1); // the photo once
    // Each box a <rect>, and each label's background too: at least the boxes.
    QVERIFY2(countOf(text, "<rect") >= 3, text.left(2000).constData());
    for (const QString &phrase : {a.text, b.text}) {
      const QRegularExpression inText(QStringLiteral("<text[^>]*>[^<]*%1").arg(QRegularExpression::escape(phrase)));
      QVERIFY2(inText.match(QString::fromUtf8(text)).hasMatch(), qPrintable(phrase));
    }
    const QString png = m_dir.filePath(QStringLiteral("figure.png"));
    exportRegionFigure(figure, FigureStyle{}, png, QSize(400, 260), 2.0);
    QCOMPARE(QImage(png).size(), QSize(800, 520));
    const QString pdf = m_dir.filePath(QStringLiteral("figure.pdf"));
    exportRegionFigure(figure, FigureStyle{}, pdf);
    QVERIFY(readAll(pdf).startsWith("%PDF"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, exportRegionFigure(figure, FigureStyle{}, m_dir.filePath(QStringLiteral("f.gif"))));

    // Side by side: two panels, the truth on the right.
    RegionFigure split = syntheticFigure();
    PhraseFigureOptions options;
    options.sideBySide = true;
    addPhrases(split, {a, b}, options);
    QCOMPARE(int(split.panels.size()), 2);
    QCOMPARE(int(split.panels[1].boxes.size()), 1);
    QCOMPARE(split.panels[1].boxes[0].kind, FigureBox::Truth);
  }

  void missingPhotoBecomesAPlaceholder() {
    const RegionFigure figure = regionFigureFor(m_dir.filePath(QStringLiteral("gone.jpg")), QSize(64, 48));
    QVERIFY(figure.image.isNull());
    QVERIFY(figure.placeholder.contains(QStringLiteral("gone.jpg")));
    QCOMPARE(figure.imageSize, QSize(64, 48)); // boxes still have their frame
    const QString corrupt = m_dir.filePath(QStringLiteral("corrupt.png"));
    QFile file(corrupt);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("\x89PNG not really");
    file.close();
    QVERIFY(regionFigureFor(corrupt).placeholder.contains(QStringLiteral("corrupt.png")));
  }

  void conceptWidgets() {
    ConceptBars bars;
    bars.resize(300, 200);
    bars.setBars({{QStringLiteral("circle"), 0.9, Qt::red, {}}, {QStringLiteral("blue"), 0.5, Qt::blue, {}}});
    QSignalSpy hovered(&bars, &ConceptBars::barHovered);
    bars.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bars));
    QTest::mouseMove(&bars, bars.barRect(1).center());
    QTRY_VERIFY(!hovered.isEmpty());
    QCOMPARE(hovered.last().at(0).toInt(), 1);
    GateHistogram gate;
    gate.setGate({0.1f, 0.12f, 0.9f, 0.5f});
    QCOMPARE(gate.counts()[2], 2);
    QCOMPARE(gate.counts()[18], 1);
    QVERIFY(std::abs(gate.mean() - (0.1 + 0.12 + 0.9 + 0.5) / 4) < 1e-6);
  }

  // The real path: a small HM-LSTM run, the dock, the Trees panel, the exports.
  void hmlstmRunInTheDock() {
    const QString fixture = qEnvironmentVariable("GS_SCENES_FIXTURE");
    if (!QFileInfo::exists(fixture + QStringLiteral("/features-ground-truth/manifest.json")))
      QSKIP("needs the scenes500 fixture's region features (run through ctest)");
    const TrainingSource source = test::scenesWithRegions(m_dir.path(), RegionSet::GroundTruth);
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("hmlstm"));
    config.epochs = 2;
    config.rootEpochs = 1;
    config.regions = RegionSet::GroundTruth;
    config.hiddenDim = 32;
    config.embedDim = 32;
    config.wordDim = 16;
    m_run = m_dir.filePath(QStringLiteral("hm"));
    train(prepareTrainingData(source), config, m_run);
    m_datasetPath = source.datasetPath;
    m_dataset = std::make_shared<Dataset>(loadDataset(m_datasetPath));

    const RegionGrounder grounder(m_run);
    const int caption = captionWithTwoPhrases(grounder);
    QVERIFY(caption >= 0);
    const CaptionRecord &record = m_dataset->captions[std::size_t(caption)];
    const QString imageId = m_dataset->images[std::size_t(record.image)].id;
    const std::vector<GroundedPhrase> expected = grounder.ground(imageId, record.raw);

    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    RegionPanel panel(bridge, state);
    auto *view = child<RegionImageView>(panel, "regionImage");
    auto *phraseList = child<QListWidget>(panel, "phraseList");
    auto *rankedList = child<QListWidget>(panel, "rankedList");
    auto *proposalsCheck = child<QCheckBox>(panel, "proposalsCheck");
    auto *allPhrasesCheck = child<QCheckBox>(panel, "allPhrasesCheck");
    auto *topKSpin = child<QSpinBox>(panel, "topKSpin");
    TreePanel trees(bridge, state);
    panel.resize(1100, 700);
    trees.resize(1000, 600);
    panel.show();
    trees.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    state.setDataset(m_dataset);
    QSignalSpy ready(&panel, &RegionPanel::runReady);
    state.openRun(bridge, m_run);
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty(), kWorkTimeoutMs);
    QCOMPARE(panel.runKind(), RegionPanel::RunKind::Phrases);

    // Selecting a caption: its noun phrases listed, one learned box per phrase.
    QSignalSpy shown(&panel, &RegionPanel::imageShown);
    state.selectCaption(caption);
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && !panel.isBusy(), kWorkTimeoutMs);
    QCOMPARE(panel.caption(), record.raw);
    QCOMPARE(int(panel.phrases().size()), int(expected.size()));
    QCOMPARE(phraseList->count(), int(expected.size()));
    int learned = 0, truth = 0;
    for (const FigureBox &box : view->figure().panels[0].boxes) {
      learned += box.kind == FigureBox::Learned;
      truth += box.kind == FigureBox::Truth;
    }
    QCOMPARE(learned, int(expected.size()));
    QVERIFY(truth >= 1); // the demo ships phrase boxes
    // A showcase: learned boxes, and the run that made them named in the note.
    QVERIFY2(!panel.showcaseProblem().contains(QStringLiteral("learns no regions")), qPrintable(panel.showcaseProblem()));
    QVERIFY(child<QLabel>(panel, "regionNote")->text().contains(QStringLiteral("Run: hmlstm")));
    QVERIFY(!view->figure().image.isNull());

    // Clicking a phrase selects its best region: the one the grounder (and the CLI) ranks first.
    QListWidget &list = *phraseList;
    QTest::mouseClick(list.viewport(), Qt::LeftButton, {}, list.visualItemRect(list.item(1)).center());
    QCOMPARE(panel.selectedPhrase(), 1);
    QCOMPARE(panel.selectedRegion(), expected[1].regions.front().region);
    QVERIFY(rankedList->count() >= 1);
    QVERIFY(rankedList->item(0)->text().contains(QStringLiteral("region %1").arg(expected[1].regions.front().region)));
    // …and the shared selection reaches the Trees panel: its NP node of that span is selected.
    QTRY_VERIFY_WITH_TIMEOUT(trees.hasInspection() && trees.inspection()->caption == record.raw.trimmed(), kWorkTimeoutMs);
    QTRY_VERIFY(trees.inspectedView()->selectedNode() >= 0);
    const InspectedNode &node = trees.inspection()->nodes[std::size_t(trees.inspectedView()->selectedNode())];
    QVERIFY(node.nounPhrase);
    QCOMPARE(node.spanBegin, expected[1].begin);
    QCOMPARE(node.spanEnd, expected[1].end);

    // Clicking the other phrase's NP node in the tree selects that phrase here.
    int other = -1;
    for (int n = 0; n < int(trees.inspection()->nodes.size()); ++n) {
      const InspectedNode &candidate = trees.inspection()->nodes[std::size_t(n)];
      if (candidate.nounPhrase && candidate.spanBegin == expected[0].begin && candidate.spanEnd == expected[0].end) other = n;
    }
    QVERIFY(other >= 0);
    QTest::mouseClick(trees.inspectedView(), Qt::LeftButton, {}, trees.inspectedView()->nodeRect(other).center().toPoint());
    QTRY_COMPARE(panel.selectedPhrase(), 0);

    // Clicking a learned box on the photo selects its phrase; clicking a region ranks phrases for it.
    const QRectF box = view->rectOf(FigureBox::Learned, 1);
    QVERIFY(!box.isEmpty());
    const std::optional<FigureBox> hit = view->boxAt(box.center());
    QVERIFY(hit.has_value());
    QTest::mouseClick(view, Qt::LeftButton, {}, box.center().toPoint());
    if (hit->kind == FigureBox::Learned || hit->kind == FigureBox::Truth) QCOMPARE(panel.selectedPhrase(), hit->index);
    QSignalSpy ranked(&panel, &RegionPanel::rankingShown);
    panel.selectRegion(expected[0].regions.front().region);
    QTRY_VERIFY_WITH_TIMEOUT(!ranked.isEmpty(), kWorkTimeoutMs);
    QCOMPARE(int(panel.rankedPhrases().size()), int(grounder.ground(imageId).size())); // every phrase of the image's captions
    for (std::size_t k = 1; k < panel.rankedPhrases().size(); ++k)
      QVERIFY(panel.rankedPhrases()[k - 1].score >= panel.rankedPhrases()[k].score);
    ranked.clear();
    allPhrasesCheck->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(!ranked.isEmpty(), kWorkTimeoutMs);
    QVERIFY(panel.rankedPhrases().size() > grounder.ground(imageId).size()); // the test split's phrases
    allPhrasesCheck->setChecked(false);

    // Exports: the figure as SVG (a <rect> per drawn box, the phrases as text), the data as CSV
    // (one row per noun phrase of the image's captions) and JSON.
    const QString svg = m_dir.filePath(QStringLiteral("regions.svg"));
    QCOMPARE(panel.exportFigure(svg), QString());
    const QByteArray text = readAll(svg);
    int drawn = 0;
    for (const FigurePanel &p : view->figure().panels) drawn += int(p.boxes.size());
    QVERIFY(countOf(text, "<rect") >= drawn);
    for (const GroundedPhrase &p : expected) QVERIFY2(text.contains(p.text.toUtf8()), qPrintable(p.text));
    const QString csv = m_dir.filePath(QStringLiteral("regions.csv"));
    QCOMPARE(panel.exportImageData(csv), QString());
    const QList<QByteArray> rows = readAll(csv).trimmed().split('\n');
    QCOMPARE(rows.size() - 1, int(grounder.ground(imageId).size()));
    QVERIFY(rows.first().startsWith("image,caption,phrase,begin,end,rank,region"));
    QSignalSpy exported(&panel, &RegionPanel::dataExported);
    const QString json = m_dir.filePath(QStringLiteral("test.json"));
    panel.exportSplitData(json);
    QTRY_VERIFY_WITH_TIMEOUT(!exported.isEmpty(), kWorkTimeoutMs);
    QCOMPARE(exported.first().at(1).toString(), QString());
    const QJsonArray all = QJsonDocument::fromJson(readAll(json)).object().value(QStringLiteral("correspondences")).toArray();
    QCOMPARE(all.size(), int(grounder.groundSplit(Split::Test).size()));

    // A gold set: its accuracy with the model-free choices beside it, and its box drawn as the
    // phrase's ground truth. The box is made up, so what is drawn must be the gold file's.
    const QStringList tokens = record.tokens;
    int from = 0, to = 0;
    for (int t = 0, at = 0; t < expected[0].end; ++t) {
      at = int(record.raw.indexOf(tokens[t], at, Qt::CaseInsensitive));
      if (t == expected[0].begin) from = at;
      to = at += int(tokens[t].size());
    }
    const std::vector<int> &ofImage = m_dataset->images[std::size_t(record.image)].captions;
    const int k = int(std::find(ofImage.begin(), ofImage.end(), caption) - ofImage.begin());
    const QString goldPath = m_dir.filePath(QStringLiteral("gold.tsv"));
    QFile goldFile(goldPath);
    QVERIFY(goldFile.open(QIODevice::WriteOnly));
    goldFile.write(QStringLiteral("%1.png#%2\t%3:%4\t1,1,7,7\n").arg(imageId).arg(k).arg(from).arg(to).toUtf8());
    goldFile.close();
    QSignalSpy scored(&panel, &RegionPanel::goldScored);
    shown.clear();
    panel.loadGold(goldPath);
    QTRY_VERIFY_WITH_TIMEOUT(!scored.isEmpty(), kWorkTimeoutMs);
    QVERIFY(panel.gold());
    QCOMPARE(panel.gold()->phrases, 1);
    QCOMPARE(panel.gold()->matched, 1);
    QCOMPARE(panel.gold()->ceiling, 0.0); // no region is near the made-up box
    auto *goldLabel = child<QLabel>(panel, "goldLabel");
    QVERIFY2(goldLabel->isVisible() && goldLabel->text().contains(QStringLiteral("The run: 0.0 % [0.0, 0.0]")), qPrintable(goldLabel->text()));
    QVERIFY(goldLabel->text().contains(QStringLiteral("whole image 0.0 %")));
    QVERIFY(goldLabel->text().contains(QStringLiteral("chance 0.0 %")));
    QVERIFY(!goldLabel->text().contains(QStringLiteral("⚠"))); // nothing model-free does better here
    QCOMPARE(panel.gold()->baselines.phrases, 1);
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && !panel.isBusy(), kWorkTimeoutMs);
    QVERIFY(panel.phrases()[0].hasTruth);
    QCOMPARE(panel.phrases()[0].truth, (Box{1, 1, 7, 7}));
    QCOMPARE(panel.phrases()[0].regions.front().iou, 0.0);

    // Display options persist into the next dock.
    topKSpin->setValue(3);
    proposalsCheck->setChecked(true);
    RegionPanel again(bridge, state);
    QCOMPARE(child<QSpinBox>(again, "topKSpin")->value(), 3);
    QVERIFY(child<QCheckBox>(again, "proposalsCheck")->isChecked());
    topKSpin->setValue(1);
    proposalsCheck->setChecked(false);
  }

  // A run that learns no regions: the dock says so and which option adds them; the photo and
  // proposals (computed as the features job does) are still shown. A missing photo: placeholder
  // and message, the ground-truth phrases still listed.
  void runWithoutRegionsAndMissingPhoto() {
    ScenesOptions scenes;
    scenes.images = 12;
    scenes.imageSize = 96;
    const QString folder = m_dir.filePath(QStringLiteral("small"));
    auto dataset = std::make_shared<Dataset>(makeScenesDemo(folder, scenes));
    const QString run = m_dir.filePath(QStringLiteral("bow-run"));
    QVERIFY(QDir().mkpath(run));
    QFile config(run + QStringLiteral("/config.json"));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(QJsonDocument(TrainConfig::defaultsFor(QStringLiteral("bow")).toJson()).toJson());
    config.close();

    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    RegionPanel panel(bridge, state);
    auto *view = child<RegionImageView>(panel, "regionImage");
    auto *phraseList = child<QListWidget>(panel, "phraseList");
    auto *note = child<QLabel>(panel, "regionNote");
    auto *proposalsCheck = child<QCheckBox>(panel, "proposalsCheck");
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    state.setDataset(dataset);
    QSignalSpy ready(&panel, &RegionPanel::runReady);
    state.openRun(bridge, run);
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty(), kWorkTimeoutMs);
    QCOMPARE(panel.runKind(), RegionPanel::RunKind::NoRegions);
    QVERIFY2(panel.showcaseProblem().contains(QStringLiteral("learns no regions")), qPrintable(panel.showcaseProblem())); // no showcase from it
    QVERIFY2(note->text().contains(QStringLiteral("--regions")), qPrintable(note->text()));

    QSignalSpy shown(&panel, &RegionPanel::imageShown);
    state.selectImage(0);
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), kWorkTimeoutMs);
    QVERIFY(!view->figure().image.isNull());
    proposalsCheck->setChecked(true);
    int proposals = 0;
    for (const FigureBox &box : view->figure().panels[0].boxes) proposals += box.kind == FigureBox::Proposal;
    QVERIFY(proposals >= 1);
    proposalsCheck->setChecked(false);

    // The photo deleted: a placeholder naming it, the dataset's phrases still listed.
    const ImageRecord &image = dataset->images[1];
    QVERIFY(QFile::remove(image.path));
    shown.clear();
    state.selectCaption(image.captions.front());
    QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty() && !panel.isBusy(), kWorkTimeoutMs);
    QVERIFY(view->figure().image.isNull());
    QVERIFY2(note->text().contains(QFileInfo(image.path).fileName()), qPrintable(note->text()));
    QVERIFY(phraseList->count() >= 1);
    QCOMPARE(phraseList->count(), int(dataset->captions[std::size_t(image.captions.front())].phrases.size()));
  }
};

QTEST_MAIN(TestRegionPanel)
#include "tst_regionpanel.moc"
