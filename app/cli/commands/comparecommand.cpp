// `groundscope-cli compare --dataset PATH --models a,b,c …`: trains each model on the same features and prints one table of
// all metrics, with the captions a bag of words cannot resolve (the demo's order-sensitive ones)
// scored apart. --config holds settings applied on top of every model's own defaults (e.g. one
// loss, optimiser and selection rule for all), so the models differ only in their encoders.
// `--ablation concepts` trains the rows of Huang et al.'s Table 2 that apply (the concepts model's
// presets) with one shared configuration and prints their table (R@K both ways, mR, twin accuracy,
// wall time). Models that read different inputs (10-crop context, concepts) get data of their own.
// --contrast adds each run's contrast-set accuracy per generator (swap, drop, replace, shuffle).
// --seeds trains every row over several seeds and --grid / --trials over settings (a sweep); the
// table then gives each group of seeds as mean ± std with the bootstrap interval of its rsum, and
// names each swept model's best setting.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/ablationtable.h"
#include "commands/metricstable.h"
#include "commands/seedtable.h"
#include "io/enumnames.h"
#include "engine/jobcontext.h"
#include "io/jsonfile.h"
#include "jobrunner.h"
#include "training/compare/runcomparison.h"
#include "training/modelregistry.h"
#include "vision/backbonespec.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace gs::cli {

