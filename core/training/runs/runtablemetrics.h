#pragma once
// The numbers of the run table: which metric of a run (recall both ways, rsum, mean rank, twin,
// contrast and sentence-similarity scores, the training loss) and which of its values (the kept
// model's test figure, or the best, last, lowest or highest over its validation epochs). One enum
// table each (runtablemetrics.cpp), whose names are the filter language's and the exports'. Torch-free.

#include "training/runs/runindex.h"

#include <QString>

#include <optional>

namespace gs {

enum class RunMetric {
  ImageToTextR1, ImageToTextR5, ImageToTextR10,
  TextToImageR1, TextToImageR5, TextToImageR10,
  Rsum,
  ImageToTextMeanRank, TextToImageMeanRank,
  TwinAccuracy,     // % (validation per epoch; the test split's in result.json)
  ContrastAccuracy, // % over every contrast pair (result.json, after `compare --contrast` or `contrast`)
  Similarity,       // Spearman ρ × 100 of the first sentence-similarity benchmark in result.json
  TrainLoss,        // mean minibatch loss of an epoch
};

// Which value of a metric a column shows.
enum class MetricValue {
  Test, // the kept model on the test split (result.json); absent for unfinished runs
  Best, // the best validation epoch's (highest, or lowest for ranks and loss)
  Last, // the last validation epoch's
  Min,  // the lowest over the validation epochs
  Max,  // the highest
};

// Names: i2t_r1 … t2i_r10, rsum, i2t_meanr, t2i_meanr, twin, contrast, similarity, train_loss;
// test, best, last, min, max.
template <> const std::vector<EnumName<RunMetric>> &enumTable<RunMetric>();
template <> const std::vector<EnumName<MetricValue>> &enumTable<MetricValue>();

// Every metric, in column order.
std::vector<RunMetric> allRunMetrics();
// Whether a higher value is better (recalls, rsum, accuracies) or a lower one (ranks, loss).
bool higherIsBetter(RunMetric metric);
// Whether value a is better than value b for this metric (greater, or smaller for ranks and loss).
bool isBetter(RunMetric metric, double a, double b);
// A column heading: "R@1 i→t", "rsum", "mean rank t→i" …
QString metricLabel(RunMetric metric);
// The value, or nothing where the run has none (no epochs yet, no result, no such evaluation).
std::optional<double> metricValue(const RunRecord &run, RunMetric metric, MetricValue which);
// The bootstrap 95 % interval of a retrieval metric's test value over the test queries
// (TrainResult::testIntervals); nothing for other metrics and for runs trained without them.
std::optional<Interval> testInterval(const RunRecord &run, RunMetric metric);
// A retrieval metric's value in one evaluation; nothing for a never-evaluated one (all zero) and
// for metrics retrieval does not measure (twin, contrast, similarity, loss).
std::optional<double> retrievalMetric(const RetrievalMetrics &metrics, RunMetric metric);
// One epoch's value (validation metrics and training loss; nothing for test-only metrics).
std::optional<double> epochMetric(const EpochEvent &epoch, RunMetric metric);

}  // namespace gs
