#pragma once
// Runs over seeds as researchers report them: runs that differ only in the seed form a group
// (RunRecord::groupKey); a group's metric is its mean ± standard deviation with a bootstrap
// interval of the mean, and its curves are a mean with a band (± one standard deviation, or the
// min–max envelope) over the runs. Torch-free.

#include "training/runs/runindex.h"
#include "training/runs/runtablemetrics.h"

#include <QString>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace gs {

// n values summarised: the mean, the sample standard deviation (n − 1; 0 for one value), min and
// max, and a percentile-bootstrap interval of the mean (`resamples` resamples with replacement,
// seeded, so the same values always give the same interval; [mean, mean] for one value).
struct SampleSummary {
  int n = 0;
  double mean = 0, std = 0, min = 0, max = 0;
  double ciLow = 0, ciHigh = 0;
  double confidence = 0.95;
  QString text(int decimals = 1) const; // "61.2 ± 1.3 [59.9, 62.5] (n=3)"; "61.2" for n = 1
  // Whether the values differ beyond rounding: seeds of a closed-form model (CCA) give one value.
  bool varies() const { return n > 1 && std > 1e-9 * std::max(1.0, std::abs(mean)); }
};
SampleSummary summariseSamples(const std::vector<double> &values, double confidence = 0.95, int resamples = 2000,
                               quint64 seed = 1);

struct RunGroup {
  QString key;      // RunRecord::groupKey
  QString label;    // the runs' common name with the seed part dropped ("bow-e10"), or the model
  std::vector<int> runs; // indexes into the list given to groupRuns, in seed order
  std::vector<quint64> seeds;
};
// The runs grouped by groupKey, groups in the order of their first run. Broken runs stay alone.
std::vector<RunGroup> groupRuns(const std::vector<RunRecord> &runs);

// A metric over a group's runs (each run's value of `which`; runs without one are left out).
std::optional<SampleSummary> groupMetric(const std::vector<RunRecord> &runs, const RunGroup &group, RunMetric metric,
                                         MetricValue which);

enum class BandKind { StdDev, MinMax };
template <> const std::vector<EnumName<BandKind>> &enumTable<BandKind>(); // std, minmax

// Several series (x ascending within each) as one: at every x of any series, the mean of the
// series that reach that x (linear interpolation between a series' own points; none outside its
// range), with the band around it. n counts the series at each x.
struct BandCurve {
  std::vector<double> x, mean, lower, upper;
  std::vector<int> n;
};
struct Series {
  std::vector<double> x, y;
};
BandCurve bandOf(const std::vector<Series> &series, BandKind kind);

// A group's validation curve of `metric` by epoch, and its training-loss curve by iteration
// (read from each run's events.jsonl: O(lines) per run).
BandCurve groupEpochBand(const std::vector<RunRecord> &runs, const RunGroup &group, RunMetric metric, BandKind kind);
BandCurve groupLossBand(const std::vector<RunRecord> &runs, const RunGroup &group, BandKind kind);

}  // namespace gs
