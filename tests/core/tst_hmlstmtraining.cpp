// The HM-LSTM on the Scenes demo (the shared 500-image fixture: 400/50/50 images, each caption's
// noun phrases with their ground-truth boxes, which training never reads). Its claims (HM-LSTM
// §3.3–3.4, §5.1, §5.3.2), asserted for two seeds:
//  - on ground-truth regions (`regions: ground-truth`, the demo's phrase boxes as the region set, so
//    correspondence learning is judged apart from proposal quality) the learned correspondences
//    are right (IoU ≥ 0.5) for at least 82 % of the training noun phrases (the paper's figure);
//  - on selective-search proposals they are right at least twice as often as a random region;
//  - the alternation raises correspondence accuracy above the root-only model's (the first
//    correspondence step scores the simplified HM-LSTM of §3.4, trained with root losses only);
//  - phrase→region ranking on the test images beats the root-only model's.
// Sizes are cut so the whole test stays within about five minutes on one core; see kTruthEpochs.
//
// A finding, not hidden: the paper's Table 1 claim that phrase losses *help* sentence retrieval
// does not reproduce on the demo. Test rsum with phrase losses against root only, the same epochs
// kept (TrainConfig::firstSelectableEpoch), one thread: seed 1 429.6 vs 460.4, seed 2 447.6 vs
// 434.4 (on two threads and 8 epochs: 451.6 vs 460.4, 456.0 vs 456.4); over 15 epochs the
// validation rsum after the root-only phase peaks at 444.8 vs 461.2 (seed 1). On 50 test images one
// seed swings rsum by ±30, so what is asserted is the mean over the two seeds, within
// kRetrievalTolerance of the root-only model's (measured: −8.8), while phrase→region R@1 rises by
// 9–12 points in every run.

#include "modeltestthreads.h"
#include "data/loaddataset.h"
#include "scenesfixture.h"
#include "inference/goldgrounding.h"
#include "inference/regiongrounding.h"
#include "inference/trainedmodel.h"
#include "training/trainer.h"
#include "training/trainingsource.h"
#include "inference/treeinspection.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace gs;

namespace {

// 3 root-only epochs, then a correspondence step before each further epoch: 5 on ground-truth
// regions (the accuracy is past 90 % by then), 9 on proposals (where it climbs more slowly: about
// 2× chance after 5 steps, 2.4× after 9, on one thread).
constexpr int kTruthEpochs = 8, kProposalEpochs = 12;
constexpr int kRootEpochs = 3;
constexpr double kPaperAccuracy = 82.0; // HM-LSTM §5.3.2
constexpr double kRetrievalTolerance = 15.0; // mean rsum over seeds 1–2; measured gap −8.8 (see the header)

TrainConfig hmlstmConfig(quint64 seed, bool phraseLosses, RegionSet regions) {
  TrainConfig c = TrainConfig::defaultsFor(ModelKind::HmLstm);
  c.epochs = regions == RegionSet::GroundTruth ? kTruthEpochs : kProposalEpochs;
  c.rootEpochs = kRootEpochs;
  c.seed = seed;
  c.phraseLosses = phraseLosses;
  c.regions = regions;
  return c;
}

// The character range of caption tokens [begin, end) in the caption as written (tokens are its
// words lower-cased, punctuation dropped).
std::pair<int, int> characterRange(const QString &raw, const QStringList &tokens, int begin, int end) {
  int at = 0, from = 0;
  for (int t = 0; t < end; ++t) {
    at = int(raw.indexOf(tokens[t], at, Qt::CaseInsensitive));
    if (t == begin) from = at;
    at += int(tokens[t].size());
  }
  return {from, at};
}

// A gold phrase-box file made from the dataset's own boxes of the phrases of `phrases` (the demo's
// ground truth), one line each, plus a line for an image the data lacks.
QString goldFileOf(const QString &path, const TrainingData &data, const std::vector<GroundedPhrase> &phrases) {
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  for (const GroundedPhrase &p : phrases) {
    if (!p.hasTruth) continue;
    const TrainingCaption &caption = data.captions[std::size_t(p.captionRow)];
    int k = 0;
    for (int c = 0; c < p.captionRow; ++c) k += data.captions[std::size_t(c)].image == caption.image;
    const auto [from, to] = characterRange(caption.raw, caption.tokens, p.begin, p.end);
    file.write(QStringLiteral("%1.png#%2\t%3:%4\t%5,%6,%7,%8\n").arg(p.imageId).arg(k).arg(from).arg(to)
                   .arg(p.truth.x).arg(p.truth.y).arg(p.truth.width).arg(p.truth.height).toUtf8());
  }
  file.write("not-in-the-data.jpg#0\t0:5\t1,1,10,10\n");
  return path;
}

QString describe(const CorrespondenceStats &s) {
  return QStringLiteral("step %1: %2 % (ceiling %3, chance %4)").arg(s.step).arg(s.accuracy, 0, 'f', 1).arg(s.ceiling, 0, 'f', 1).arg(s.chance, 0, 'f', 1);
}

}  // namespace

