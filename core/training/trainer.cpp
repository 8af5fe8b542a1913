#include "training/trainer.h"

#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "io/jsonfile.h"
#include "models/detail/wordvectors.h"
#include "training/detail/cca.h"
#include "training/detail/checkpoint.h"
#include "training/parallel/detail/collective.h"
#include "training/detail/embedder.h"
#include "training/detail/loop/adagradresethook.h"
#include "training/detail/loop/checkpointhook.h"
#include "training/detail/loop/correspondencehook.h"
#include "training/detail/loop/epochloghook.h"
#include "training/detail/loop/epochloop.h"
#include "training/detail/loop/evaluationhook.h"
#include "training/detail/loop/eventloghook.h"
#include "training/detail/loop/progresshook.h"
#include "training/detail/loop/runresult.h"
#include "training/detail/loop/trajectoryhook.h"
#include "training/detail/modelbuilder.h"
#include "training/detail/phrasegrounding.h"
#include "training/detail/phraseprior.h"
#include "training/detail/runfiles.h"
#include "training/datalabelprior.h"
#include "training/modelregistry.h"
#include "training/runs/runfolder.h"
#include "training/trainingsource.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <filesystem>
#include <optional>
#include <system_error>

namespace gs {

using namespace detail;

namespace {

// What every model reads, from the run folder when it exists (so a resumed run encodes the
// captions exactly as before).
struct PreparedRun {
  Vocabulary vocabulary;
  std::shared_ptr<TreeVocabulary> trees;
  std::vector<EncodedCaption> encoded;
};

// The HM-LSTM's extra inputs: the captions' noun phrases, the image regions, and the
// correspondences of the last step (empty during the root-only epochs).
struct GroundingInputs {
  PhraseIndex phrases;
  Correspondences correspondences;
  torch::Tensor regionFeatures;
  PhrasePriors priors; // correspondence_prior λ > 0: the label prior of each phrase
};

// Tree models read each caption's parse: parse (through the cache) what the caller did not.
std::optional<TrainingData> parsedIfNeeded(const TrainingData &input, const TrainConfig &config, JobContext *job) {
  if (!config.needsTrees() || hasParses(input)) return std::nullopt;
  std::optional<TrainingData> parsed = input;
  attachParses(*parsed, job);
  return parsed;
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

// A data-parallel job when one is asked for (rank 0 alone writes the run folder), else a job of one.
std::unique_ptr<Collective> joinJob(const DistributedOptions &distributed, JobContext *job) {
  if (!distributed.enabled()) return Collective::alone();
  if (job)
    job->setProgress(-1, QStringLiteral("joining the data-parallel job at %1 as rank %2 of %3")
                             .arg(distributed.rendezvous)
                             .arg(distributed.rank)
                             .arg(distributed.worldSize));
  std::unique_ptr<Collective> collective = Collective::join(distributed);
  if (job) job->log(QStringLiteral("data-parallel: rank %1 of %2 joined at %3").arg(distributed.rank).arg(distributed.worldSize).arg(distributed.rendezvous));
  return collective;
}

// Rank 0 writes the configuration and vocabularies first; the others then read the same files
// (or, in a folder of their own, build identical ones).
PreparedRun prepareRun(const RunFolder &folder, const TrainConfig &config, const TrainingData &data, Collective &collective) {
  std::error_code error; // the system's reason (permission denied, no space, read-only file system)
  std::filesystem::create_directories(QFile::encodeName(folder.dir()).toStdString(), error);
  if (error || !QFileInfo(folder.dir()).isDir())
    throw std::runtime_error(QStringLiteral("%1: cannot create the run folder: %2")
                                 .arg(folder.dir(), error ? QString::fromStdString(error.message()) : QStringLiteral("a file is in the way"))
                                 .toStdString());
  if (!collective.leader()) collective.barrier();
  prepareRunFolder(folder, config, data);
  PreparedRun prepared;
  prepared.vocabulary = loadOrBuildVocabulary(folder, config, data);
  prepared.trees = loadOrBuildTreeVocabulary(folder, config, data, prepared.vocabulary);
  if (collective.leader()) collective.barrier();
  prepared.encoded = encodeCaptions(prepared.vocabulary, data.captions, prepared.trees.get());
  return prepared;
}

// CCA has no gradient to share: rank 0 alone fits its closed form, in one "epoch".
TrainResult fitClosedForm(const TrainingData &data, const TrainConfig &config, const RunFolder &folder,
                          const PreparedRun &prepared, const Collective &collective, JobContext *job) {
  if (!collective.leader()) {
    if (job) job->log(QStringLiteral("data-parallel: CCA is fitted in closed form by rank 0; rank %1 has nothing to do").arg(collective.rank()));
    TrainResult result;
    result.runDir = folder.dir();
    return result;
  }
  if (job) job->setProgress(-1, QStringLiteral("fitting CCA"));
  auto cca = CcaEmbedder::fit(config, prepared.vocabulary, data, prepared.encoded);
  cca->save(folder.closedFormFile());
  TrainerPosition position;
  position.epoch = 1;
  position.bestEpoch = 1;
  const Split held = data.captionsIn(Split::Val).empty() ? Split::Train : Split::Val;
  const RetrievalMetrics validation = evaluateSplit(*cca, data, prepared.encoded, held);
  position.history = QJsonObject{{QStringLiteral("epochs"),
                                  QJsonArray{QJsonObject{{QStringLiteral("epoch"), 1},
                                                         {QStringLiteral("validation"), validation.toJson()}}}}};
  writeFileAtomically(folder.metricsFile(), QJsonDocument(position.history).toJson());
  if (job) job->log(QStringLiteral("CCA: top canonical correlation %1").arg(cca->correlations()[0].item<double>(), 0, 'f', 3));
  return finishRun(*cca, data, prepared.encoded, folder.dir(), position, RunSpan{0, 1});
}

// HM-LSTM: index the noun phrases and stack the regions; says what it found in the job log.
GroundingInputs prepareGrounding(const TrainingData &data, const TrainConfig &config, const std::vector<EncodedCaption> &encoded,
                                 JobContext *job) {
  if (!data.hasRegions())
    throw std::runtime_error(QStringLiteral("model %1 reads image regions and this data has none: extract them with "
                                            "`groundscope-cli features --regions` (train, compare and the Training "
                                            "panel ask for them when the model needs them)")
                                 .arg(config.modelName())
                                 .toStdString());
  GroundingInputs grounding;
  grounding.phrases = indexPhrases(data, encoded);
  grounding.regionFeatures = regionFeatureTensor(data);
  if (config.correspondencePrior > 0) {
    const std::unique_ptr<LabelPriorSource> prior = openLabelPrior(data, {}, job);
    grounding.priors = phrasePriors(data, grounding.phrases, prior->prior(), config.correspondencePrior);
    if (job) job->log(describePhrasePriors(data, grounding.phrases, grounding.priors, prior->prior()));
  }
  if (!job) return grounding;
  int withBox = 0;
  for (char t : grounding.phrases.hasTruth) withBox += t;
  job->log(QStringLiteral("%1 noun phrases in %2 captions (%3 with a ground-truth box), %4 regions (%5)")
               .arg(grounding.phrases.size())
               .arg(data.captions.size())
               .arg(withBox)
               .arg(data.regionBoxes.size())
               .arg(data.regionSet));
  if (grounding.phrases.size() == 0)
    job->warn(QStringLiteral("no caption has a noun phrase: %1 trains with its root losses only").arg(config.modelName()));
  return grounding;
}

// The configured model, seeded, with pretrained word vectors loaded (and frozen) when asked.
JointModel buildModel(const TrainingData &data, const TrainConfig &config, const PreparedRun &prepared, JobContext *job) {
  torch::manual_seed(config.seed);
  JointModel model = makeJointModel(config, prepared.vocabulary.size(), data.featureDim, prepared.trees.get());
  if (config.wordVectors.isEmpty()) return model;
  auto table = model->encoder->wordEmbedding();
  if (!table) throw std::runtime_error("word_vectors: model " + config.modelName().toStdString() + " has no word vectors");
  torch::NoGradGuard noGrad;
  const WordVectorLoad load = loadWordVectors(config.wordVectors, prepared.vocabulary, table->weight);
  if (job)
    job->log(QStringLiteral("word vectors: %1 of %2 words found in %3").arg(load.found).arg(prepared.vocabulary.size() - 2).arg(config.wordVectors));
  if (config.freezeWords) table->weight.set_requires_grad(false);
  return model;
}

// Continues from the last checkpoint when there is one. In a data-parallel job every rank resumes
// from the same epoch, and from rank 0's parameters (and batch-norm statistics), so the ranks hold
// one model throughout.
void resume(TrainingRun &run, GroundingInputs *grounding) {
  const QString lastPath = run.folder.lastCheckpointFile();
  if (QFile::exists(lastPath)) {
    run.position = loadCheckpoint(lastPath, *run.model, run.optimizer.get());
    if (run.job) run.job->log(QStringLiteral("resuming %1 after epoch %2").arg(run.folder.dir()).arg(run.position.epoch));
  }
  const auto [earliest, latest] = run.collective.minMax(run.position.epoch);
  if (earliest != latest)
    throw std::runtime_error(QStringLiteral("data-parallel: the ranks' run folders hold checkpoints of different epochs "
                                            "(%1 to %2; this rank, %3, is at %4): give every rank the same run folder on a "
                                            "shared file system, or a copy of rank 0's")
                                 .arg(earliest)
                                 .arg(latest)
                                 .arg(run.collective.rank())
                                 .arg(run.position.epoch)
                                 .toStdString());
  std::vector<torch::Tensor> state = run.model->parameters();
  for (const torch::Tensor &b : run.model->buffers()) state.push_back(b);
  run.collective.broadcast(state);
  const QString file = run.folder.correspondencesFile();
  if (grounding && run.position.epoch > run.config.rootEpochs && QFile::exists(file))
    grounding->correspondences = Correspondences::fromJson(readJsonObjectFile(file), grounding->phrases, file);
}

// What training does besides its minibatch steps, in the order it happens. Ranks other than the
// leader get only the hooks that keep them in step (the optimiser reset, the correspondences) and
// none that evaluate or write the run folder.
TrainingHooks makeHooks(const TrainingRun &run, GroundingInputs *grounding, const TrainingEvents &events) {
  const TrainConfig &config = run.config;
  const bool leader = run.collective.leader();
  TrainingHooks hooks;
  if (config.optimizer == OptimizerKind::Adagrad && config.adagradResetEpochs > 0)
    hooks.push_back(std::make_unique<AdagradResetHook>(config.adagradResetEpochs));
  if (grounding && config.phraseLosses)
    hooks.push_back(std::make_unique<CorrespondenceHook>(grounding->phrases, grounding->correspondences,
                                                         leader ? run.folder.correspondencesFile() : QString(), &grounding->priors));
  if (leader) hooks.push_back(std::make_unique<EventLogHook>(run.folder.eventsFile(), events.onBatch));
  hooks.push_back(std::make_unique<ProgressHook>());
  if (!leader) return hooks;
  hooks.push_back(std::make_unique<EvaluationHook>());
  hooks.push_back(std::make_unique<TrajectoryHook>(run.data, config.recordSample, run.folder.dir()));
  hooks.push_back(std::make_unique<CheckpointHook>());
  hooks.push_back(std::make_unique<EpochLogHook>(events.onEpoch));
  return hooks;
}

// The leader evaluates the kept model and writes result.json; the other ranks report their span.
TrainResult finishTraining(TrainingRun &run, const PreparedRun &prepared, const GroundingInputs *grounding, int resumedFrom) {
  const RunSpan span{resumedFrom, run.config.epochs - resumedFrom};
  if (!run.collective.leader()) {
    TrainResult result;
    result.runDir = run.folder.dir();
    result.resumedFrom = span.resumedFrom;
    result.epochsRun = span.epochsRun;
    return result;
  }
  if (run.collective.distributed()) {
    run.stats.allReduceSeconds = run.collective.allReduceSeconds();
    run.stats.gatherSeconds = run.collective.gatherSeconds();
  }
  auto embedder = openEmbedder(run.folder, run.config, prepared.vocabulary, run.data.featureDim, prepared.trees.get());
  const TrainResult result = finishRun(*embedder, run.data, prepared.encoded, run.folder.dir(), run.position, span,
                                       grounding ? &grounding->phrases : nullptr, run.stats.toJson());
  if (run.collective.distributed() && run.job)
    run.job->log(QStringLiteral("data-parallel: %1 workers, %2 steps/s, all-reduce %3 ms and gather %4 ms per step")
                     .arg(run.stats.worldSize)
                     .arg(result.distributed.value(QStringLiteral("steps_per_second")).toDouble(), 0, 'f', 2)
                     .arg(result.distributed.value(QStringLiteral("allreduce_ms_per_step")).toDouble(), 0, 'f', 2)
                     .arg(result.distributed.value(QStringLiteral("gather_ms_per_step")).toDouble(), 0, 'f', 2));
  return result;
}

}  // namespace

TrainResult train(const TrainingData &input, const TrainConfig &requested, const QString &runDir, JobContext *job,
                  const TrainingEvents &events, const DistributedOptions &distributed) {
  const std::optional<TrainingData> parsed = parsedIfNeeded(input, requested, job);
  const TrainingData &data = parsed ? *parsed : input;
  data.validate();
  const TrainConfig config = withDataSizes(requested, data, job);
  config.validate();
  if (config.entry().imported)
    throw std::invalid_argument("model imported: a space made elsewhere is not trained here; bring it in with import-space");
  const std::unique_ptr<Collective> collective = joinJob(distributed, job);
  const RunFolder folder(runDir);
  const PreparedRun prepared = prepareRun(folder, config, data, *collective);
  if (config.entry().closedForm) return fitClosedForm(data, config, folder, prepared, *collective, job);

  std::optional<GroundingInputs> grounding;
  if (config.needsRegions()) grounding = prepareGrounding(data, config, prepared.encoded, job);
  TrainingRun run(data, config, runDir, prepared.encoded, buildModel(data, config, prepared, job), *collective, job);
  if (grounding) {
    run.step.regionFeatures = &grounding->regionFeatures;
    run.step.phrases = &grounding->phrases;
    run.step.correspondences = &grounding->correspondences;
  }
  resume(run, grounding ? &*grounding : nullptr);
  const int resumedFrom = run.position.epoch;

  const TrainingHooks hooks = makeHooks(run, grounding ? &*grounding : nullptr, events);
  for (const auto &hook : hooks) hook->beginTraining(run);
  for (int epoch = run.position.epoch + 1; epoch <= config.epochs; ++epoch) {
    runEpoch(run, epoch, hooks);
    // A worker killed after this point finds the epoch's checkpoint complete: rank 0 wrote it.
    collective->barrier();
  }
  return finishTraining(run, prepared, grounding ? &*grounding : nullptr, resumedFrom);
}

}  // namespace gs
