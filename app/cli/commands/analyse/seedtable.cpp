#include "commands/analyse/seedtable.h"

#include "commands/analyse/metricstable.h"
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

// The run's test value of `metric`, read as the run table reads it.
std::optional<double> testValue(const ComparisonResult &run, RunMetric metric) {
  if (!run.failure.isEmpty()) return std::nullopt;
  RunRecord record;
  record.hasResult = true;
  record.result = run.result;
  return metricValue(record, metric, MetricValue::Test);
}

std::optional<SampleSummary> summaryOf(const SeedGroupRows &group, RunMetric metric) {
  std::vector<double> values;
  for (const ComparisonResult *run : group.runs)
    if (const std::optional<double> value = testValue(*run, metric)) values.push_back(*value);
  if (values.empty()) return std::nullopt;
  return summariseSamples(values);
}

// The interval a group's value of `metric` is compared by: over its seeds when it has several, or
// for one seed its rsum's interval over the test images (TrainResult::testIntervals).
std::optional<Interval> intervalOf(const SeedGroupRows &group, RunMetric metric) {
  const std::optional<SampleSummary> s = summaryOf(group, metric);
  if (!s) return std::nullopt;
  if (s->n > 1) return Interval{s->ciLow, s->ciHigh};
  if (metric != RunMetric::Rsum) return std::nullopt;
  for (const ComparisonResult *run : group.runs)
    if (run->failure.isEmpty() && !run->result.testIntervals.empty()) return run->result.testIntervals.rsumInterval;
  return std::nullopt;
}

QString meanStd(const std::optional<SampleSummary> &s) {
  if (!s) return QStringLiteral("-");
  return s->n > 1 ? QStringLiteral("%1 ± %2").arg(s->mean, 0, 'f', 1).arg(s->std, 0, 'f', 1) : QString::number(s->mean, 'f', 1);
}


QStringList groupLine(const SeedGroupRows &group) {
  int failed = 0;
  double seconds = 0;
  for (const ComparisonResult *run : group.runs) {
    failed += run->failure.isEmpty() ? 0 : 1;
    seconds += run->seconds;
  }
  QStringList line{group.label, QStringLiteral("%1%2").arg(group.runs.size() - failed).arg(failed ? QStringLiteral(" (%1 failed)").arg(failed) : QString())};
  for (RunMetric metric : kColumns) line << meanStd(summaryOf(group, metric));
  const std::optional<Interval> rsum = intervalOf(group, RunMetric::Rsum);
  line << (rsum ? QStringLiteral("[%1, %2]").arg(rsum->low, 0, 'f', 1).arg(rsum->high, 0, 'f', 1) : QStringLiteral("-"));
  line << RateEstimator::formatDuration(seconds);
  return line;
}

// Per model with more than one sweep point: the group with the best mean of `rankBy`.
std::vector<std::pair<const SeedGroupRows *, SampleSummary>> bestSettings(const std::vector<SeedGroupRows> &groups, RunMetric rankBy) {
  std::vector<std::pair<const SeedGroupRows *, SampleSummary>> best;
  QStringList models;
  for (const SeedGroupRows &group : groups)
    if (!models.contains(group.model)) models << group.model;
  for (const QString &model : models) {
    std::optional<std::pair<const SeedGroupRows *, SampleSummary>> chosen;
    int points = 0;
    for (const SeedGroupRows &group : groups) {
      if (group.model != model || group.sweep.isEmpty()) continue;
      ++points;
      const std::optional<SampleSummary> s = summaryOf(group, rankBy);
      if (s && (!chosen || (higherIsBetter(rankBy) ? s->mean > chosen->second.mean : s->mean < chosen->second.mean))) chosen = {{&group, *s}};
    }
    if (chosen && points > 1) best.push_back(*chosen);
  }
  return best;
}

QJsonObject summaryJson(const SampleSummary &s) {
  return {{QStringLiteral("mean"), s.mean},     {QStringLiteral("std"), s.std},         {QStringLiteral("min"), s.min},
          {QStringLiteral("max"), s.max},       {QStringLiteral("ci_low"), s.ciLow},    {QStringLiteral("ci_high"), s.ciHigh},
          {QStringLiteral("n"), s.n}};
}

}  // namespace

std::vector<SeedGroupRows> seedGroupsOf(const std::vector<ComparisonResult> &results) {
  std::vector<SeedGroupRows> groups;
  for (const ComparisonResult &run : results) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const SeedGroupRows &g) { return g.name == run.row.name; });
    if (it == groups.end()) {
      groups.push_back({run.row.name, run.row.label, run.row.model, run.row.sweep, {}});
      it = groups.end() - 1;
    }
    it->runs.push_back(&run);
  }
  return groups;
}

