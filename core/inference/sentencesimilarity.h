#pragma once
// Sentence similarity with a trained run's sentence encoder (Merkx & Frank 2019 §4.3, SentEval's
// protocol): both sentences of every pair embedded (the snapshot ensemble where the run has one;
// tree models parse them through the parse cache), their cosine correlated with the human scores
// — Pearson's r and Spearman's ρ, ×100 as the paper reports them. STS 2012–2016 report each subset
// and, as the headline, their mean weighted by pair count (SentEval's "wmean"); STS-B and SICK-R one
// correlation over all pairs. Torch-free.

#include "data/sentencepairs.h"

#include <QJsonObject>

namespace gs {

class JobContext;
class TrainedModel;

struct SimilarityScore {
  QString name;       // the subset; "" for the whole benchmark
  int pairs = 0;
  double pearson = 0, spearman = 0; // ×100; NaN when undefined (fewer than two pairs, constant scores)
  // 95 % percentile-bootstrap intervals over the pairs (×100); NaN for the yearly tasks' weighted
  // headline, which is not one correlation, and for results read from an older file.
  double pearsonLow = 0, pearsonHigh = 0, spearmanLow = 0, spearmanHigh = 0;
};

struct SimilarityResult {
  QString benchmark;
  Split split = Split::Test;
  SimilarityScore all;                // the headline
  std::vector<SimilarityScore> subsets; // STS12–16 only
  int skippedUnknown = 0;  // pairs with a sentence of which the model knows no word
  int malformedLines = 0;  // lines the loader could not read (its report names them)
  int fallbackParses = 0;  // tree models: sentences Link Grammar could not parse, encoded as a flat tree
  QJsonObject toJson() const;
  static SimilarityResult fromJson(const QJsonObject &json);
  QString summary() const; // "sts-b test: r 61.2, ρ 60.4 (1,379 pairs; 0 skipped)"
};

// Honours `job`'s cancel and reports progress. Throws std::runtime_error when no pair is usable.
SimilarityResult evaluateSimilarity(const TrainedModel &model, const SentencePairs &pairs, JobContext *job = nullptr);

// Keeps the result in the run's result.json (TrainResult::similarity, key "sts-b" or "sts-b/val"),
// written atomically. Throws std::runtime_error naming the file when the run has no result yet.
void recordSimilarity(const QString &runDir, const SimilarityResult &result);
QString similarityKey(const QString &benchmark, Split split);

}  // namespace gs
