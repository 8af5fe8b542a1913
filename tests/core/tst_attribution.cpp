// Attribution of a score s(image, sentence) on small synthetic runs, where each method has a check:
// occlusion equals encoding the edited sentence through the run's ordinary path; a bag of words is
// linear in its word vectors, so gradient × input sums to the score; integrated gradients satisfy
// completeness within 1 %; tree models give every node a contribution whose subtree sums add up;
// the image side occludes concepts, regions and grid cells; bad input fails with a clear message.

#include "modeltestthreads.h"
#include "synthetictraining.h"
#include "inference/attribution.h"
#include "inference/trainedmodel.h"
#include "training/runs/runfolder.h"
#include "training/trainer.h"
#include "training/trainingsource.h"
#include "io/atomicfile.h"
#include "io/jsonfile.h"

#include <opencv2/imgcodecs.hpp>

#include <QDir>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gs;

namespace {

TrainConfig quickConfig(const QString &model) {
  TrainConfig c = TrainConfig::defaultsFor(model);
  c.seed = 3;
  c.epochs = model == QLatin1String("lstm") || model == QLatin1String("chargru") ? 6 : 4;
  if (model == QLatin1String("chargru")) {
    c.hiddenDim = 32;
    c.embedDim = 64;
    c.attentionHidden = 32;
    c.cycleEpochs = 3;
    c.lrMax = 1e-2;
  }
  if (model == QLatin1String("hmlstm") || model == QLatin1String("concepts")) {
    c.hiddenDim = c.embedDim = 32;
    c.wordDim = 16;
    c.rootEpochs = 2;
  }
  return c;
}

// The score of one caption for one image through the run's ordinary inference path.
double ordinaryScore(const TrainedModel &model, const TrainingData &data, int image, const QString &raw) {
  TrainingCaption caption;
  caption.raw = raw;
  caption.tokens = raw.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  const std::vector<float> row(data.imageFeatures.begin() + std::ptrdiff_t(image) * data.featureDim,
                               data.imageFeatures.begin() + std::ptrdiff_t(image + 1) * data.featureDim);
  return model.score(model.embedImages(row, 1), 1, model.embedCaptions({caption}), 1).front();
}

int testImage(const TrainingData &data) { return data.imagesIn(Split::Test).front(); }

}  // namespace

class TestAttribution : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;
  std::shared_ptr<const TrainingData> m_data;

  QString run(const QString &model, const TrainingData *data = nullptr, const QString &name = {}) {
    const QString dir = m_dir.filePath(name.isEmpty() ? model : name);
    if (!QFile::exists(QDir(dir).filePath(QStringLiteral("result.json")))) train(data ? *data : *m_data, quickConfig(model), dir);
    return dir;
  }

