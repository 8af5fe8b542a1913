// `groundscope-cli compare --dataset PATH --models a,b,c …`: trains each model on the same features and prints one table of
// all metrics, with the captions a bag of words cannot resolve (the demo's order-sensitive ones)
// scored apart. --config holds settings applied on top of every model's own defaults (e.g. one
// loss, optimiser and selection rule for all), so the models differ only in their encoders.
// `--ablation concepts` trains the rows of Huang et al.'s Table 2 that apply (the concepts model's
// presets) with one shared configuration and prints their table (R@K both ways, mR, twin accuracy,
// wall time). Models that read different inputs (10-crop context, concepts) get data of their own.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/ablationtable.h"
#include "commands/metricstable.h"
#include "engine/jobcontext.h"
#include "io/paths.h"
#include "jobrunner.h"
#include "training/modelregistry.h"
#include "training/inspect/trainedmodel.h"
#include "training/inspect/sentencesimilarity.h"
#include "training/trainer.h"
#include "training/trainingsource.h"
#include "vision/backbonespec.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <map>

namespace gs::cli {

Command compareCommand() {
  Command command;
  command.name = QStringLiteral("compare");
  command.summary = QStringLiteral("train several models on one dataset and print one table of their metrics");
  command.syntax.options = {
      {QStringLiteral("dataset"), QStringLiteral("PATH"), QStringLiteral("Dataset folder or file."), {}, true},
      {QStringLiteral("models"), QStringLiteral("LIST"), QStringLiteral("Comma-separated models: ") + modelNames().join(QLatin1Char(',')) + QLatin1Char('.')},
      {QStringLiteral("ablation"), QStringLiteral("MODEL"),
       QStringLiteral("Train every ablation row of MODEL (concepts: Huang et al. Table 2) instead of --models.")},
      {QStringLiteral("features"), QStringLiteral("DIR"), QStringLiteral("Feature folder of the 1-crop models (10-crop rows read the feature cache).")},
      {QStringLiteral("concept-features"), QStringLiteral("DIR"), QStringLiteral("The concept CNN's region features (default: the feature cache).")},
      {QStringLiteral("rows"), QStringLiteral("LIST"), QStringLiteral("With --ablation: only these rows (preset names, e.g. ctx,cnp,cnp-ctx).")},
      {QStringLiteral("preset"), QStringLiteral("NAME"),
       QStringLiteral("Each model's published settings of that name (e.g. socher2014; see train --help).")},
      {QStringLiteral("config"), QStringLiteral("FILE.json"), QStringLiteral("Settings for every model, on top of the defaults and preset (a JSON object without \"model\").")},
      {QStringLiteral("epochs"), QStringLiteral("N"), QStringLiteral("Epochs (default: each model's).")},
      {QStringLiteral("seed"), QStringLiteral("S"), QStringLiteral("Seed."), QStringLiteral("1")},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("Image features."), defaultBackbone()},
      {QStringLiteral("out"), QStringLiteral("ROOT"), QStringLiteral("Folder for the runs (default: under the cache folder).")},
      {QStringLiteral("format"), QStringLiteral("F"), QStringLiteral("text, json, csv or markdown (csv and markdown: --ablation)."),
       QStringLiteral("text")},
      {QStringLiteral("similarity"), QStringLiteral("LIST"), QStringLiteral("Sentence-similarity benchmarks to add as columns (sts-b,sick-r,sts12…sts16).")},
      {QStringLiteral("similarity-data"), QStringLiteral("DIR"),
       QStringLiteral("Where the benchmarks are: DIR/sts-benchmark, DIR/sick, DIR/sts12 … (or the benchmark's own folder).")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON (--format json).")}};
  command.run = [](const Arguments &args) {
    const bool ablation = args.isSet(QStringLiteral("ablation"));
    if (ablation == args.isSet(QStringLiteral("models"))) throw UsageError("give either --models or --ablation");
    const QString format = args.isSet(QStringLiteral("json")) ? QStringLiteral("json") : args.value(QStringLiteral("format"));
    if (!QStringList{QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("markdown")}.contains(format))
      throw UsageError("--format: expected text, json, csv or markdown");
    if (!ablation && (format == QLatin1String("csv") || format == QLatin1String("markdown")))
      throw UsageError("--format csv and markdown print an ablation table: use them with --ablation");
    // Each row: its name in the table and run folder, and its model.
    struct Row {
      QString name, label, model;
      QJsonObject preset;
    };
    std::vector<Row> wanted;
    if (ablation) {
      const QString model = args.value(QStringLiteral("ablation"));
      const ModelEntry *entry = findModel(model);
      if (!entry || entry->presets.empty() || entry->presets.front().label.isEmpty())
        throw UsageError(QStringLiteral("--ablation: '%1' has no ablation rows (the concepts model has)").arg(model).toStdString());
      const QStringList only = args.value(QStringLiteral("rows")).split(QLatin1Char(','), Qt::SkipEmptyParts);
      for (const QString &name : only)
        if (!findPreset(*entry, name))
          throw UsageError(QStringLiteral("--rows: %1 has no ablation row '%2'").arg(model, name).toStdString());
      for (const ModelPreset &p : entry->presets)
        if (only.isEmpty() || only.contains(p.name)) wanted.push_back({model + QLatin1Char('-') + p.name, p.label, model, p.settings});
    } else {
      for (const QString &m : args.value(QStringLiteral("models")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!findModel(m))
          throw UsageError(QStringLiteral("--models: unknown model '%1' (one of: %2)")
                               .arg(m, modelNames().join(QStringLiteral(", ")))
                               .toStdString());
        wanted.push_back({m, m, m, {}});
      }
      // --preset NAME: each model's published settings of that name (socher2014 for the five
      // models of Socher et al.), so a paper's table comes from one command.
      if (args.isSet(QStringLiteral("preset"))) {
        const QString name = args.value(QStringLiteral("preset"));
        for (Row &row : wanted) {
          const ModelEntry *entry = findModel(row.model);
          const ModelPreset *preset = findPreset(*entry, name);
          if (!preset) {
            QStringList names;
            for (const ModelPreset &p : entry->presets) names << p.name;
            throw UsageError(QStringLiteral("--preset: %1 has no preset '%2' (%3)")
                                 .arg(row.model, name, names.isEmpty() ? QStringLiteral("it has none") : names.join(QStringLiteral(", ")))
                                 .toStdString());
          }
          row.preset = preset->settings;
          row.name = row.model + QLatin1Char('-') + name;
        }
      }
    }
    if (ablation && args.isSet(QStringLiteral("preset"))) throw UsageError("--preset names one preset for every model: use it with --models");
    const int epochs = args.intValue(QStringLiteral("epochs"), 0, 1, 100000);
    const quint64 seed = args.uint64Value(QStringLiteral("seed"), 1);
    const QString configFile = args.value(QStringLiteral("config"));
    const QJsonObject shared = configFile.isEmpty() ? QJsonObject() : readJsonObjectFile(configFile);
    if (shared.contains(QStringLiteral("model")))
      throw UsageError(QStringLiteral("%1: a compare config applies to every model and must not name one").arg(configFile).toStdString());
    // Every row's configuration up front, so a bad setting fails before any training.
    std::vector<TrainConfig> configs;
    for (const Row &row : wanted) {
      QJsonObject json = row.preset;
      for (auto it = shared.begin(); it != shared.end(); ++it) json.insert(it.key(), it.value());
      json.insert(QStringLiteral("model"), row.model);
      if (epochs > 0) json.insert(QStringLiteral("epochs"), epochs);
      json.insert(QStringLiteral("seed"), QString::number(seed)); // 64-bit: JSON numbers are doubles
      configs.push_back(trainConfigFromJson(json, configFile));
    }
    // One source for the models that read the same inputs: every model that reads no concepts
    // shares one (requestInputsOf only adds requests); the concepts model's rows differ in crops.
    TrainingSource base;
    base.datasetPath = args.value(QStringLiteral("dataset"));
    base.backbone = args.value(QStringLiteral("backbone"));
    base.conceptFeaturesDir = args.value(QStringLiteral("concept-features"));
    std::vector<TrainingSource> sources;
    std::vector<std::size_t> sourceOf;
    // Models with the same inputs share one prepared data set; one that needs regions gets its own,
    // so a backbone that cannot give regions fails that model's row only, not the table.
    const auto sameInputs = [](const TrainingSource &a, const TrainingSource &b) {
      return a.concepts == b.concepts && a.tenCrop == b.tenCrop && a.conceptCount == b.conceptCount &&
             a.conceptRegions == b.conceptRegions && a.regions == b.regions && a.groundTruthRegions == b.groundTruthRegions;
    };
    for (const TrainConfig &config : configs) {
      TrainingSource mine = base;
      requestInputsOf(config, mine);
      std::size_t k = 0;
      while (k < sources.size() && !sameInputs(sources[k], mine)) ++k;
      if (k == sources.size()) {
        sources.push_back(base);
        // --features holds one feature set: the plain one, which 10-crop rows cannot read.
        if (!mine.tenCrop) sources.back().featuresDir = args.value(QStringLiteral("features"));
      }
      requestInputsOf(config, sources[k]);
      sourceOf.push_back(k);
    }
    const QString root = args.isSet(QStringLiteral("out"))
                             ? args.value(QStringLiteral("out"))
                             : userCacheDir(QStringLiteral("runs/compare-%1").arg(QFileInfo(base.datasetPath).fileName()));

    // Sentence-similarity columns: each benchmark read once, each trained run evaluated on it.
    const QStringList benchmarks = args.value(QStringLiteral("similarity")).toLower().split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &b : benchmarks)
      if (!sentenceBenchmarks().contains(b))
        throw UsageError(QStringLiteral("--similarity: '%1' is not one of %2").arg(b, sentenceBenchmarks().join(QStringLiteral(", "))).toStdString());
    if (!benchmarks.isEmpty() && !args.isSet(QStringLiteral("similarity-data"))) throw UsageError("--similarity: give --similarity-data DIR");
    const auto benchmarkPath = [root = args.value(QStringLiteral("similarity-data"))](const QString &benchmark) {
      const QString folder = benchmark == QLatin1String("sts-b") ? QStringLiteral("sts-benchmark")
                             : benchmark == QLatin1String("sick-r") ? QStringLiteral("sick")
                                                                     : benchmark;
      return QFileInfo(QDir(root).filePath(folder)).isDir() ? QDir(root).filePath(folder) : root;
    };
    QStringList extraColumns{QStringLiteral("sent. sim. mean rank"), QStringLiteral("twin acc. %"), QStringLiteral("corr. acc. %"),
                             QStringLiteral("phrase→region R@1")};
    for (const QString &b : benchmarks) extraColumns << QStringLiteral("%1 r/ρ").arg(b.toUpper());

    std::vector<MetricsRow> rows;
    std::vector<AblationRow> ablationRows;
    QJsonArray json;
    int failures = 0;
    Engine engine;
    const JobOutcome outcome = runJob(engine, QStringLiteral("Compare"), [&](JobContext &job) {
      std::vector<SentencePairs> pairSets;
      for (const QString &b : benchmarks) pairSets.push_back(loadSentencePairs(b, benchmarkPath(b), Split::Test));
      std::map<std::size_t, TrainingData> prepared;
      for (std::size_t r = 0; r < configs.size(); ++r) {
        const TrainConfig &config = configs[r];
        const QString name = wanted[r].name;
        const QString runDir = QDir(root).filePath(QStringLiteral("%1-e%2-s%3").arg(name).arg(config.epochs).arg(seed));
        QElapsedTimer clock;
        clock.start();
        TrainResult result;
        // One model failing (bad data for its inputs, a solver error, divergence) loses its row, not
        // the table: the failure goes in its row and the log, and the others train. Cancel stops all.
        try {
          auto data = prepared.find(sourceOf[r]);
          if (data == prepared.end()) data = prepared.emplace(sourceOf[r], prepareTrainingData(sources[sourceOf[r]], &job)).first;
          job.log(QStringLiteral("training %1 into %2").arg(wanted[r].label, runDir));
          result = train(data->second, config, runDir, &job);
        } catch (const JobCancelled &) {
          throw;
        } catch (const std::exception &error) {
          const QString why = QString::fromStdString(error.what());
          job.warn(QStringLiteral("%1 failed: %2").arg(wanted[r].label, why));
          ++failures;
          rows.push_back({name, {}, {}, why});
          AblationRow failed;
          failed.label = wanted[r].label;
          failed.failure = why;
          ablationRows.push_back(failed);
          json.append(QJsonObject{{QStringLiteral("model"), config.modelName()},
                                  {QStringLiteral("row"), wanted[r].label},
                                  {QStringLiteral("error"), why}});
          continue;
        }
        const double seconds = clock.elapsed() / 1000.0;
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
        QStringList extra{QString::number(result.sentenceSimilarityMeanRank, 'f', 1),
                          result.twinCaptions > 0 ? QString::number(result.twinAccuracy, 'f', 1) : QStringLiteral("-"),
                          correspondence, grounding};
        QJsonObject similarity;
        if (!pairSets.empty()) {
          const TrainedModel trained = TrainedModel::open(runDir);
          for (const SentencePairs &pairs : pairSets) {
            try {
              const SimilarityResult s = evaluateSimilarity(trained, pairs, &job);
              recordSimilarity(runDir, s);
              similarity.insert(s.benchmark, s.toJson());
              extra << QStringLiteral("%1/%2").arg(s.all.pearson, 0, 'f', 1).arg(s.all.spearman, 0, 'f', 1);
            } catch (const JobCancelled &) {
              throw;
            } catch (const std::exception &error) {
              job.warn(QStringLiteral("%1 on %2: %3").arg(name, pairs.benchmark, QString::fromUtf8(error.what())));
              extra << QStringLiteral("failed");
            }
          }
        }
        rows.push_back({name, result.test, extra});
        ablationRows.push_back({wanted[r].label, result.test, result.twinCaptions > 0 ? result.twinAccuracy : -1, seconds});
        QJsonObject entry = result.toJson();
        entry.insert(QStringLiteral("model"), config.modelName());
        if (ablation) entry.insert(QStringLiteral("row"), wanted[r].label);
        entry.insert(QStringLiteral("mr"), result.test.rsum / 6);
        entry.insert(QStringLiteral("seconds"), seconds);
        if (!similarity.isEmpty()) entry.insert(QStringLiteral("similarity"), similarity);
        json.append(entry);
      }
    });
    requireSuccess(outcome);
    if (format == QLatin1String("json")) out() << QJsonDocument(json).toJson(QJsonDocument::Indented);
    else if (ablation) out() << ablationTable(ablationRows, format);
    else
      out() << metricsTable(rows, extraColumns);
    if (failures > 0) {
      err() << QStringLiteral("compare: %1 of %2 models failed (see their rows)\n").arg(failures).arg(configs.size());
      return kExitFailure;
    }
    return kExitOk;
  };
  return command;
}

}  // namespace gs::cli
