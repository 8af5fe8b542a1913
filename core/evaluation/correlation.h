#pragma once
// Correlation between a model's similarities and human judgements, as sentence-similarity
// benchmarks report it (SentEval; Merkx & Frank 2019 §4.3): Pearson's r on the values, Spearman's
// ρ on their ranks, ties given the mean of the ranks they span. Torch-free.

#include <vector>

namespace gs {

// NaN when the lengths differ, there are fewer than two pairs, or either side is constant.
double pearson(const std::vector<double> &x, const std::vector<double> &y);
double spearman(const std::vector<double> &x, const std::vector<double> &y);

// A 95 % (or `confidence`) percentile-bootstrap interval of a correlation over the pairs: the
// pairs resampled with replacement `resamples` times (seeded), the correlation computed on each.
// NaN bounds where the correlation is undefined on too many resamples (fewer than half finite).
struct CorrelationInterval {
  double low = 0, high = 0;
};
enum class CorrelationKind { Pearson, Spearman };
CorrelationInterval correlationInterval(const std::vector<double> &x, const std::vector<double> &y, CorrelationKind kind,
                                        int resamples = 1000, double confidence = 0.95, unsigned long long seed = 1);

// 1-based ranks, ties sharing the mean of their positions ({10, 20, 20, 30} → {1, 2.5, 2.5, 4}).
std::vector<double> averageRanks(const std::vector<double> &values);

}  // namespace gs
