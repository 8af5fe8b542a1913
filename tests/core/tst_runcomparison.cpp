// A comparison on a tiny Scenes demo with a precomputed feature file: each row's configuration is
// its preset under the shared settings, rows train into folders named for them, and a row whose
// inputs cannot be had fails alone while the others train.

#include "data/scenes/scenesdemo.h"
#include "engine/engine.h"
#include "engine/jobcontext.h"
#include "modeltestthreads.h"
#include "testprinters.h"
#include "training/compare/runcomparison.h"
#include "training/modelregistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {

constexpr int kImages = 30;
constexpr int kDim = 8; // feature dimensions

// The demo's images with fixed 8-d features, as an npy backbone (one row per image id), so
// nothing is extracted. Returns the backbone spec.
QString writeFeatures(const QTemporaryDir &dir) {
  QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(kImages) + ", " +
                      QByteArray::number(kDim) + "), }";
  while ((10 + header.size() + 1) % 64) header += ' ';
  header += '\n';
  QByteArray npy("\x93NUMPY\x01\x00", 8);
  const quint16 length = quint16(header.size());
  npy.append(char(length & 0xff)).append(char(length >> 8)).append(header);
  QByteArray ids;
  for (int i = 0; i < kImages; ++i) {
    for (int k = 0; k < kDim; ++k) {
      const float value = float((i * 7 + k * 13) % 17) / 17.0f;
      npy.append(reinterpret_cast<const char *>(&value), sizeof value);
    }
    ids += QStringLiteral("scene_%1\n").arg(i, 5, 10, QLatin1Char('0')).toUtf8();
  }
  QFile npyFile(dir.filePath(QStringLiteral("features.npy")));
  QFile idsFile(dir.filePath(QStringLiteral("features.ids.txt")));
  if (!npyFile.open(QIODevice::WriteOnly) || !idsFile.open(QIODevice::WriteOnly)) qFatal("cannot write features");
  npyFile.write(npy);
  idsFile.write(ids);
  return QStringLiteral("npy:") + npyFile.fileName();
}

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
