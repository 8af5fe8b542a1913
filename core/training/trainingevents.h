#pragma once
// What a training run reports as it goes — one event per minibatch and one per epoch — and what
// the run folder keeps of them (events.jsonl, metrics.json). The trainer writes these structs;
// RunFolder reads the same structs back, so the live dashboard and a reopened run see one form.
// Torch-free.

#include "evaluation/grounding.h"
#include "evaluation/retrieval.h"
#include "training/configenums.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace gs {

struct BatchEvent {
  int epoch = 0;              // 1-based
  int batch = 0;              // 1-based within the epoch
  int batchesPerEpoch = 0;
  std::int64_t iteration = 0; // minibatches since the run began
  double loss = 0;            // this minibatch's loss (sum over its pairs, as the papers define it)
  double learningRate = 0;
  QJsonObject toJson() const;  // one line of events.jsonl
  // Throws std::invalid_argument when `iteration` or `loss` is missing.
  static BatchEvent fromJson(const QJsonObject &json);
};

struct EpochEvent {
  int epoch = 0;
  double trainLoss = 0;       // mean minibatch loss
  RetrievalMetrics validation;
  double seconds = 0;
  // Twin accuracy (%) on the training and validation pairs of the demo's distractor twins; -1 on
  // data without twins.
  double trainTwinAccuracy = -1;
  double validationTwinAccuracy = -1;
  bool best = false;          // this epoch's model is the one kept so far (by the run's selection rule)
  // HM-LSTM: the correspondence step that opened this epoch (step 0: none did).
  CorrespondenceStats correspondence;
  QJsonObject toJson() const;  // one entry of metrics.json's "epochs" (without `best`)
  // Throws std::invalid_argument when `epoch` is missing.
  static EpochEvent fromJson(const QJsonObject &json);
};

struct TrainingEvents {
  std::function<void(const BatchEvent &)> onBatch; // called on the training thread
  std::function<void(const EpochEvent &)> onEpoch;
};

// What the kept epoch maximises (TrainConfig::selection). Twin ranks by validation twin accuracy
// first and rsum second (rsum ≤ 600, so ×1000 keeps the order lexicographic); on data without
// twins (accuracy −1) it is rsum. Last keeps every new epoch, so its score is the epoch number.
double selectionScore(SelectionRule rule, const EpochEvent &epoch);

// The epoch a run keeps: the first epoch from `firstEpoch` on (TrainConfig::firstSelectableEpoch)
// with the highest selectionScore (the trainer replaces its best model only on a strictly higher
// score); 0 without such epochs.
int keptEpoch(SelectionRule rule, const std::vector<EpochEvent> &epochs, int firstEpoch = 1);

}  // namespace gs
