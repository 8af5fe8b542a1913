#pragma once
// What a training call reports: the kept model's test metrics and best validation metrics, the
// epochs trained, Socher's sentence-similarity mean rank, the twin accuracy, the HM-LSTM's
// grounding figures, and later evaluations added to the run. The run folder keeps it as
// result.json (RunFolder::resultFile()). Torch-free.

#include "evaluation/grounding.h"
#include "evaluation/retrieval.h"
#include "evaluation/retrievalintervals.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace gs {

struct TrainResult {
  QString runDir;
  RetrievalMetrics test;       // of the best model (or snapshot ensemble)
  // test's bootstrap 95 % intervals over the test queries (retrievalintervals.h); empty() for a
  // run whose result.json predates them.
  RetrievalIntervals testIntervals;
  RetrievalMetrics validation; // best validation metrics
  int bestEpoch = 0;
  int epochsRun = 0;           // epochs trained by this call (0 when the run was already complete)
  int resumedFrom = 0;         // epochs already done when this call started
  double sentenceSimilarityMeanRank = 0; // Socher §6.1 on the test captions
  // The demo's order-sensitive test captions (same bag of words as a distractor twin image): the
  // percentage whose own image scores above the twin (50 % is what a bag of words can do at best
  // on average); -1 when the data has none.
  double twinAccuracy = -1;
  int twinCaptions = 0;
  // HM-LSTM: region–phrase ranking on the test split and every correspondence step's statistics.
  bool grounded = false;
  GroundingMetrics grounding;
  std::vector<CorrespondenceStats> correspondenceSteps;
  // Sentence-similarity benchmarks evaluated on the run afterwards (`similarity`, `compare
  // --similarity`): key "sts-b" (test split) or "sts-b/val", value SimilarityResult::toJson().
  QJsonObject similarity;
  // Contrast sets scored on the run afterwards (`contrast`, `compare --contrast`): one record per
  // generator, ContrastResult::toJson() without the pairs.
  QJsonArray contrast;
  // DistributedStats::toJson() of this call's minibatch loop (rank 0's in a data-parallel job).
  QJsonObject distributed;
  QJsonObject toJson() const;
  static TrainResult fromJson(const QJsonObject &json);
};

}  // namespace gs
