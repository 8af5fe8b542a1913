// Contrast sets scored by trained runs on small Scenes demos: the counts add up, every accuracy
// sits in [0, 1] inside its bootstrap interval, a bag of words ties on every shuffled and swapped
// caption (the same bag of words, the same vector: accuracy exactly 0.5), and on the demo's
// order-sensitive captions a tree model's swap accuracy moves the same way as its twin accuracy.

#include "data/scenes/scenelayoutfeatures.h"
#include "data/scenes/scenesdemo.h"
#include "demofeatures.h"
#include "modeltestthreads.h"
#include "inference/contrastsets.h"
#include "inference/trainedmodel.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {

constexpr int kImages = 40;

TrainConfig configOf(const QString &model, int epochs, const QString &preset = {}) {
  QJsonObject json;
  if (!preset.isEmpty()) {
    QFile file(preset);
    if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(preset));
    json = QJsonDocument::fromJson(file.readAll()).object();
  }
  json.insert(QStringLiteral("model"), model);
  json.insert(QStringLiteral("epochs"), epochs);
  json.insert(QStringLiteral("seed"), QStringLiteral("1"));
  return TrainConfig::fromJson(json, preset);
}

void checkScore(const ContrastScore &score, int asked) {
  const QString name = enumName(score.kind);
  QCOMPARE(score.asked, asked);
  QCOMPARE(score.refused + score.pairCount(), asked);
  QCOMPARE(int(score.pairs.size()), score.pairCount());
  if (score.pairCount() == 0) {
    QCOMPARE(score.accuracy, -1.0);
    return;
  }
  QVERIFY2(score.accuracy >= 0 && score.accuracy <= 1, qPrintable(name));
  QVERIFY2(score.low <= score.accuracy && score.accuracy <= score.high, qPrintable(name));
  QVERIFY2(score.low >= 0 && score.high <= 1, qPrintable(name));
  QCOMPARE(score.accuracy, (score.wins + 0.5 * score.ties) / score.pairCount());
}

}  // namespace

class TestContrastSets : public QObject {
  Q_OBJECT
  QTemporaryDir m_dir;

private Q_SLOTS:
  void initTestCase() { test::fixModelTestThreads(); }

