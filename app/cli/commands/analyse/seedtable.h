#pragma once
// The table `compare` prints when rows train over several seeds or a sweep: one line per group of
// runs that differ only in the seed, each metric as mean ± std, rsum with its 95 % bootstrap
// interval, and which rows' intervals overlap the best row's (differences these seeds cannot
// resolve); then, per model swept over settings, the setting with the best mean test score.

#include "experiments/runcomparison.h"
#include "training/runs/runtablemetrics.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace gs::cli {

// Runs grouped by their row's name (the seed is not part of it), in row order.
struct SeedGroupRows {
  QString name, label, model;
  QJsonObject sweep;
  std::vector<const ComparisonResult *> runs; // successful and failed
};
std::vector<SeedGroupRows> seedGroupsOf(const std::vector<ComparisonResult> &results);

// rankBy: the test metric the best setting is chosen by (higher or lower as the metric says).
QString seedGroupTable(const std::vector<ComparisonResult> &results, RunMetric rankBy);
// {"runs": [each run's JSON], "groups": [{"name", "model", "sweep", "seeds", "failed",
//  "metrics": {METRIC: {"mean", "std", "min", "max", "ci_low", "ci_high", "n"}},
//  "vs_best": "best" | "overlaps" (its interval of rankBy overlaps the best row's) | "apart"}],
//  "best": [{"model", "group", "metric", …summary}]}
QJsonObject seedGroupJson(const std::vector<ComparisonResult> &results, RunMetric rankBy, const QJsonArray &runs);

}  // namespace gs::cli
