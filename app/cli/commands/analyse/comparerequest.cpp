#include "commands/analyse/comparerequest.h"

#include "arguments.h"
#include "cli.h"
#include "io/enumnames.h"
#include "io/jsonfile.h"
#include "training/modelregistry.h"

#include <algorithm>

namespace gs::cli {

namespace {

// --ablation MODEL: the model's ablation rows, or only those --rows names.
std::vector<ComparisonRow> ablationRowsOf(const Arguments &args) {
  const QString model = args.value(QStringLiteral("ablation"));
  const ModelEntry *entry = findModel(model);
  if (!entry || entry->presets.empty() || entry->presets.front().label.isEmpty())
    throw UsageError(QStringLiteral("--ablation: '%1' has no ablation rows (the concepts model has)").arg(model).toStdString());
  const QStringList only = args.value(QStringLiteral("rows")).split(QLatin1Char(','), Qt::SkipEmptyParts);
  for (const QString &name : only)
    if (!findPreset(*entry, name)) throw UsageError(QStringLiteral("--rows: %1 has no ablation row '%2'").arg(model, name).toStdString());
  std::vector<ComparisonRow> rows;
  for (const ModelPreset &p : entry->presets)
    if (only.isEmpty() || only.contains(p.name)) rows.push_back(ablationRow(*entry, p));
  return rows;
}

// The preset --preset names for one model; a model without it is a usage error listing its presets.
const ModelPreset &presetOf(const ModelEntry &entry, const QString &name) {
  if (const ModelPreset *preset = findPreset(entry, name)) return *preset;
  QStringList names;
  for (const ModelPreset &p : entry.presets) names << p.name;
  throw UsageError(QStringLiteral("--preset: %1 has no preset '%2' (%3)")
                       .arg(entry.name, name, names.isEmpty() ? QStringLiteral("it has none") : names.join(QStringLiteral(", ")))
                       .toStdString());
}

// --models LIST: one row per model. --preset NAME gives each model its published settings of that
// name (socher2014 for the five models of Socher et al.), so a paper's table comes from one command.
std::vector<ComparisonRow> modelRowsOf(const Arguments &args) {
  std::vector<const ModelEntry *> entries;
  for (const QString &m : args.value(QStringLiteral("models")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    entries.push_back(findModel(m));
    if (!entries.back())
      throw UsageError(
          QStringLiteral("--models: unknown model '%1' (one of: %2)").arg(m, modelNames().join(QStringLiteral(", "))).toStdString());
  }
  const bool withPreset = args.isSet(QStringLiteral("preset"));
  std::vector<ComparisonRow> rows;
  for (const ModelEntry *entry : entries)
    rows.push_back(withPreset ? modelRow(*entry, &presetOf(*entry, args.value(QStringLiteral("preset")))) : modelRow(*entry));
  return rows;
}

// --similarity LIST: benchmark names, which need --similarity-data.
QStringList similarityBenchmarksOf(const Arguments &args) {
  const QStringList benchmarks = args.value(QStringLiteral("similarity")).toLower().split(QLatin1Char(','), Qt::SkipEmptyParts);
  for (const QString &b : benchmarks)
    if (!sentenceBenchmarks().contains(b))
      throw UsageError(QStringLiteral("--similarity: '%1' is not one of %2").arg(b, sentenceBenchmarks().join(QStringLiteral(", "))).toStdString());
  if (!benchmarks.isEmpty() && !args.isSet(QStringLiteral("similarity-data"))) throw UsageError("--similarity: give --similarity-data DIR");
  return benchmarks;
}

// --seeds LIST, or the one --seed.
std::vector<quint64> seedsOf(const Arguments &args, quint64 seed) {
  if (!args.isSet(QStringLiteral("seeds"))) return {seed};
  std::vector<quint64> seeds;
  for (const QString &text : args.value(QStringLiteral("seeds")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    bool ok = false;
    const quint64 value = text.trimmed().toULongLong(&ok);
    if (!ok || value == 0) throw UsageError(QStringLiteral("--seeds: '%1' is not a seed (a positive integer)").arg(text).toStdString());
    if (std::find(seeds.begin(), seeds.end(), value) == seeds.end()) seeds.push_back(value);
  }
  if (seeds.empty()) throw UsageError("--seeds: no seeds");
  return seeds;
}

// Every --grid KEY=… (each may hold several, separated by ';') and --trials.
SweepRequest sweepOf(const Arguments &args, quint64 seed) {
  SweepRequest sweep;
  sweep.seed = seed;
  sweep.trials = args.intValue(QStringLiteral("trials"), 0, 1, 10000);
  for (const QString &option : args.values(QStringLiteral("grid")))
    for (const QString &axis : option.split(QLatin1Char(';'), Qt::SkipEmptyParts)) try {
        sweep.axes.push_back(parseSweepAxis(axis));
      } catch (const std::invalid_argument &error) {
        throw UsageError(QStringLiteral("--grid: %1").arg(QString::fromUtf8(error.what())).toStdString());
      }
  if (sweep.trials > 0 && sweep.axes.empty()) throw UsageError("--trials needs --grid settings to draw");
  return sweep;
}

}  // namespace

QString compareFormatOf(const Arguments &args, bool ablation) {
  const QString format = args.isSet(QStringLiteral("json")) ? QStringLiteral("json") : args.value(QStringLiteral("format"));
  if (!QStringList{QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("markdown")}.contains(format))
    throw UsageError("--format: expected text, json, csv or markdown");
  if (!ablation && (format == QLatin1String("csv") || format == QLatin1String("markdown")))
    throw UsageError("--format csv and markdown print an ablation table: use them with --ablation");
  return format;
}

ComparisonRequest comparisonRequestOf(const Arguments &args, bool ablation) {
  ComparisonRequest request;
  request.rows = ablation ? ablationRowsOf(args) : modelRowsOf(args);
  if (ablation && args.isSet(QStringLiteral("preset"))) throw UsageError("--preset names one preset for every model: use it with --models");
  request.epochs = args.intValue(QStringLiteral("epochs"), 0, 1, 100000);
  request.seed = args.uint64Value(QStringLiteral("seed"), 1);
  const SweepRequest sweep = sweepOf(args, request.seed);
  std::vector<QJsonObject> points;
  try {
    points = sweepPoints(sweep);
  } catch (const std::invalid_argument &error) {
    throw UsageError(QStringLiteral("--grid: %1").arg(QString::fromUtf8(error.what())).toStdString());
  }
  request.rows = expandRows(request.rows, points, seedsOf(args, request.seed));
  request.sharedSource = args.value(QStringLiteral("config"));
  if (!request.sharedSource.isEmpty()) request.shared = readJsonObjectFile(request.sharedSource);
  if (request.shared.contains(QStringLiteral("model")))
    throw UsageError(
        QStringLiteral("%1: a compare config applies to every model and must not name one").arg(request.sharedSource).toStdString());
  comparisonConfigs(request); // throws for a bad setting, before anything trains
  request.source.datasetPath = args.value(QStringLiteral("dataset"));
  request.source.backbone = args.value(QStringLiteral("backbone"));
  request.source.conceptFeaturesDir = args.value(QStringLiteral("concept-features"));
  request.featuresDir = args.value(QStringLiteral("features"));
  request.outputRoot = args.isSet(QStringLiteral("out")) ? args.value(QStringLiteral("out")) : defaultComparisonRoot(request.source.datasetPath);
  request.similarityBenchmarks = similarityBenchmarksOf(args);
  request.similarityData = args.value(QStringLiteral("similarity-data"));
  request.contrast = args.isSet(QStringLiteral("contrast"));
  request.contrastOptions.seed = request.seed;
  return request;
}

RunMetric rankByOf(const Arguments &args) {
  const std::optional<RunMetric> metric = enumFromName<RunMetric>(args.value(QStringLiteral("rank-by")));
  if (!metric) throw UsageError(QStringLiteral("--rank-by: expected one of %1").arg(enumNames<RunMetric>().join(QStringLiteral(", "))).toStdString());
  return *metric;
}

}  // namespace gs::cli
