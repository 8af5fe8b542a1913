// `groundscope-cli bench pipeline`: every stage of a full run on synthetic Flickr-like photos at
// two sizes, each stage's time, peak memory and scaling, projected to Flickr30k's size (or
// --images N), with the hours a full run of each model would take here and the stage that dominates.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "data/synthetic/flickrlike.h"
#include "engine/jobcontext.h"
#include "io/enumnames.h"
#include "jobrunner.h"
#include "experiments/bench/pipelinebench.h"

#include <QJsonDocument>

namespace gs::cli {

namespace {

std::vector<ModelKind> modelsOf(const QString &list) {
  std::vector<ModelKind> models;
  for (const QString &name : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const std::optional<ModelKind> model = enumFromName<ModelKind>(name.trimmed());
    if (!model || modelEntry(*model).closedForm) throw UsageError(QStringLiteral("--models: %1 is not a model trained in epochs").arg(name).toStdString());
    models.push_back(*model);
  }
  if (models.empty()) throw UsageError("--models: name at least one model");
  return models;
}

PipelineBenchOptions optionsOf(const Arguments &args) {
  PipelineBenchOptions options;
  options.images = args.intValue(QStringLiteral("images"), 31000, 16, 10000000);
  options.captionsPerImage = args.intValue(QStringLiteral("captions-per-image"), 5, 1, 100);
  options.measuredImages = args.intValue(QStringLiteral("measure"), 1000, 16, 10000000);
  if (options.measuredImages > options.images) throw UsageError("--measure: at most --images");
  if (args.isSet(QStringLiteral("backbone"))) options.backbone = args.value(QStringLiteral("backbone"));
  try {
    BackboneSpec::parse(options.backbone);
  } catch (const std::invalid_argument &error) {
    throw UsageError(std::string("--backbone: ") + error.what());
  }
  const std::optional<RegionPooling> pooling = enumFromName<RegionPooling>(args.value(QStringLiteral("region-pooling")));
  if (!pooling) throw UsageError("--region-pooling: expected auto, roialign or crop");
  options.regionPooling = *pooling;
  const std::optional<ProposalSearch> proposals = enumFromName<ProposalSearch>(args.value(QStringLiteral("proposals")));
  if (!proposals) throw UsageError("--proposals: expected fast, single or scored");
  options.proposals = *proposals;
  options.regionInput = args.intValue(QStringLiteral("region-input"), 448, 32, 4096);
  const std::optional<CropSource> cropsFrom = enumFromName<CropSource>(args.value(QStringLiteral("crops-from")));
  if (!cropsFrom) throw UsageError("--crops-from: expected images or map");
  options.cropsFrom = *cropsFrom;
  options.crops = args.intValue(QStringLiteral("crops"), 10, 1, 10);
  if (!isCropCount(options.crops)) throw UsageError("--crops: expected 1, 5 or 10");
  if (options.crops == 1 && options.cropsFrom == CropSource::Map) throw UsageError("--crops-from map: needs --crops 5 or 10");
  if (args.isSet(QStringLiteral("models"))) options.models = modelsOf(args.value(QStringLiteral("models")));
  options.workDir = args.value(QStringLiteral("work"));
  options.conceptReferences = !args.isSet(QStringLiteral("no-ratios"));
  return options;
}

QString megabytes(std::int64_t bytes) { return QString::number(double(bytes) / 1048576.0, 'f', 0); }

// Each model's full run over several machines, one row per link speed.
void printDataParallel(const PipelineBenchResult &r) {
  out() << QStringLiteral("\nOver several machines (train --world-size N): each epoch's measured compute divided among them, plus a ring\n"
                          "all-reduce of every step's gradients; the stages before the epochs as on one machine; hours, and the\n"
                          "all-reduce's share of the epochs (a lower bound: ideal split, no latency):\n");
  for (const FullRunProjection &run : r.fullRuns) {
    if (run.dataParallel.empty()) continue;
    out() << QStringLiteral("  %1 %2 MB all-reduced a step, %3 steps an epoch, 1 machine %4 h (epochs %5 h)\n").arg(enumName(run.model), -9)
                 .arg(double(run.gradientBytes) / 1048576.0, 0, 'f', 1).arg(run.stepsPerEpoch, 0, 'f', 0).arg(run.hours, 0, 'f', 1)
                 .arg(run.epochHours, 0, 'f', 1);
    for (const double gbps : kProjectedLinksGbps) {
      QString row = QStringLiteral("    %1 Gb/s:").arg(gbps, 3, 'f', 0);
      for (const DataParallelProjection &p : run.dataParallel)
        if (p.gigabitsPerSecond == gbps)
          row += QStringLiteral("  %1 machines %2 h (%3 %)").arg(p.machines).arg(p.hours, 0, 'f', 1).arg(100 * p.communicationShare, 0, 'f', 0);
      out() << row << '\n';
    }
  }
}

void printText(const PipelineBenchResult &r) {
  const PipelineBenchOptions &o = r.options;
  out() << QStringLiteral("Synthetic Flickr-like photos (%1 × %2 px, %3 tokens a caption on average), backbone %4, regions %5/%6/%7 px\n")
               .arg(FlickrLikeOptions{}.longSide).arg(FlickrLikeOptions{}.shortSide).arg(r.meanCaptionTokens, 0, 'f', 1).arg(o.backbone, enumName(o.proposals), enumName(o.regionPooling)).arg(o.regionInput)
        << QStringLiteral("the training captions at the projected size hold %1 distinct words: each model's vocabulary is built from them (its min_word_count)\n").arg(r.vocabularyWords)
        << QStringLiteral("measured at %1 and %2 images, projected to %3 images (%4 captions); times in seconds, peaks of resident memory in MB:\n"
                          "\"held\" is the process's own (anonymous) memory, \"with files\" adds the pages of the feature files read through their mapping\n\n")
               .arg(r.stages.empty() ? 0 : r.stages.front().small.images).arg(o.measuredImages).arg(o.images).arg(o.images * o.captionsPerImage)
        << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n").arg(QStringLiteral("stage"), -24).arg(QStringLiteral("s small"), 8).arg(QStringLiteral("s large"), 8)
               .arg(QStringLiteral("exponent"), 9).arg(QStringLiteral("peak MB"), 8).arg(QStringLiteral("projected h"), 12)
               .arg(QStringLiteral("held MB"), 10).arg(QStringLiteral("with files MB"), 14);
  for (const PipelineStage &s : r.stages)
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8%9\n").arg(s.name, -24).arg(s.small.seconds, 8, 'f', 1).arg(s.large.seconds, 8, 'f', 1)
                 .arg(s.exponent, 9, 'f', 2).arg(megabytes(s.large.peakBytes), 8).arg(s.projectedSeconds / 3600.0, 12, 'f', 2)
                 .arg(megabytes(s.projectedAnonymousPeakBytes), 10).arg(megabytes(s.projectedPeakBytes), 14)
                 .arg(s.superlinear ? QStringLiteral("  superlinear") : QString());
  out() << QStringLiteral("\nA full run at %1 images (load, its parses and features, its data, every epoch, the test split embedded):\n").arg(o.images);
  for (const FullRunProjection &run : r.fullRuns)
    out() << QStringLiteral("  %1 %2 epochs: %3 h, peak %4 MB held (%5 MB with files)\n").arg(enumName(run.model), -9).arg(run.epochs, 3)
                 .arg(run.hours, 0, 'f', 1).arg(megabytes(run.anonymousPeakBytes)).arg(megabytes(run.peakBytes));
  printDataParallel(r);
  if (r.conceptDataSpeedup > 0)
    out() << QStringLiteral("The concepts model's data with %1 crops from the %2: %3× as fast as with the paper's ten crops through the "
                            "network (both at %4 images, this run, each extracting all it reads)\n")
                 .arg(o.crops).arg(o.cropsFrom == CropSource::Map ? QStringLiteral("map") : QStringLiteral("images"))
                 .arg(r.conceptDataSpeedup, 0, 'f', 1).arg(o.measuredImages);
  if (r.conceptEpochSpeedup > 0)
    out() << QStringLiteral("The concepts model's epoch: %1× as fast as with LibTorch's LSTM for the sentences and the generation loss "
                            "a step at a time (both at %2 images, this run, the same data)\n")
                 .arg(r.conceptEpochSpeedup, 0, 'f', 2).arg(o.measuredImages);
  if (!r.dominantStage.isEmpty())
    out() << QStringLiteral("The stage that dominates: %1 (%2 % of all full runs' time)\n").arg(r.dominantStage).arg(100 * r.dominantShare, 0, 'f', 0);
}

int benchPipeline(const Arguments &args) {
  const PipelineBenchOptions options = optionsOf(args);
  Engine engine;
  PipelineBenchResult result;
  requireSuccess(runJob(engine, QStringLiteral("Benchmark the pipeline"), [&](JobContext &job) { result = runPipelineBench(options, &job); }));
  if (args.isSet(QStringLiteral("json"))) out() << QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented);
  else printText(result);
  return kExitOk;
}

}  // namespace

