// From two measured sizes to the projected scale: each stage's exponent and projection, each
// model's full run, and the JSON of the whole result.

#include "experiments/bench/pipelinebench.h"

#include "io/enumnames.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace gs {

namespace {

constexpr double kNoiseSeconds = 1.0; // below this, an exponent says more about timer noise than growth

// A stage a full run goes through (named as runPipelineBench names it), how many times, and whether
// it is one of the epochs (divided among machines in a data-parallel run).
struct RunStage {
  QString name;
  int times = 1;
  bool epoch = false;
};

std::vector<RunStage> stagesOfFullRun(ModelKind model, const TrainConfig &config) {
  const ModelEntry &entry = modelEntry(model);
  const QString name = enumName(model);
  std::vector<RunStage> stages{{QStringLiteral("load")}};
  if (entry.tree != TreeInput::None) stages.push_back({QStringLiteral("parse")});
  // The concepts model's context of several crops is extracted by its data stage with its regions:
  // it reads no centre-crop features.
  if (!(config.readsConcepts() && config.crops != 1))
    stages.push_back({entry.needsRegions ? QStringLiteral("features + regions") : QStringLiteral("features")});
  stages.push_back({QStringLiteral("data ") + name});
  if (!hasPhraseEpochs(config)) {
    stages.push_back({QStringLiteral("epoch ") + name, config.epochs, true});
    return stages;
  }
  const int rootEpochs = std::min(config.rootEpochs, config.epochs);
  stages.push_back({QStringLiteral("epoch ") + name, rootEpochs, true});
  stages.push_back({phraseEpochStageName(model), config.epochs - rootEpochs, true});
  return stages;
}

const PipelineStage *stageNamed(const std::vector<PipelineStage> &stages, const QString &name) {
  for (const PipelineStage &stage : stages)
    if (stage.name == name) return &stage;
  return nullptr;
}

QJsonObject measureJson(const StageMeasure &m) {
  return {{QStringLiteral("images"), m.images},
          {QStringLiteral("seconds"), m.seconds},
          {QStringLiteral("base_mb"), double(m.baseBytes) / 1048576.0},
          {QStringLiteral("start_mb"), double(m.startBytes) / 1048576.0},
          {QStringLiteral("peak_mb"), double(m.peakBytes) / 1048576.0},
          {QStringLiteral("base_anonymous_mb"), double(m.baseAnonymousBytes) / 1048576.0},
          {QStringLiteral("peak_anonymous_mb"), double(m.peakAnonymousBytes) / 1048576.0}};
}

// The large size's peak plus the straight line through both sizes' peaks above their own base.
std::int64_t projectPeak(std::int64_t smallPeak, std::int64_t smallBase, std::int64_t largePeak, std::int64_t largeBase,
                         int smallImages, int largeImages, int images) {
  // Freeing memory a stage before held can take the size below its base: that stage held nothing new.
  const std::int64_t smallOwn = std::max<std::int64_t>(0, smallPeak - smallBase);
  const std::int64_t largeOwn = std::max<std::int64_t>(0, largePeak - largeBase);
  const double slope = std::max(0.0, double(largeOwn - smallOwn) / std::max(1, largeImages - smallImages));
  return largePeak + std::int64_t(slope * double(images - largeImages));
}

const EpochMeasure *epochOf(const std::vector<EpochMeasure> &epochs, ModelKind model) {
  for (const EpochMeasure &e : epochs)
    if (e.model == model) return &e;
  return nullptr;
}

// The run over several machines: the stages before the epochs as on one, each epoch's compute
// divided among the machines, and every step's all-reduce added.
void projectDataParallel(FullRunProjection &run, const EpochMeasure &measured, int measuredImages, int images) {
  run.gradientBytes = measured.gradientBytes;
  run.stepsPerEpoch = double(measured.steps) * double(images) / std::max(1, measuredImages);
  const double epochSeconds = run.epochHours * 3600.0, otherSeconds = (run.hours - run.epochHours) * 3600.0;
  for (const double gbps : kProjectedLinksGbps)
    for (const int machines : kProjectedMachines) {
      const double communication = run.epochs * run.stepsPerEpoch * ringAllReduceSeconds(run.gradientBytes, machines, gbps);
      const double epochs = epochSeconds / machines + communication;
      run.dataParallel.push_back({machines, gbps, (otherSeconds + epochs) / 3600.0, epochs > 0 ? communication / epochs : 0.0});
    }
}

}  // namespace

