// A comparison on a tiny Scenes demo with a precomputed feature file: each row's configuration is
// its preset under the shared settings, rows train into folders named for them, and a row whose
// inputs cannot be had fails alone while the others train.

#include "data/scenes/scenesdemo.h"
#include "demofeatures.h"
#include "engine/engine.h"
#include "engine/jobcontext.h"
#include "modeltestthreads.h"
#include "testprinters.h"
#include "experiments/runcomparison.h"
#include "training/modelregistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {

constexpr int kImages = 30;
// The demo's images with fixed features, as an npy backbone, so nothing is extracted.
QString writeFeatures(const QTemporaryDir &dir) { return QStringLiteral("npy:") + test::writeDemoFeatures(dir, kImages); }

ComparisonRow rowOf(const QString &model) { return modelRow(modelNamed(model)); }

}  // namespace

class TestRunComparison : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() { test::fixModelTestThreads(); }

  // Preset, then shared settings, then the request's model, epochs and seed; names as tables show them.
  void configsLayerTheSettings() {
    const ModelEntry &bow = modelNamed(QStringLiteral("bow"));
    const ModelPreset *socher = findPreset(bow, QStringLiteral("socher2014"));
    QVERIFY(socher);
    ComparisonRequest request;
    request.rows = {modelRow(bow, socher), modelRow(bow)};
    request.shared = {{QStringLiteral("batch_size"), 16}, {QStringLiteral("model"), QStringLiteral("cca")}};
    request.epochs = 3;
    request.seed = 18446744073709551557ull; // beyond a double's exact integers
    QCOMPARE(request.rows[0].name, QStringLiteral("bow-socher2014"));
    QCOMPARE(request.rows[0].label, QStringLiteral("bow"));
    QCOMPARE(request.rows[1].name, QStringLiteral("bow"));
    const std::vector<TrainConfig> configs = comparisonConfigs(request);
    QCOMPARE(configs.size(), std::size_t(2));
    QCOMPARE(configs[0].modelName(), QStringLiteral("bow"));
    QCOMPARE(configs[0].margin, 3.0);
    QCOMPARE(configs[1].margin, TrainConfig::defaultsFor(QStringLiteral("bow")).margin);
    for (const TrainConfig &config : configs) {
      QCOMPARE(config.batchSize, 16);
      QCOMPARE(config.epochs, 3);
      QCOMPARE(config.seed, request.seed);
    }
    request.shared = {{QStringLiteral("selection"), QStringLiteral("best")}};
    request.sharedSource = QStringLiteral("shared.json");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, comparisonConfigs(request));
  }

  void ablationRowsCarryThePapersLabels() {
    const ModelEntry &concepts = modelNamed(QStringLiteral("concepts"));
    QVERIFY(!concepts.presets.empty());
    const ComparisonRow row = ablationRow(concepts, concepts.presets.front());
    QCOMPARE(row.name, QStringLiteral("concepts-") + concepts.presets.front().name);
    QCOMPARE(row.label, concepts.presets.front().label);
    QCOMPARE(row.preset, concepts.presets.front().settings);
  }

  // The HM-LSTM needs regions, which an npy backbone cannot give: its row fails with the reason,
  // and the rows before and after it still train into their own folders.
  void aFailingRowLosesOnlyItself() {
    QTemporaryDir dir;
    ScenesOptions scenes;
    scenes.images = kImages;
    scenes.imageSize = 64;
    ComparisonRequest request;
    request.source.datasetPath = dir.filePath(QStringLiteral("scenes"));
    makeScenesDemo(request.source.datasetPath, scenes);
    request.source.backbone = writeFeatures(dir);
    request.rows = {rowOf(QStringLiteral("bow")), rowOf(QStringLiteral("hmlstm")), rowOf(QStringLiteral("cca"))};
    request.epochs = 1;
    request.outputRoot = dir.filePath(QStringLiteral("runs"));

    Engine engine;
    std::vector<ComparisonResult> results;
    const JobId id = engine.submit(QStringLiteral("Compare"), [&](JobContext &job) { results = runComparison(request, job); });
    const std::optional<JobOutcome> outcome = engine.wait(id);
    QVERIFY(outcome);
    QVERIFY2(outcome->status == JobStatus::Succeeded, qPrintable(outcome->error));
    QCOMPARE(results.size(), std::size_t(3));
    QCOMPARE(results[0].row.name, QStringLiteral("bow"));
    QCOMPARE(results[0].runDir, QDir(request.outputRoot).filePath(QStringLiteral("bow-e1-s1")));
    QVERIFY2(results[0].failure.isEmpty(), qPrintable(results[0].failure));
    QCOMPARE(results[0].result.epochsRun, 1);
    QCOMPARE(results[0].result.test.images, kImages / 10);
    QVERIFY(results[0].seconds > 0);
    QVERIFY(QFileInfo::exists(QDir(results[0].runDir).filePath(QStringLiteral("result.json"))));
    QVERIFY2(results[1].failure.contains(QStringLiteral("--regions")), qPrintable(results[1].failure));
    QVERIFY(!QFileInfo::exists(results[1].runDir));
    QVERIFY2(results[2].failure.isEmpty(), qPrintable(results[2].failure));
    QVERIFY(QFileInfo::exists(QDir(results[2].runDir).filePath(QStringLiteral("result.json"))));
    for (const ComparisonResult &row : results) QVERIFY(row.similarity.empty());
  }
};

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
