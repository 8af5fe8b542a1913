#include "commands/analyse/seedtable.h"

#include "commands/analyse/metricstable.h"
#include "experiments/settingchoice.h"
#include "io/enumnames.h"
#include "training/runs/runcurves.h"
#include "training/runs/seedgroups.h"

#include <QJsonArray>

#include <algorithm>
#include <optional>

namespace gs::cli {

namespace {

const std::vector<RunMetric> kColumns = {RunMetric::ImageToTextR1, RunMetric::ImageToTextR5, RunMetric::ImageToTextR10,
                                         RunMetric::TextToImageR1, RunMetric::TextToImageR5, RunMetric::TextToImageR10,
                                         RunMetric::Rsum,          RunMetric::TextToImageMeanRank, RunMetric::TwinAccuracy};

// A sweep's rows are read on validation (test figures would choose the setting for the reader);
// rows that are not swept, on test.
Split tableSplit(const std::vector<SeedGroupRows> &groups) {
  return std::any_of(groups.begin(), groups.end(), [](const SeedGroupRows &g) { return !g.sweep.isEmpty(); }) ? Split::Val : Split::Test;
}

// The interval a group's value of `metric` is compared by: over its seeds when they differ, or, for
// one seed or a model the seed does not change (CCA's closed form), its test rsum's interval over
// the test images (TrainResult::testIntervals).
std::optional<Interval> intervalOf(const SeedGroupRows &group, RunMetric metric, Split split) {
  const std::optional<SampleSummary> s = groupSummary(group, metric, split);
  if (!s) return std::nullopt;
  if (s->varies()) return Interval{s->ciLow, s->ciHigh};
  if (metric != RunMetric::Rsum || split != Split::Test) return std::nullopt;
  for (const ComparisonResult *run : group.runs)
    if (run->failure.isEmpty() && !run->result.testIntervals.empty()) return run->result.testIntervals.rsumInterval;
  return std::nullopt;
}

QString meanStd(const std::optional<SampleSummary> &s) {
  if (!s) return QStringLiteral("-");
  return s->n > 1 ? QStringLiteral("%1 ± %2").arg(s->mean, 0, 'f', 1).arg(s->std, 0, 'f', 1) : QString::number(s->mean, 'f', 1);
}

std::vector<RunMetric> columnsOf(Split split) {
  std::vector<RunMetric> columns;
  for (RunMetric metric : kColumns)
    if (split == Split::Test || hasValidationValue(metric)) columns.push_back(metric);
  return columns;
}

QStringList groupLine(const SeedGroupRows &group, Split split) {
  int failed = 0;
  double seconds = 0;
  for (const ComparisonResult *run : group.runs) {
    failed += run->failure.isEmpty() ? 0 : 1;
    seconds += run->seconds;
  }
  QStringList line{group.label, QStringLiteral("%1%2").arg(group.runs.size() - failed).arg(failed ? QStringLiteral(" (%1 failed)").arg(failed) : QString())};
  for (RunMetric metric : columnsOf(split)) line << meanStd(groupSummary(group, metric, split));
  const std::optional<Interval> rsum = intervalOf(group, RunMetric::Rsum, split);
  line << (rsum ? QStringLiteral("[%1, %2]").arg(rsum->low, 0, 'f', 1).arg(rsum->high, 0, 'f', 1) : QStringLiteral("-"));
  if (split == Split::Test) line << meanStd(groupSummary(group, RunMetric::Rsum, Split::Val));
  line << RateEstimator::formatDuration(seconds);
  return line;
}

QJsonObject summaryJson(const SampleSummary &s) {
  return {{QStringLiteral("mean"), s.mean},     {QStringLiteral("std"), s.std},         {QStringLiteral("min"), s.min},
          {QStringLiteral("max"), s.max},       {QStringLiteral("ci_low"), s.ciLow},    {QStringLiteral("ci_high"), s.ciHigh},
          {QStringLiteral("n"), s.n}};
}

QJsonObject metricsJson(const SeedGroupRows &group, Split split) {
  QJsonObject metrics;
  for (RunMetric metric : allRunMetrics())
    if (const std::optional<SampleSummary> s = groupSummary(group, metric, split)) metrics.insert(enumName(metric), summaryJson(*s));
  return metrics;
}

enum class Mark { Best, Overlaps, Apart, Unknown };

// Each row against the best row by mean `rankBy` on `split`: the best itself, its interval
// overlapping the best row's (the seeds, or for single runs the test images, do not tell them
// apart), apart, or unknown where either has no interval.
std::vector<Mark> marksOf(const std::vector<SeedGroupRows> &groups, RunMetric rankBy, Split split) {
  std::vector<std::optional<SampleSummary>> summaries;
  std::optional<std::size_t> best;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    summaries.push_back(groupSummary(groups[g], rankBy, split));
    const auto &s = summaries.back();
    if (s && (!best || isBetter(rankBy, s->mean, summaries[*best]->mean))) best = g;
  }
  std::vector<Mark> marks;
  const std::optional<Interval> bestInterval = best ? intervalOf(groups[*best], rankBy, split) : std::nullopt;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::optional<Interval> i = summaries[g] ? intervalOf(groups[g], rankBy, split) : std::nullopt;
    if (best && g == *best) marks.push_back(Mark::Best);
    else if (!i || !bestInterval) marks.push_back(Mark::Unknown);
    else marks.push_back(i->high >= bestInterval->low && i->low <= bestInterval->high ? Mark::Overlaps : Mark::Apart);
  }
  return marks;
}

