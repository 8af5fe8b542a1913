// The concepts model (Huang et al. 2018) on the Scenes demo (the shared 500-image fixture: 400/50/50
// images; the global context from the concept CNN's penultimate layer over 10 crops; the concept
// CNN's scores over each image and its 19 proposals, max-pooled). What the paper's conclusions 6–7
// claim and the demo can show, asserted for two seeds: the concepts and the context fused by the
// gate of Eq. 2 ("cnp + ctx") retrieve better (mR, the mean of the six recalls) than the context
// alone ("ctx") and than the concepts alone ("cnp").
//
// Measured here (one thread, pinned kernels), mR cnp + ctx / ctx / cnp: seed 1 79.7 / 78.3 / 76.5,
// seed 2 78.5 / 77.8 / 75.8. The margin over the context is small and the demo explains why: its
// context comes from the same concept CNN that scores the concepts, so the two share most of what
// they know (the paper's context is an ImageNet VGGNet's). On the 1,000-image demo at H = 256 the
// fused model ties the context (85.4 vs 85.6, `compare --ablation concepts`; README). Generation,
// gate vs sum and 1 vs 10 crops are reported there, not asserted.
//
// The rows differ only in `image`; no generation, sizes cut so the test stays near two minutes.

#include "modeltestthreads.h"
#include "scenesfixture.h"
#include "inference/conceptinspection.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace gs;

namespace {

constexpr int kEpochs = 8;

struct Row {
  const char *name;
  ImageInputKind input;
};
const Row kContext{"ctx", ImageInputKind::Context};
const Row kConcepts{"cnp", ImageInputKind::Concepts};
const Row kFused{"cnp + ctx", ImageInputKind::Both};

TrainConfig ablationRow(const Row &row, quint64 seed) {
  TrainConfig c = TrainConfig::defaultsFor(ModelKind::Concepts);
  c.imageInput = row.input;
  c.generationWeight = 0;
  c.crops = 10;
  c.wordDim = 64;
  c.hiddenDim = c.embedDim = 128; // the paper's 1024 is for Flickr30k; the demo's captions are short
  c.learningRate = 2e-3;
  c.epochs = kEpochs;
  c.seed = seed;
  return c;
}

double meanRecall(const TrainResult &r) { return r.test.rsum / 6; }

}  // namespace

class TestConceptsTraining : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  TrainingData m_data;
  std::map<QString, TrainResult> m_runs;

  double trainOnce(const Row &row, quint64 seed) {
    const QString name = QStringLiteral("%1 seed %2").arg(QLatin1String(row.name)).arg(seed);
    auto it = m_runs.find(name);
    if (it == m_runs.end()) {
      const QString folder = m_dir.filePath(QString::number(m_runs.size()));
      it = m_runs.emplace(name, train(m_data, ablationRow(row, seed), folder)).first;
      const TrainResult &r = it->second;
      qInfo("%s: mR %.1f (R@1 %.1f/%.1f, R@10 %.1f/%.1f), twin accuracy %.1f", qPrintable(name), meanRecall(r),
            r.test.imageToText.r1, r.test.textToImage.r1, r.test.imageToText.r10, r.test.textToImage.r10, r.twinAccuracy);
    }
    return meanRecall(it->second);
  }