double ringAllReduceSeconds(std::int64_t bytes, int machines, double gbps) {
  if (machines < 2 || gbps <= 0) return 0;
  return 2.0 * (machines - 1) / machines * double(bytes) / (gbps * 1e9 / 8.0);
}

bool hasPhraseEpochs(const TrainConfig &config) {
  return config.needsRegions() && config.phraseLosses && config.rootEpochs > 0 && config.epochs > config.rootEpochs;
}

QString phraseEpochStageName(ModelKind model) { return QStringLiteral("epoch %1 (phrases)").arg(enumName(model)); }

QString paperConceptDataStageName() { return QStringLiteral("data concepts, the paper's ten crops"); }

QString referenceConceptEpochStageName() { return QStringLiteral("epoch concepts, LibTorch's LSTM, generation a step at a time"); }

PipelineStage projectStage(const QString &name, const StageMeasure &small, const StageMeasure &large, int images) {
  PipelineStage stage;
  stage.name = name;
  stage.small = small;
  stage.large = large;
  const double sizeRatio = double(large.images) / std::max(1, small.images);
  if (small.seconds > 0 && large.seconds > 0 && sizeRatio > 1) stage.exponent = std::log(large.seconds / small.seconds) / std::log(sizeRatio);
  stage.superlinear = stage.exponent > kSuperlinearExponent && large.seconds >= kNoiseSeconds;
  const double extra = double(images - large.images);
  if (stage.superlinear) {
    stage.projectedSeconds = large.seconds * std::pow(double(images) / large.images, stage.exponent);
  } else {
    const double slope = std::max(0.0, (large.seconds - small.seconds) / std::max(1, large.images - small.images));
    stage.projectedSeconds = large.seconds + slope * extra;
  }
  stage.projectedPeakBytes = projectPeak(small.peakBytes, small.baseBytes, large.peakBytes, large.baseBytes, small.images,
                                         large.images, images);
  stage.projectedAnonymousPeakBytes = projectPeak(small.peakAnonymousBytes, small.baseAnonymousBytes, large.peakAnonymousBytes,
                                                  large.baseAnonymousBytes, small.images, large.images, images);
  return stage;
}

void projectFullRuns(PipelineBenchResult &result) {
  result.fullRuns.clear();
  std::vector<double> seconds(result.stages.size(), 0.0);
  double total = 0;
  const int models = int(result.options.models.size());
  const PipelineStage *embed = stageNamed(result.stages, QStringLiteral("embed test"));
  for (ModelKind model : result.options.models) {
    FullRunProjection run;
    run.model = model;
    run.epochs = TrainConfig::defaultsFor(model).epochs;
    double runSeconds = embed ? embed->projectedSeconds / std::max(1, models) : 0;
    for (const auto &[name, times, epoch] : stagesOfFullRun(model, TrainConfig::defaultsFor(model))) {
      const PipelineStage *stage = stageNamed(result.stages, name);
      if (!stage) continue;
      runSeconds += times * stage->projectedSeconds;
      if (epoch) run.epochHours += times * stage->projectedSeconds / 3600.0;
      seconds[std::size_t(stage - result.stages.data())] += times * stage->projectedSeconds;
      run.peakBytes = std::max(run.peakBytes, stage->projectedPeakBytes);
      run.anonymousPeakBytes = std::max(run.anonymousPeakBytes, stage->projectedAnonymousPeakBytes);
    }
    run.hours = runSeconds / 3600.0;
    if (const EpochMeasure *measured = epochOf(result.epochs, model))
      projectDataParallel(run, *measured, result.options.measuredImages, result.options.images);
    total += runSeconds;
    result.fullRuns.push_back(run);
  }
  const PipelineStage *paper = stageNamed(result.stages, paperConceptDataStageName());
  const PipelineStage *configured = stageNamed(result.stages, QStringLiteral("data ") + enumName(ModelKind::Concepts));
  result.conceptDataSpeedup = paper && configured && configured->large.seconds > 0 ? paper->large.seconds / configured->large.seconds : 0.0;
  const PipelineStage *referenceEpoch = stageNamed(result.stages, referenceConceptEpochStageName());
  const PipelineStage *epoch = stageNamed(result.stages, QStringLiteral("epoch ") + enumName(ModelKind::Concepts));
  result.conceptEpochSpeedup = referenceEpoch && epoch && epoch->large.seconds > 0 ? referenceEpoch->large.seconds / epoch->large.seconds : 0.0;
  const auto dominant = std::max_element(seconds.begin(), seconds.end());
  if (dominant != seconds.end() && total > 0) {
    result.dominantStage = result.stages[std::size_t(dominant - seconds.begin())].name;
    result.dominantShare = *dominant / total;
  }
}