// "≈" where a row's interval of `rankBy` overlaps the best row's: the seeds (or, for single runs,
// the test images) do not tell them apart.
QStringList overlapMarks(const std::vector<SeedGroupRows> &groups, RunMetric rankBy) {
  std::vector<std::optional<SampleSummary>> summaries;
  std::vector<std::optional<Interval>> intervals;
  std::optional<std::size_t> best;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    summaries.push_back(summaryOf(groups[g], rankBy));
    intervals.push_back(intervalOf(groups[g], rankBy));
    const auto &s = summaries.back();
    if (intervals.back() && (!best || (higherIsBetter(rankBy) ? s->mean > summaries[*best]->mean : s->mean < summaries[*best]->mean))) best = g;
  }
  QStringList marks;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto &i = intervals[g];
    if (!best || !i) marks << QString();
    else if (g == *best) marks << QStringLiteral("best");
    else marks << (i->high >= intervals[*best]->low && i->low <= intervals[*best]->high ? QStringLiteral("≈ best") : QString());
  }
  return marks;
}

QString seedGroupTable(const std::vector<ComparisonResult> &results, RunMetric rankBy) {
  QStringList header{QStringLiteral("row"), QStringLiteral("seeds")};
  for (RunMetric metric : kColumns) header << metricLabel(metric);
  header << QStringLiteral("rsum 95 % CI") << QStringLiteral("time") << metricLabel(rankBy) + QStringLiteral(" vs best");
  std::vector<QStringList> rows{header};
  const std::vector<SeedGroupRows> groups = seedGroupsOf(results);
  const QStringList marks = overlapMarks(groups, rankBy);
  for (std::size_t g = 0; g < groups.size(); ++g) rows.push_back(groupLine(groups[g]) << marks[int(g)]);
  QString text = alignedColumns(rows) + QStringLiteral("Test metrics: mean ± sample std over seeds; the interval is the percentile bootstrap of the mean rsum "
                                                      "over the seeds (for a single seed, over the test images). "
                                                      "≈ best: the row's interval overlaps the best row's, so they are not told apart.\n");
  for (const auto &[group, summary] : bestSettings(groups, rankBy))
    text += QStringLiteral("best %1 setting by mean test %2: %3 — %4\n").arg(group->model, metricLabel(rankBy), sweepLabel(group->sweep), summary.text());
  return text;
}

QJsonObject seedGroupJson(const std::vector<ComparisonResult> &results, RunMetric rankBy, const QJsonArray &runs) {
  const std::vector<SeedGroupRows> groups = seedGroupsOf(results);
  const QStringList marks = overlapMarks(groups, rankBy);
  QJsonArray groupList;
  for (const SeedGroupRows &group : groups) {
    const QString mark = marks[int(&group - groups.data())];
    QJsonObject metrics;
    for (RunMetric metric : allRunMetrics())
      if (const std::optional<SampleSummary> s = summaryOf(group, metric)) metrics.insert(enumName(metric), summaryJson(*s));
    QJsonArray seeds;
    int failed = 0;
    for (const ComparisonResult *run : group.runs) {
      seeds.append(QString::number(run->row.seed));
      failed += run->failure.isEmpty() ? 0 : 1;
    }
    groupList.append(QJsonObject{{QStringLiteral("name"), group.name}, {QStringLiteral("model"), group.model},
                                 {QStringLiteral("sweep"), group.sweep}, {QStringLiteral("seeds"), seeds},
                                 {QStringLiteral("failed"), failed}, {QStringLiteral("metrics"), metrics},
                                 {QStringLiteral("vs_best"), mark == QLatin1String("best") ? QStringLiteral("best")
                                                             : mark.isEmpty()              ? QStringLiteral("apart")
                                                                                           : QStringLiteral("overlaps")}});
  }
  QJsonArray best;
  for (const auto &[group, summary] : bestSettings(groups, rankBy)) {
    QJsonObject entry = summaryJson(summary);
    entry.insert(QStringLiteral("model"), group->model);
    entry.insert(QStringLiteral("group"), group->name);
    entry.insert(QStringLiteral("sweep"), group->sweep);
    entry.insert(QStringLiteral("metric"), enumName(rankBy));
    best.append(entry);
  }
  return {{QStringLiteral("runs"), runs}, {QStringLiteral("groups"), groupList}, {QStringLiteral("best"), best}};
}

}  // namespace gs::cli
