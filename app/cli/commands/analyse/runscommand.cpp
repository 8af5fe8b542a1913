// `groundscope-cli runs list|show|export`: the run table from the command line. Every run under
// the given folders (default: the window's and the command line's runs folders) is
// indexed from its small files; --filter takes the Runs view's filter language (runfilter.h).
// `list --group` prints one row per seed group: each metric's mean ± std with its bootstrap interval.

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "io/atomicfile.h"
#include "commands/analyse/metricstable.h"
#include "io/enumnames.h"
#include "training/runs/runcurves.h"
#include "training/runs/runexport.h"
#include "training/runs/runfilter.h"
#include "training/runs/runindex.h"
#include "training/runs/runtablemetrics.h"
#include "training/runs/seedgroups.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace gs::cli {

namespace {

const QString kFolders = QStringLiteral("[FOLDER…]");

// The metrics the text table prints (all are in --format json and csv).
const std::vector<RunMetric> kTextMetrics = {RunMetric::ImageToTextR1, RunMetric::TextToImageR1, RunMetric::Rsum,
                                             RunMetric::TextToImageMeanRank, RunMetric::TwinAccuracy};

OptionSpec filterOption() {
  return {QStringLiteral("filter"), QStringLiteral("EXPR"),
          QStringLiteral("Only runs matching EXPR, e.g. \"model = dtrnn and margin > 1\" (see the Runs view's manual page).")};
}

OptionSpec valueOption() {
  return {QStringLiteral("value"), QStringLiteral("V"),
          QStringLiteral("Which value of each metric the text table shows: ") + enumNames<MetricValue>().join(QStringLiteral(", ")) + QLatin1Char('.'),
          QStringLiteral("best")};
}

std::vector<RunRecord> selectedRuns(const Arguments &args) {
  QStringList folders = args.positional();
  if (folders.isEmpty()) folders = defaultRunFolders();
  RunFilter filter;
  try {
    filter = RunFilter::parse(args.value(QStringLiteral("filter")));
  } catch (const RunFilterError &error) {
    throw UsageError(QStringLiteral("--filter: %1").arg(QString::fromUtf8(error.what())).toStdString());
  }
  QStringList warnings;
  std::vector<RunRecord> runs = indexRuns(folders, &warnings);
  for (const QString &warning : warnings) err() << QStringLiteral("runs: %1\n").arg(warning);
  runs.erase(std::remove_if(runs.begin(), runs.end(), [&](const RunRecord &run) { return !filter.matches(run); }), runs.end());
  return runs;
}

QString formatOf(const Arguments &args, const QStringList &allowed) {
  const QString format = args.value(QStringLiteral("format"));
  if (!allowed.contains(format)) throw UsageError(QStringLiteral("--format: expected %1").arg(allowed.join(QStringLiteral(", "))).toStdString());
  return format;
}

MetricValue valueOf(const Arguments &args) {
  const std::optional<MetricValue> value = enumFromName<MetricValue>(args.value(QStringLiteral("value")));
  if (!value) throw UsageError(QStringLiteral("--value: expected %1").arg(enumNames<MetricValue>().join(QStringLiteral(", "))).toStdString());
  return *value;
}

QString settingText(const QJsonValue &value) {
  if (value.isUndefined()) return QStringLiteral("-");
  if (value.isDouble()) return QString::number(value.toDouble(), 'g', 6);
  if (value.isBool()) return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
  return value.toString();
}

// Left-aligned columns, two spaces apart.

QStringList headerRow(const QStringList &settings, MetricValue which) {
  QStringList header{QStringLiteral("name"), QStringLiteral("model"), QStringLiteral("dataset")};
  for (const QString &key : settings) header << key;
  for (RunMetric metric : kTextMetrics) header << QStringLiteral("%1 (%2)").arg(metricLabel(metric), enumName(which));
  header << QStringLiteral("epochs") << QStringLiteral("time") << QStringLiteral("state");
  return header;
}

QString metricText(const std::optional<double> &value) { return value ? QString::number(*value, 'f', 1) : QStringLiteral("-"); }

QString runsText(const std::vector<RunRecord> &runs, MetricValue which) {
  QStringList settings = differingSettings(runs);
  settings.removeAll(QStringLiteral("model"));
  std::vector<QStringList> rows{headerRow(settings, which)};
  for (const RunRecord &run : runs) {
    QStringList row{run.name, run.model, run.dataset};
    for (const QString &key : settings) row << settingText(run.settings.value(key));
    for (RunMetric metric : kTextMetrics) row << metricText(metricValue(run, metric, which));
    row << QStringLiteral("%1/%2").arg(run.epochsDone()).arg(run.epochsPlanned) << RateEstimator::formatDuration(run.wallSeconds)
        << (run.state == RunState::Broken ? run.problem : enumName(run.state));
    rows.push_back(row);
  }
  return alignedColumns(rows) + QStringLiteral("%1 runs\n").arg(runs.size());
}

QString groupsText(const std::vector<RunRecord> &runs, MetricValue which) {
  QStringList header{QStringLiteral("group"), QStringLiteral("model"), QStringLiteral("seeds")};
  for (RunMetric metric : kTextMetrics) header << QStringLiteral("%1 (%2)").arg(metricLabel(metric), enumName(which));
  std::vector<QStringList> rows{header};
  const std::vector<RunGroup> groups = groupRuns(runs);
  for (const RunGroup &group : groups) {
    QStringList seeds;
    for (quint64 seed : group.seeds) seeds << QString::number(seed);
    QStringList row{group.label, runs[std::size_t(group.runs.front())].model, seeds.join(QLatin1Char(','))};
    for (RunMetric metric : kTextMetrics) {
      const std::optional<SampleSummary> summary = groupMetric(runs, group, metric, which);
      row << (summary ? summary->text() : QStringLiteral("-"));
    }
    rows.push_back(row);
  }
  return alignedColumns(rows) + QStringLiteral("%1 groups of %2 runs; mean ± std [95 % bootstrap interval of the mean]\n").arg(groups.size()).arg(runs.size());
}

int runList(const Arguments &args) {
  const QString format = formatOf(args, {QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("csv")});
  const MetricValue which = valueOf(args);
  const std::vector<RunRecord> runs = selectedRuns(args);
  const RunExportOptions table{false, 0};
  if (format == QLatin1String("json")) out() << runsToJson(runs, table);
  else if (format == QLatin1String("csv")) out() << runsToCsv(runs, table);
  else out() << (args.isSet(QStringLiteral("group")) ? groupsText(runs, which) : runsText(runs, which));
  return kExitOk;
}

QString showText(const RunRecord &run) {
  QString text = QStringLiteral("%1\n  folder   %2\n  model    %3\n  dataset  %4 (%5)\n  state    %6\n  seed     %7\n")
                     .arg(run.name, run.dir, run.model, run.dataset, run.backbone,
                          run.state == RunState::Broken ? run.problem : enumName(run.state))
                     .arg(run.seed);
  if (!run.tags.isEmpty()) text += QStringLiteral("  tags     %1\n").arg(run.tags.join(QStringLiteral(", ")));
  text += QStringLiteral("  epochs   %1 of %2, kept %3, %4\n\n")
              .arg(run.epochsDone())
              .arg(run.epochsPlanned)
              .arg(run.keptEpoch)
              .arg(RateEstimator::formatDuration(run.wallSeconds));
  std::vector<QStringList> rows{{QStringLiteral("metric")}};
  for (const EnumName<MetricValue> &which : enumTable<MetricValue>()) rows[0] << which.name;
  for (RunMetric metric : allRunMetrics()) {
    QStringList row{metricLabel(metric)};
    for (const EnumName<MetricValue> &which : enumTable<MetricValue>()) row << metricText(metricValue(run, metric, which.value));
    rows.push_back(row);
  }
  text += alignedColumns(rows) + QLatin1Char('\n');
  std::vector<QStringList> settings{{QStringLiteral("setting"), QStringLiteral("value")}};
  for (auto it = run.settings.begin(); it != run.settings.end(); ++it) settings.push_back({it.key(), settingText(it.value())});
  return text + alignedColumns(settings);
}

int runShow(const Arguments &args) {
  const QString format = formatOf(args, {QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("csv")});
  RunRecord run;
  const QString dir = args.positional().at(0);
  if (!readRunRecord(dir, run)) throw std::runtime_error(QStringLiteral("%1: not a run folder (no config.json)").arg(dir).toStdString());
  const RunExportOptions options{true, args.doubleValue(QStringLiteral("smoothing"), 0.6, 0, 0.999)};
  if (format == QLatin1String("json")) out() << runsToJson({run}, options);
  else if (format == QLatin1String("csv")) out() << runsToCsv({run}, options);
  else out() << showText(run);
  return run.state == RunState::Broken ? kExitFailure : kExitOk;
}

int runExport(const Arguments &args) {
  const QString format = formatOf(args, {QStringLiteral("csv"), QStringLiteral("json")});
  const std::vector<RunRecord> runs = selectedRuns(args);
  const RunExportOptions options{!args.isSet(QStringLiteral("no-curves")), args.doubleValue(QStringLiteral("smoothing"), 0.6, 0, 0.999)};
  QStringList warnings;
  const QByteArray data = format == QLatin1String("json") ? runsToJson(runs, options, &warnings) : runsToCsv(runs, options, &warnings);
  for (const QString &warning : warnings) err() << QStringLiteral("runs export: %1\n").arg(warning);
  if (args.isSet(QStringLiteral("out"))) {
    writeFileAtomically(args.value(QStringLiteral("out")), data);
    err() << QStringLiteral("wrote %1 runs to %2\n").arg(runs.size()).arg(args.value(QStringLiteral("out")));
  } else {
    out() << QString::fromUtf8(data);
  }
  return kExitOk;
}

OptionSpec formatOption(const QString &choices, const QString &fallback) {
  return {QStringLiteral("format"), QStringLiteral("F"), choices + QLatin1Char('.'), fallback};
}

OptionSpec smoothingOption() {
  return {QStringLiteral("smoothing"), QStringLiteral("W"),
          QStringLiteral("Weight of the smoothed column, in [0, 1): time-weighted, so runs logged at different rates smooth alike."),
          QStringLiteral("0.6")};
}

Command listCommand() {
  Command list;
  list.name = QStringLiteral("list");
  list.summary = QStringLiteral("one row per run (or per seed group with --group): differing settings, metrics, epochs, state");
  list.syntax = {kFolders, 0, -1,
                 {filterOption(), valueOption(), formatOption(QStringLiteral("text, json or csv (settings and metrics, no curves)"), QStringLiteral("text")),
                  {QStringLiteral("group"), {}, QStringLiteral("One row per seed group: mean ± std [bootstrap interval] (n).")}}};
  list.run = runList;
  return list;
}

Command showCommand() {
  Command show;
  show.name = QStringLiteral("show");
  show.summary = QStringLiteral("one run: every metric's test, best, last, min and max value, and its settings");
  show.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                 {formatOption(QStringLiteral("text, json or csv (with the curves)"), QStringLiteral("text")), smoothingOption()}};
  show.run = runShow;
  return show;
}

Command exportCommandOfRuns() {
  Command exporter;
  exporter.name = QStringLiteral("export");
  exporter.summary = QStringLiteral("the runs' settings, metrics and curves in one CSV (one value per row) or JSON");
  exporter.syntax = {kFolders, 0, -1,
                     {filterOption(), formatOption(QStringLiteral("csv or json"), QStringLiteral("csv")), smoothingOption(),
                      {QStringLiteral("out"), QStringLiteral("FILE"), QStringLiteral("Write here instead of to standard output.")},
                      {QStringLiteral("no-curves"), {}, QStringLiteral("Settings and metrics only.")}}};
  exporter.run = runExport;
  return exporter;
}

}  // namespace

Command runsCommand() {
  Command command;
  command.name = QStringLiteral("runs");
  command.summary = QStringLiteral("the run table: list, show and export training runs (default: the window's and the cache's runs folders)");
  command.subcommands = {listCommand(), showCommand(), exportCommandOfRuns()};
  return command;
}

}  // namespace gs::cli
