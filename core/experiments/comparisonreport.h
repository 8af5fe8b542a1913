#pragma once
// What a comparison's rows (runcomparison.h) say beside their own metrics: the best row by test
// rsum and whether each other row's bootstrap interval of rsum tells it apart, whether the rows form
// seed groups (several seeds or sweep settings of one row), and the rows as JSON. What
// `groundscope-cli compare` prints, apart from its text tables. Torch-free.

#include "experiments/runcomparison.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cstddef>
#include <optional>
#include <vector>

namespace gs {

// The row with the highest test rsum among the rows that trained and have bootstrap intervals.
std::optional<std::size_t> bestComparisonRow(const std::vector<ComparisonResult> &results);

// A row against the best: the best itself, its rsum interval over the test queries overlapping the
// best row's (the test split does not tell them apart), or apart; None without a best row, for a
// failed row or one without intervals.
enum class VersusBest { None, Best, Overlaps, Apart };
VersusBest versusBest(const std::vector<ComparisonResult> &results, std::optional<std::size_t> best, std::size_t row);

// Whether the rows trained over several seeds or sweep settings (then they are read as seed groups).
bool isComparisonSweep(const std::vector<ComparisonResult> &results);

// A row: its TrainResult's JSON with "model", "mr", "seconds", "similarity" (benchmark → scores)
// and "contrast", and "row" (its label) in an ablation; or the model, label and error of a row that
// failed.
QJsonObject comparisonRowJson(const ComparisonResult &row, bool ablation);

// Every row's JSON, each with "seed" (the row's, else `requestSeed`), "sweep" (its settings, if
// any) and, unless the rows are a sweep (never in an ablation), "vs_best" ("best", "overlaps",
// "apart") where it applies.
QJsonArray comparisonJson(const std::vector<ComparisonResult> &results, bool ablation, quint64 requestSeed);

}  // namespace gs
