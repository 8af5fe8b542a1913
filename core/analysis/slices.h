#pragma once
// Retrieval broken down by what the queries are (short or long captions, deep trees, a relation,
// an image concept…): which kinds of query a model fails on, each slice with a bootstrap interval
// so a small slice's difference from the whole split is not read as more than it is. Torch-free:
// ranks and query features in (analysis/slicefeatures.h), numbers out.

#include "analysis/slicefeatures.h"

#include <QString>

#include <vector>

namespace gs {

struct SliceOptions {
  double confidence = 0.95; // of the percentile-bootstrap intervals
  int resamples = 1000;     // bootstrap resamples per slice and statistic
  quint64 seed = 1;         // the same ranks always give the same intervals
  int smallBelow = 5;       // slices with fewer queries are flagged `small`
};

struct SliceStats {
  QString field, value;           // value "" for the whole split
  int count = 0;                  // queries in the slice
  double r1 = 0, r5 = 0, r10 = 0; // percent
  double meanRank = 0, medianRank = 0; // 1-based, as summariseRanks computes them
  double r10Low = 0, r10High = 0;           // bootstrap interval of R@10
  double meanRankLow = 0, meanRankHigh = 0; // bootstrap interval of the mean rank
  double deltaR10 = 0, deltaMeanRank = 0;   // slice minus whole split
  bool small = false;             // count < SliceOptions::smallBelow: read its numbers with care
};

struct SliceReport {
  QString field;
  SliceStats whole;                // every query with a partner
  std::vector<SliceStats> slices;  // worst first: lowest R@10, then highest mean rank, then value
};

// ranks0[q]: the 0-based rank of query q's true partner (text → image: one per caption; image →
// text: one per image, its best caption, as VSE++ counts it); negative when the query has no
// partner, which leaves it out. queries[q]: its features; the slices are the values of
// sliceValue(queries[q], field). Cost O(Q log Q + S·resamples·Q/S) = O(Q·resamples) overall.
// Throws std::invalid_argument naming sliceRanks when the sizes differ or the field is unknown.
SliceReport sliceRanks(const std::vector<int> &ranks0, const std::vector<QueryFeatures> &queries,
                       const QString &field, const SliceOptions &options = {});

// One slice's statistics from its ranks (all ≥ 0); deltas left at 0. Used by sliceRanks per slice.
SliceStats sliceStats(const std::vector<int> &ranks0, const SliceOptions &options = {});

}  // namespace gs
