// The training engine on a synthetic set with a known answer: every encoder learns a joint space
// far above chance; a cancelled run resumes to exactly the uninterrupted result; runs reopen for
// inference; bad data, a changed config, a corrupt checkpoint and a diverging loss fail clearly.

#include "engine/engine.h"
#include "engine/jobcontext.h"
#include "modeltestthreads.h"
#include "synthetictraining.h"
#include "testprinters.h"
#include "training/modelregistry.h"
#include "training/runs/runfolder.h"
#include "training/runs/runtrajectory.h"
#include "inference/sentencesimilarity.h"
#include "inference/trainedmodel.h"
#include "training/trainer.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

using namespace gs;

namespace {

TrainConfig quickConfig(const QString &model) {
  TrainConfig c = TrainConfig::defaultsFor(model);
  c.seed = 3;
  if (model == QLatin1String("chargru") || model == QLatin1String("charlstm")) {
    c.hiddenDim = 32;
    c.embedDim = 64;
    c.attentionHidden = 32;
    c.epochs = 8;
    c.cycleEpochs = 4;
    c.lrMax = 1e-2;
  } else if (model == QLatin1String("lstm") || model == QLatin1String("rnn")) {
    c.epochs = 8;
  } else if (model == QLatin1String("concepts")) {
    c.hiddenDim = c.embedDim = 64; // the paper's 1024 is for Flickr30k
    c.wordDim = 32;
    c.learningRate = 2e-3;
    c.epochs = 6;
  } else if (model == QLatin1String("hmlstm")) {
    c.hiddenDim = c.embedDim = 64;
    c.wordDim = 32;
    c.epochs = 6;
    c.rootEpochs = 3; // then three correspondence steps
  } else {
    c.epochs = 6;
  }
  return c;
}

// Chance for R@5 with 32 test images: 5/32 ≈ 16 %; a model that learned colour and shape reaches ~100 %.
constexpr double kR5Floor = 60.0;

}  // namespace

