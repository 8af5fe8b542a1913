// The TorchScript export: for every model, trees and snapshot ensembles included, the
// exported sentence and image encoders — reloaded from the export folder alone — reproduce the run's
// own embeddings to 1e-5; the recorded examples are the run's embeddings; a malformed input or a
// damaged file fails with a message that names it.

#include "modeltestthreads.h"
#include "synthetictraining.h"
#include "inference/trainedmodel.h"
#include "training/trainer.h"
#include "inference/export/torchscriptexport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {

constexpr double kTolerance = 1e-5;

QJsonObject readObject(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).object();
}

void writeObject(const QString &path, const QJsonObject &object) {
  QFile file(path);
  QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(QJsonDocument(object).toJson());
}

// A quickly trained run of `spec` ("model" or "model/variant") on the synthetic set.
struct TrainedRun {
  TrainingData data;
  QString dir;
};

TrainConfig configFor(const QString &spec) {
  const QStringList parts = spec.split(QLatin1Char('/'));
  TrainConfig c = TrainConfig::defaultsFor(parts[0]);
  c.seed = 5;
  c.epochs = 2;
  c.hiddenDim = std::min(c.hiddenDim, 24);
  c.embedDim = std::min(c.embedDim, 24);
  c.wordDim = std::min(c.wordDim, 24);
  c.attentionHidden = std::min(c.attentionHidden, 16);
  if (parts[0].startsWith(QLatin1String("char"))) c.embedDim = 2 * c.hiddenDim; // bidirectional
  c.ensembleSnapshots = 0;
  const QString variant = parts.value(1);
  if (variant == QLatin1String("ensemble"))
    c.schedule = ScheduleKind::Cyclic, c.epochs = 4, c.cycleEpochs = 2, c.ensembleSnapshots = 2;
  if (variant == QLatin1String("max")) c.pooling = PoolingKind::Max;
  if (variant == QLatin1String("twin")) c.imageSide = ImageSideKind::Twin;
  if (variant == QLatin1String("hmlstm-side")) c.imageSide = ImageSideKind::HmLstm, c.similarity = SimilarityKind::Cosine;
  if (variant == QLatin1String("sum")) c.fusion = ConceptFusionKind::Sum;
  if (variant == QLatin1String("squared")) c.loss = LossKind::Squared;
  return c;
}

}  // namespace

class TestTorchScriptExport : public QObject {
  Q_OBJECT

private slots:
  void initTestCase() { test::fixModelTestThreads(); }