class TestHmLstmTraining : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  TrainingData m_truth, m_proposals;
  std::map<QString, TrainResult> m_runs;

  const TrainResult &trainOnce(const QString &name, const TrainingData &data, const TrainConfig &config) {
    auto it = m_runs.find(name);
    if (it == m_runs.end()) {
      it = m_runs.emplace(name, train(data, config, m_dir.filePath(name))).first;
      const TrainResult &r = it->second;
      QStringList steps;
      for (const CorrespondenceStats &s : r.correspondenceSteps) steps << describe(s);
      qInfo("%s: rsum %.1f, R@10 i→t %.1f t→i %.1f; phrase→region R@1 %.1f; %s", qPrintable(name), r.test.rsum,
            r.test.imageToText.r10, r.test.textToImage.r10, r.grounding.phraseToRegion.r1, qPrintable(steps.join(QStringLiteral("; "))));
    }
    return it->second;
  }

private Q_SLOTS:
  void initTestCase() {
    test::fixModelTestThreads();
    QVERIFY(m_dir.isValid());
    m_truth = prepareTrainingData(test::scenesWithRegions(m_dir.path(), RegionSet::GroundTruth));
    m_proposals = prepareTrainingData(test::scenesWithRegions(m_dir.path(), RegionSet::Proposals));
    QVERIFY(m_truth.hasRegions() && m_proposals.hasRegions());
    QCOMPARE(m_truth.regionSet, QStringLiteral("ground-truth"));
    QCOMPARE(m_proposals.regionSet, QStringLiteral("proposals"));
    QCOMPARE(m_truth.regionCount(0) >= 2, true); // the whole image and at least one phrase box
  }

  void learnsCorrespondencesOnGroundTruthRegions_data() {
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 2") << quint64(2);
  }
  void learnsCorrespondencesOnGroundTruthRegions() {
    QFETCH(quint64, seed);
    const TrainResult &r = trainOnce(QStringLiteral("truth-%1").arg(seed), m_truth, hmlstmConfig(seed, true, RegionSet::GroundTruth));
    QCOMPARE(int(r.correspondenceSteps.size()), kTruthEpochs - kRootEpochs);
    const CorrespondenceStats &first = r.correspondenceSteps.front(), &last = r.correspondenceSteps.back();
    QVERIFY(last.withGroundTruth > 500);
    QCOMPARE(last.ceiling, 100.0); // every phrase's own box is a region
    QVERIFY2(last.accuracy >= kPaperAccuracy, qPrintable(describe(last)));
    QVERIFY2(last.accuracy > first.accuracy, qPrintable(describe(first) + QStringLiteral(" → ") + describe(last)));
    QVERIFY(r.grounded && r.grounding.hasGroundTruth);
  }

  void beatsChanceOnProposals_data() {
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 2") << quint64(2);
  }
  void beatsChanceOnProposals() {
    QFETCH(quint64, seed);
    const TrainResult &full = trainOnce(QStringLiteral("proposals-%1").arg(seed), m_proposals, hmlstmConfig(seed, true, RegionSet::Proposals));
    const TrainResult &root =
        trainOnce(QStringLiteral("proposals-root-%1").arg(seed), m_proposals, hmlstmConfig(seed, false, RegionSet::Proposals));
    QVERIFY(root.correspondenceSteps.empty()); // the simplified HM-LSTM never takes a correspondence step
    const CorrespondenceStats &first = full.correspondenceSteps.front(), &last = full.correspondenceSteps.back();
    QVERIFY2(last.accuracy >= 2 * last.chance, qPrintable(describe(last)));
    QVERIFY2(last.accuracy > first.accuracy, qPrintable(describe(first) + QStringLiteral(" → ") + describe(last)));
    QVERIFY2(full.grounding.phraseToRegion.r1 > root.grounding.phraseToRegion.r1,
             qPrintable(QStringLiteral("phrase→region R@1 %1 with phrase losses, %2 root only")
                            .arg(full.grounding.phraseToRegion.r1)
                            .arg(root.grounding.phraseToRegion.r1)));
  }

  void retrievalStaysWithinNoiseOfRootOnly() {
    double full = 0, root = 0;
    for (quint64 seed : {1ULL, 2ULL}) {
      full += trainOnce(QStringLiteral("proposals-%1").arg(seed), m_proposals, hmlstmConfig(seed, true, RegionSet::Proposals)).test.rsum / 2;
      root += trainOnce(QStringLiteral("proposals-root-%1").arg(seed), m_proposals, hmlstmConfig(seed, false, RegionSet::Proposals)).test.rsum / 2;
    }
    QVERIFY2(full >= root - kRetrievalTolerance, qPrintable(QStringLiteral("mean rsum %1 with phrase losses, %2 root only").arg(full).arg(root)));
  }

  // The trained run reopens for the Trees panel (gates, noun phrases) and for `regions`.
  void runOpensForTreesAndRegions() {
    const TrainResult &r = trainOnce(QStringLiteral("truth-1"), m_truth, hmlstmConfig(1, true, RegionSet::GroundTruth));
    const TreeInspector inspector(r.runDir);
    const InspectedTree tree = inspector.inspect(QStringLiteral("A large green diamond can be seen next to a small yellow diamond."),
                                                 std::vector<float>(m_truth.imageFeatures.begin(), m_truth.imageFeatures.begin() + m_truth.featureDim),
                                                 m_truth.imageIds.first());
    QCOMPARE(tree.gateNames, (QStringList{QStringLiteral("i"), QStringLiteral("o"), QStringLiteral("u"), QStringLiteral("f")}));
    QVERIFY(tree.hasSimilarity);
    QVERIFY(std::any_of(tree.nodes.begin(), tree.nodes.end(), [](const InspectedNode &n) { return n.nounPhrase; }));

    const RegionGrounder grounder(r.runDir);
    // A test image: its captions' noun phrases, each with every candidate region ranked, best first.
    const QString image = m_truth.imageIds.at(m_truth.imagesIn(Split::Test).front());
    const std::vector<GroundedPhrase> phrases = grounder.ground(image);
    QVERIFY(!phrases.empty());
    int withTruth = 0, rightFirst = 0;
    for (const GroundedPhrase &p : phrases) {
      QVERIFY(!p.regions.empty());
      for (std::size_t k = 1; k < p.regions.size(); ++k) QVERIFY(p.regions[k - 1].score >= p.regions[k].score);
      if (!p.hasTruth) continue;
      ++withTruth;
      rightFirst += p.regions.front().iou >= 0.5;
    }
    QVERIFY(withTruth > 0);
    QVERIFY2(rightFirst * 2 > withTruth, qPrintable(QStringLiteral("%1 of %2").arg(rightFirst).arg(withTruth)));
    // A caption typed in: its noun phrases, no ground truth.
    const std::vector<GroundedPhrase> typed = grounder.ground(image, QStringLiteral("A small red circle is next to a blue square."));
    QVERIFY(!typed.empty());
    QVERIFY(!typed.front().hasTruth);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, grounder.ground(QStringLiteral("no-such-image")));
  }

  // A gold file holding the demo's own phrase boxes scores exactly what the dataset's ground truth
  // gives: each gold phrase finds the run's phrase over its words, its first region is right
  // exactly when the grounder's IoU says so, and on ground-truth regions the ceiling is 100 %.
  void aGoldSetScoresLikeTheDatasetsOwnBoxes() {
    const TrainResult &r = trainOnce(QStringLiteral("truth-1"), m_truth, hmlstmConfig(1, true, RegionSet::GroundTruth));
    const RegionGrounder grounder(r.runDir);
    std::vector<GroundedPhrase> phrases;
    for (int image : m_truth.imagesIn(Split::Test)) {
      const std::vector<GroundedPhrase> some = grounder.ground(m_truth.imageIds.at(image));
      phrases.insert(phrases.end(), some.begin(), some.end());
      if (phrases.size() > 60) break;
    }
    const QString path = goldFileOf(m_dir.filePath(QStringLiteral("gold.tsv")), m_truth, phrases);
    const GoldGrounding gold = groundGold(grounder, readPhraseBoxGold(path), path);
    int withTruth = 0, right = 0;
    for (const GroundedPhrase &p : phrases) {
      withTruth += p.hasTruth;
      right += p.hasTruth && p.regions.front().iou >= 0.5;
    }
    QCOMPARE(gold.missingImages, QStringList{QStringLiteral("not-in-the-data")});
    QCOMPARE(gold.phrases, withTruth);
    QCOMPARE(gold.matched, withTruth);
    QCOMPARE(int(std::lround(gold.accuracy * withTruth / 100.0)), right);
    QCOMPARE(gold.ceiling, 100.0);
    QVERIFY(gold.chance > 0 && gold.chance < gold.accuracy);
    // Drawn back: every matched phrase carries its gold box.
    const std::vector<GroundedPhrase> drawn = withGoldTruth(grounder.ground(m_truth.imageIds.at(m_truth.imagesIn(Split::Test).front())), gold.rows);
    QVERIFY(std::any_of(drawn.begin(), drawn.end(), [](const GroundedPhrase &p) { return p.hasTruth; }));
  }

  // A run opened once serves the inspectors: given the opened run and the data already prepared,
  // they answer exactly as when each opens the run folder itself; data without regions is refused.
  void anOpenedRunServesTheInspectors() {
    const TrainResult &r = trainOnce(QStringLiteral("truth-1"), m_truth, hmlstmConfig(1, true, RegionSet::GroundTruth));
    const TrainedModel opened = TrainedModel::open(r.runDir);
    const RegionGrounder fromFolder(r.runDir);
    const RegionGrounder fromOpened(opened, fromFolder.data());
    const QString image = m_truth.imageIds.at(m_truth.imagesIn(Split::Test).front());
    const std::vector<GroundedPhrase> expected = fromFolder.ground(image), actual = fromOpened.ground(image);
    QVERIFY(!expected.empty());
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t p = 0; p < expected.size(); ++p) {
      QCOMPARE(actual[p].text, expected[p].text);
      QCOMPARE(actual[p].regions.size(), expected[p].regions.size());
      for (std::size_t k = 0; k < expected[p].regions.size(); ++k) {
        QCOMPARE(actual[p].regions[k].region, expected[p].regions[k].region);
        QCOMPARE(actual[p].regions[k].score, expected[p].regions[k].score);
      }
    }
    TrainingData withoutRegions = fromFolder.data();
    withoutRegions.regionOffsets.clear();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RegionGrounder(opened, withoutRegions));

    const QString caption = QStringLiteral("A small red circle is next to a blue square.");
    const InspectedTree a = TreeInspector(r.runDir).inspect(caption), b = TreeInspector(opened).inspect(caption);
    QCOMPARE(b.nodes.size(), a.nodes.size());
    for (std::size_t n = 0; n < a.nodes.size(); ++n) QCOMPARE(b.nodes[n].hidden, a.nodes[n].hidden);
  }

  // A dataset the caller holds serves the run's data when it was loaded from the run's data path,
  // and is not read again: an edit made only in memory shows in the prepared captions. One loaded
  // from elsewhere is not taken for the run's.
  void theOpenDatasetServesTheRunsData() {
    const TrainResult &r = trainOnce(QStringLiteral("truth-1"), m_truth, hmlstmConfig(1, true, RegionSet::GroundTruth));
    const TrainedModel opened = TrainedModel::open(r.runDir);
    const QString datasetPath = test::scenesWithRegions(m_dir.path(), RegionSet::GroundTruth).datasetPath;
    Dataset held = loadDataset(datasetPath);
    QVERIFY(held.isLoadedFrom(datasetPath));
    const QString marker = QStringLiteral("a caption edited in memory only");
    held.captions.front().raw = marker;
    const auto hasMarker = [&marker](const TrainingData &data) {
      return std::any_of(data.captions.begin(), data.captions.end(), [&](const TrainingCaption &c) { return c.raw == marker; });
    };
    const TrainingData fromHeld = opened.prepareData(&held);
    QVERIFY(fromHeld.hasRegions());
    QVERIFY(hasMarker(fromHeld));
    const RegionGrounder grounder(opened, fromHeld);
    QVERIFY(!grounder.ground(m_truth.imageIds.at(m_truth.imagesIn(Split::Test).front())).empty());

    held.source = m_dir.filePath(QStringLiteral("elsewhere"));
    QVERIFY(!held.isLoadedFrom(datasetPath));
    QVERIFY(!hasMarker(opened.prepareData(&held)));
  }
};

QTEST_GUILESS_MAIN(TestHmLstmTraining)
#include "tst_hmlstmtraining.moc"
