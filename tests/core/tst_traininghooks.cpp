// The epoch loop and each of its hooks alone, on the synthetic colours-and-shapes set: a hook is
// given a run built as train() builds one and driven through runEpoch, so each behaviour (AdaGrad
// resets, correspondence steps, the event log, evaluation, the trajectory, selection and
// checkpoints, the epoch log) is checked without the others. A toy hook shows that adding a
// behaviour to training needs no change to the loop.

// The torch headers first: Qt's `slots` keyword macro would rewrite an identifier in them.
#include "training/detail/checkpoint.h"
#include "training/parallel/detail/collective.h"
#include "training/detail/loop/adagradresethook.h"
#include "training/detail/loop/checkpointhook.h"
#include "training/detail/loop/correspondencehook.h"
#include "training/detail/loop/epochloghook.h"
#include "training/detail/loop/epochloop.h"
#include "training/detail/loop/evaluationhook.h"
#include "training/detail/loop/eventloghook.h"
#include "training/detail/loop/trajectoryhook.h"
#include "training/detail/modelbuilder.h"
#include "training/detail/optimisation.h"
#include "training/detail/phraseprior.h"
#include "training/detail/runfiles.h"
#include "modeltestthreads.h"
#include "synthetictraining.h"
#include "training/runs/runtrajectory.h"
#include "training/trainingsource.h"
#include "text/wordnet.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace gs;
using namespace gs::detail;

namespace {

// A run as train() builds it, without a run folder's vocabulary files: the model, its optimiser,
// the encoded captions, a fresh position.
struct HookFixture {
  HookFixture(TrainingData input, TrainConfig configIn, const QString &dir)
      : data(std::move(input)), config(std::move(configIn)), collective(Collective::alone()) {
    std::vector<QStringList> training;
    for (int c : data.captionsIn(Split::Train)) training.push_back(data.captions[std::size_t(c)].tokens);
    vocabulary = Vocabulary::build(training, config.minWordCount);
    if (config.needsTrees()) {
      attachParses(data);
      trees = loadOrBuildTreeVocabulary(RunFolder(dir), config, data, vocabulary);
    }
    encoded = encodeCaptions(vocabulary, data.captions, trees.get());
    torch::manual_seed(config.seed);
    run = std::make_unique<TrainingRun>(data, config, dir, encoded,
                                        makeJointModel(config, vocabulary.size(), data.featureDim, trees.get()), *collective, nullptr);
  }
  TrainingData data;
  TrainConfig config;
  std::unique_ptr<Collective> collective;
  Vocabulary vocabulary;
  std::shared_ptr<TreeVocabulary> trees; // tree models only
  std::vector<EncodedCaption> encoded;
  std::unique_ptr<TrainingRun> run;
};

TrainConfig bagOfWords(int epochs) {
  TrainConfig c = TrainConfig::defaultsFor(QStringLiteral("bow"));
  c.seed = 3;
  c.epochs = epochs;
  c.batchSize = 100;
  return c;
}

// Merkx & Frank's cyclic learning rate, a cycle every `cycleEpochs`.
TrainConfig cyclicBagOfWords(int epochs, int cycleEpochs) {
  TrainConfig c = bagOfWords(epochs);
  c.schedule = ScheduleKind::Cyclic;
  c.cycleEpochs = cycleEpochs;
  return c;
}

// Sets each epoch's validation rsum from a script, standing in for the evaluation.
class ScriptedScoreHook final : public TrainingHook {
public:
  explicit ScriptedScoreHook(std::vector<double> rsums) : m_rsums(std::move(rsums)) {}
  void endEpoch(TrainingRun &, EpochEvent &epoch) override { epoch.validation.rsum = m_rsums.at(std::size_t(epoch.epoch - 1)); }

private:
  std::vector<double> m_rsums;
};

// The toy hook: the learning rate of every minibatch, as a schedule plot would want it. Adding it
// to training is this class and one line in the trainer's list of hooks.
class LearningRateTraceHook final : public TrainingHook {
public:
  void endBatch(TrainingRun &, const BatchEvent &batch) override { rates.push_back(batch.learningRate); }
  std::vector<double> rates;
};

double adagradSumMean(torch::optim::Optimizer &optimizer) {
  double sum = 0;
  int count = 0;
  for (auto &entry : optimizer.state()) {
    sum += static_cast<torch::optim::AdagradParamState &>(*entry.second).sum().mean().item<double>();
    ++count;
  }
  return count > 0 ? sum / count : 0;
}

}  // namespace

