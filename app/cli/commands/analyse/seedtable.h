#pragma once
// The table `compare` prints when rows train over several seeds or a sweep: one line per group of
// runs that differ only in the seed, each metric as mean ± std, rsum with its 95 % bootstrap
// interval, and which rows' intervals overlap the best row's (differences these seeds cannot
// resolve). Rows of a sweep show validation figures, and per swept model the setting chosen on
// validation (settingchoice.h) is named with its test figures, the only test figures shown; rows
// that are not swept show their test figures beside their validation rsum.

#include "experiments/runcomparison.h"
#include "training/runs/runtablemetrics.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace gs::cli {

// rankBy: the metric rows are ranked and settings chosen by (higher or lower as the metric says);
// a sweep needs one with validation values (hasValidationValue).
QString seedGroupTable(const std::vector<ComparisonResult> &results, RunMetric rankBy);
// {"runs": [each run's JSON], "split": "val" (a sweep) | "test",
//  "groups": [{"name", "model", "sweep", "seeds", "failed",
//   "validation": {METRIC: {"mean", "std", "min", "max", "ci_low", "ci_high", "n"}},
//   "test": {METRIC: …} (rows not swept, and a sweep's chosen settings only),
//   "vs_best": "best" | "overlaps" (its interval of rankBy on `split` overlaps the best row's) | "apart" | "unknown" (no interval)}],
//  "chosen": [{"model", "group", "sweep", "metric", "settings", "edges", "validation": {…summary}, "test": {…summary}}]}
QJsonObject seedGroupJson(const std::vector<ComparisonResult> &results, RunMetric rankBy, const QJsonArray &runs);

}  // namespace gs::cli
