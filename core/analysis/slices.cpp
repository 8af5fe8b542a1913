#include "analysis/slices.h"

#include "evaluation/retrieval.h"
#include "training/runs/seedgroups.h"

#include <QMap>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

// Worst first: a slice the model fails on more often (lower R@10) comes before one it ranks the
// partner lower in (higher mean rank); the value breaks the remaining ties so the order is stable.
bool worseThan(const SliceStats &a, const SliceStats &b) {
  if (a.r10 != b.r10) return a.r10 < b.r10;
  if (a.meanRank != b.meanRank) return a.meanRank > b.meanRank;
  return a.value < b.value;
}

}  // namespace

SliceStats sliceStats(const std::vector<int> &ranks0, const SliceOptions &options) {
  SliceStats s;
  s.count = int(ranks0.size());
  s.small = s.count < options.smallBelow;
  if (ranks0.empty()) return s;
  const DirectionMetrics m = summariseRanks(ranks0);
  s.r1 = m.r1;
  s.r5 = m.r5;
  s.r10 = m.r10;
  s.meanRank = m.meanRank;
  s.medianRank = m.medianRank;
  // R@10 is the mean of a 0/100 hit per query and the mean rank the mean of the 1-based ranks, so
  // both intervals are bootstraps of a mean: the same resampler the seed groups use.
  std::vector<double> hits, ranks;
  hits.reserve(ranks0.size());
  ranks.reserve(ranks0.size());
  for (int r : ranks0) {
    hits.push_back(r < 10 ? 100.0 : 0.0);
    ranks.push_back(double(r) + 1.0);
  }
  const SampleSummary hitSummary = summariseSamples(hits, options.confidence, options.resamples, options.seed);
  const SampleSummary rankSummary = summariseSamples(ranks, options.confidence, options.resamples, options.seed);
  s.r10Low = hitSummary.ciLow;
  s.r10High = hitSummary.ciHigh;
  s.meanRankLow = rankSummary.ciLow;
  s.meanRankHigh = rankSummary.ciHigh;
  return s;
}

SliceReport sliceRanks(const std::vector<int> &ranks0, const std::vector<QueryFeatures> &queries, const QString &field,
                       const SliceOptions &options) {
  if (ranks0.size() != queries.size())
    throw std::invalid_argument("sliceRanks: " + std::to_string(ranks0.size()) + " ranks for " +
                                std::to_string(queries.size()) + " queries");
  std::vector<int> all;
  QMap<QString, std::vector<int>> groups;
  for (std::size_t q = 0; q < ranks0.size(); ++q) {
    if (ranks0[q] < 0) continue;
    QString value;
    try {
      value = sliceValue(queries[q], field);
    } catch (const std::invalid_argument &e) {
      throw std::invalid_argument(std::string("sliceRanks: ") + e.what());
    }
    all.push_back(ranks0[q]);
    groups[value].push_back(ranks0[q]);
  }
  SliceReport report;
  report.field = field;
  report.whole = sliceStats(all, options);
  report.whole.field = field;
  for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
    SliceStats s = sliceStats(it.value(), options);
    s.field = field;
    s.value = it.key();
    s.deltaR10 = s.r10 - report.whole.r10;
    s.deltaMeanRank = s.meanRank - report.whole.meanRank;
    report.slices.push_back(s);
  }
  std::sort(report.slices.begin(), report.slices.end(), worseThan);
  return report;
}

}  // namespace gs
