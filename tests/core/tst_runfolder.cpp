// The run folder as a core API and the curves read from it: RunFolder names every file, tells a
// prepared, resumable and finished run apart, reads config, source, curves and result back as the
// trainer's own structs, names the file (and line) of anything corrupt, and reports the epoch the
// run keeps by its own selection rule. RunCurves folds a resumed run's repeated minibatches,
// smooths the loss and estimates the rate behind the ETA (pure arithmetic on known inputs).

#include "training/runs/runcurves.h"
#include "training/runs/runfolder.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include "synthetictraining.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {

void write(const QString &path, const QByteArray &bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
  file.write(bytes);
}

BatchEvent batch(std::int64_t iteration, double loss) {
  BatchEvent b;
  b.epoch = 1;
  b.iteration = iteration;
  b.loss = loss;
  b.learningRate = 0.1;
  return b;
}

EpochEvent epoch(int number, double rsum, double validationTwins = -1) {
  EpochEvent e;
  e.epoch = number;
  e.trainLoss = 1;
  e.validation.rsum = rsum;
  e.validationTwinAccuracy = validationTwins;
  e.seconds = 1;
  return e;
}

// metrics.json as the trainer writes it, without best_epoch (an older run) unless given.
QByteArray metrics(const std::vector<EpochEvent> &epochs, int bestEpoch = 0) {
  QJsonArray list;
  for (const EpochEvent &e : epochs) list.append(e.toJson());
  QJsonObject root{{QStringLiteral("epochs"), list}};
  if (bestEpoch > 0) root.insert(QStringLiteral("best_epoch"), bestEpoch);
  return QJsonDocument(root).toJson();
}

}  // namespace

