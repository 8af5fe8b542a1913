#include "training/trainer.h"

#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "io/jsonfile.h"
#include "training/detail/cca.h"
#include "training/modelregistry.h"
#include "training/detail/checkpoint.h"
#include "training/detail/collective.h"
#include "training/detail/embedder.h"
#include "training/detail/modelbuilder.h"
#include "training/detail/trainstep.h"
#include "training/detail/trajectoryrecorder.h"
#include "training/detail/phrasegrounding.h"
#include "training/detail/optimisation.h"
#include "training/detail/runfiles.h"
#include "training/runfolder.h"
#include "training/trainingsource.h"
#include "models/detail/wordvectors.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <random>
#include <tuple>

namespace gs {

using namespace detail;

QJsonObject TrainResult::toJson() const {
  QJsonObject json{{QStringLiteral("run"), runDir},
          {QStringLiteral("test"), test.toJson()},
          {QStringLiteral("validation"), validation.toJson()},
          {QStringLiteral("best_epoch"), bestEpoch},
          {QStringLiteral("epochs_run"), epochsRun},
          {QStringLiteral("resumed_from"), resumedFrom},
          {QStringLiteral("sentence_similarity_mean_rank"), sentenceSimilarityMeanRank},
          {QStringLiteral("twin_accuracy"), twinAccuracy},
          {QStringLiteral("twin_captions"), twinCaptions}};
  if (grounded) {
    json.insert(QStringLiteral("grounding"), grounding.toJson());
    QJsonArray steps;
    for (const CorrespondenceStats &s : correspondenceSteps) steps.append(s.toJson());
    json.insert(QStringLiteral("correspondence_steps"), steps);
  }
  if (!similarity.isEmpty()) json.insert(QStringLiteral("similarity"), similarity);
  if (!distributed.isEmpty()) json.insert(QStringLiteral("distributed"), distributed);
  return json;
}

TrainResult TrainResult::fromJson(const QJsonObject &json) {
  TrainResult r;
  r.runDir = json.value(QStringLiteral("run")).toString();
  r.test = RetrievalMetrics::fromJson(json.value(QStringLiteral("test")).toObject());
  r.validation = RetrievalMetrics::fromJson(json.value(QStringLiteral("validation")).toObject());
  r.bestEpoch = json.value(QStringLiteral("best_epoch")).toInt();
  r.epochsRun = json.value(QStringLiteral("epochs_run")).toInt();
  r.resumedFrom = json.value(QStringLiteral("resumed_from")).toInt();
  r.sentenceSimilarityMeanRank = json.value(QStringLiteral("sentence_similarity_mean_rank")).toDouble();
  r.twinAccuracy = json.value(QStringLiteral("twin_accuracy")).toDouble(-1);
  r.twinCaptions = json.value(QStringLiteral("twin_captions")).toInt();
  r.grounded = json.contains(QStringLiteral("grounding"));
  r.grounding = GroundingMetrics::fromJson(json.value(QStringLiteral("grounding")).toObject());
  for (const QJsonValue &s : json.value(QStringLiteral("correspondence_steps")).toArray())
    r.correspondenceSteps.push_back(CorrespondenceStats::fromJson(s.toObject()));
  r.similarity = json.value(QStringLiteral("similarity")).toObject();
  r.distributed = json.value(QStringLiteral("distributed")).toObject();
  return r;
}

namespace {

// The same epoch always sees the same order, so a resumed run repeats an uninterrupted one.
std::vector<int> shuffled(std::vector<int> rows, quint64 seed, int epoch) {
  std::mt19937_64 rng(seed * 1000003ULL + quint64(epoch));
  std::shuffle(rows.begin(), rows.end(), rng);
  return rows;
}

// Shuffled like shuffled(), but the captions of both images of a distractor-twin pair travel
// together as one unit, so a minibatch holding one image's captions also holds its twin's: the
// twin is then a negative in Eq. 5 every time, not in the ~20 % of minibatches chance would give.
// Each caption is still seen once per epoch.
std::vector<int> shuffledWithTwins(const TrainingData &data, const std::vector<int> &rows, quint64 seed, int epoch) {
  if (data.imageDistractors.size() != std::size_t(data.imageCount())) return shuffled(rows, seed, epoch);
  std::mt19937_64 rng(seed * 1000003ULL + quint64(epoch));
  std::vector<std::vector<int>> units;
  std::map<int, std::size_t> unitOfPair; // lower image row of a twin pair → its unit
  for (int c : rows) {
    const int image = data.captions[std::size_t(c)].image;
    const int twin = data.imageDistractors[std::size_t(image)];
    if (twin < 0) {
      units.push_back({c});
      continue;
    }
    const int key = std::min(image, twin);
    auto it = unitOfPair.find(key);
    if (it == unitOfPair.end()) it = unitOfPair.emplace(key, units.size()).first, units.emplace_back();
    units[it->second].push_back(c);
  }
  std::shuffle(units.begin(), units.end(), rng);
  std::vector<int> order;
  order.reserve(rows.size());
  for (std::vector<int> &unit : units) {
    std::shuffle(unit.begin(), unit.end(), rng);
    order.insert(order.end(), unit.begin(), unit.end());
  }
  return order;
}

void appendEvent(QFile &log, const BatchEvent &e) { log.write(QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact) + '\n'); }

double sentenceSimilarity(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded) {
  const std::vector<int> rows = data.captionsIn(Split::Test);
  if (rows.size() < 2) return 0;
  const auto y = embedder.captions(encoded, rows);
  std::vector<int> image;
  for (int c : rows) image.push_back(data.captions[c].image);
  // Caption–caption scores a block of rows at a time: the whole matrix of a 25k-caption test split
  // would take 2.5 GB.
  const int n = int(rows.size());
  double sum = 0;
  int counted = 0;
  for (int begin = 0; begin < n; begin += kEmbedChunk) {
    const int end = std::min(n, begin + kEmbedChunk);
    const auto s = embedder.score(y.slice(0, begin, end), y).contiguous().to(torch::kFloat); // [block, n]
    for (int c = begin; c < end; ++c) {
      const int rank = sentenceSimilarityRank(s.data_ptr<float>() + std::size_t(c - begin) * n, c, n, image);
      if (rank == 0) continue;
      sum += rank;
      ++counted;
    }
  }
  return counted > 0 ? sum / counted : 0; // 0: no image with two test captions
}

// How often an order-sensitive caption of `split` scores its own image above the distractor twin.
std::pair<double, int> twinAccuracy(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                                    Split split = Split::Test) {
  if (data.imageDistractors.size() != std::size_t(data.imageCount())) return {-1, 0};
  std::vector<int> rows;
  for (int c : data.captionsIn(split))
    if (data.captions[std::size_t(c)].orderSensitive && data.imageDistractors[std::size_t(data.captions[std::size_t(c)].image)] >= 0)
      rows.push_back(c);
  if (rows.empty()) return {-1, 0};
  // Only each caption's own image and its twin are scored, a block of captions at a time: the full
  // images × captions matrix of a 20k-image training split took 1.6 GB.
  const auto y = embedder.captions(encoded, rows);
  const auto v = embedder.images(featureTensor(data));
  int wins = 0;
  for (std::size_t begin = 0; begin < rows.size(); begin += kEmbedChunk) {
    const std::size_t end = std::min(rows.size(), begin + kEmbedChunk);
    std::vector<std::int64_t> own, twin;
    for (std::size_t k = begin; k < end; ++k) {
      own.push_back(data.captions[std::size_t(rows[k])].image);
      twin.push_back(data.imageDistractors[std::size_t(own.back())]);
    }
    const auto block = y.slice(0, std::int64_t(begin), std::int64_t(end));
    // The diagonal of [block images, block captions]: caption k against its own (or twin) image.
    const auto ownScores = embedder.score(v.index_select(0, torch::tensor(own)), block).diagonal().to(torch::kFloat).contiguous();
    const auto twinScores = embedder.score(v.index_select(0, torch::tensor(twin)), block).diagonal().to(torch::kFloat).contiguous();
    wins += (ownScores > twinScores).sum().item<int>();
  }
  return {100.0 * wins / double(rows.size()), int(rows.size())};
}

QString describe(const CorrespondenceStats &s) {
  const QString head = QStringLiteral("correspondence step %1: %2 noun phrases, mean confidence %3")
                           .arg(s.step)
                           .arg(s.phrases)
                           .arg(s.meanConfidence, 0, 'f', 3);
  if (!s.hasGroundTruth()) return head + QStringLiteral(", accuracy: no ground truth");
  return head + QStringLiteral(", accuracy %1 % of %2 with a box (proposal ceiling %3 %, chance %4 %)")
                    .arg(s.accuracy, 0, 'f', 1)
                    .arg(s.withGroundTruth)
                    .arg(s.ceiling, 0, 'f', 1)
                    .arg(s.chance, 0, 'f', 1);
}

TrainResult finish(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                   const QString &runDir, const TrainerPosition &position, int resumedFrom, int epochsRun,
                   const PhraseIndex *phrases = nullptr, const QJsonObject &distributed = {}) {
  TrainResult result;
  result.distributed = distributed;
  result.runDir = runDir;
  result.test = evaluateSplit(embedder, data, encoded, data.captionsIn(Split::Test).empty() ? Split::Val : Split::Test);
  result.bestEpoch = position.bestEpoch;
  const QJsonArray epochs = position.history.value(QStringLiteral("epochs")).toArray();
  for (const QJsonValue &e : epochs)
    if (e.toObject().value(QStringLiteral("epoch")).toInt() == position.bestEpoch)
      result.validation = RetrievalMetrics::fromJson(e.toObject().value(QStringLiteral("validation")).toObject());
  result.resumedFrom = resumedFrom;
  result.epochsRun = epochsRun;
  result.sentenceSimilarityMeanRank = sentenceSimilarity(embedder, data, encoded);
  std::tie(result.twinAccuracy, result.twinCaptions) = twinAccuracy(embedder, data, encoded);
  if (auto *joint = dynamic_cast<JointEmbedder *>(&embedder); joint && phrases) {
    // HM-LSTM §5.2–5.3: region–phrase ranking of the kept model, every correspondence step's figures.
    JointModel model = joint->members().front();
    result.grounded = true;
    result.grounding =
        evaluateGrounding(model, data, encoded, *phrases, data.captionsIn(Split::Test).empty() ? Split::Val : Split::Test);
    for (const QJsonValue &e : epochs) {
      const EpochEvent epoch = EpochEvent::fromJson(e.toObject());
      if (epoch.correspondence.step > 0) result.correspondenceSteps.push_back(epoch.correspondence);
    }
  }
  writeFileAtomically(RunFolder(runDir).resultFile(), QJsonDocument(result.toJson()).toJson());
  return result;
}

TrainResult trainCca(const TrainingData &data, const TrainConfig &config, const QString &runDir, const Vocabulary &vocabulary,
                     const std::vector<EncodedCaption> &encoded, JobContext *job) {
  if (job) job->setProgress(-1, QStringLiteral("fitting CCA"));
  auto cca = CcaEmbedder::fit(config, vocabulary, data, encoded);
  const RunFolder folder(runDir);
  cca->save(folder.closedFormFile());
  TrainerPosition position;
  position.epoch = 1;
  position.bestEpoch = 1;
  const Split held = data.captionsIn(Split::Val).empty() ? Split::Train : Split::Val;
  const RetrievalMetrics validation = evaluateSplit(*cca, data, encoded, held);
  position.history = QJsonObject{{QStringLiteral("epochs"),
                                   QJsonArray{QJsonObject{{QStringLiteral("epoch"), 1},
                                                          {QStringLiteral("validation"), validation.toJson()}}}}};
  writeFileAtomically(folder.metricsFile(), QJsonDocument(position.history).toJson());
  if (job) job->log(QStringLiteral("CCA: top canonical correlation %1").arg(cca->correlations()[0].item<double>(), 0, 'f', 3));
  return finish(*cca, data, encoded, runDir, position, 0, 1);
}

// The concepts model's K is the number of concepts the data has (the concept CNN keeps fewer than
// asked when fewer occur often enough): config.json records the K the model was built with.
TrainConfig withDataSizes(const TrainConfig &requested, const TrainingData &data, JobContext *job) {
  TrainConfig config = requested;
  if (!config.readsConcepts()) return config;
  if (!data.hasConcepts())
    throw std::runtime_error(QStringLiteral("model %1 reads concept scores and this data has none: prepare it with "
                                            "concepts (train, compare and the Training panel do when the model needs them)")
                                 .arg(config.modelName())
                                 .toStdString());
  if (data.conceptCount() != config.conceptCount) {
    if (job)
      job->log(QStringLiteral("%1: K = %2 concepts (asked for %3)").arg(config.modelName()).arg(data.conceptCount()).arg(config.conceptCount));
    config.conceptCount = data.conceptCount();
  }
  return config;
}

}  // namespace

