#pragma once
// Choosing a sweep's setting fairly. Runs that differ only in their seed form a group; for each
// model swept over more than one setting, the chosen group is the one with the best mean of the
// ranking metric on the *validation* split (each run's kept epoch, TrainResult::validation). The
// test split takes no part in the choice, so the chosen setting's test score stays an honest
// estimate of how the model does on unseen data; reports give test figures for it alone.
// Torch-free.

#include "data/dataset.h"
#include "experiments/runcomparison.h"
#include "training/runs/runtablemetrics.h"
#include "training/runs/seedgroups.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gs {

// Runs grouped by their row's name (the seed is not part of it), groups in the order of their
// first run.
struct SeedGroupRows {
  QString name, label, model;
  QJsonObject sweep;                          // the sweep's settings; empty for a plain row
  std::vector<const ComparisonResult *> runs; // successful and failed
};
std::vector<SeedGroupRows> seedGroupsOf(const std::vector<ComparisonResult> &results);

// Whether a metric has a validation value a choice can rank by: the retrieval metrics (recalls,
// rsum, mean ranks), which every run records for its kept epoch.
bool hasValidationValue(RunMetric metric);
// A run's value of `metric` on `split` (Split::Val: the kept epoch's validation figures;
// Split::Test: result.json's test figures); nothing for a failed run or a metric without one.
std::optional<double> runMetric(const ComparisonResult &run, RunMetric metric, Split split);
// The metric over a group's seeds; nothing where no run has it.
std::optional<SampleSummary> groupSummary(const SeedGroupRows &group, RunMetric metric, Split split);

struct SettingChoice {
  const SeedGroupRows *group = nullptr; // the chosen setting's runs
  SampleSummary validation;             // the ranking metric over its seeds, on validation
  int settings = 0;                     // how many settings of the model were tried
  // Sweep keys whose chosen value is the smallest or largest tried ("margin = 3, the largest
  // tried"): a best on the grid's edge says to widen the grid before trusting it.
  QStringList edges;
};

// One choice per model with more than one swept setting, in the order the models first appear.
// Reads only validation figures; a setting that failed on any of its seeds is not chosen. Throws std::invalid_argument for a metric without validation values.
std::vector<SettingChoice> chooseSettings(const std::vector<SeedGroupRows> &groups, RunMetric rankBy);

}  // namespace gs
