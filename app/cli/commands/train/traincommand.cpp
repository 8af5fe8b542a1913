// `groundscope-cli train --dataset PATH --model M --out RUN_DIR …`: trains (or resumes) a run as
// the Training dashboard does (the same core job); progress on stderr, the result on stdout (a
// metrics table; `--format json` result.json's content, `--format csv` that flattened).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/analyse/metricstable.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "training/modelregistry.h"
#include "training/trainer.h"
#include "training/trainingjob.h"
#include "vision/backbonespec.h"

#include <QJsonDocument>

namespace gs::cli {

namespace {

// The models, their papers and presets, for `train --help`.
QString modelList() {
  QString text = QStringLiteral("Models (--model), each with its paper's defaults; --preset adds a published set:\n");
  for (const ModelEntry &e : modelRegistry()) {
    text += QStringLiteral("  %1 %2\n").arg(e.name, -9).arg(e.paper);
    for (const ModelPreset &p : e.presets) text += QStringLiteral("            preset %1: %2\n").arg(p.name, p.description);
  }
  return text + QStringLiteral("--config FILE.json overrides any setting (the keys of config.json).");
}

TrainConfig configFromArguments(const Arguments &args) {
  const QString model = args.value(QStringLiteral("model"));
  const ModelEntry *entry = findModel(model);
  if (!entry)
    throw UsageError(QStringLiteral("--model: unknown model '%1' (one of: %2)")
                         .arg(model, modelNames().join(QStringLiteral(", ")))
                         .toStdString());
  QJsonObject json;
  if (args.isSet(QStringLiteral("preset"))) {
    const ModelPreset *preset = findPreset(*entry, args.value(QStringLiteral("preset")));
    if (!preset) {
      QStringList names;
      for (const ModelPreset &p : entry->presets) names << p.name;
      throw UsageError(QStringLiteral("--preset: %1 has no preset '%2' (%3)")
                           .arg(model, args.value(QStringLiteral("preset")),
                                names.isEmpty() ? QStringLiteral("it has none") : QStringLiteral("one of: ") + names.join(QStringLiteral(", ")))
                           .toStdString());
    }
    json = preset->settings;
  }
  QString source;
  if (args.isSet(QStringLiteral("config"))) {
    source = args.value(QStringLiteral("config"));
    const QJsonObject file = readJsonObjectFile(source);
    if (file.contains(QStringLiteral("model")) && file.value(QStringLiteral("model")).toString() != model)
      throw UsageError(QStringLiteral("%1 is a config for model '%2', not '%3'")
                           .arg(source, file.value(QStringLiteral("model")).toString(), model)
                           .toStdString());
    for (auto it = file.begin(); it != file.end(); ++it) json.insert(it.key(), it.value());
  }
  json.insert(QStringLiteral("model"), model);
  if (args.isSet(QStringLiteral("epochs")))
    json.insert(QStringLiteral("epochs"), args.intValue(QStringLiteral("epochs"), 1, 1, 100000));
  if (args.isSet(QStringLiteral("seed")))
    json.insert(QStringLiteral("seed"), QString::number(args.uint64Value(QStringLiteral("seed"), 1)));
  return trainConfigFromJson(json, source);
}

// The result for people: where the run is, how long it trained, validation and test metrics.
QString resultText(const TrainResult &result) {
  QString text = QStringLiteral("run %1: %2 %3").arg(result.runDir).arg(result.epochsRun).arg(result.epochsRun == 1 ? "epoch" : "epochs");
  if (result.resumedFrom > 0) text += QStringLiteral(" after resuming from epoch %1").arg(result.resumedFrom);
  text += QStringLiteral(", best epoch %1\n").arg(result.bestEpoch);
  text += metricsTable({{QStringLiteral("validation"), result.validation, {}}, {QStringLiteral("test"), result.test, {}}});
  if (result.sentenceSimilarityMeanRank > 0)
    text += QStringLiteral("sentence similarity (Socher Table 1): mean rank %1\n").arg(result.sentenceSimilarityMeanRank, 0, 'f', 1);
  if (result.twinAccuracy >= 0 && result.twinCaptions > 0)
    text += QStringLiteral("word-order twins: %1 % of %2 captions ranked above their twin\n")
                .arg(result.twinAccuracy, 0, 'f', 1)
                .arg(result.twinCaptions);
  return text;
}

}  // namespace

Command trainCommand() {
  Command command;
  command.name = QStringLiteral("train");
  command.summary = QStringLiteral("train a joint image–sentence space (resumes an interrupted run)");
  command.syntax.options = {
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset folder or file."), {}, true},
      {QStringLiteral("model"), QStringLiteral("M"), QStringLiteral("Model: ") + modelNames().join(QLatin1Char('|')) + QLatin1Char('.'), {}, true},
      {QStringLiteral("out"), QStringLiteral("RUN_DIR"), QStringLiteral("Run folder (training there again resumes it)."), {}, true},
      {QStringLiteral("preset"), QStringLiteral("NAME"), QStringLiteral("A published set of settings of the model (see below).")},
      {QStringLiteral("config"), QStringLiteral("FILE.json"), QStringLiteral("Settings on top of the defaults (and preset).")},
      {QStringLiteral("epochs"), QStringLiteral("N"), QStringLiteral("Epochs (default: the model's).")},
      {QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Random seed."), QStringLiteral("1")},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("Image features: concept-cnn, onnx:FILE, torchscript:FILE, npy:FILE."),
       defaultBackbone()},
      {QStringLiteral("features"), QStringLiteral("DIR"), QStringLiteral("Feature folder (default: the feature cache).")},
      {QStringLiteral("concept-features"), QStringLiteral("DIR"),
       QStringLiteral("Concepts model: the concept detectors' region features (the concept CNN's or the backbone's; default: the feature cache).")},
      {QStringLiteral("world-size"), QStringLiteral("N"), QStringLiteral("Data-parallel: the number of workers in the job."), QStringLiteral("1")},
      {QStringLiteral("rank"), QStringLiteral("R"), QStringLiteral("Data-parallel: this worker's rank, 0 to N-1 (rank 0 evaluates and writes the run)."),
       QStringLiteral("0")},
      {QStringLiteral("rendezvous"), QStringLiteral("URL"),
       QStringLiteral("Data-parallel: where the workers meet, tcp://HOST:PORT (rank 0 listens) or file://PATH (a new file all see).")},
      {QStringLiteral("dist-timeout"), QStringLiteral("SECONDS"),
       QStringLiteral("Data-parallel: how long to wait for a silent worker (a killed one is noticed at once)."), QStringLiteral("1800")},
      {QStringLiteral("json"), {}, QStringLiteral("Print the result as JSON only (result.json's content).")}};
  command.notes = modelList() + QStringLiteral(
      "\n\nData-parallel training: `groundscope-cli launch --nproc N -- train ...` starts N workers here; across\n"
      "machines start one `train ... --world-size N --rank R --rendezvous tcp://HOST:PORT` on each (the manual: docs/performance.md, \"Data-parallel training\").");
  command.run = [](const Arguments &args) {
    TrainingRequest request;
    request.config = configFromArguments(args);
    request.source.datasetPath = args.value(QStringLiteral("dataset"));
    request.source.backbone = args.value(QStringLiteral("backbone"));
    request.source.featuresDir = args.value(QStringLiteral("features"));
    request.source.conceptFeaturesDir = args.value(QStringLiteral("concept-features"));
    request.runDir = args.value(QStringLiteral("out"));
    request.distributed.worldSize = args.intValue(QStringLiteral("world-size"), 1, 1, 4096);
    request.distributed.rank = args.intValue(QStringLiteral("rank"), 0, 0, 4095);
    request.distributed.rendezvous = args.value(QStringLiteral("rendezvous"));
    request.distributed.timeoutSeconds = args.intValue(QStringLiteral("dist-timeout"), 1800, 1, 7 * 24 * 3600);
    try {
      request.distributed.validate();
    } catch (const std::runtime_error &error) {
      throw UsageError(error.what());
    }
    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Train %1").arg(request.config.modelName()), makeTrainingJob(request));
    if (outcome.status == JobStatus::Cancelled) {
      err() << "train: cancelled; run 'groundscope-cli train' with the same arguments to resume from " << request.runDir << '\n';
      return kExitFailure;
    }
    if (outcome.status == JobStatus::Failed) throw std::runtime_error(outcome.error.toStdString());
    // Rank 0 reports the run; the other workers of a data-parallel job only say they finished.
    if (!request.distributed.leader())
      err() << "train: rank " << request.distributed.rank << " finished\n";
    else if (args.isSet(QStringLiteral("json")))
      out() << QJsonDocument(outcome.summary).toJson(QJsonDocument::Indented);
    else
      out() << resultText(TrainResult::fromJson(outcome.summary));
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