QJsonObject PipelineBenchResult::toJson() const {
  QJsonArray stageRows, runRows;
  for (const PipelineStage &stage : stages)
    stageRows.append(QJsonObject{{QStringLiteral("stage"), stage.name},
                                 {QStringLiteral("small"), measureJson(stage.small)},
                                 {QStringLiteral("large"), measureJson(stage.large)},
                                 {QStringLiteral("exponent"), stage.exponent},
                                 {QStringLiteral("superlinear"), stage.superlinear},
                                 {QStringLiteral("projected_seconds"), stage.projectedSeconds},
                                 {QStringLiteral("projected_peak_mb"), double(stage.projectedPeakBytes) / 1048576.0},
                                 {QStringLiteral("projected_peak_anonymous_mb"), double(stage.projectedAnonymousPeakBytes) / 1048576.0}});
  for (const FullRunProjection &run : fullRuns) {
    QJsonArray parallel;
    for (const DataParallelProjection &p : run.dataParallel)
      parallel.append(QJsonObject{{QStringLiteral("machines"), p.machines},
                                  {QStringLiteral("gbps"), p.gigabitsPerSecond},
                                  {QStringLiteral("hours"), p.hours},
                                  {QStringLiteral("communication_share"), p.communicationShare}});
    runRows.append(QJsonObject{{QStringLiteral("model"), enumName(run.model)},
                               {QStringLiteral("epochs"), run.epochs},
                               {QStringLiteral("hours"), run.hours},
                               {QStringLiteral("epoch_hours"), run.epochHours},
                               {QStringLiteral("peak_mb"), double(run.peakBytes) / 1048576.0},
                               {QStringLiteral("peak_anonymous_mb"), double(run.anonymousPeakBytes) / 1048576.0},
                               {QStringLiteral("gradient_mb"), double(run.gradientBytes) / 1048576.0},
                               {QStringLiteral("steps_per_epoch"), run.stepsPerEpoch},
                               {QStringLiteral("data_parallel"), parallel}});
  }
  return {{QStringLiteral("images"), options.images},
          {QStringLiteral("captions"), options.images * options.captionsPerImage},
          {QStringLiteral("measured_images"), options.measuredImages},
          {QStringLiteral("measured_captions"), measuredCaptions},
          {QStringLiteral("backbone"), options.backbone},
          {QStringLiteral("region_pooling"), enumName(options.regionPooling)},
          {QStringLiteral("proposals"), enumName(options.proposals)},
          {QStringLiteral("region_input"), options.regionInput},
          {QStringLiteral("crops"), options.crops},
          {QStringLiteral("crops_from"), enumName(options.cropsFrom)},
          {QStringLiteral("concept_data_speedup"), conceptDataSpeedup},
          {QStringLiteral("concept_epoch_speedup"), conceptEpochSpeedup},
          {QStringLiteral("mean_caption_tokens"), meanCaptionTokens},
          {QStringLiteral("vocabulary_words"), vocabularyWords},
          {QStringLiteral("generate_seconds"), generateSeconds},
          {QStringLiteral("stages"), stageRows},
          {QStringLiteral("full_runs"), runRows},
          {QStringLiteral("dominant_stage"), dominantStage},
          {QStringLiteral("dominant_share"), dominantShare}};
}

}  // namespace gs
