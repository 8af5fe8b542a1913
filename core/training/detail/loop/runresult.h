#pragma once
// The end of a training call: the kept model (or snapshot ensemble) evaluated on the test split
// (validation when there is none), the best epoch's validation metrics, sentence similarity,
// twin accuracy and, for the HM-LSTM, region–phrase grounding with every correspondence step's
// figures; written to result.json and returned.

#include "training/detail/checkpoint.h"
#include "training/detail/embedder.h"
#include "training/detail/phrasegrounding.h"
#include "training/runs/trainresult.h"

namespace gs::detail {

struct RunSpan {
  int resumedFrom = 0; // epochs done when the call started
  int epochsRun = 0;   // epochs trained by the call
};

// `phrases`: the HM-LSTM's noun phrases (null for other models); `distributed`: the minibatch
// loop's DistributedStats::toJson().
TrainResult finishRun(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                      const QString &runDir, const TrainerPosition &position, RunSpan span,
                      const PhraseIndex *phrases = nullptr, const QJsonObject &distributed = {});

}  // namespace gs::detail
