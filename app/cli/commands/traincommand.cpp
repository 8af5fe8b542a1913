// `groundscope-cli train --dataset PATH --model M [--config FILE.json] [--epochs N] [--seed S]
//  --out RUN_DIR [--backbone SPEC] [--features DIR]`: trains (or resumes) a run; progress on
// stderr, the final test metrics as JSON on stdout.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include <QJsonDocument>

namespace gs::cli {

namespace {

TrainConfig configFromArguments(const QCommandLineParser &parser) {
  const QString model = parser.value(QStringLiteral("model"));
  if (!TrainConfig::models().contains(model))
    throw UsageError(QStringLiteral("--model: unknown model '%1' (one of: %2)")
                         .arg(model, TrainConfig::models().join(QStringLiteral(", ")))
                         .toStdString());
  QJsonObject json;
  QString source;
  if (parser.isSet(QStringLiteral("config"))) {
    source = parser.value(QStringLiteral("config"));
    json = readJsonObjectFile(source);
    if (json.contains(QStringLiteral("model")) && json.value(QStringLiteral("model")).toString() != model)
      throw UsageError(QStringLiteral("%1 is a config for model '%2', not '%3'")
                           .arg(source, json.value(QStringLiteral("model")).toString(), model)
                           .toStdString());
  }
  json.insert(QStringLiteral("model"), model);
  if (parser.isSet(QStringLiteral("epochs")))
    json.insert(QStringLiteral("epochs"), intOption(parser, QStringLiteral("epochs"), 1, 1, 100000));
  if (parser.isSet(QStringLiteral("seed")))
    json.insert(QStringLiteral("seed"), intOption(parser, QStringLiteral("seed"), 1, 0, 2147483647));
  return trainConfigFromJson(json, source);
}

}  // namespace

Command trainCommand() {
  Command command;
  command.name = QStringLiteral("train");
  command.summary = QStringLiteral("train a joint image–sentence space (resumes an interrupted run)");
  command.usage = QStringLiteral(
      "train --dataset PATH --model bow|rnn|lstm|chargru|charlstm|cca [--config FILE.json] [--epochs N] [--seed S] "
      "--out RUN_DIR [--backbone concept-cnn|onnx:FILE|torchscript:FILE|npy:FILE] [--features DIR]");
  command.run = [](const QStringList &args) {
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("dataset"), QStringLiteral("Dataset folder or file."), QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("model"), QStringLiteral("Sentence encoder."), QStringLiteral("M")});
    parser.addOption({QStringLiteral("config"), QStringLiteral("JSON configuration."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("epochs"), QStringLiteral("Epochs."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("S")});
    parser.addOption({QStringLiteral("out"), QStringLiteral("Run folder."), QStringLiteral("RUN_DIR")});
    parser.addOption({QStringLiteral("backbone"), QStringLiteral("Image features."), QStringLiteral("SPEC")});
    parser.addOption({QStringLiteral("features"), QStringLiteral("Feature folder."), QStringLiteral("DIR")});
    parseArguments(parser, args, 0, 0);
    for (const char *required : {"dataset", "model", "out"})
      if (!parser.isSet(QLatin1String(required)))
        throw UsageError(QStringLiteral("--%1 is required").arg(QLatin1String(required)).toStdString());
    const TrainConfig config = configFromArguments(parser);
    TrainingSource source;
    source.datasetPath = parser.value(QStringLiteral("dataset"));
    source.backbone = parser.value(QStringLiteral("backbone"));
    if (source.backbone.isEmpty()) source.backbone = QStringLiteral("concept-cnn");
    source.featuresDir = parser.value(QStringLiteral("features"));
    const QString runDir = parser.value(QStringLiteral("out"));

    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Train %1").arg(config.model), [&](JobContext &job) {
      const TrainingData data = prepareTrainingData(source, &job);
      const TrainResult result = train(data, config, runDir, &job);
      job.setSummary(result.toJson());
    });
    if (outcome.status == JobStatus::Cancelled) {
      err() << "train: cancelled; run 'groundscope-cli train' with the same arguments to resume from " << runDir << '\n';
      return kExitFailure;
    }
    if (outcome.status == JobStatus::Failed) throw std::runtime_error(outcome.error.toStdString());
    out() << QJsonDocument(outcome.summary).toJson(QJsonDocument::Indented);
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