private Q_SLOTS:
  void initTestCase() {
    test::fixModelTestThreads();
    QVERIFY(m_dir.isValid());
    m_data = prepareTrainingData(test::scenesWithConcepts(m_dir.path(), true));
    const TrainingData &data = m_data;
    QVERIFY(data.hasConcepts());
    // K shrinks to the concepts the demo's captions have (colours, shapes, sizes, relations …).
    QVERIFY(data.conceptCount() >= 10 && data.conceptCount() < 256);
    QCOMPARE(data.featureDim, data.contextDim + data.conceptCount());
    QCOMPARE(int(data.conceptRegion.size()), data.imageCount() * data.conceptCount());
    QCOMPARE(int(data.conceptBoxOffsets.size()), data.imageCount() + 1);
    int fromARegion = 0;
    for (int i = 0; i < data.imageCount(); ++i) {
      double norm = 0;
      for (int d = 0; d < data.contextDim; ++d) norm += std::pow(data.imageFeatures[std::size_t(i) * data.featureDim + d], 2);
      QVERIFY(std::abs(norm - 1) < 1e-4); // §3.3.1: the normalised context vector
      for (int c = 0; c < data.conceptCount(); ++c) {
        const int region = data.conceptRegion[std::size_t(i) * data.conceptCount() + c];
        QVERIFY(region >= 0 && data.conceptBoxOffsets[std::size_t(i)] + region < data.conceptBoxOffsets[std::size_t(i) + 1]);
        fromARegion += region > 0;
        const float p = data.imageFeatures[std::size_t(i) * data.featureDim + data.contextDim + c];
        QVERIFY(p >= 0 && p <= 1);
      }
    }
    // Regions matter: many concepts score highest in a proposal rather than the whole image.
    QVERIFY(fromARegion > data.imageCount());
  }

  void fusedBeatsEitherAlone_data() {
    QTest::addColumn<quint64>("seed");
    QTest::newRow("seed 1") << quint64(1);
    QTest::newRow("seed 2") << quint64(2);
  }
  void fusedBeatsEitherAlone() {
    QFETCH(quint64, seed);
    const double fused = trainOnce(kFused, seed), context = trainOnce(kContext, seed), concepts = trainOnce(kConcepts, seed);
    const QString figures = QStringLiteral("mR cnp+ctx %1, ctx %2, cnp %3").arg(fused).arg(context).arg(concepts);
    QVERIFY2(fused > context, qPrintable(figures));
    QVERIFY2(fused > concepts, qPrintable(figures));
  }

  // The concept CNN the concepts model trains by default (content words without caption-style
  // ones, the focal loss, log-sum-exp over the regions) against the one above (every word, Eq. 1,
  // max pooling): on the validation images absent concepts score below 0.5 on average, present
  // ones well above them, and the expected calibration error falls.
  void calibratedConceptScores() {
    TrainingSource source = test::scenesWithConcepts(m_dir.path(), false);
    source.conceptFeaturesDir = m_dir.filePath(QStringLiteral("calibrated-concepts"));
    source.concepts = false; // as for a new run: its concept settings come from the configuration
    requestInputsOf(TrainConfig::defaultsFor(ModelKind::Concepts), source);
    QCOMPARE(source.conceptPooling, ConceptPooling::LogSumExp);
    const TrainingData calibrated = prepareTrainingData(source);
    const Calibration before = conceptCalibration(m_data, Split::Val), after = conceptCalibration(calibrated, Split::Val);
    const QString figures = QStringLiteral("mean score present / absent, ECE: before %1 / %2, %3; after %4 / %5, %6")
                                .arg(before.meanPresent).arg(before.meanAbsent).arg(before.ece)
                                .arg(after.meanPresent).arg(after.meanAbsent).arg(after.ece);
    qInfo("%s", qPrintable(figures));
    QVERIFY2(after.meanAbsent < 0.5, qPrintable(figures));
    QVERIFY2(after.meanPresent > after.meanAbsent + 0.15, qPrintable(figures));
    QVERIFY2(after.ece < before.ece, qPrintable(figures));
    QVERIFY(!calibrated.conceptNames.contains(QStringLiteral("picture"))); // a caption-style word
  }

  // Usage errors name the setting: λ < 0, r < 1, K < 1, crops other than 1, 5 or 10.
  void badSettingsAreRefused() {
    for (const auto &[key, value] : std::vector<std::pair<QString, QJsonValue>>{{QStringLiteral("generation_weight"), -1.0},
                                                                                {QStringLiteral("concept_regions"), 0},
                                                                                {QStringLiteral("concepts"), 0},
                                                                                {QStringLiteral("crops"), 3}}) {
      try {
        TrainConfig::fromJson({{QStringLiteral("model"), QStringLiteral("concepts")}, {key, value}}, QStringLiteral("c.json"));
        QFAIL(qPrintable(key));
      } catch (const std::invalid_argument &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(key), e.what());
      }
    }
  }
};

QTEST_GUILESS_MAIN(TestConceptsTraining)
#include "tst_conceptstraining.moc"