  void bagOfWordsTiesOnShuffleAndSwap() {
    TrainingSource source;
    source.datasetPath = m_dir.filePath(QStringLiteral("scenes"));
    ScenesOptions scenes;
    scenes.images = kImages;
    scenes.imageSize = 64;
    makeScenesDemo(source.datasetPath, scenes);
    source.backbone = QStringLiteral("npy:") + test::writeDemoFeatures(m_dir, kImages);
    const TrainingData data = prepareTrainingData(source);
    const QString runDir = m_dir.filePath(QStringLiteral("bow"));
    train(data, configOf(QStringLiteral("bow"), 2), runDir);
    const TrainedModel model = TrainedModel::open(runDir);

    ContrastOptions options;
    const ContrastResult result = evaluateContrast(model, data, options);
    const int captions = int(data.captionsIn(Split::Test).size());
    QCOMPARE(result.captions, captions);
    QCOMPARE(result.scores.size(), std::size_t(4));
    for (const ContrastScore &score : result.scores) {
      checkScore(score, captions);
      qInfo("%s: %d pairs, %d refused, accuracy %.3f [%.3f, %.3f], %d ties", qPrintable(enumName(score.kind)), score.pairCount(),
            score.refused, score.accuracy, score.low, score.high, score.ties);
    }
    // A mean of word vectors cannot tell a permutation of the words: every pair a tie, exactly 0.5.
    for (ContrastKind kind : {ContrastKind::Shuffle, ContrastKind::Swap}) {
      const ContrastScore &score = *result.find(kind);
      QVERIFY(score.pairCount() > 0);
      QCOMPARE(score.ties, score.pairCount());
      QCOMPARE(score.accuracy, 0.5);
      QCOMPARE(score.low, 0.5);
      QCOMPARE(score.high, 0.5);
    }
    QVERIFY(result.find(ContrastKind::Drop)->pairCount() > 0);
    QVERIFY(result.find(ContrastKind::Replace)->pairCount() > 0);

    // A seeded sample, the same each time; the export has one line per pair.
    options.kinds = {ContrastKind::Replace, ContrastKind::Drop};
    options.maxExamples = 7;
    const ContrastResult sampled = evaluateContrast(model, data, options);
    QCOMPARE(sampled.captions, 7);
    QCOMPARE(sampled.scores.front().kind, ContrastKind::Replace);
    const ContrastResult again = evaluateContrast(model, data, options);
    QCOMPARE(contrastPairsJson(again), contrastPairsJson(sampled));
    const int pairs = sampled.scores[0].pairCount() + sampled.scores[1].pairCount();
    QCOMPARE(contrastPairsJson(sampled).size(), pairs);
    QCOMPARE(contrastPairsCsv(sampled).count('\n'), pairs + 1);
    QCOMPARE(sampled.toJson().size(), 2);
    QCOMPARE(sampled.toJson().at(0).toObject().value(QStringLiteral("generator")).toString(), QStringLiteral("replace"));

    options.kinds = {};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, evaluateContrast(model, data, options));
    options.kinds = {ContrastKind::Drop, ContrastKind::Drop};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, evaluateContrast(model, data, options));
  }

  // The demo with ground-truth layout features and the twin configuration (as tst_treetraining's
  // word-order test, on 800 images for 30 epochs): on the order-sensitive test captions the bag of
  // words is at 50 % on both measures, and a DT-RNN's swap accuracy is on the same side of 50 % as
  // its twin accuracy — one scores the caption against its role-swapped edit, the other the image
  // against its twin, and on role twins the edit is the twin's caption. Measured (seed 1, one
  // thread): twin accuracy 54.4 % on 160 captions, swap accuracy 0.570 on 135 pairs.
  void swapAgreesWithTwinAccuracyInDirection() {
    const QString folder = m_dir.filePath(QStringLiteral("scenes-layout"));
    ScenesOptions scenes;
    scenes.images = 800;
    scenes.imageSize = 64;
    makeScenesDemo(folder, scenes);
    TrainingSource source{folder, writeSceneLayoutFeatures(sceneLayoutFeatures(folder), m_dir.filePath(QStringLiteral("layout.npy")))};
    source.parses = true;
    const TrainingData data = prepareTrainingData(source);
    const QString preset = QStringLiteral(GS_TEST_DATA "/../../docs/configs/scenes-twins.json");
    std::map<QString, std::pair<double, double>> measured; // model → (twin %, swap accuracy on order-sensitive captions)
    for (const QString &name : {QStringLiteral("bow"), QStringLiteral("dtrnn")}) {
      const QString runDir = m_dir.filePath(QStringLiteral("layout-") + name);
      const TrainResult trained = train(data, configOf(name, 30, preset), runDir);
      ContrastOptions options;
      options.kinds = {ContrastKind::Swap};
      ContrastResult result = evaluateContrast(TrainedModel::open(runDir), data, options);
      ContrastScore sensitive = result.scores.front();
      sensitive.pairs.clear();
      for (const ContrastPair &pair : result.scores.front().pairs)
        if (data.captions[std::size_t(pair.caption)].orderSensitive) sensitive.pairs.push_back(pair);
      scoreContrast(sensitive, 1000, 1);
      qInfo("%s: twin accuracy %.1f %% (%d captions); swap accuracy %.3f [%.3f, %.3f] on %d order-sensitive pairs, %.3f on all %d",
            qPrintable(name), trained.twinAccuracy, trained.twinCaptions, sensitive.accuracy, sensitive.low, sensitive.high,
            sensitive.pairCount(), result.scores.front().accuracy, result.scores.front().pairCount());
      QVERIFY(sensitive.pairCount() >= 10);
      measured[name] = {trained.twinAccuracy, sensitive.accuracy};
    }
    QCOMPARE(measured[QStringLiteral("bow")].first, 50.0);
    QCOMPARE(measured[QStringLiteral("bow")].second, 0.5);
    const auto [twin, swap] = measured[QStringLiteral("dtrnn")];
    QVERIFY2((twin - 50.0) * (swap - 0.5) > 0, qPrintable(QStringLiteral("twin %1 %, swap %2").arg(twin).arg(swap)));
  }
};

QTEST_GUILESS_MAIN(TestContrastSets)
#include "tst_contrastsets.moc"