class TestTrainer : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void initTestCase() { test::fixModelTestThreads(); }

  // A run's figures depend only on its configuration (seed included), its data and the thread
  // count: the same run twice gives the same losses, the same kept epoch and the same metrics.
  void aRunIsReproducible_data() {
    QTest::addColumn<QString>("model");
    QTest::newRow("bow") << QStringLiteral("bow");
    QTest::newRow("dtlstm") << QStringLiteral("dtlstm"); // batched tree levels: gathers and index_add
    QTest::newRow("chargru") << QStringLiteral("chargru");
  }
  void aRunIsReproducible() {
    QFETCH(QString, model);
    const TrainingData data = test::syntheticTrainingData(10);
    TrainConfig config = quickConfig(model);
    config.epochs = 4;
    QTemporaryDir a, b;
    const TrainResult first = train(data, config, a.path());
    const TrainResult second = train(data, config, b.path());
    QCOMPARE(second.test.toJson(), first.test.toJson());
    QCOMPARE(second.bestEpoch, first.bestEpoch);
    const auto losses = [](const QString &dir) {
      QFile events(QDir(dir).filePath(QStringLiteral("events.jsonl")));
      events.open(QIODevice::ReadOnly);
      QList<double> out;
      while (!events.atEnd()) out << QJsonDocument::fromJson(events.readLine()).object().value(QStringLiteral("loss")).toDouble();
      return out;
    };
    QCOMPARE(losses(b.path()), losses(a.path()));
  }

  void everyEncoderBeatsChance_data() {
    QTest::addColumn<QString>("model");
    for (const QString &m : TrainConfig::models()) QTest::newRow(qPrintable(m)) << m;
    QTest::newRow("bow-hmlstm-side") << QStringLiteral("bow/hmlstm");
    QTest::newRow("bow-twin") << QStringLiteral("bow/twin");
    QTest::newRow("bow-vsepp") << QStringLiteral("bow/vsepp");
    QTest::newRow("chargru-maxpool") << QStringLiteral("chargru/max");
    QTest::newRow("bow-squared") << QStringLiteral("bow/squared");
    QTest::newRow("dtrnn-all-negatives") << QStringLiteral("dtrnn/all"); // Socher Eq. 5 over the training set
    QTest::newRow("rnn-sgd-step") << QStringLiteral("rnn/sgd");
  }
  void everyEncoderBeatsChance() {
    QFETCH(QString, model);
    const QStringList parts = model.split(QLatin1Char('/'));
    TrainConfig config = quickConfig(parts[0]);
    const QString variant = parts.value(1);
    if (variant == QLatin1String("hmlstm")) config.imageSide = ImageSideKind::HmLstm, config.similarity = SimilarityKind::Cosine,
                                           config.loss = LossKind::Hinge, config.margin = 0.2;
    if (variant == QLatin1String("twin")) config.imageSide = ImageSideKind::Twin;
    // VSE++ from a random start: its hardest negatives need the cosine scale, as Faghri et al. use it.
    if (variant == QLatin1String("vsepp"))
      config.loss = LossKind::Vsepp, config.similarity = SimilarityKind::Cosine, config.imageSide = ImageSideKind::Merkx,
      config.margin = 0.2, config.optimizer = OptimizerKind::Adam, config.learningRate = 2e-3, config.epochs = 10;
    if (variant == QLatin1String("max")) config.pooling = PoolingKind::Max;
    if (variant == QLatin1String("squared")) config.loss = LossKind::Squared, config.epochs = 10;
    if (variant == QLatin1String("all")) config.negativePool = NegativePool::All;
    if (variant == QLatin1String("sgd"))
      config.optimizer = OptimizerKind::Sgd, config.schedule = ScheduleKind::Step, config.learningRate = 1e-3,
      config.batchSize = 10; // DT-LSTM Table 2: batches of 10–50 at α = 1e-4…1e-3
    QTemporaryDir dir;
    const TrainingData plain = test::syntheticTrainingData(20);
    const TrainingData data = config.needsRegions()    ? test::withSyntheticRegions(plain)
                              : config.readsConcepts() ? test::withSyntheticConcepts(plain)
                                                       : plain;
    const TrainResult result = train(data, config, dir.path());
    qInfo("%s: test R@5 i→t %.1f t→i %.1f, rsum %.1f", qPrintable(model), result.test.imageToText.r5,
          result.test.textToImage.r5, result.test.rsum);
    QCOMPARE(result.test.images, 32);
    QVERIFY2(result.test.imageToText.r5 > kR5Floor, qPrintable(QString::number(result.test.imageToText.r5)));
    QVERIFY2(result.test.textToImage.r5 > kR5Floor, qPrintable(QString::number(result.test.textToImage.r5)));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("result.json"))));
  }

  void eventsArriveForEveryBatchAndEpoch() {
    QTemporaryDir dir;
    TrainConfig config = quickConfig(QStringLiteral("bow"));
    config.epochs = 3;
    config.batchSize = 100;
    const TrainingData data = test::syntheticTrainingData(10); // 160 images, 384 training captions → 4 batches
    int batches = 0;
    std::vector<int> epochs;
    TrainingEvents events;
    events.onBatch = [&](const BatchEvent &e) {
      ++batches;
      QCOMPARE(e.batchesPerEpoch, 4);
      QVERIFY(std::isfinite(e.loss));
    };
    events.onEpoch = [&](const EpochEvent &e) { epochs.push_back(e.epoch); };
    train(data, config, dir.path(), nullptr, events);
    QCOMPARE(batches, 12);
    QCOMPARE(epochs, (std::vector<int>{1, 2, 3}));
    QFile log(dir.filePath(QStringLiteral("events.jsonl")));
    QVERIFY(log.open(QIODevice::ReadOnly));
    QCOMPARE(log.readAll().count('\n'), 12);
  }

  void cancelledRunResumesToTheUninterruptedResult() {
    const TrainingData data = test::syntheticTrainingData(10);
    TrainConfig config = quickConfig(QStringLiteral("bow"));
    config.epochs = 4;
    QTemporaryDir straight, interrupted;
    const TrainResult reference = train(data, config, straight.path());

    // Cancel while epoch 3 runs: the checkpoint after epoch 2 must carry the run on.
    Engine engine;
    const JobId id = engine.submit(QStringLiteral("train"), [&](JobContext &job) {
      TrainingEvents events;
      events.onEpoch = [&](const EpochEvent &e) {
        if (e.epoch == 2) engine.cancel(job.id());
      };
      train(data, config, interrupted.path(), &job, events);
    });
    QCOMPARE(engine.wait(id, 60000)->status, JobStatus::Cancelled);
    QVERIFY(!QFile::exists(interrupted.filePath(QStringLiteral("result.json"))));

    const TrainResult resumed = train(data, config, interrupted.path());
    QCOMPARE(resumed.resumedFrom, 2);
    QCOMPARE(resumed.epochsRun, 2);
    QCOMPARE(resumed.test.toJson(), reference.test.toJson());
    QCOMPARE(resumed.bestEpoch, reference.bestEpoch);
    // The recorded trajectory goes on as if uninterrupted, to the byte.
    QCOMPARE(RunTrajectory::open(interrupted.path()).epochs(), (std::vector<int>{0, 1, 2, 3, 4}));
    for (int epoch : {2, 4}) {
      QFile a(RunTrajectory::epochFile(straight.path(), epoch)), b(RunTrajectory::epochFile(interrupted.path(), epoch));
      QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
      QVERIFY2(a.readAll() == b.readAll(), qPrintable(a.fileName()));
    }
  }

  // The Map's epoch slider reads what the trainer records: a fixed sample of test images with all
  // their captions, before training and after every epoch; the last epoch's vectors are the kept
  // model's (float16: three significant digits).
  void trajectoryIsRecordedBeforeAndAfterEveryEpoch() {
    const TrainingData data = test::syntheticTrainingData(10);
    TrainConfig config = quickConfig(QStringLiteral("bow"));
    config.epochs = 3;
    config.selection = SelectionRule::Last;
    config.recordSample = 5;
    QTemporaryDir dir;
    train(data, config, dir.path());
    QVERIFY(RunTrajectory::exists(dir.path()));
    const RunTrajectory trajectory = RunTrajectory::open(dir.path());
    QCOMPARE(trajectory.epochs(), (std::vector<int>{0, 1, 2, 3}));
    const TrajectorySample &sample = trajectory.sample();
    QCOMPARE(sample.split, Split::Test);
    QCOMPARE(sample.imageIds.size(), 5);
    const TrainedModel trained = TrainedModel::open(dir.path());
    QCOMPARE(sample.dim, trained.dim());
    // Evenly spaced test images, each with every caption it has.
    const std::vector<int> testImages = data.imagesIn(Split::Test);
    std::vector<float> features;
    int captions = 0;
    for (int pick : trajectoryImagePicks(int(testImages.size()), 5)) {
      const int row = testImages[std::size_t(pick)];
      QVERIFY(sample.imageIds.contains(data.imageIds[row]));
      features.insert(features.end(), data.imageFeatures.begin() + std::ptrdiff_t(row) * data.featureDim,
                      data.imageFeatures.begin() + std::ptrdiff_t(row + 1) * data.featureDim);
      for (const TrainingCaption &c : data.captions) captions += c.image == row;
    }
    QCOMPARE(sample.captions.size(), captions);
    const std::vector<float> last = trajectory.embeddings(3);
    const std::vector<float> images = trained.embedImages(features, 5);
    QCOMPARE(last.size(), std::size_t(sample.itemCount() * sample.dim));
    for (std::size_t k = 0; k < images.size(); ++k)
      QVERIFY2(std::abs(last[k] - images[k]) <= 2e-3 * std::max(1.f, std::abs(images[k])), qPrintable(QString::number(k)));
    const std::vector<float> caption = trained.embedCaptions({[&] {
      for (const TrainingCaption &c : data.captions)
        if (c.raw == sample.captions[0]) return c;
      return TrainingCaption{};
    }()});
    for (int k = 0; k < sample.dim; ++k) {
      const float recorded = last[std::size_t(5 * sample.dim + k)];
      QVERIFY2(std::abs(recorded - caption[std::size_t(k)]) <= 2e-3 * std::max(1.f, std::abs(caption[std::size_t(k)])), qPrintable(QString::number(k)));
    }
    QVERIFY(trajectory.embeddings(0) != last); // training moved the space

    QTemporaryDir none;
    config.recordSample = 0;
    train(data, config, none.path());
    QVERIFY(!RunTrajectory::exists(none.path()));
    // A damaged file names itself.
    QFile damaged(RunTrajectory::epochFile(dir.path(), 2));
    QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
    damaged.write("not a numpy file");
    damaged.close();
    try {
      trajectory.embeddings(2);
      QFAIL("no exception");
    } catch (const RunFolderError &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("epoch-002.npy")), error.what());
    }
  }

  // TrainConfig::selection: "rsum" keeps the epoch with the best validation rsum, "last" the final
  // epoch's weights, and "twin" falls back to rsum on data without distractor twins.
  void selectionDecidesWhichEpochIsKept() {
    const TrainingData data = test::syntheticTrainingData(10);
    TrainConfig config = quickConfig(QStringLiteral("bow"));
    config.epochs = 5;
    config.learningRate = 0.3; // large steps, so validation rsum goes up and down between epochs
    std::map<QString, TrainResult> results;
    for (const SelectionRule rule : {SelectionRule::Rsum, SelectionRule::Twin, SelectionRule::Last}) {
      QTemporaryDir dir;
      config.selection = rule;
      results[enumName(rule)] = train(data, config, dir.path());
      if (rule == SelectionRule::Rsum) {
        QFile metrics(dir.filePath(QStringLiteral("metrics.json")));
        QVERIFY(metrics.open(QIODevice::ReadOnly));
        const QJsonArray epochs = QJsonDocument::fromJson(metrics.readAll()).object().value(QStringLiteral("epochs")).toArray();
        int best = 0;
        double bestRsum = -1;
        for (const QJsonValue &e : epochs) {
          const double rsum = e.toObject().value(QStringLiteral("validation")).toObject().value(QStringLiteral("rsum")).toDouble();
          if (rsum > bestRsum) bestRsum = rsum, best = e.toObject().value(QStringLiteral("epoch")).toInt();
        }
        QCOMPARE(results[enumName(rule)].bestEpoch, best);
      }
    }
    QCOMPARE(results["last"].bestEpoch, 5);
    QCOMPARE(results["twin"].bestEpoch, results["rsum"].bestEpoch);
    QCOMPARE(results["twin"].test.toJson(), results["rsum"].test.toJson());
    // The large rate makes rsum peak early (epoch 2 when written), so "last" keeps other weights.
    QVERIFY2(results["rsum"].bestEpoch < 5, qPrintable(QString::number(results["rsum"].bestEpoch)));
    QVERIFY(results["last"].test.toJson() != results["rsum"].test.toJson());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TrainConfig::fromJson({{QStringLiteral("selection"), QStringLiteral("best")}}));
  }

  void runReopensForInference() {
    QTemporaryDir dir;
    const TrainingData data = test::syntheticTrainingData(10);
    for (const QString &model : {QStringLiteral("bow"), QStringLiteral("chargru"), QStringLiteral("cca")}) {
      const QString runDir = dir.filePath(model);
      const TrainResult result = train(data, quickConfig(model), runDir);
      const TrainedModel trained = TrainedModel::open(runDir);
      QCOMPARE(trained.featureDim(), 16);
      QCOMPARE(trained.evaluate(data, Split::Test).toJson(), result.test.toJson());
      // Embeddings have the model's dimension and rank a caption's own image first.
      const std::vector<float> y = trained.embedCaptions({data.captions[0]});
      QCOMPARE(int(y.size()), trained.dim());
      const std::vector<float> v = trained.embedImages(data.imageFeatures.toVector(), data.imageCount());
      QCOMPARE(int(v.size()), trained.dim() * data.imageCount());
      QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trained.embedImages({1.f, 2.f, 3.f}, 1));
    }
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, TrainedModel::open(dir.filePath(QStringLiteral("nothing"))));
  }

  // Sentence similarity with a trained encoder: paraphrases (the same colour and shape in two
  // phrasings, gold 5) score above pairs that differ in both (gold 0), so the correlation is
  // clearly positive; a pair with a sentence of unknown words only is skipped and counted; the
  // result is kept in result.json.
  void sentenceSimilarityOfATrainedEncoder() {
    QTemporaryDir dir;
    const TrainingData data = test::syntheticTrainingData(10);
    const QString runDir = dir.filePath(QStringLiteral("bow"));
    train(data, quickConfig(QStringLiteral("bow")), runDir);
    const TrainedModel trained = TrainedModel::open(runDir);
    const QStringList colours{QStringLiteral("red"), QStringLiteral("green"), QStringLiteral("blue"), QStringLiteral("yellow")};
    const QStringList shapes{QStringLiteral("circle"), QStringLiteral("square"), QStringLiteral("star"), QStringLiteral("ring")};
    SentencePairs pairs;
    pairs.benchmark = QStringLiteral("sts-b");
    for (int c = 0; c < 4; ++c)
      for (int s = 0; s < 4; ++s) {
        const QString a = QStringLiteral("a %1 %2").arg(colours[c], shapes[s]);
        pairs.pairs.push_back({a, QStringLiteral("the picture shows one %1 %2").arg(colours[c], shapes[s]), 5.0, {}, {}});
        pairs.pairs.push_back({a, QStringLiteral("there is a %1 %2 here").arg(colours[(c + 1) % 4], shapes[(s + 2) % 4]), 0.0, {}, {}});
      }
    pairs.pairs.push_back({QStringLiteral("zebras graze"), QStringLiteral("a red circle"), 1.0, {}, {}});
    const SimilarityResult result = evaluateSimilarity(trained, pairs);
    QCOMPARE(result.all.pairs, 32);
    QCOMPARE(result.skippedUnknown, 1);
    QVERIFY2(result.all.spearman > 50 && result.all.pearson > 50, qPrintable(result.summary()));
    recordSimilarity(runDir, result);
    const TrainResult reread = RunFolder(runDir).result();
    QCOMPARE(SimilarityResult::fromJson(reread.similarity.value(QStringLiteral("sts-b")).toObject()).all.spearman, result.all.spearman);
    // Nothing readable: a clear error, not a NaN.
    SentencePairs unknown;
    unknown.benchmark = QStringLiteral("sick-r");
    unknown.pairs.push_back({QStringLiteral("zebras graze"), QStringLiteral("lions roar"), 1.0, {}, {}});
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, evaluateSimilarity(trained, unknown));
  }

  void snapshotEnsembleIsUsedForCyclicRuns() {
    QTemporaryDir dir;
    TrainConfig config = quickConfig(QStringLiteral("chargru"));
    config.epochs = 8; // two cycles of 4: snapshots after epochs 4 and 8
    train(test::syntheticTrainingData(10), config, dir.path());
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("snapshots/epoch-004.pt"))));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("snapshots/epoch-008.pt"))));
    // The ensemble concatenates two normalised members: twice the dimension of one.
    QCOMPARE(TrainedModel::open(dir.path()).dim(), 2 * config.embedDim);
  }

  void badDataFailsWithAClearMessage() {
    QTemporaryDir dir;
    TrainingData data = test::syntheticTrainingData(10);
    data.imageFeatures[5 * 16 + 3] = std::nanf("");
    try {
      train(data, quickConfig(QStringLiteral("bow")), dir.path());
      QFAIL("NaN features were accepted");
    } catch (const std::runtime_error &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("img5")), error.what());
    }
    TrainingData wrong = test::syntheticTrainingData(10);
    wrong.imageFeatures.pop_back();
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, train(wrong, quickConfig(QStringLiteral("bow")), dir.path()));
  }

  void differentConfigInAnExistingRunIsRefused() {
    QTemporaryDir dir;
    const TrainingData data = test::syntheticTrainingData(10);
    TrainConfig config = quickConfig(QStringLiteral("bow"));
    config.epochs = 1;
    train(data, config, dir.path());
    config.margin = 2.0;
    try {
      train(data, config, dir.path());
      QFAIL("a different configuration was accepted");
    } catch (const std::runtime_error &error) {
      QVERIFY(QString::fromUtf8(error.what()).contains(QStringLiteral("different configuration")));
    }
    config.margin = quickConfig(QStringLiteral("bow")).margin;
    config.epochs = 2; // extending a run is allowed
    QCOMPARE(train(data, config, dir.path()).resumedFrom, 1);
  }

  void corruptCheckpointNamesTheFile() {
    QTemporaryDir dir;
    const TrainingData data = test::syntheticTrainingData(10);
    TrainConfig config = quickConfig(QStringLiteral("bow"));
    config.epochs = 1;
    train(data, config, dir.path());
    const QString checkpoint = dir.filePath(QStringLiteral("checkpoint-last.pt"));
    QFile file(checkpoint);
    QVERIFY(file.open(QIODevice::ReadWrite));
    file.resize(file.size() / 2); // a half-written file, as a crash without atomic writes would leave
    file.close();
    config.epochs = 2;
    try {
      train(data, config, dir.path());
      QFAIL("a truncated checkpoint was accepted");
    } catch (const std::runtime_error &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(checkpoint), error.what());
    }
  }

  void hmlstmWithoutRegionsSaysWhichOptionToAdd() {
    QTemporaryDir dir;
    TrainConfig config = TrainConfig::defaultsFor(ModelKind::HmLstm);
    config.epochs = 1;
    try {
      train(test::syntheticTrainingData(4), config, dir.path());
      QFAIL("an HM-LSTM trained without regions");
    } catch (const std::runtime_error &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("--regions")), error.what());
    }
    TrainingData broken = test::withSyntheticRegions(test::syntheticTrainingData(4));
    broken.regionFeatures[20] = std::nanf("");
    try {
      train(broken, config, dir.filePath(QStringLiteral("nan")));
      QFAIL("a NaN region feature was accepted");
    } catch (const std::runtime_error &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("img1, region 0")), error.what());
    }
  }

  void hmlstmAlternatesAndSaysWhenThereIsNoGroundTruth() {
    // Data without phrase boxes (as any dataset but the demo), some images with the whole image as
    // their only region and some captions without a noun phrase: it trains, every correspondence
    // step is recorded, and the accuracy figures say "no ground truth" (absent) rather than 0.
    QTemporaryDir dir;
    const TrainingData data = test::withSyntheticRegions(test::syntheticTrainingData(4));
    TrainConfig config = TrainConfig::defaultsFor(ModelKind::HmLstm);
    config.epochs = 3;
    config.rootEpochs = 1;
    config.hiddenDim = config.embedDim = 32;
    config.wordDim = 16;
    const TrainResult result = train(data, config, dir.path());
    QVERIFY(result.grounded);
    QVERIFY(!result.grounding.hasGroundTruth);
    QCOMPARE(int(result.correspondenceSteps.size()), 2);
    for (const CorrespondenceStats &s : result.correspondenceSteps) {
      QVERIFY(s.phrases > 0);
      QVERIFY(!s.hasGroundTruth());
      QCOMPARE(s.accuracy, -1.0);
    }
    QCOMPARE(result.correspondenceSteps[1].epoch, 3);
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("correspondences.json"))));
    // The steps are in metrics.json too, and a reopened result reads them back.
    QCOMPARE(int(TrainResult::fromJson(result.toJson()).correspondenceSteps.size()), 2);
    // Extending the run resumes with the saved correspondences and takes one more step.
    config.epochs = 4;
    const TrainResult more = train(data, config, dir.path());
    QCOMPARE(more.resumedFrom, 3);
    QCOMPARE(int(more.correspondenceSteps.size()), 3);
  }

  void divergingLossStopsTheRun() {
    QTemporaryDir dir;
    TrainConfig config = quickConfig(QStringLiteral("bow"));
    config.optimizer = OptimizerKind::Sgd;
    config.learningRate = 1e6;
    try {
      train(test::syntheticTrainingData(10), config, dir.path());
      QFAIL("a diverging run finished");
    } catch (const std::runtime_error &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("diverged")), error.what());
    }
  }

  // Socher's Eq. 5 sums over the whole training set: negative_pool 'all' (also written "negatives":
  // "all"), kept out of config.json when not set so earlier runs resume, refused where it has no meaning.
  void negativePoolAllIsAConfiguration() {
    const TrainConfig all = TrainConfig::fromJson({{QStringLiteral("model"), QStringLiteral("dtrnn")}, {QStringLiteral("negatives"), QStringLiteral("all")}});
    QCOMPARE(all.negativePool, NegativePool::All);
    QCOMPARE(all.toJson().value(QStringLiteral("negative_pool")).toString(), QStringLiteral("all"));
    QCOMPARE(TrainConfig::fromJson(all.toJson()).negativePool, NegativePool::All);
    QVERIFY(!TrainConfig::defaultsFor(QStringLiteral("dtrnn")).toJson().contains(QStringLiteral("negative_pool")));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             TrainConfig::fromJson({{QStringLiteral("model"), QStringLiteral("cca")}, {QStringLiteral("negative_pool"), QStringLiteral("all")}}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             TrainConfig::fromJson({{QStringLiteral("model"), QStringLiteral("bow")}, {QStringLiteral("negative_pool"), QStringLiteral("all")},
                                                    {QStringLiteral("loss"), QStringLiteral("squared")}, {QStringLiteral("similarity"), QStringLiteral("dot")}}));
    const ModelPreset *socher = findPreset(modelNamed(QStringLiteral("dtrnn")), QStringLiteral("socher2014"));
    QVERIFY(socher);
    QCOMPARE(socher->settings.value(QStringLiteral("negative_pool")).toString(), QStringLiteral("all"));
  }

  void configJsonRoundTripAndErrors() {
    TrainConfig c = TrainConfig::defaultsFor(QStringLiteral("chargru"));
    c.hiddenDim = 64;
    c.embedDim = 128;
    c.seed = 12345678901ULL;
    QCOMPARE(TrainConfig::fromJson(c.toJson()).toJson(), c.toJson());
    const auto error = [](const QJsonObject &json) {
      try {
        TrainConfig::fromJson(json, QStringLiteral("my.json"));
      } catch (const std::invalid_argument &e) {
        return QString::fromUtf8(e.what());
      }
      return QString();
    };
    QVERIFY(error({{QStringLiteral("model"), QStringLiteral("bow")}, {QStringLiteral("marign"), 1}})
                .contains(QStringLiteral("my.json: unknown key 'marign'")));
    QVERIFY(error({{QStringLiteral("epochs"), QStringLiteral("ten")}}).contains(QStringLiteral("'epochs' must be an integer")));
    QVERIFY(error({{QStringLiteral("model"), QStringLiteral("gpt")}}).contains(QStringLiteral("unknown model 'gpt'")));
    QVERIFY(error({{QStringLiteral("loss"), QStringLiteral("hinge")}, {QStringLiteral("batch_size"), 1}})
                .contains(QStringLiteral("batch_size")));
    QVERIFY(!trainConfigSchema().empty());
  }
};

QTEST_GUILESS_MAIN(TestTrainer)
#include "tst_trainer.moc"