  void reproducesTheRunsEmbeddings_data() {
    QTest::addColumn<QString>("spec");
    for (const QString &m : TrainConfig::models()) QTest::newRow(qPrintable(m)) << m;
    for (const char *variant : {"chargru/ensemble", "dtrnn/ensemble", "chargru/max", "lstm/twin", "bow/hmlstm-side",
                                "concepts/sum", "bow/squared"})
      QTest::newRow(variant) << QString::fromLatin1(variant);
  }
  void reproducesTheRunsEmbeddings() {
    QFETCH(QString, spec);
    try {
      reproduce(spec);
    } catch (const std::exception &error) {
      QFAIL(error.what());
    }
  }

private:
  void reproduce(const QString &spec) {
    const TrainConfig config = configFor(spec);
    const TrainingData plain = test::syntheticTrainingData(4);
    const TrainingData data = config.needsRegions()    ? test::withSyntheticRegions(plain)
                              : config.readsConcepts() ? test::withSyntheticConcepts(plain)
                                                       : plain;
    QTemporaryDir run, out;
    train(data, config, run.path());

    std::vector<TrainingCaption> captions;
    for (int c : data.captionsIn(Split::Test)) captions.push_back(data.captions[std::size_t(c)]);
    std::vector<float> features;
    const std::vector<int> images = data.imagesIn(Split::Test);
    for (int i : images)
      features.insert(features.end(), data.imageFeatures.begin() + std::ptrdiff_t(i) * data.featureDim,
                      data.imageFeatures.begin() + std::ptrdiff_t(i + 1) * data.featureDim);
    const TorchScriptExport exported = exportTorchScript(run.path(), out.path(), captions, features, int(images.size()));
    QCOMPARE(exported.exampleCaptions, int(captions.size()));
    QCOMPARE(exported.exampleImages, int(images.size()));
    QCOMPARE(exported.members, config.ensembleSnapshots == 2 ? 2 : 1);

    // The recorded embeddings are the run's own (TrainedModel is what eval, embed and the GUI use).
    const TrainedModel model = TrainedModel::open(run.path());
    const std::vector<float> y = model.embedCaptions(captions);
    const QJsonObject examples = readObject(QDir(out.path()).filePath(QStringLiteral("examples.json")));
    const QJsonArray recorded = examples.value(QStringLiteral("captions")).toArray();
    QCOMPARE(recorded.size(), qsizetype(captions.size()));
    for (int k = 0; k < recorded.size(); ++k) {
      const QJsonArray row = recorded[k].toObject().value(QStringLiteral("embedding")).toArray();
      QCOMPARE(row.size(), model.dim());
      for (int j = 0; j < model.dim(); ++j) QCOMPARE(float(row[j].toDouble()), y[std::size_t(k) * model.dim() + j]);
    }

    // Tree models' examples are real parses, not the flat fallback: some node's parent is not the root.
    if (exported.input == QLatin1String("tree")) {
      bool nested = false;
      for (const QJsonValue &c : recorded) {
        const QJsonArray parents = c.toObject().value(QStringLiteral("input")).toObject().value(QStringLiteral("parents")).toArray();
        QSet<int> heads;
        for (const QJsonValue &p : parents)
          if (p.toInt() >= 0) heads.insert(p.toInt());
        nested = nested || heads.size() > 1;
      }
      QVERIFY2(nested, "every example tree is flat");
    }

    const TorchScriptCheck check = checkTorchScriptExport(out.path());
    qInfo("%s: %d captions max |Δ| %.2g, %d images max |Δ| %.2g", qPrintable(spec), check.captions, check.captionError,
          check.images, check.imageError);
    QCOMPARE(check.captions, int(captions.size()));
    QCOMPARE(check.images, int(images.size()));
    QVERIFY2(check.captionError <= kTolerance, qPrintable(QString::number(check.captionError)));
    QVERIFY2(check.imageError <= kTolerance, qPrintable(QString::number(check.imageError)));
  }

private slots:
  // What the folder says about itself: the manifest, the vocabulary's line = id rule, the README.
  void describesItsInputs() {
    const TrainingData data = test::syntheticTrainingData(4);
    QTemporaryDir run, out;
    train(data, configFor(QStringLiteral("sdtrnn")), run.path());
    const TorchScriptExport exported = exportTorchScript(run.path(), out.path());
    const QDir dir(out.path());
    const QJsonObject manifest = readObject(dir.filePath(QStringLiteral("encoders.json")));
    QCOMPARE(manifest.value(QStringLiteral("model")).toString(), QStringLiteral("sdtrnn"));
    QCOMPARE(manifest.value(QStringLiteral("input")).toString(), QStringLiteral("tree"));
    QCOMPARE(manifest.value(QStringLiteral("relations")).toString(), QStringLiteral("relations.txt"));
    QCOMPARE(manifest.value(QStringLiteral("score")).toString(), exported.score);
    QVERIFY(manifest.value(QStringLiteral("examples")).isNull()); // none given
    QFile vocabulary(dir.filePath(QStringLiteral("vocabulary.txt")));
    QVERIFY(vocabulary.open(QIODevice::ReadOnly));
    QCOMPARE(vocabulary.readLine().trimmed(), QByteArray("<pad>"));
    QCOMPARE(vocabulary.readLine().trimmed(), QByteArray("<unk>"));
    QFile relations(dir.filePath(QStringLiteral("relations.txt")));
    QVERIFY(relations.open(QIODevice::ReadOnly));
    QCOMPARE(relations.readLine().trimmed(), QByteArray("<rare>"));
    QFile readme(dir.filePath(QStringLiteral("README.md")));
    QVERIFY(readme.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(readme.readAll());
    QVERIFY(text.contains(QStringLiteral("torch.jit.load")));
    QVERIFY(text.contains(QStringLiteral("relations.txt")));
    QVERIFY(text.contains(QStringLiteral("sentence(words, parents, positions, labels)")));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, checkTorchScriptExport(out.path())); // no examples to check
  }