namespace {

std::vector<OptionSpec> compareOptions() {
  return {
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
      {QStringLiteral("seeds"), QStringLiteral("LIST"), QStringLiteral("Train every row with each of these seeds (e.g. 1,2,3): a seed group, reported as mean ± std.")},
      {QStringLiteral("grid"), QStringLiteral("KEY=V1,V2"),
       QStringLiteral("Sweep a setting over values (repeat for more settings: every combination trains), or KEY=LOW..HIGH[:log] with --trials.")},
      {QStringLiteral("trials"), QStringLiteral("N"), QStringLiteral("Random search: N draws of the --grid settings (ranges drawn uniformly, or log-uniformly with :log).")},
      {QStringLiteral("rank-by"), QStringLiteral("METRIC"),
       QStringLiteral("The test metric a sweep's best setting is chosen by: ") + enumNames<RunMetric>().join(QStringLiteral(", ")) + QLatin1Char('.'),
       QStringLiteral("rsum")},
      {QStringLiteral("backbone"), QStringLiteral("SPEC"), QStringLiteral("Image features."), defaultBackbone()},
      {QStringLiteral("out"), QStringLiteral("ROOT"), QStringLiteral("Folder for the runs (default: under the cache folder).")},
      {QStringLiteral("format"), QStringLiteral("F"), QStringLiteral("text, json, csv or markdown (csv and markdown: --ablation)."),
       QStringLiteral("text")},
      {QStringLiteral("similarity"), QStringLiteral("LIST"), QStringLiteral("Sentence-similarity benchmarks to add as columns (sts-b,sick-r,sts12…sts16).")},
      {QStringLiteral("similarity-data"), QStringLiteral("DIR"),
       QStringLiteral("Where the benchmarks are: DIR/sts-benchmark, DIR/sick, DIR/sts12 … (or the benchmark's own folder).")},
      {QStringLiteral("contrast"), {}, QStringLiteral("Add contrast-set accuracy columns (swap, drop, replace, shuffle) on each run's test split.")},
      {QStringLiteral("json"), {}, QStringLiteral("Print JSON (--format json).")}};
}

// --format (or --json): text and json for both kinds of table, csv and markdown for ablations.
QString formatOf(const Arguments &args, bool ablation) {
  const QString format = args.isSet(QStringLiteral("json")) ? QStringLiteral("json") : args.value(QStringLiteral("format"));
  if (!QStringList{QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("csv"), QStringLiteral("markdown")}.contains(format))
    throw UsageError("--format: expected text, json, csv or markdown");
  if (!ablation && (format == QLatin1String("csv") || format == QLatin1String("markdown")))
    throw UsageError("--format csv and markdown print an ablation table: use them with --ablation");
  return format;
}

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

// The whole comparison from the command line. Every row's configuration is checked here, so a bad
// setting fails before any training.
ComparisonRequest requestOf(const Arguments &args, bool ablation) {
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

// The metrics table's columns after the retrieval metrics: Socher's sentence-similarity mean rank,
// the twin accuracy, the HM-LSTM's correspondence accuracy and phrase → region R@1, then each benchmark.
// With --contrast, each contrast-set generator's accuracy.
QStringList extraColumns(const QStringList &benchmarks, bool contrast) {
  QStringList columns{QStringLiteral("rsum 95 % interval"), QStringLiteral("rsum vs best"), QStringLiteral("sent. sim. mean rank"), QStringLiteral("twin acc. %"), QStringLiteral("corr. acc. %"),
                      QStringLiteral("phrase→region R@1")};
  for (const QString &b : benchmarks) columns << QStringLiteral("%1 r/ρ").arg(b.toUpper());
  if (contrast)
    for (ContrastKind kind : allContrastKinds()) columns << QStringLiteral("%1 acc. %").arg(enumName(kind));
  return columns;
}

// A row's contrast-set cells: the accuracy in %, "-" without pairs, "failed" where it failed.
QStringList contrastCells(const ComparisonResult &row) {
  QStringList cells;
  for (ContrastKind kind : allContrastKinds()) {
    const ContrastScore *score = row.contrast ? row.contrast->find(kind) : nullptr;
    cells << (!row.contrast                          ? QStringLiteral("failed")
              : !score || score->pairCount() == 0 ? QStringLiteral("-")
                                                  : QString::number(100.0 * score->accuracy, 'f', 1));
  }
  return cells;
}

// The row with the highest test rsum among those with intervals, if any.
std::optional<std::size_t> bestRowOf(const std::vector<ComparisonResult> &results) {
  std::optional<std::size_t> best;
  for (std::size_t r = 0; r < results.size(); ++r)
    if (results[r].failure.isEmpty() && !results[r].result.testIntervals.empty() &&
        (!best || results[r].result.test.rsum > results[*best].result.test.rsum))
      best = r;
  return best;
}

// "best", "≈ best" where the row's rsum interval over the test queries overlaps the best row's
// (bestRowOf; the test split does not tell them apart), "apart" where it does not, "" without
// intervals.
QString vsBest(const std::vector<ComparisonResult> &results, std::optional<std::size_t> best, std::size_t row) {
  const ComparisonResult &r = results[row];
  if (!best || !r.failure.isEmpty() || r.result.testIntervals.empty()) return {};
  if (row == *best) return QStringLiteral("best");
  const Interval &mine = r.result.testIntervals.rsumInterval, &top = results[*best].result.testIntervals.rsumInterval;
  return mine.high >= top.low && mine.low <= top.high ? QStringLiteral("≈ best") : QStringLiteral("apart");
}

MetricsRow metricsRowOf(const ComparisonResult &row, bool contrast, const QString &vsBestMark) {
  if (!row.failure.isEmpty()) return {row.row.name, {}, {}, row.failure};
  const TrainResult &result = row.result;
  // HM-LSTM: the last correspondence step's accuracy and the test phrase → region R@1.
  QString correspondence = QStringLiteral("-"), grounding = QStringLiteral("-");
  if (result.grounded) {
    const bool truth = result.grounding.hasGroundTruth;
    if (!result.correspondenceSteps.empty())
      correspondence = result.correspondenceSteps.back().hasGroundTruth() ? QString::number(result.correspondenceSteps.back().accuracy, 'f', 1)
                                                                           : QStringLiteral("no ground truth");
    grounding = truth ? QString::number(result.grounding.phraseToRegion.r1, 'f', 1) : QStringLiteral("no ground truth");
  }
  const Interval &rsum = result.testIntervals.rsumInterval;
  QStringList extra{result.testIntervals.empty() ? QStringLiteral("-") : QStringLiteral("[%1, %2]").arg(rsum.low, 0, 'f', 1).arg(rsum.high, 0, 'f', 1),
                    vsBestMark.isEmpty() ? QStringLiteral("-") : vsBestMark, QString::number(result.sentenceSimilarityMeanRank, 'f', 1),
                    result.twinCaptions > 0 ? QString::number(result.twinAccuracy, 'f', 1) : QStringLiteral("-"), correspondence, grounding};
  for (const std::optional<SimilarityResult> &s : row.similarity)
    extra << (s ? QStringLiteral("%1/%2").arg(s->all.pearson, 0, 'f', 1).arg(s->all.spearman, 0, 'f', 1) : QStringLiteral("failed"));
  if (contrast) extra << contrastCells(row);
  return {row.row.name, result.test, extra};
}

AblationRow ablationRowOf(const ComparisonResult &row) {
  AblationRow line;
  line.label = row.row.label;
  line.failure = row.failure;
  if (!row.failure.isEmpty()) return line;
  line.metrics = row.result.test;
  line.twinAccuracy = row.result.twinCaptions > 0 ? row.result.twinAccuracy : -1;
  line.seconds = row.seconds;
  return line;
}

// A row in --json: the run's result with its model, mR, wall time and benchmark scores (and its
// ablation label), or the model, label and error of a row that failed.
QJsonObject jsonOf(const ComparisonResult &row, bool ablation) {
  if (!row.failure.isEmpty())
    return {{QStringLiteral("model"), row.row.model}, {QStringLiteral("row"), row.row.label}, {QStringLiteral("error"), row.failure}};
  QJsonObject entry = row.result.toJson();
  entry.insert(QStringLiteral("model"), row.row.model);
  if (ablation) entry.insert(QStringLiteral("row"), row.row.label);
  entry.insert(QStringLiteral("mr"), row.result.test.rsum / 6);
  entry.insert(QStringLiteral("seconds"), row.seconds);
  QJsonObject similarity;
  for (const std::optional<SimilarityResult> &s : row.similarity)
    if (s) similarity.insert(s->benchmark, s->toJson());
  if (!similarity.isEmpty()) entry.insert(QStringLiteral("similarity"), similarity);
  if (row.contrast) entry.insert(QStringLiteral("contrast"), row.contrast->toJson());
  return entry;
}

// Rows trained over several seeds or settings print as seed groups (seedtable.h).
bool isSweep(const std::vector<ComparisonResult> &results) {
  for (const ComparisonResult &row : results)
    if (!row.row.sweep.isEmpty() || (row.row.seed != 0 && row.row.seed != results.front().row.seed)) return true;
  return false;
}

RunMetric rankByOf(const Arguments &args) {
  const std::optional<RunMetric> metric = enumFromName<RunMetric>(args.value(QStringLiteral("rank-by")));
  if (!metric) throw UsageError(QStringLiteral("--rank-by: expected one of %1").arg(enumNames<RunMetric>().join(QStringLiteral(", "))).toStdString());
  return *metric;
}

void printComparison(const std::vector<ComparisonResult> &results, const QString &format, bool ablation, const ComparisonRequest &request,
                     RunMetric rankBy) {
  const bool sweep = !ablation && isSweep(results);
  const std::optional<std::size_t> best = bestRowOf(results);
  if (format == QLatin1String("json")) {
    QJsonArray json;
    for (const ComparisonResult &row : results) {
      QJsonObject entry = jsonOf(row, ablation);
      if (const QString mark = vsBest(results, best, std::size_t(&row - results.data())); !mark.isEmpty() && !sweep)
        entry.insert(QStringLiteral("vs_best"), mark == QLatin1String("≈ best") ? QStringLiteral("overlaps") : mark);
      entry.insert(QStringLiteral("seed"), QString::number(row.row.seed != 0 ? row.row.seed : request.seed));
      if (!row.row.sweep.isEmpty()) entry.insert(QStringLiteral("sweep"), row.row.sweep);
      json.append(entry);
    }
    out() << (sweep ? QJsonDocument(seedGroupJson(results, rankBy, json)) : QJsonDocument(json)).toJson(QJsonDocument::Indented);
  } else if (sweep) {
    out() << seedGroupTable(results, rankBy);
  } else if (ablation) {
    std::vector<AblationRow> rows;
    for (const ComparisonResult &row : results) rows.push_back(ablationRowOf(row));
    out() << ablationTable(rows, format);
  } else {
    std::vector<MetricsRow> rows;
    for (std::size_t r = 0; r < results.size(); ++r) rows.push_back(metricsRowOf(results[r], request.contrast, vsBest(results, best, r)));
    out() << metricsTable(rows, extraColumns(request.similarityBenchmarks, request.contrast))
          << QStringLiteral("rsum 95 %: percentile bootstrap over the test images (each with its captions). "
                            "≈ best: the row's interval overlaps the best row's, so this test split does not tell the two apart.\n");
  }
}

int runCompare(const Arguments &args) {
  const bool ablation = args.isSet(QStringLiteral("ablation"));
  if (ablation == args.isSet(QStringLiteral("models"))) throw UsageError("give either --models or --ablation");
  const QString format = formatOf(args, ablation);
  const ComparisonRequest request = requestOf(args, ablation);
  const RunMetric rankBy = rankByOf(args);
  std::vector<ComparisonResult> results;
  Engine engine;
  requireSuccess(runJob(engine, QStringLiteral("Compare"), [&](JobContext &job) { results = runComparison(request, job); }));
  printComparison(results, format, ablation, request, rankBy);
  const auto failures = std::count_if(results.begin(), results.end(), [](const ComparisonResult &row) { return !row.failure.isEmpty(); });
  if (failures > 0) {
    err() << QStringLiteral("compare: %1 of %2 models failed (see their rows)\n").arg(failures).arg(results.size());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

Command compareCommand() {
  Command command;
  command.name = QStringLiteral("compare");
  command.summary = QStringLiteral("train several models on one dataset and print one table of their metrics");
  command.syntax.options = compareOptions();
  command.run = runCompare;
  return command;
}

}  // namespace gs::cli
