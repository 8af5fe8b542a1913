// `groundscope-cli compare --dataset PATH --models a,b,c …`: trains each model on the same features and prints one table of
// all metrics, with the captions a bag of words cannot resolve (the demo's order-sensitive ones)
// scored apart. --config holds settings applied on top of every model's own defaults (e.g. one
// loss, optimiser and selection rule for all), so the models differ only in their encoders.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/metricstable.h"
#include "engine/jobcontext.h"
#include "io/paths.h"
#include "jobrunner.h"
#include "training/modelregistry.h"
#include "training/trainedmodel.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace gs::cli {

Command compareCommand() {
  Command command;
  command.name = QStringLiteral("compare");
  command.summary = QStringLiteral("train several models on one dataset and print one table of their metrics");
  command.syntax.options = {
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset folder or file."), {}, true},
      {QStringLiteral("models"), QStringLiteral("LIST"), QStringLiteral("Comma-separated models: ") + modelNames().join(QLatin1Char(',')) + QLatin1Char('.'), {}, true},
      {QStringLiteral("config"), QStringLiteral("FILE.json"), QStringLiteral("Settings for every model (a JSON object without \"model\").")},
      {QStringLiteral("epochs"), QStringLiteral("N"), QStringLiteral("Epochs (default: each model's).")},
      {QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Seed."), QStringLiteral("1")},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("Image features."), QStringLiteral("concept-cnn")},
      {QStringLiteral("out"), QStringLiteral("ROOT"), QStringLiteral("Folder for the runs (default: under the cache folder).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON.")}};
  command.run = [](const Arguments &args) {
    const QStringList models = args.value(QStringLiteral("models")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &m : models)
      if (!findModel(m))
        throw UsageError(QStringLiteral("--models: unknown model '%1' (one of: %2)")
                             .arg(m, modelNames().join(QStringLiteral(", ")))
                             .toStdString());
    const int epochs = args.intValue(QStringLiteral("epochs"), 0, 1, 100000);
    const int seed = args.intValue(QStringLiteral("seed"), 1, 0, 2147483647);
    const QString configFile = args.value(QStringLiteral("config"));
    const QJsonObject shared = configFile.isEmpty() ? QJsonObject() : readJsonObjectFile(configFile);
    if (shared.contains(QStringLiteral("model")))
      throw UsageError(QStringLiteral("%1: a compare config applies to every model and must not name one").arg(configFile).toStdString());
    // Every model's configuration up front, so a bad setting fails before any training.
    std::vector<TrainConfig> configs;
    for (const QString &model : models) {
      QJsonObject json = shared;
      json.insert(QStringLiteral("model"), model);
      if (epochs > 0) json.insert(QStringLiteral("epochs"), epochs);
      json.insert(QStringLiteral("seed"), seed);
      configs.push_back(trainConfigFromJson(json, configFile));
    }
    TrainingSource source;
    source.datasetPath = args.value(QStringLiteral("dataset"));
    source.backbone = args.value(QStringLiteral("backbone"));
    for (const TrainConfig &config : configs) requestInputsOf(config, source);
    const QString root = args.isSet(QStringLiteral("out"))
                             ? args.value(QStringLiteral("out"))
                             : userCacheDir(QStringLiteral("runs/compare-%1").arg(QFileInfo(source.datasetPath).fileName()));

    std::vector<MetricsRow> rows;
    QJsonArray json;
    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Compare"), [&](JobContext &job) {
      const TrainingData data = prepareTrainingData(source, &job);
      for (const TrainConfig &config : configs) {
        const QString model = config.modelName();
        const QString runDir = QDir(root).filePath(QStringLiteral("%1-e%2-s%3").arg(model).arg(config.epochs).arg(seed));
        job.log(QStringLiteral("training %1 into %2").arg(model, runDir));
        const TrainResult result = train(data, config, runDir, &job);
        // HM-LSTM: the last correspondence step's accuracy and the test phrase → region R@1.
        QString correspondence = QStringLiteral("-"), grounding = QStringLiteral("-");
        if (result.grounded) {
          const bool truth = result.grounding.hasGroundTruth;
          if (!result.correspondenceSteps.empty())
            correspondence = result.correspondenceSteps.back().hasGroundTruth()
                                 ? QString::number(result.correspondenceSteps.back().accuracy, 'f', 1)
                                 : QStringLiteral("no ground truth");
          grounding = truth ? QString::number(result.grounding.phraseToRegion.r1, 'f', 1) : QStringLiteral("no ground truth");
        }
        rows.push_back({model, result.test,
                        {QString::number(result.sentenceSimilarityMeanRank, 'f', 1),
                         result.twinCaptions > 0 ? QString::number(result.twinAccuracy, 'f', 1) : QStringLiteral("-"),
                         correspondence, grounding}});
        QJsonObject entry = result.toJson();
        entry.insert(QStringLiteral("model"), model);
        json.append(entry);
      }
    });
    requireSuccess(outcome);
    if (args.isSet(QStringLiteral("json"))) out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
    else
      out() << metricsTable(rows, {QStringLiteral("sent. sim. mean rank"), QStringLiteral("twin acc. %"),
                                   QStringLiteral("corr. acc. %"), QStringLiteral("phrase→region R@1")});
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