QString markText(Mark mark) { return mark == Mark::Best ? QStringLiteral("best") : mark == Mark::Overlaps ? QStringLiteral("≈ best") : QString(); }

QString markName(Mark mark) {
  switch (mark) {
  case Mark::Best: return QStringLiteral("best");
  case Mark::Overlaps: return QStringLiteral("overlaps");
  case Mark::Apart: return QStringLiteral("apart");
  case Mark::Unknown: break;
  }
  return QStringLiteral("unknown");
}

// The chosen setting's lines: its validation figure, then its test figures, marked as the only
// ones the sweep reports and as not having taken part in the choice.
QString choiceLines(const SettingChoice &choice, RunMetric rankBy) {
  const SeedGroupRows &group = *choice.group;
  QString text = QStringLiteral("chosen %1 setting (of %2) by mean validation %3: %4 — %5\n")
                     .arg(group.model).arg(choice.settings).arg(metricLabel(rankBy), sweepLabel(group.sweep), choice.validation.text());
  QStringList test;
  for (RunMetric metric : {RunMetric::Rsum, RunMetric::ImageToTextR1, RunMetric::TextToImageR1})
    if (const std::optional<SampleSummary> s = groupSummary(group, metric, Split::Test))
      test << QStringLiteral("%1 %2").arg(metricLabel(metric), metric == RunMetric::Rsum ? s->text() : meanStd(s));
  if (!test.isEmpty()) text += QStringLiteral("  its test figures (reported for the chosen setting only; not used to choose): %1\n").arg(test.join(QStringLiteral(", ")));
  if (!choice.edges.isEmpty())
    text += QStringLiteral("  on the grid's edge: %1 — widen the grid before trusting this setting\n").arg(choice.edges.join(QStringLiteral("; ")));
  return text;
}

}  // namespace

