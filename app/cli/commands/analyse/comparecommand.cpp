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
// names each swept model's setting chosen on validation, with its test figures alone.

#include "arguments.h"
#include "clioutput.h"
#include "commands/analyse/ablationtable.h"
#include "commands/analyse/comparerequest.h"
#include "commands/analyse/metricstable.h"
#include "commands/analyse/seedtable.h"
#include "commands/commands.h"
#include "engine/jobcontext.h"
#include "experiments/comparisonreport.h"
#include "experiments/settingchoice.h"
#include "io/enumnames.h"
#include "jobrunner.h"
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
      {QStringLiteral("concept-features"), QStringLiteral("DIR"), QStringLiteral("The concept detectors' region features (the concept CNN's or the backbone's; default: the feature cache).")},
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
       QStringLiteral("The metric rows are ranked by, and a sweep's setting chosen by on the validation split (a recall, rsum or a mean rank); "
                     "test figures are shown for the chosen setting only: ") + enumNames<RunMetric>().join(QStringLiteral(", ")) + QLatin1Char('.'),
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

// The mark of a row's rsum interval against the best row's (comparisonreport.h): "best", "≈ best"
// (the test split does not tell them apart), "apart", or "" without intervals.
QString vsBest(VersusBest versus) {
  switch (versus) {
  case VersusBest::Best: return QStringLiteral("best");
  case VersusBest::Overlaps: return QStringLiteral("≈ best");
  case VersusBest::Apart: return QStringLiteral("apart");
  case VersusBest::None: break;
  }
  return {};
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

void printComparison(const std::vector<ComparisonResult> &results, const QString &format, bool ablation, const ComparisonRequest &request,
                     RunMetric rankBy) {
  const bool sweep = !ablation && isComparisonSweep(results);
  if (format == QLatin1String("json")) {
    const QJsonArray json = comparisonJson(results, ablation, request.seed);
    out() << (sweep ? QJsonDocument(seedGroupJson(results, rankBy, json)) : QJsonDocument(json)).toJson(QJsonDocument::Indented);
  } else if (sweep) {
    out() << seedGroupTable(results, rankBy);
  } else if (ablation) {
    std::vector<AblationRow> rows;
    for (const ComparisonResult &row : results) rows.push_back(ablationRowOf(row));
    out() << ablationTable(rows, format);
  } else {
    const std::optional<std::size_t> best = bestComparisonRow(results);
    std::vector<MetricsRow> rows;
    for (std::size_t r = 0; r < results.size(); ++r)
      rows.push_back(metricsRowOf(results[r], request.contrast, vsBest(versusBest(results, best, r))));
    out() << metricsTable(rows, extraColumns(request.similarityBenchmarks, request.contrast))
          << QStringLiteral("rsum 95 %: percentile bootstrap over the test images (each with its captions). "
                            "≈ best: the row's interval overlaps the best row's, so this test split does not tell the two apart.\n");
  }
}

int runCompare(const Arguments &args) {
  const bool ablation = args.isSet(QStringLiteral("ablation"));
  if (ablation == args.isSet(QStringLiteral("models"))) throw UsageError("give either --models or --ablation");
  const QString format = compareFormatOf(args, ablation);
  const ComparisonRequest request = comparisonRequestOf(args, ablation);
  const RunMetric rankBy = rankByOf(args);
  if (args.isSet(QStringLiteral("grid")) && !hasValidationValue(rankBy))
    throw UsageError(QStringLiteral("--rank-by %1: a sweep chooses its setting on the validation split, where %1 is not measured; "
                                    "rank by a recall, rsum or a mean rank").arg(enumName(rankBy)).toStdString());
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