class TestRunFolder : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // --- RunFolder --------------------------------------------------------------------------------
  void aTrainedRunReadsBackAsTheTrainerWroteIt() {
    QTemporaryDir dir;
    const QString runDir = dir.filePath(QStringLiteral("run"));
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("bow"));
    config.epochs = 3;
    config.batchSize = 8;
    std::vector<BatchEvent> live;
    std::vector<EpochEvent> liveEpochs;
    TrainingEvents events;
    events.onBatch = [&](const BatchEvent &e) { live.push_back(e); };
    events.onEpoch = [&](const EpochEvent &e) { liveEpochs.push_back(e); };
    const TrainResult result = train(test::syntheticTrainingData(10), config, runDir, nullptr, events);

    const RunFolder run(runDir);
    QVERIFY(run.isRun());
    QVERIFY(run.isFinished());
    QVERIFY(!run.isResumable());
    QVERIFY(run.hasModel());
    QVERIFY(run.hasCheckpoint());
    QCOMPARE(run.config().toJson(), config.toJson());
    QCOMPARE(run.featureDim(), test::syntheticTrainingData(10).featureDim);
    QCOMPARE(run.result().test.toJson(), result.test.toJson());
    QCOMPARE(run.keptEpoch(), result.bestEpoch);
    // The same structs the trainer sent live.
    const std::vector<BatchEvent> batches = run.batches();
    QCOMPARE(batches.size(), live.size());
    for (std::size_t k = 0; k < live.size(); ++k) {
      QCOMPARE(batches[k].iteration, live[k].iteration);
      QCOMPARE(batches[k].epoch, live[k].epoch);
      QCOMPARE(batches[k].loss, live[k].loss);
    }
    const std::vector<EpochEvent> epochs = run.epochs();
    QCOMPARE(epochs.size(), liveEpochs.size());
    for (std::size_t k = 0; k < epochs.size(); ++k) {
      QCOMPARE(epochs[k].validation.toJson(), liveEpochs[k].validation.toJson());
      QCOMPARE(epochs[k].best, liveEpochs[k].best);
    }
  }

  // A concepts run records its concept CNN and pooling; one from before these settings reopens with
  // what it used (every word, Eq. 1, max pooling), whatever today's defaults are, and a new run
  // takes them from its configuration.
  void conceptSettingsRoundTripAndOldRunsKeepTheirs() {
    TrainConfig config = TrainConfig::defaultsFor(ModelKind::Concepts);
    TrainingSource fresh;
    requestInputsOf(config, fresh);
    QCOMPARE(fresh.conceptWords, ConceptWords::Content);
    QCOMPARE(fresh.conceptLoss, ConceptLoss::Focal);
    QCOMPARE(fresh.conceptPooling, ConceptPooling::LogSumExp);
    const TrainingSource back = sourceFromRunJson(sourceToRunJson(fresh));
    QCOMPARE(back.conceptWords, ConceptWords::Content);
    QCOMPARE(back.conceptMinAgreement, fresh.conceptMinAgreement);
    QCOMPARE(back.conceptLoss, ConceptLoss::Focal);
    QCOMPARE(back.conceptPooling, ConceptPooling::LogSumExp);
    QCOMPARE(back.conceptTemperature, fresh.conceptTemperature);

    QJsonObject old = sourceToRunJson(fresh);
    for (const char *key : {"concept_words", "concept_min_agreement", "concept_max_share", "concept_loss", "concept_pooling", "concept_temperature"})
      old.remove(QLatin1String(key));
    TrainingSource reopened = sourceFromRunJson(old);
    requestInputsOf(config, reopened);
    QCOMPARE(reopened.conceptWords, ConceptWords::Words);
    QCOMPARE(reopened.conceptLoss, ConceptLoss::Logistic);
    QCOMPARE(reopened.conceptPooling, ConceptPooling::Max);
  }

  // The backbone's concept detectors read region features made with the configuration's proposals
  // and map size; a run records them, and one from before reopens with what it used (fast, 448 px).
  void conceptRegionsFollowTheConfiguration() {
    TrainConfig config = TrainConfig::defaultsFor(ModelKind::Concepts);
    config.proposals = ProposalSearch::Single;
    config.regionInput = 256;
    TrainingSource fresh;
    fresh.backbone = QStringLiteral("onnx:net.onnx");
    requestInputsOf(config, fresh);
    QCOMPARE(fresh.conceptDetector, ConceptDetector::Backbone);
    QCOMPARE(fresh.proposals, ProposalSearch::Single);
    QCOMPARE(fresh.regionInput, 256);
    const TrainingSource back = sourceFromRunJson(sourceToRunJson(fresh));
    QCOMPARE(back.proposals, ProposalSearch::Single);
    QCOMPARE(back.regionInput, 256);
    QVERIFY(sameInputs(back, fresh));

    QJsonObject old = sourceToRunJson(fresh);
    old.remove(QStringLiteral("proposals"));
    old.remove(QStringLiteral("region_input"));
    TrainingSource reopened = sourceFromRunJson(old);
    requestInputsOf(config, reopened);
    QCOMPARE(reopened.proposals, ProposalSearch::Fast);
    QCOMPARE(reopened.regionInput, 448);
  }

  // Ten crops from the map: the configuration (config.json keeps crops_from and region_input for
  // the concepts model) asks the source for them, the extraction gets them, run.json keeps them,
  // and a run.json from before the choice means through the network.
  void tenCropsFromTheMapAreRecorded() {
    TrainConfig config = TrainConfig::defaultsFor(ModelKind::Concepts);
    config.cropsFrom = CropSource::Map;
    config.regionInput = 256;
    const QJsonObject json = config.toJson();
    QCOMPARE(json.value(QStringLiteral("crops_from")).toString(), QStringLiteral("map"));
    QCOMPARE(json.value(QStringLiteral("region_input")).toInt(), 256);
    QCOMPARE(TrainConfig::fromJson(json).cropsFrom, CropSource::Map);
    QVERIFY(!TrainConfig::defaultsFor(ModelKind::Concepts).toJson().contains(QStringLiteral("crops_from")));
    config.validate();
    TrainConfig oneCrop = config;
    oneCrop.crops = 1;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, oneCrop.validate());
    TrainingSource fresh;
    fresh.backbone = QStringLiteral("onnx:net.onnx");
    requestInputsOf(config, fresh);
    QCOMPARE(fresh.cropsFrom, CropSource::Map);
    QCOMPARE(extractOptionsOf(fresh).crops, CropMode::TenCropMap);
    QCOMPARE(extractOptionsOf(fresh).regionInput, 256);
    const TrainingSource back = sourceFromRunJson(sourceToRunJson(fresh));
    QCOMPARE(back.cropsFrom, CropSource::Map);
    QCOMPARE(back.regionInput, 256);
    QVERIFY(sameInputs(back, fresh));
    TrainingSource throughNetwork = fresh;
    throughNetwork.cropsFrom = CropSource::Images;
    QVERIFY(!sameInputs(throughNetwork, fresh));
    QCOMPARE(extractOptionsOf(throughNetwork).crops, CropMode::TenCrop);

    QJsonObject old = sourceToRunJson(fresh);
    old.remove(QStringLiteral("crops_from"));
    QCOMPARE(sourceFromRunJson(old).cropsFrom, CropSource::Images);
  }

  // Five crops (no mirrors): valid from the map and through the network, recorded in run.json, and
  // an extraction mode of their own; other counts are refused.
  void fiveCropsAreRecorded() {
    TrainConfig config = TrainConfig::defaultsFor(ModelKind::Concepts);
    config.crops = 5;
    config.cropsFrom = CropSource::Map;
    config.validate();
    QCOMPARE(TrainConfig::fromJson(config.toJson()).crops, 5);
    TrainingSource fresh;
    fresh.backbone = QStringLiteral("onnx:net.onnx");
    requestInputsOf(config, fresh);
    QCOMPARE(extractOptionsOf(fresh).crops, CropMode::FiveCropMap);
    const TrainingSource back = sourceFromRunJson(sourceToRunJson(fresh));
    QCOMPARE(back.crops, 5);
    QVERIFY(sameInputs(back, fresh));
    TrainingSource ten = fresh;
    ten.crops = 10;
    QVERIFY(!sameInputs(ten, fresh));
    TrainingSource network = fresh;
    network.cropsFrom = CropSource::Images;
    QCOMPARE(extractOptionsOf(network).crops, CropMode::FiveCrop);
    TrainConfig three = config;
    three.crops = 3;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, three.validate());
    QCOMPARE(cropCount(CropMode::FiveCropMap), 5);
    QVERIFY(cropsFromMap(CropMode::FiveCropMap) && !cropsFromMap(CropMode::FiveCrop));
  }

  void filesAreNamedInOnePlace() {
    const RunFolder run(QStringLiteral("/runs/a"));
    QCOMPARE(run.configFile(), QStringLiteral("/runs/a/config.json"));
    QCOMPARE(run.sourceFile(), QStringLiteral("/runs/a/run.json"));
    QCOMPARE(run.bestModelFile(), QStringLiteral("/runs/a/model-best.pt"));
    QCOMPARE(run.lastCheckpointFile(), QStringLiteral("/runs/a/checkpoint-last.pt"));
    QCOMPARE(run.snapshotFile(4), QStringLiteral("/runs/a/snapshots/epoch-004.pt"));
    QCOMPARE(run.eventsFile(), QStringLiteral("/runs/a/events.jsonl"));
    QCOMPARE(run.metricsFile(), QStringLiteral("/runs/a/metrics.json"));
    QCOMPARE(run.resultFile(), QStringLiteral("/runs/a/result.json"));
  }

  void aStoppedRunIsResumable() {
    QTemporaryDir dir;
    const RunFolder run(dir.path());
    QVERIFY(!run.isRun());
    QVERIFY(!run.hasCurves());
    write(run.configFile(), QJsonDocument(TrainConfig::defaultsFor(QStringLiteral("dtrnn")).toJson()).toJson());
    write(run.sourceFile(), R"({"dataset": "/data/scenes", "backbone": "npy:/f.npy", "features": "/f", "feature_dim": 12})");
    QVERIFY(run.isRun());
    QVERIFY(run.isResumable());
    QVERIFY(!run.hasModel());
    QCOMPARE(run.config().modelName(), QStringLiteral("dtrnn"));
    const TrainingSource source = run.source();
    QCOMPARE(source.datasetPath, QStringLiteral("/data/scenes"));
    QCOMPARE(source.backbone, QStringLiteral("npy:/f.npy"));
    QCOMPARE(source.featuresDir, QStringLiteral("/f"));
    QCOMPARE(run.featureDim(), 12);
    QCOMPARE(run.keptEpoch(), 0);
  }

  void corruptFilesAreOneKindOfErrorNamingTheFile() {
    QTemporaryDir dir;
    const RunFolder run(dir.path());
    const auto message = [](const std::function<void()> &read) {
      try {
        read();
      } catch (const RunFolderError &e) {
        return QString::fromUtf8(e.what());
      }
      return QString();
    };
    QVERIFY2(message([&] { run.config(); }).contains(run.configFile() + QStringLiteral(": cannot open")),
             qPrintable(message([&] { run.config(); })));
    write(run.configFile(), "{\n  \"model\": \"bow\",\n  \"epochs\": ,\n}");
    QVERIFY2(message([&] { run.config(); }).contains(run.configFile() + QStringLiteral(":3:")), qPrintable(message([&] { run.config(); })));
    write(run.configFile(), R"({"model": "bow", "marign": 1})");
    QVERIFY(message([&] { run.config(); }).contains(QStringLiteral("unknown key 'marign'")));
    write(run.sourceFile(), R"({"backbone": "concept-cnn"})");
    QVERIFY(message([&] { run.source(); }).contains(run.sourceFile()));
    QVERIFY(message([&] { run.featureDim(); }).contains(QStringLiteral("no feature_dim")));
    write(run.metricsFile(), R"({"epochs": [{"train_loss": 1}]})");
    QVERIFY(message([&] { run.epochs(); }).contains(run.metricsFile()));
  }

  // The dashboard's "best" is the epoch the run keeps: by its own selection rule.
  void keptEpochFollowsTheRunsSelectionRule_data() {
    QTest::addColumn<QString>("selection");
    QTest::addColumn<int>("kept");
    QTest::newRow("rsum") << QStringLiteral("rsum") << 2;
    QTest::newRow("twin") << QStringLiteral("twin") << 3;
    QTest::newRow("last") << QStringLiteral("last") << 4;
  }
  void keptEpochFollowsTheRunsSelectionRule() {
    QFETCH(QString, selection);
    QFETCH(int, kept);
    QTemporaryDir dir;
    const RunFolder run(dir.path());
    QJsonObject config = TrainConfig::defaultsFor(QStringLiteral("bow")).toJson();
    config.insert(QStringLiteral("selection"), selection);
    write(run.configFile(), QJsonDocument(config).toJson());
    // rsum peaks at epoch 2, validation twin accuracy at epoch 3.
    write(run.metricsFile(), metrics({epoch(1, 100, 50), epoch(2, 300, 55), epoch(3, 250, 70), epoch(4, 200, 60)}));
    QCOMPARE(run.keptEpoch(), kept);
    RunCurves curves;
    QVERIFY(curves.readRunFolder(dir.path()));
    QCOMPARE(curves.bestEpoch(), kept);
    int flagged = 0;
    for (const EpochEvent &e : run.epochs())
      if (e.best) flagged = e.epoch;
    QCOMPARE(flagged, kept);
    // The trainer records the kept epoch; that record wins over recomputing it.
    write(run.metricsFile(), metrics({epoch(1, 100, 50), epoch(2, 300, 55)}, 1));
    QCOMPARE(run.keptEpoch(), 1);
  }

  // --- RunCurves: pure arithmetic on known inputs ----------------------------------------------
  void smoothingOnKnownInputs() {
    // Debiased EMA: a constant stays constant from the first point on.
    QCOMPARE(exponentialSmoothing({2, 2, 2}, 0.9), (std::vector<double>{2, 2, 2}));
    // w = 0.5 on (0, 10): s1 = 0 / 0.5 = 0; s2 = (0.5·0 + 0.5·10) / (1 − 0.25) = 6.667.
    const std::vector<double> s = exponentialSmoothing({0, 10}, 0.5);
    QCOMPARE(s.size(), std::size_t(2));
    QCOMPARE(s[0], 0.0);
    QVERIFY(qAbs(s[1] - 20.0 / 3.0) < 1e-12);
    QCOMPARE(exponentialSmoothing({3, 1, 4}, 0.0), (std::vector<double>{3, 1, 4}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, exponentialSmoothing({1}, 1.0));
  }

  void rateAndEtaOnKnownInputs() {
    RateEstimator rate(5.0);
    QCOMPARE(rate.rate(), 0.0);
    QCOMPARE(rate.secondsLeft(100), -1.0);
    rate.add(0, 0);
    rate.add(10, 1);
    rate.add(20, 2);
    QCOMPARE(rate.rate(), 10.0);
    QCOMPARE(rate.secondsLeft(100), 8.0); // 80 minibatches left at 10/s
    // A change of pace shows once the window (5 s) has moved past the old samples.
    for (int t = 3; t <= 12; ++t) rate.add(20 + (t - 2) * 2, t); // 2 minibatches/s from t = 2
    QCOMPARE(rate.rate(), 2.0);
    QCOMPARE(rate.secondsLeft(40), 0.0); // already past: never negative
    QCOMPARE(RateEstimator::formatDuration(42), QStringLiteral("42 s"));
    QCOMPARE(RateEstimator::formatDuration(125), QStringLiteral("2 min 05 s"));
    QCOMPARE(RateEstimator::formatDuration(3720), QStringLiteral("1 h 02 min"));
  }

  void resumedMinibatchesFoldAndMalformedLinesAreNamed() {
    RunCurves curves;
    for (int i = 1; i <= 5; ++i) curves.addBatch(batch(i, double(i)));
    curves.addBatch(batch(4, 40)); // a resumed run repeats iteration 4
    QCOMPARE(curves.batches().size(), std::size_t(4));
    QCOMPARE(curves.batches().back().loss, 40.0);
    curves.addEpoch(epoch(1, 10));
    curves.addEpoch(epoch(2, 30));
    curves.addEpoch(epoch(2, 20)); // replaces epoch 2
    QCOMPARE(curves.epochs().size(), std::size_t(2));
    QCOMPARE(curves.bestEpoch(), 2);

    QTemporaryDir run;
    write(run.filePath(QStringLiteral("events.jsonl")),
          "{\"epoch\":1,\"batch\":1,\"iteration\":1,\"loss\":5,\"lr\":0.1}\n"
          "{\"epoch\":1,\"batch\":2,\"iteration\":2,\"loss\":4,\"lr\":0.1}\n"
          "{\"epoch\":1,\"batch\":2,\"iteration\":2,\"loss\":3.5,\"lr\":0.1}\n"
          "{\"epoch\":1,\"batch\":3,\"itera");
    RunCurves read;
    QString error;
    QStringList warnings;
    QVERIFY2(read.readRunFolder(run.path(), &error, &warnings), qPrintable(error));
    QCOMPARE(read.batches().size(), std::size_t(2));
    QCOMPARE(read.batches()[1].loss, 3.5);
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings[0].contains(QStringLiteral("events.jsonl:4")), qPrintable(warnings[0]));

    QTemporaryDir empty;
    QVERIFY(!read.readRunFolder(empty.path(), &error));
    QVERIFY2(error.contains(empty.path()), qPrintable(error));
  }
};

QTEST_GUILESS_MAIN(TestRunFolder)
#include "tst_runfolder.moc"