QString seedGroupTable(const std::vector<ComparisonResult> &results, RunMetric rankBy) {
  const std::vector<SeedGroupRows> groups = seedGroupsOf(results);
  const Split split = tableSplit(groups);
  QStringList header{QStringLiteral("row"), QStringLiteral("seeds")};
  for (RunMetric metric : columnsOf(split)) header << metricLabel(metric);
  header << QStringLiteral("rsum 95 % CI");
  if (split == Split::Test) header << QStringLiteral("val rsum");
  header << QStringLiteral("time") << metricLabel(rankBy) + QStringLiteral(" vs best");
  std::vector<QStringList> rows{header};
  const std::vector<Mark> marks = marksOf(groups, rankBy, split);
  for (std::size_t g = 0; g < groups.size(); ++g) rows.push_back(groupLine(groups[g], split) << markText(marks[g]));
  QString text = alignedColumns(rows);
  if (split == Split::Val)
    text += QStringLiteral("Validation metrics (each run's kept epoch): mean ± sample std over seeds; the interval is the percentile bootstrap "
                           "of the mean rsum over the seeds. Settings are chosen on validation; test figures are shown for the chosen "
                           "settings only. ≈ best: the row's interval overlaps the best row's, so they are not told apart.\n");
  else
    text += QStringLiteral("Test metrics: mean ± sample std over seeds; the interval is the percentile bootstrap of the mean rsum over the seeds "
                           "(for a single seed, or seeds that give one value, over the test images); val rsum: the kept epochs' validation rsum. "
                           "≈ best: the row's interval overlaps the best row's, so they are not told apart.\n");
  if (split == Split::Val)
    for (const SettingChoice &choice : chooseSettings(groups, rankBy)) text += choiceLines(choice, rankBy);
  return text;
}

QJsonObject seedGroupJson(const std::vector<ComparisonResult> &results, RunMetric rankBy, const QJsonArray &runs) {
  const std::vector<SeedGroupRows> groups = seedGroupsOf(results);
  const Split split = tableSplit(groups);
  const std::vector<SettingChoice> choices = split == Split::Val ? chooseSettings(groups, rankBy) : std::vector<SettingChoice>{};
  const auto chosen = [&](const SeedGroupRows &group) {
    return std::any_of(choices.begin(), choices.end(), [&](const SettingChoice &c) { return c.group == &group; });
  };
  const std::vector<Mark> marks = marksOf(groups, rankBy, split);
  QJsonArray groupList;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const SeedGroupRows &group = groups[g];
    QJsonArray seeds;
    int failed = 0;
    for (const ComparisonResult *run : group.runs) {
      seeds.append(QString::number(run->row.seed));
      failed += run->failure.isEmpty() ? 0 : 1;
    }
    QJsonObject entry{{QStringLiteral("name"), group.name}, {QStringLiteral("model"), group.model},
                      {QStringLiteral("sweep"), group.sweep}, {QStringLiteral("seeds"), seeds},
                      {QStringLiteral("failed"), failed},     {QStringLiteral("validation"), metricsJson(group, Split::Val)},
                      {QStringLiteral("vs_best"), markName(marks[g])}};
    if (group.sweep.isEmpty() || chosen(group)) entry.insert(QStringLiteral("test"), metricsJson(group, Split::Test));
    groupList.append(entry);
  }
  QJsonArray chosenList;
  for (const SettingChoice &choice : choices) {
    QJsonObject entry{{QStringLiteral("model"), choice.group->model},       {QStringLiteral("group"), choice.group->name},
                      {QStringLiteral("sweep"), choice.group->sweep},       {QStringLiteral("metric"), enumName(rankBy)},
                      {QStringLiteral("settings"), choice.settings},        {QStringLiteral("edges"), QJsonArray::fromStringList(choice.edges)},
                      {QStringLiteral("validation"), summaryJson(choice.validation)}};
    if (const std::optional<SampleSummary> test = groupSummary(*choice.group, rankBy, Split::Test)) entry.insert(QStringLiteral("test"), summaryJson(*test));
    chosenList.append(entry);
  }
  return {{QStringLiteral("runs"), runs}, {QStringLiteral("split"), splitName(split)}, {QStringLiteral("groups"), groupList}, {QStringLiteral("chosen"), chosenList}};
}

}  // namespace gs::cli
