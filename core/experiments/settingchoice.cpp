#include "experiments/settingchoice.h"

#include "io/enumnames.h"

#include <QJsonValue>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

// Which of the chosen group's numeric sweep values are the lowest or highest any group of the same
// model tried.
QStringList edgesOf(const SeedGroupRows &chosen, const std::vector<const SeedGroupRows *> &tried) {
  QStringList edges;
  for (auto it = chosen.sweep.begin(); it != chosen.sweep.end(); ++it) {
    if (!it.value().isDouble()) continue;
    std::vector<double> values;
    for (const SeedGroupRows *group : tried)
      if (group->sweep.value(it.key()).isDouble()) values.push_back(group->sweep.value(it.key()).toDouble());
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    if (values.empty() || *low == *high) continue;
    const double value = it.value().toDouble();
    if (value == *low) edges << QStringLiteral("%1 = %2, the smallest tried").arg(it.key()).arg(value);
    if (value == *high) edges << QStringLiteral("%1 = %2, the largest tried").arg(it.key()).arg(value);
  }
  return edges;
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

bool hasValidationValue(RunMetric metric) {
  RetrievalMetrics evaluated;
  evaluated.images = 1;
  return retrievalMetric(evaluated, metric).has_value();
}

std::optional<double> runMetric(const ComparisonResult &run, RunMetric metric, Split split) {
  if (!run.failure.isEmpty()) return std::nullopt;
  if (split == Split::Val) return retrievalMetric(run.result.validation, metric);
  RunRecord record;
  record.hasResult = true;
  record.result = run.result;
  return metricValue(record, metric, MetricValue::Test);
}

std::optional<SampleSummary> groupSummary(const SeedGroupRows &group, RunMetric metric, Split split) {
  std::vector<double> values;
  for (const ComparisonResult *run : group.runs)
    if (const std::optional<double> value = runMetric(*run, metric, split)) values.push_back(*value);
  if (values.empty()) return std::nullopt;
  return summariseSamples(values);
}

std::vector<SettingChoice> chooseSettings(const std::vector<SeedGroupRows> &groups, RunMetric rankBy) {
  if (!hasValidationValue(rankBy))
    throw std::invalid_argument(QStringLiteral("a setting is chosen by a validation figure, and %1 has none: rank by a recall, rsum or a mean rank")
                                    .arg(enumName(rankBy))
                                    .toStdString());
  QStringList models;
  for (const SeedGroupRows &group : groups)
    if (!group.sweep.isEmpty() && !models.contains(group.model)) models << group.model;
  std::vector<SettingChoice> choices;
  for (const QString &model : models) {
    std::vector<const SeedGroupRows *> tried;
    std::optional<SettingChoice> chosen;
    for (const SeedGroupRows &group : groups) {
      if (group.model != model || group.sweep.isEmpty()) continue;
      tried.push_back(&group);
      // A setting that failed on any seed (diverged, ran out of memory) is not stable enough to
      // choose, however well its other seeds did.
      const bool failed = std::any_of(group.runs.begin(), group.runs.end(), [](const ComparisonResult *r) { return !r->failure.isEmpty(); });
      if (failed) continue;
      const std::optional<SampleSummary> s = groupSummary(group, rankBy, Split::Val);
      if (s && (!chosen || isBetter(rankBy, s->mean, chosen->validation.mean))) chosen = SettingChoice{&group, *s, 0, {}};
    }
    if (!chosen || tried.size() < 2) continue;
    chosen->settings = int(tried.size());
    chosen->edges = edgesOf(*chosen->group, tried);
    choices.push_back(*chosen);
  }
  return choices;
}

}  // namespace gs