TrainResult train(const TrainingData &input, const TrainConfig &requested, const QString &runDir, JobContext *job,
                  const TrainingEvents &events, const DistributedOptions &distributed) {
  // Tree models read each caption's parse: parse (through the cache) what the caller did not.
  std::optional<TrainingData> parsed;
  if (requested.needsTrees() && !hasParses(input)) {
    parsed = input;
    attachParses(*parsed, job);
  }
  const TrainingData &data = parsed ? *parsed : input;
  data.validate();
  const TrainConfig config = withDataSizes(requested, data, job);
  config.validate();
  // Data-parallel training (issue 20): join the job; rank 0 alone writes the run folder.
  std::unique_ptr<Collective> collective;
  if (distributed.enabled()) {
    if (job)
      job->setProgress(-1, QStringLiteral("joining the data-parallel job at %1 as rank %2 of %3")
                               .arg(distributed.rendezvous)
                               .arg(distributed.rank)
                               .arg(distributed.worldSize));
    collective = Collective::join(distributed);
    if (job) job->log(QStringLiteral("data-parallel: rank %1 of %2 joined at %3").arg(distributed.rank).arg(distributed.worldSize).arg(distributed.rendezvous));
  }
  const bool leader = !collective || collective->leader();
  const RunFolder folder(runDir);
  if (!QDir().mkpath(runDir)) throw std::runtime_error(QStringLiteral("%1: cannot create run folder").arg(runDir).toStdString());
  // Rank 0 writes the configuration and vocabularies first; the others then read the same files
  // (or, in a folder of their own, build identical ones).
  if (collective && !leader) collective->barrier();
  prepareRunFolder(folder, config, data);
  const Vocabulary vocabulary = loadOrBuildVocabulary(folder, config, data);
  const std::shared_ptr<TreeVocabulary> trees = loadOrBuildTreeVocabulary(folder, config, data, vocabulary);
  if (collective && leader) collective->barrier();
  const std::vector<EncodedCaption> encoded = encodeCaptions(vocabulary, data.captions, trees.get());
  if (config.entry().closedForm) {
    if (leader) return trainCca(data, config, runDir, vocabulary, encoded, job);
    // CCA has no gradient to share: its closed form is fitted by rank 0 alone.
    if (job) job->log(QStringLiteral("data-parallel: CCA is fitted in closed form by rank 0; rank %1 has nothing to do").arg(distributed.rank));
    TrainResult result;
    result.runDir = runDir;
    return result;
  }

  // HM-LSTM: the captions' noun phrases, the image regions, the correspondences of the last step.
  const bool grounded = config.needsRegions();
  PhraseIndex phrases;
  Correspondences correspondences;
  torch::Tensor regionFeatures;
  if (grounded) {
    if (!data.hasRegions())
      throw std::runtime_error(QStringLiteral("model %1 reads image regions and this data has none: extract them with "
                                              "`groundscope-cli features --regions` (train, compare and the Training "
                                              "panel ask for them when the model needs them)")
                                   .arg(config.modelName())
                                   .toStdString());
    phrases = indexPhrases(data, encoded);
    regionFeatures = regionFeatureTensor(data);
    int withBox = 0;
    for (char t : phrases.hasTruth) withBox += t;
    if (job) {
      job->log(QStringLiteral("%1 noun phrases in %2 captions (%3 with a ground-truth box), %4 regions (%5)")
                   .arg(phrases.size())
                   .arg(data.captions.size())
                   .arg(withBox)
                   .arg(data.regionBoxes.size())
                   .arg(data.regionSet));
      if (phrases.size() == 0)
        job->warn(QStringLiteral("no caption has a noun phrase: %1 trains with its root losses only").arg(config.modelName()));
    }
  }

  torch::manual_seed(config.seed);
  JointModel model = makeJointModel(config, vocabulary.size(), data.featureDim, trees.get());
  if (!config.wordVectors.isEmpty()) {
    auto table = model->encoder->wordEmbedding();
    if (!table) throw std::runtime_error("word_vectors: model " + config.modelName().toStdString() + " has no word vectors");
    torch::NoGradGuard noGrad;
    const WordVectorLoad load = loadWordVectors(config.wordVectors, vocabulary, table->weight);
    if (job) job->log(QStringLiteral("word vectors: %1 of %2 words found in %3").arg(load.found).arg(vocabulary.size() - 2).arg(config.wordVectors));
    if (config.freezeWords) table->weight.set_requires_grad(false);
  }
  std::vector<torch::Tensor> trainable;
  for (auto &p : model->parameters())
    if (p.requires_grad()) trainable.push_back(p);
  auto optimizer = makeOptimizer(config, trainable);

  TrainerPosition position;
  const QString lastPath = folder.lastCheckpointFile();
  if (QFile::exists(lastPath)) {
    position = loadCheckpoint(lastPath, *model, optimizer.get());
    if (job) job->log(QStringLiteral("resuming %1 after epoch %2").arg(runDir).arg(position.epoch));
  }
  const int resumedFrom = position.epoch;
  if (collective) {
    // Every rank resumes from the same epoch, and from rank 0's parameters (and batch-norm
    // statistics), so the ranks hold one model throughout.
    const auto [earliest, latest] = collective->minMax(position.epoch);
    if (earliest != latest)
      throw std::runtime_error(QStringLiteral("data-parallel: the ranks' run folders hold checkpoints of different epochs "
                                              "(%1 to %2; this rank, %3, is at %4): give every rank the same run folder on a "
                                              "shared file system, or a copy of rank 0's")
                                   .arg(earliest)
                                   .arg(latest)
                                   .arg(distributed.rank)
                                   .arg(position.epoch)
                                   .toStdString());
    std::vector<torch::Tensor> state = model->parameters();
    for (const torch::Tensor &b : model->buffers()) state.push_back(b);
    collective->broadcast(state);
  }
  if (grounded && position.epoch > config.rootEpochs && QFile::exists(folder.correspondencesFile()))
    correspondences = Correspondences::fromJson(readJsonObjectFile(folder.correspondencesFile()), phrases, folder.correspondencesFile());

  const torch::Tensor features = featureTensor(data);
  const std::vector<int> trainRows = data.captionsIn(Split::Train);
  const bool haveValidation = !data.captionsIn(Split::Val).empty();
  const int batchSize = std::min<int>(config.batchSize, int(trainRows.size()));
  const int batchesPerEpoch = int((trainRows.size() + batchSize - 1) / batchSize);
  const int totalBatches = batchesPerEpoch * config.epochs;
  StepInputs step{data, encoded, features, trainable, int(trainRows.size())};
  step.negativePool = &trainRows;
  step.collective = collective.get();
  DistributedStats stats;
  stats.worldSize = collective ? collective->worldSize() : 1;
  if (grounded) {
    step.regionFeatures = &regionFeatures;
    step.phrases = &phrases;
    step.correspondences = &correspondences;
  }
  // The Map's epoch slider: the sample's vectors before training and after every epoch.
  TrajectoryRecorder trajectory(data, config.recordSample, runDir);
  if (position.epoch == 0 && leader) trajectory.record(model, encoded, features, 0);
  QFile eventLog(folder.eventsFile());
  if (leader && !eventLog.open(QIODevice::Append | QIODevice::Text))
    throw std::runtime_error(QStringLiteral("%1: cannot write: %2").arg(eventLog.fileName(), eventLog.errorString()).toStdString());

  QJsonArray history = position.history.value(QStringLiteral("epochs")).toArray();
  for (int epoch = position.epoch + 1; epoch <= config.epochs; ++epoch) {
    QElapsedTimer clock;
    clock.start();
    // Socher §5: AdaGrad's squared-gradient sums are reset every k epochs.
    if (config.optimizer == OptimizerKind::Adagrad && config.adagradResetEpochs > 0 && epoch > 1 &&
        (epoch - 1) % config.adagradResetEpochs == 0)
      resetAdagradSums(*optimizer);
    // HM-LSTM §3.3–3.4: after the root-only epochs, a correspondence step with the model fixed
    // opens every alternation.
    CorrespondenceStats stepStats;
    if (grounded && config.phraseLosses && epoch > config.rootEpochs &&
        (epoch - config.rootEpochs - 1) % config.alternationEpochs == 0) {
      if (job) job->setProgress(-1, QStringLiteral("epoch %1: phrase–region correspondences").arg(epoch));
      correspondences = findCorrespondences(model, data, encoded, phrases, trainRows);
      correspondences.stats.step = (epoch - config.rootEpochs - 1) / config.alternationEpochs + 1;
      correspondences.stats.epoch = epoch;
      // Every rank finds the same correspondences (the same model, the same data); rank 0 keeps them.
      if (leader)
        writeFileAtomically(folder.correspondencesFile(), QJsonDocument(correspondences.toJson()).toJson(QJsonDocument::Compact));
      stepStats = correspondences.stats;
      if (job) job->log(describe(stepStats));
    }
    const std::vector<int> order =
        config.twinBatches ? shuffledWithTwins(data, trainRows, config.seed, epoch) : shuffled(trainRows, config.seed, epoch);
    model->train();
    double lossSum = 0;
    QElapsedTimer loopClock;
    loopClock.start();
    for (int b = 0; b < batchesPerEpoch; ++b) {
      if (job) job->checkpoint();
      const double lr = learningRateAt(config, position.iteration, batchesPerEpoch);
      applySchedule(*optimizer, config, lr, position.iteration);
      const std::vector<int> rows(order.begin() + std::size_t(b) * batchSize,
                                  order.begin() + std::min(order.size(), std::size_t(b + 1) * batchSize));
      // Per-step draws (extra negatives, scheduled sampling) depend only on the seed and the step.
      step.stepSeed = config.seed * 0x9e3779b97f4a7c15ULL + quint64(position.iteration);
      step.truthProbability = config.scheduledSampling ? scheduledSamplingTruth(position.iteration, totalBatches) : 1.0;
      double value = 0;
      try {
        value = trainStep(model, *optimizer, config, step, rows, epoch);
      } catch (const std::runtime_error &error) {
        throw std::runtime_error(QStringLiteral("%1 at epoch %2, minibatch %3 (learning rate %4); the last good "
                                                "checkpoint is kept in %5")
                                     .arg(QString::fromUtf8(error.what()))
                                     .arg(epoch)
                                     .arg(b + 1)
                                     .arg(lr)
                                     .arg(runDir)
                                     .toStdString());
      }
      ++position.iteration;
      lossSum += value;
      const BatchEvent event{epoch, b + 1, batchesPerEpoch, position.iteration, value, lr};
      if (leader) {
        appendEvent(eventLog, event);
        if (events.onBatch) events.onBatch(event);
      }
      if (job)
        job->setItemProgress(qint64(epoch - 1) * batchesPerEpoch + b + 1, totalBatches,
                             QStringLiteral("epoch %1/%2, loss %3").arg(epoch).arg(config.epochs).arg(value, 0, 'f', 3));
    }
    stats.trainSeconds += loopClock.nsecsElapsed() / 1e9;
    stats.steps += batchesPerEpoch;
    if (!leader) {
      // Rank 0 evaluates and writes the checkpoint; the others wait for it, so a worker killed
      // from here on finds the epoch's checkpoint complete.
      position.epoch = epoch;
      collective->barrier();
      continue;
    }
    eventLog.flush();

    EpochEvent epochEvent;
    epochEvent.epoch = epoch;
    epochEvent.trainLoss = lossSum / batchesPerEpoch;
    epochEvent.correspondence = stepStats;
    // Twin accuracy on the training pairs (does the model separate them at all?) and on the
    // validation pairs (does that generalise?): -1 on data without distractor twins.
    {
      JointEmbedder embedder({model});
      epochEvent.validation =
          evaluateSplit(embedder, data, encoded, haveValidation ? Split::Val : Split::Train);
      epochEvent.trainTwinAccuracy = twinAccuracy(embedder, data, encoded, Split::Train).first;
      epochEvent.validationTwinAccuracy = twinAccuracy(embedder, data, encoded, Split::Val).first;
    }
    const double trainTwins = epochEvent.trainTwinAccuracy, validationTwins = epochEvent.validationTwinAccuracy;
    const double score = selectionScore(config.selection, epochEvent);
    epochEvent.best = epoch >= config.firstSelectableEpoch() &&
                      (config.selection == SelectionRule::Last || epoch == config.firstSelectableEpoch() || score > position.bestRsum);
    if (epochEvent.best) {
      position.bestRsum = score;
      position.bestEpoch = epoch;
      saveCheckpoint(folder.bestModelFile(), *model, nullptr, position);
    }
    if (config.schedule == ScheduleKind::Cyclic && epoch % config.cycleEpochs == 0) {
      // Merkx & Frank §3.3: a snapshot at each minimum of the learning-rate cycle.
      saveCheckpoint(folder.snapshotFile(epoch), *model, nullptr, position);
    }
    epochEvent.seconds = clock.elapsed() / 1000.0;
    history.append(epochEvent.toJson());
    position.epoch = epoch;
    position.history = QJsonObject{{QStringLiteral("epochs"), history},
                                   {QStringLiteral("best_epoch"), position.bestEpoch}};
    // Before the checkpoint: a run killed between the two redoes this epoch and rewrites the same file.
    trajectory.record(model, encoded, features, epoch);
    saveCheckpoint(lastPath, *model, optimizer.get(), position);
    writeFileAtomically(folder.metricsFile(), QJsonDocument(position.history).toJson());
    if (job)
      job->log(QStringLiteral("epoch %1: loss %2, validation rsum %3, R@10 i→t %4 t→i %5%6%7")
                   .arg(epoch)
                   .arg(epochEvent.trainLoss, 0, 'f', 3)
                   .arg(epochEvent.validation.rsum, 0, 'f', 1)
                   .arg(epochEvent.validation.imageToText.r10, 0, 'f', 1)
                   .arg(epochEvent.validation.textToImage.r10, 0, 'f', 1)
                   .arg(trainTwins < 0 ? QString()
                                       : QStringLiteral(", twin accuracy train %1 val %2").arg(trainTwins, 0, 'f', 1).arg(validationTwins, 0, 'f', 1))
                   .arg(epochEvent.best && config.selection != SelectionRule::Last ? QStringLiteral(" (best)") : QString()));
    if (events.onEpoch) events.onEpoch(epochEvent);
    if (collective) collective->barrier();
  }
  if (!leader) {
    TrainResult result;
    result.runDir = runDir;
    result.resumedFrom = resumedFrom;
    result.epochsRun = config.epochs - resumedFrom;
    return result;
  }

  // The minibatch loop's throughput, one process or several (`bench ddp` compares them); finish()
  // writes it into result.json with the metrics.
  if (collective) {
    stats.allReduceSeconds = collective->allReduceSeconds();
    stats.gatherSeconds = collective->gatherSeconds();
  }
  auto embedder = openEmbedder(folder, config, vocabulary, data.featureDim, trees.get());
  const TrainResult result = finish(*embedder, data, encoded, runDir, position, resumedFrom, config.epochs - resumedFrom,
                                    grounded ? &phrases : nullptr, stats.toJson());
  if (collective) {
    if (job)
      job->log(QStringLiteral("data-parallel: %1 workers, %2 steps/s, all-reduce %3 ms and gather %4 ms per step")
                   .arg(stats.worldSize)
                   .arg(result.distributed.value(QStringLiteral("steps_per_second")).toDouble(), 0, 'f', 2)
                   .arg(result.distributed.value(QStringLiteral("allreduce_ms_per_step")).toDouble(), 0, 'f', 2)
                   .arg(result.distributed.value(QStringLiteral("gather_ms_per_step")).toDouble(), 0, 'f', 2));
  }
  return result;
}

}  // namespace gs