  // Bad input to the modules, or a damaged export, fails with a message naming what is wrong.
  void failuresNameTheirCause() {
    TrainingData data = test::syntheticTrainingData(4);
    QTemporaryDir run, out;
    train(data, configFor(QStringLiteral("dtlstm")), run.path());
    std::vector<TrainingCaption> captions{data.captions[0], data.captions[1]};
    exportTorchScript(run.path(), out.path(), captions);
    const QDir dir(out.path());
    const QString examplesPath = dir.filePath(QStringLiteral("examples.json"));
    const QJsonObject good = readObject(examplesPath);
    QCOMPARE(checkTorchScriptExport(out.path()).captions, 2);

    const auto expectFailure = [&](const QString &needle) {
      try {
        checkTorchScriptExport(out.path());
        QFAIL(qPrintable("no error; expected one naming " + needle));
      } catch (const std::runtime_error &error) {
        QVERIFY2(QString::fromUtf8(error.what()).contains(needle), error.what());
      }
    };
    // examples.json with one field of the first caption's input replaced.
    const auto withFirstInput = [&](const QString &field, const QJsonArray &values) {
      QJsonArray list = good.value(QStringLiteral("captions")).toArray();
      QJsonObject first = list[0].toObject(), input = first.value(QStringLiteral("input")).toObject();
      input[field] = values;
      first[QStringLiteral("input")] = input;
      list[0] = first;
      QJsonObject bad = good;
      bad[QStringLiteral("captions")] = list;
      writeObject(examplesPath, bad);
    };
    const QJsonObject input = good.value(QStringLiteral("captions")).toArray()[0].toObject().value(QStringLiteral("input")).toObject();
    // A tree with two roots reaches the module, which says so.
    QJsonArray parents = input.value(QStringLiteral("parents")).toArray();
    parents[0] = -1;
    parents[1] = -1;
    withFirstInput(QStringLiteral("parents"), parents);
    expectFailure(QStringLiteral("more than one root"));
    // A word id beyond the vocabulary.
    QJsonArray words = input.value(QStringLiteral("words")).toArray();
    words[0] = 1000000;
    withFirstInput(QStringLiteral("words"), words);
    expectFailure(QStringLiteral("beyond the vocabulary"));
    // A value that is not an integer, named by its entry.
    words[0] = QStringLiteral("dog");
    withFirstInput(QStringLiteral("words"), words);
    expectFailure(QStringLiteral("input 0: 'words'"));
    // A damaged module file is named.
    writeObject(examplesPath, good);
    QFile module(dir.filePath(QStringLiteral("sentence_encoder.pt")));
    QVERIFY(module.open(QIODevice::WriteOnly | QIODevice::Truncate));
    module.write("not a zip archive");
    module.close();
    expectFailure(QStringLiteral("sentence_encoder.pt"));
    // A missing manifest is named.
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("encoders.json"))));
    expectFailure(QStringLiteral("encoders.json"));
    // Not a run at all.
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, exportTorchScript(out.path(), out.path()));
  }
};

QTEST_GUILESS_MAIN(TestTorchScriptExport)
#include "tst_torchscriptexport.moc"