Command benchPipelineCommand() {
  Command command;
  command.name = QStringLiteral("pipeline");
  command.summary = QStringLiteral("every stage of a full run timed on synthetic photos at two sizes and projected to Flickr30k's");
  command.syntax.options = {
      {QStringLiteral("images"), QStringLiteral("N"), QStringLiteral("The scale projected to (Flickr30k: 31,000)."), QStringLiteral("31000")},
      {QStringLiteral("captions-per-image"), QStringLiteral("C"), QStringLiteral("Captions per image."), QStringLiteral("5")},
      {QStringLiteral("measure"), QStringLiteral("M"), QStringLiteral("Images the stages run on (and a quarter of them, for the scaling)."), QStringLiteral("1000")},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("Image features (as train --backbone)."), QStringLiteral("concept-cnn")},
      {QStringLiteral("region-pooling"), QStringLiteral("HOW"), QStringLiteral("Region features: auto, crop or roialign."), QStringLiteral("auto")},
      {QStringLiteral("proposals"), QStringLiteral("PRESET"), QStringLiteral("Selective search fast or single."), QStringLiteral("fast")},
      {QStringLiteral("region-input"), QStringLiteral("PX"), QStringLiteral("RoIAlign's shortest side."), QStringLiteral("448")},
      {QStringLiteral("crops"), QStringLiteral("N"),
       QStringLiteral("The concepts model's context crops: 1, 5 (corners and centre) or 10 (and their mirrors)."), QStringLiteral("10")},
      {QStringLiteral("crops-from"), QStringLiteral("FROM"),
       QStringLiteral("The concepts model's crops: images (each through the network) or map (pooled from one map of the photo, shared "
                      "with the concept regions, and for 10 one of its mirror). Its data is also prepared the paper's way in the same "
                      "run, for the ratio."),
       QStringLiteral("images")},
      {QStringLiteral("models"), QStringLiteral("LIST"), QStringLiteral("Models trained one epoch, comma-separated."), QStringLiteral("bow,dtrnn,hmlstm,concepts")},
      {QStringLiteral("no-ratios"), {},
       QStringLiteral("Leave out the concepts model's data the paper's way and its epoch with LibTorch's recurrences, and so the two "
                      "speed-ups: they take longer than the rest of its run, for a larger --measure that wants the projection alone.")},
      {QStringLiteral("work"), QStringLiteral("DIR"), QStringLiteral("Keep the synthetic data, caches and runs here (default: a temporary folder, removed).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = benchPipeline;
  return command;
}

}  // namespace gs::cli
