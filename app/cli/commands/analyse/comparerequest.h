#pragma once
// `groundscope-cli compare`'s command line, checked, as the comparison to run
// (experiments/runcomparison.h): its rows (--models with --preset, or --ablation with --rows),
// seeds, sweep (--grid, --trials), shared settings (--config), data and benchmarks.

#include "experiments/runcomparison.h"
#include "training/runs/runtablemetrics.h"

#include <QString>

namespace gs::cli {

class Arguments;

// --format (or --json): text and json for both kinds of table, csv and markdown for ablations.
// Throws UsageError for another format.
QString compareFormatOf(const Arguments &args, bool ablation);

// The whole comparison from the command line. Every row's configuration is checked here, so a bad
// setting fails before any training: UsageError for a bad option; a bad setting throws as
// comparisonConfigs does, an unreadable --config as readJsonObjectFile does.
ComparisonRequest comparisonRequestOf(const Arguments &args, bool ablation);

// --rank-by: the test metric a sweep's best setting is chosen by.
RunMetric rankByOf(const Arguments &args);

}  // namespace gs::cli