class TestTrainingHooks : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { test::fixModelTestThreads(); }

  void theLoopAloneTrainsEveryMinibatchOnce() {
    QTemporaryDir dir;
    HookFixture f(test::syntheticTrainingData(10), bagOfWords(2), dir.path()); // 384 training captions
    QCOMPARE(f.run->batchesPerEpoch, 4);
    runEpoch(*f.run, 1, {});
    QCOMPARE(f.run->position.epoch, 1);
    QCOMPARE(f.run->position.iteration, std::int64_t(4));
    QCOMPARE(f.run->stats.steps, std::int64_t(4));
    // The same epoch always sees the same order; another epoch another one; every caption once.
    const auto order = epochOrder(f.data, f.run->trainRows, f.config.seed, 2, false);
    QCOMPARE(order, epochOrder(f.data, f.run->trainRows, f.config.seed, 2, false));
    QVERIFY(order != epochOrder(f.data, f.run->trainRows, f.config.seed, 3, false));
    auto sorted = order;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(sorted, f.run->trainRows);
  }

  void aToyHookNeedsNoChangeToTheLoop() {
    QTemporaryDir dir;
    HookFixture f(test::syntheticTrainingData(10), cyclicBagOfWords(1, 1), dir.path());
    TrainingHooks hooks;
    hooks.push_back(std::make_unique<LearningRateTraceHook>());
    auto *trace = static_cast<LearningRateTraceHook *>(hooks.back().get());
    runEpoch(*f.run, 1, hooks);
    QCOMPARE(trace->rates.size(), std::size_t(4));
    for (int b = 0; b < 4; ++b) QCOMPARE(trace->rates[std::size_t(b)], learningRateAt(f.config, b, 4));
    QVERIFY(trace->rates[0] != trace->rates[2]); // the cycle moves the rate
  }

  void adagradSumsAreResetEveryKEpochs() {
    const AdagradResetHook hook(2);
    QVERIFY(!hook.resetsBefore(1));
    QVERIFY(!hook.resetsBefore(2));
    QVERIFY(hook.resetsBefore(3));
    QVERIFY(!hook.resetsBefore(4));
    QVERIFY(hook.resetsBefore(5));
    QVERIFY(!AdagradResetHook(0).resetsBefore(3));

    QTemporaryDir dir;
    TrainConfig config = bagOfWords(3);
    config.optimizer = OptimizerKind::Adagrad;
    HookFixture f(test::syntheticTrainingData(10), config, dir.path());
    TrainingHooks hooks;
    hooks.push_back(std::make_unique<AdagradResetHook>(2));
    runEpoch(*f.run, 1, hooks);
    runEpoch(*f.run, 2, hooks);
    QVERIFY(adagradSumMean(*f.run->optimizer) > 1.0); // squared gradients accumulated on top of 1
    EpochEvent third;
    third.epoch = 3;
    hooks.front()->beginEpoch(*f.run, third);
    QCOMPARE(adagradSumMean(*f.run->optimizer), 1.0);
  }

  void eventLogHasALinePerMinibatchAfterEachEpoch() {
    QTemporaryDir dir;
    HookFixture f(test::syntheticTrainingData(10), bagOfWords(2), dir.path());
    const QString file = dir.filePath(QStringLiteral("events.jsonl"));
    int seen = 0;
    TrainingHooks hooks;
    hooks.push_back(std::make_unique<EventLogHook>(file, [&](const BatchEvent &) { ++seen; }));
    runEpoch(*f.run, 1, hooks);
    QFile log(file);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = log.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(seen, 4);
    const BatchEvent last = BatchEvent::fromJson(QJsonDocument::fromJson(lines.back()).object());
    QCOMPARE(last.iteration, std::int64_t(4));
    QCOMPARE(last.batch, 4);

    // A file that cannot be written is named.
    const QString blocked = dir.filePath(QStringLiteral("no-such-folder/events.jsonl"));
    try {
      EventLogHook hook(blocked, {});
      QFAIL("an unwritable event log was accepted");
    } catch (const std::runtime_error &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(blocked), error.what());
    }
  }

  void evaluationFillsTheEpochsValidationMetrics() {
    QTemporaryDir dir;
    HookFixture f(test::syntheticTrainingData(10), bagOfWords(2), dir.path());
    TrainingHooks hooks;
    hooks.push_back(std::make_unique<EvaluationHook>());
    std::vector<EpochEvent> seen;
    hooks.push_back(std::make_unique<EpochLogHook>([&](const EpochEvent &e) { seen.push_back(e); }));
    runEpoch(*f.run, 1, hooks);
    runEpoch(*f.run, 2, hooks);
    QCOMPARE(seen.size(), std::size_t(2));
    // Colour and shape are learned in two epochs: far above chance (R@5 of 16 validation images: 31 %).
    QVERIFY2(seen.back().validation.textToImage.r5 > 60, qPrintable(QString::number(seen.back().validation.textToImage.r5)));
    QVERIFY(seen.back().trainLoss < seen.front().trainLoss);
    QCOMPARE(seen.back().trainTwinAccuracy, -1.0); // no distractor twins in this data
  }

  void selectionKeepsTheBestAndCheckpointsTheLast() {
    QVERIFY(CheckpointHook::isBest(bagOfWords(3), 1, 0, -1));
    TrainConfig last = bagOfWords(3);
    last.selection = SelectionRule::Last;
    QVERIFY(CheckpointHook::isBest(last, 3, 3, 10));

    QTemporaryDir dir;
    HookFixture f(test::syntheticTrainingData(10), bagOfWords(3), dir.path());
    TrainingHooks hooks;
    hooks.push_back(std::make_unique<ScriptedScoreHook>(std::vector<double>{10, 30, 20}));
    hooks.push_back(std::make_unique<CheckpointHook>());
    for (int epoch = 1; epoch <= 3; ++epoch) runEpoch(*f.run, epoch, hooks);
    QCOMPARE(f.run->position.bestEpoch, 2);
    QCOMPARE(f.run->position.bestRsum, 30.0);
    const RunFolder &folder = f.run->folder;
    QVERIFY(QFile::exists(folder.bestModelFile()));
    const QJsonObject metrics = QJsonDocument::fromJson([&] {
                                  QFile m(folder.metricsFile());
                                  return m.open(QIODevice::ReadOnly) ? m.readAll() : QByteArray();
                                }()).object();
    QCOMPARE(metrics.value(QStringLiteral("best_epoch")).toInt(), 2);
    QCOMPARE(metrics.value(QStringLiteral("epochs")).toArray().size(), 3);
    // The last checkpoint resumes after epoch 3, with the optimiser's state.
    JointModel reopened = makeJointModel(f.config, f.vocabulary.size(), f.data.featureDim, nullptr);
    const TrainerPosition position = loadCheckpoint(folder.lastCheckpointFile(), *reopened, nullptr);
    QCOMPARE(position.epoch, 3);
    QCOMPARE(position.iteration, std::int64_t(12));
    QCOMPARE(position.bestEpoch, 2);
  }

  void cyclicRunsKeepASnapshotAtEachMinimum() {
    QTemporaryDir dir;
    HookFixture f(test::syntheticTrainingData(10), cyclicBagOfWords(4, 2), dir.path());
    TrainingHooks hooks;
    hooks.push_back(std::make_unique<CheckpointHook>());
    for (int epoch = 1; epoch <= 4; ++epoch) runEpoch(*f.run, epoch, hooks);
    QVERIFY(!QFile::exists(f.run->folder.snapshotFile(1)));
    QVERIFY(QFile::exists(f.run->folder.snapshotFile(2)));
    QVERIFY(!QFile::exists(f.run->folder.snapshotFile(3)));
    QVERIFY(QFile::exists(f.run->folder.snapshotFile(4)));
  }

  void trajectoryRecordsEpochZeroOnlyForAFreshRun() {
    QTemporaryDir dir;
    HookFixture f(test::syntheticTrainingData(10), bagOfWords(2), dir.path());
    TrainingHooks hooks;
    hooks.push_back(std::make_unique<TrajectoryHook>(f.data, 8, dir.path()));
    hooks.front()->beginTraining(*f.run);
    runEpoch(*f.run, 1, hooks);
    QCOMPARE(RunTrajectory::open(dir.path()).epochs(), (std::vector<int>{0, 1}));

    // A resumed run (position past epoch 0) does not overwrite the vectors before training.
    QTemporaryDir resumed;
    HookFixture g(test::syntheticTrainingData(10), bagOfWords(2), resumed.path());
    g.run->position.epoch = 1;
    TrajectoryHook hook(g.data, 8, resumed.path());
    hook.beginTraining(*g.run);
    QVERIFY(!QFile::exists(RunTrajectory::epochFile(resumed.path(), 0)));
  }

  void correspondenceStepsOpenEveryAlternation() {
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("hmlstm"));
    config.rootEpochs = 2;
    config.alternationEpochs = 2;
    QCOMPARE(CorrespondenceHook::stepOpening(config, 1), 0);
    QCOMPARE(CorrespondenceHook::stepOpening(config, 2), 0);
    QCOMPARE(CorrespondenceHook::stepOpening(config, 3), 1);
    QCOMPARE(CorrespondenceHook::stepOpening(config, 4), 0);
    QCOMPARE(CorrespondenceHook::stepOpening(config, 5), 2);

    // The step itself: every noun phrase of the training captions picks a region of its image; the
    // statistics open the epoch's summary and the leader's file holds them.
    QTemporaryDir dir;
    config.hiddenDim = config.embedDim = 32;
    config.wordDim = 16;
    HookFixture f(test::withSyntheticRegions(test::syntheticTrainingData(2)), config, dir.path());
    const PhraseIndex phrases = indexPhrases(f.data, f.encoded);
    QVERIFY(phrases.size() > 0);
    Correspondences found;
    const QString file = dir.filePath(QStringLiteral("correspondences.json"));
    CorrespondenceHook hook(phrases, found, file);
    EpochEvent second, third;
    second.epoch = 2;
    third.epoch = 3;
    hook.beginEpoch(*f.run, second);
    QCOMPARE(second.correspondence.step, 0);
    QVERIFY(!QFile::exists(file));
    hook.beginEpoch(*f.run, third);
    QCOMPARE(third.correspondence.step, 1);
    QCOMPARE(third.correspondence.epoch, 3);
    QVERIFY(third.correspondence.phrases > 0);
    QCOMPARE(found.stats.phrases, third.correspondence.phrases);
    QVERIFY(QFile::exists(file));

    // A rank that is not the leader finds the same step and writes nothing.
    QVERIFY(QFile::remove(file));
    Correspondences elsewhere;
    CorrespondenceHook silent(phrases, elsewhere, QString());
    EpochEvent again;
    again.epoch = 3;
    silent.beginEpoch(*f.run, again);
    QCOMPARE(again.correspondence.phrases, third.correspondence.phrases);
    QCOMPARE(again.correspondence.meanConfidence, third.correspondence.meanConfidence);
    QVERIFY(!QFile::exists(file));
  }

  // correspondence_prior: the first step follows the label prior where it covers the phrase, later
  // steps add λ·π to s(v, h). Here π prefers each image's empty corner, which the model never does.
  void correspondencesStartFromTheLabelPrior() {
    QTemporaryDir dir;
    TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("hmlstm"));
    config.hiddenDim = config.embedDim = 32;
    config.wordDim = 16;
    HookFixture f(test::withSyntheticRegions(test::syntheticTrainingData(2)), config, dir.path());
    const PhraseIndex phrases = indexPhrases(f.data, f.encoded);
    PhrasePriors priors;
    priors.mass.resize(std::size_t(phrases.size()));
    std::vector<int> corner(std::size_t(phrases.size()), -1);
    for (int p = 0; p < phrases.size(); ++p) {
      const auto [first, last] = f.data.phraseCandidateRows(f.data.captions[std::size_t(phrases.caption[std::size_t(p)])].image);
      if (last <= first || p % 2 == 1) continue; // odd phrases: a noun the prior does not cover
      priors.mass[std::size_t(p)].assign(std::size_t(last - first), 0.f);
      priors.mass[std::size_t(p)].back() = 1.f;
      corner[std::size_t(p)] = last - 1;
      ++priors.covered;
    }
    QVERIFY(priors.covered > 10);
    const Correspondences model = findCorrespondences(f.run->model, f.data, f.encoded, phrases, f.run->trainRows);
    priors.weight = 1;
    const Correspondences first = findCorrespondences(f.run->model, f.data, f.encoded, phrases, f.run->trainRows, &priors, true);
    int followed = 0, modelChoseCorner = 0;
    for (int p = 0; p < phrases.size(); ++p) {
      if (first.region[std::size_t(p)] < 0) continue;
      if (corner[std::size_t(p)] < 0) {
        QCOMPARE(first.region[std::size_t(p)], model.region[std::size_t(p)]); // uncovered: the model's choice
        continue;
      }
      QCOMPARE(first.region[std::size_t(p)], corner[std::size_t(p)]);
      QCOMPARE(first.score[std::size_t(p)], 1.f); // confidence: the prior's mass
      QVERIFY(first.weight[std::size_t(p)] > 0);
      ++followed;
      modelChoseCorner += model.region[std::size_t(p)] == corner[std::size_t(p)];
    }
    QVERIFY(followed > 10);
    QVERIFY2(modelChoseCorner < followed, "the model alone already chose every corner: the test would not tell");
    // Later steps: λ = 0 is the model alone, a large λ keeps the prior's choice.
    priors.weight = 0;
    QCOMPARE(findCorrespondences(f.run->model, f.data, f.encoded, phrases, f.run->trainRows, &priors).region, model.region);
    priors.weight = 10;
    QCOMPARE(findCorrespondences(f.run->model, f.data, f.encoded, phrases, f.run->trainRows, &priors).region, first.region);
  }

  // π of each phrase from its head noun, WordNet and a classifier: "dogs" → the dog-like region,
  // "cat" → the cat-like one, "snow" covers no class.
  void phrasePriorsFollowTheHeadNounsClasses() {
    const WordNet wordNet = WordNet::open(); // Debian's wordnet-base, which install-deps.sh installs
    const std::vector<ClassLabel> labels{{QStringLiteral("n02099712"), QStringLiteral("Labrador retriever")},
                                         {QStringLiteral("n02123159"), QStringLiteral("tiger cat")}};
    const ClassCoverage coverage(wordNet, labels);
    ClassHead head;
    head.classes = head.dim = 2;
    head.weights = {1, 0, 0, 1};
    head.bias = {0, 0};
    const LabelPrior prior{&coverage, &head};
    TrainingData data;
    data.featureDim = 2;
    data.imageIds << QStringLiteral("photo");
    data.imageSplits.push_back(Split::Train);
    data.imageFeatures = {1, 1};
    data.regionOffsets = {0, 3};
    data.regionBoxes = {{0, 0, 100, 100}, {10, 10, 30, 30}, {60, 60, 30, 30}};
    data.regionFeatures = {1, 1, /*cat-like*/ 0, 6, /*dog-like*/ 6, 0};
    const QStringList words{QStringLiteral("two"), QStringLiteral("dogs"), QStringLiteral("and"), QStringLiteral("a"),
                            QStringLiteral("cat"), QStringLiteral("in"), QStringLiteral("the"), QStringLiteral("snow")};
    data.captions.push_back({words.join(QLatin1Char(' ')), words, 0, false, nullptr});
    PhraseIndex phrases;
    phrases.offset = {0, 3};
    phrases.caption = {0, 0, 0};
    phrases.node = {1, 2, 3};
    phrases.spanBegin = {0, 3, 6};
    phrases.spanEnd = {2, 5, 8};
    phrases.hasTruth = {0, 0, 0};
    phrases.truth.resize(3);
    QCOMPARE(phraseHeadNoun(data, phrases, 0), QStringLiteral("dogs"));
    const PhrasePriors priors = phrasePriors(data, phrases, prior, 0.5);
    QCOMPARE(priors.covered, 2);
    QCOMPARE(priors.weight, 0.5);
    const std::vector<float> &dogs = priors.mass[0], &cat = priors.mass[1];
    QCOMPARE(int(dogs.size()), 2); // the candidates: every region but the whole image
    QVERIFY(dogs[1] > 0.99f && dogs[0] < 0.01f);
    QVERIFY(cat[0] > 0.99f && cat[1] < 0.01f);
    QVERIFY(!priors.covers(2));
    QVERIFY(describePhrasePriors(data, phrases, priors, prior).contains(QStringLiteral("2 of 3")));
  }
};

QTEST_GUILESS_MAIN(TestTrainingHooks)
#include "tst_traininghooks.moc"