private Q_SLOTS:
  void initTestCase() {
    test::fixModelTestThreads();
    m_data = std::make_shared<const TrainingData>(test::syntheticTrainingData(6));
  }

  void methodNamesRoundTrip() {
    for (const QString &name : attributionMethodNames()) QCOMPARE(enumName(*attributionMethodNamed(name)), name);
    QVERIFY(!attributionMethodNamed(QStringLiteral("saliency")));
  }

  void occlusionEqualsEncodingTheEditedSentence_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("occlusion");
    QTest::newRow("bow remove") << "bow" << int(OcclusionKind::Remove);
    QTest::newRow("lstm remove") << "lstm" << int(OcclusionKind::Remove);
    QTest::newRow("chargru remove") << "chargru" << int(OcclusionKind::Remove);
    QTest::newRow("dtrnn remove subtree") << "dtrnn" << int(OcclusionKind::Remove);
    QTest::newRow("ctrnn remove subtree") << "ctrnn" << int(OcclusionKind::Remove);
    QTest::newRow("dtrnn unknown word") << "dtrnn" << int(OcclusionKind::Unknown);
  }
  void occlusionEqualsEncodingTheEditedSentence() {
    QFETCH(QString, model);
    QFETCH(int, occlusion);
    const QString dir = run(model);
    const ScoreExplainer explainer(dir, m_data);
    const TrainedModel opened = TrainedModel::open(dir);
    const int image = testImage(*m_data);
    const QString caption = QStringLiteral("there is a red circle here");
    const SentenceAttribution a = explainer.explainSentence(image, caption, AttributionMethod::Occlusion, OcclusionKind(occlusion));
    QVERIFY(!a.parts.empty());
    QCOMPARE(a.candidates, int(m_data->imagesIn(Split::Test).size()));
    QVERIFY(a.rank >= 1 && a.rank <= a.candidates);
    QVERIFY(std::abs(a.score - ordinaryScore(opened, *m_data, image, caption)) < 1e-4);
    int checked = 0;
    for (const AttributedPart &part : a.parts) {
      if (part.occludedRank == 0) continue; // nothing would remain (a tree's root)
      QVERIFY(std::abs(part.contribution - (a.score - part.occludedScore)) < 1e-9);
      if (OcclusionKind(occlusion) == OcclusionKind::Remove) {
        const double again = ordinaryScore(opened, *m_data, image, part.occludedCaption);
        QVERIFY2(std::abs(again - part.occludedScore) < 1e-4 * std::max(1.0, std::abs(again)),
                 qPrintable(QStringLiteral("%1: %2 vs %3").arg(part.occludedCaption).arg(again).arg(part.occludedScore)));
      } else {
        QVERIFY(part.occludedCaption.contains(QStringLiteral("<unk>")));
      }
      ++checked;
    }
    QVERIFY(checked >= 3);
  }

  // Bag of words: y = mean of the word vectors, s = v · y: linear in every word vector, so the
  // gradient × input contributions add up to s − s(0), and s(0) = 0 without a projection bias.
  void bagOfWordsGradientTimesInputSumsToTheScore() {
    const QString dir = run(QStringLiteral("bow"));
    const ScoreExplainer explainer(dir, m_data);
    const SentenceAttribution a =
        explainer.explainSentence(testImage(*m_data), QStringLiteral("the picture shows one red star"), AttributionMethod::Gradient);
    QCOMPARE(int(a.parts.size()), 6);
    QVERIFY(std::abs(a.sum() - (a.score - a.baselineScore)) < 1e-4 * std::max(1.0, std::abs(a.score)));
    QVERIFY(std::abs(a.baselineScore) < 1e-6);
    QVERIFY(std::abs(a.sum() - a.score) < 1e-4 * std::max(1.0, std::abs(a.score)));
  }

  void integratedGradientsAreComplete_data() {
    QTest::addColumn<QString>("model");
    for (const char *m : {"lstm", "chargru", "dtrnn", "sdtrnn", "dtlstm"}) QTest::newRow(m) << QString::fromLatin1(m);
  }
  void integratedGradientsAreComplete() {
    QFETCH(QString, model);
    const ScoreExplainer explainer(run(model), m_data);
    const SentenceAttribution a =
        explainer.explainSentence(testImage(*m_data), QStringLiteral("there is a blue ring here"), AttributionMethod::IntegratedGradients);
    QVERIFY2(a.completenessGap <= 0.01, qPrintable(QStringLiteral("gap %1 after %2 steps").arg(a.completenessGap).arg(a.steps)));
    QVERIFY(std::abs(a.sum() - (a.score - a.baselineScore)) <= 0.0101 * std::abs(a.score - a.baselineScore) + 1e-6);
    if (model == QLatin1String("chargru")) QCOMPARE(int(a.parts.size()), QStringLiteral("there is a blue ring here").size());
  }

  // Every node of a tree gets a contribution; a node's subtree value is its own plus its children's.
  void treeNodesCarryTheirSubtrees() {
    const ScoreExplainer explainer(run(QStringLiteral("dtrnn")), m_data);
    QCOMPARE(explainer.unitKind(), SentenceUnitKind::TreeNode);
    const SentenceAttribution a =
        explainer.explainSentence(testImage(*m_data), QStringLiteral("a green square"), AttributionMethod::Gradient);
    QCOMPARE(int(a.parts.size()), 3);
    QVERIFY(a.root >= 0);
    QCOMPARE(a.parts[std::size_t(a.root)].parent, -1);
    double words = 0;
    for (const AttributedPart &part : a.parts) {
      QVERIFY(!part.word.isEmpty());
      QCOMPARE(a.tokens.at(part.token), part.word);
      double below = part.contribution;
      for (int c : part.children) below += a.parts[std::size_t(c)].subtree;
      QVERIFY(std::abs(below - part.subtree) < 1e-9);
      words += part.contribution;
    }
    QVERIFY(std::abs(words - a.parts[std::size_t(a.root)].subtree) < 1e-9);
  }

  void scoreAndRankAgreeWithTheRun() {
    const QString dir = run(QStringLiteral("bow"));
    const ScoreExplainer explainer(dir, m_data);
    const int image = testImage(*m_data);
    const CaptionScore s = explainer.scoreCaption(image, QStringLiteral("a red circle"), 3);
    QCOMPARE(int(s.top.size()), 3);
    QVERIFY(s.top[0].score >= s.top[1].score && s.top[1].score >= s.top[2].score);
    const TrainedModel opened = TrainedModel::open(dir);
    int above = 0;
    for (int other : m_data->imagesIn(Split::Test))
      if (other != image && ordinaryScore(opened, *m_data, other, QStringLiteral("a red circle")) > s.score) ++above;
    QCOMPARE(s.rank, above + 1);
    QVERIFY(s.readable);
    QVERIFY(!explainer.scoreCaption(image, QStringLiteral("zebra quokka")).readable);
  }

  void regionsAndConceptsAreOccluded() {
    const TrainingData regions = test::withSyntheticRegions(*m_data);
    const auto withRegions = std::make_shared<const TrainingData>(regions);
    const ScoreExplainer hm(run(QStringLiteral("hmlstm"), &regions), withRegions);
    QVERIFY(hm.hasImageParts());
    int image = -1;
    for (int i : withRegions->imagesIn(Split::Test))
      if (withRegions->regionCount(i) > 1) image = i;
    QVERIFY(image >= 0);
    const ImageAttribution r = hm.explainImageParts(image, QStringLiteral("a red circle"));
    QCOMPARE(r.kind, ImageAreaKind::Region);
    double shares = 0;
    for (const AttributedArea &area : r.areas) {
      QVERIFY(area.contribution >= -1e-9); // taking a region away can only lower a max
      shares += area.contribution;
    }
    QVERIFY(shares > 0);
    int without = -1;
    for (int i = 0; i < withRegions->imageCount(); ++i)
      if (withRegions->regionCount(i) < 2) without = i;
    QVERIFY(without >= 0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, hm.explainImageParts(without, QStringLiteral("a red circle")));

    const TrainingData concepts = test::withSyntheticConcepts(*m_data);
    const auto withConcepts = std::make_shared<const TrainingData>(concepts);
    const ScoreExplainer cn(run(QStringLiteral("concepts"), &concepts), withConcepts);
    const ImageAttribution c = cn.explainImageParts(testImage(concepts), QStringLiteral("a red circle"));
    QCOMPARE(c.kind, ImageAreaKind::Concept);
    QCOMPARE(int(c.areas.size()), concepts.conceptCount());
    for (std::size_t k = 1; k < c.areas.size(); ++k) QVERIFY(std::abs(c.areas[k - 1].contribution) >= std::abs(c.areas[k].contribution));
  }

  void badInputIsRefusedClearly() {
    const QString dir = run(QStringLiteral("dtrnn"));
    const ScoreExplainer explainer(dir, m_data);
    const int image = testImage(*m_data);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, explainer.explainSentence(image, QStringLiteral("   "), AttributionMethod::Occlusion));
    try {
      explainer.explainSentence(image, QStringLiteral("zebra quokka"), AttributionMethod::Gradient);
      QFAIL("unknown words were explained");
    } catch (const std::invalid_argument &error) {
      QVERIFY(QString::fromUtf8(error.what()).contains(QStringLiteral("vocabulary")));
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, explainer.explainSentence(-1, QStringLiteral("a red circle"), AttributionMethod::Occlusion));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, explainer.explainImageParts(image, QStringLiteral("a red circle")));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ScoreExplainer(run(QStringLiteral("cca")), m_data)
                                                        .explainSentence(image, QStringLiteral("a red circle"), AttributionMethod::Gradient));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, ScoreExplainer(m_dir.filePath(QStringLiteral("nothing")), m_data));
  }

  // Grid occlusion re-runs the run's backbone: a run whose network file has gone says which file.
  void gridOcclusionNamesAMissingNetwork() {
    const QString dir = run(QStringLiteral("bow"), nullptr, QStringLiteral("bow-network-gone"));
    QTemporaryDir scratch;
    const QString photo = scratch.filePath(QStringLiteral("photo.png"));
    cv::imwrite(photo.toStdString(), cv::Mat(48, 64, CV_8UC3, cv::Scalar(90, 120, 200)));
    TrainingData data = *m_data;
    data.imagePaths = QStringList();
    for (int i = 0; i < data.imageCount(); ++i) data.imagePaths << photo;
    TrainingSource source;
    source.datasetPath = scratch.path();
    source.backbone = QStringLiteral("onnx:") + scratch.filePath(QStringLiteral("gone.onnx"));
    QJsonObject runJson = readJsonObjectFile(QDir(dir).filePath(QStringLiteral("run.json")));
    const QJsonObject written = sourceToRunJson(source);
    for (auto it = written.begin(); it != written.end(); ++it) runJson.insert(it.key(), it.value());
    writeFileAtomically(QDir(dir).filePath(QStringLiteral("run.json")), QJsonDocument(runJson).toJson());
    const ScoreExplainer explainer(dir, std::make_shared<const TrainingData>(data));
    Dataset dataset;
    try {
      explainer.explainGrid(testImage(data), QStringLiteral("a red circle"), dataset, 3, 3);
      QFAIL("a missing network was run");
    } catch (const std::exception &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("gone.onnx")), error.what());
    }
  }
};

QTEST_GUILESS_MAIN(TestAttribution)
#include "tst_attribution.moc"
