#pragma once
// The training engine: epochs of shuffled minibatches, validation each epoch, the best model
// kept, checkpoints after every epoch (a killed or cancelled run resumes from the last one),
// events for every minibatch and epoch, and a run folder the GUI and CLI can reopen.
//
// The run folder's files are RunFolder's (runfolder.h). Everything but events.jsonl is written
// atomically.

#include "evaluation/grounding.h"
#include "evaluation/retrieval.h"
#include "training/distributedoptions.h"
#include "training/trainconfig.h"
#include "training/trainingdata.h"
#include "training/trainingevents.h"


namespace gs {

class JobContext;

struct TrainResult {
  QString runDir;
  RetrievalMetrics test;       // of the best model (or snapshot ensemble)
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
  // DistributedStats::toJson() of this call's minibatch loop (rank 0's in a data-parallel job).
  QJsonObject distributed;
  QJsonObject toJson() const;
  static TrainResult fromJson(const QJsonObject &json);
};

// Trains (or resumes) the run in runDir. Throws std::runtime_error with a clear message for bad
// data, a run folder holding a different configuration, or a loss that became NaN/infinite (the
// last good checkpoint is kept). Honours job->checkpoint() between minibatches (cancel, pause).
//
// With distributed.enabled() this process is one worker of a data-parallel job: it trains its
// share of every minibatch, rank 0 alone evaluates and writes the run folder (the other ranks
// read it: give them the same folder on a shared file system, or a copy), and every rank resumes
// from its last checkpoint. A worker that goes away stops the others with a message naming it.
// Ranks other than 0 return a result holding only runDir, epochsRun and resumedFrom.
TrainResult train(const TrainingData &data, const TrainConfig &config, const QString &runDir, JobContext *job = nullptr,
                  const TrainingEvents &events = {}, const DistributedOptions &distributed = {});

}  // namespace gs
