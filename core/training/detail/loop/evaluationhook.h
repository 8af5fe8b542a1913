#pragma once
// Validation after every epoch: retrieval on the validation captions (the training captions when
// the data has no validation split) and the twin accuracy on the training and validation pairs —
// does the model separate the twins at all, and does that generalise? (-1 without twins.)

#include "training/detail/loop/traininghook.h"

namespace gs::detail {

class EvaluationHook final : public TrainingHook {
public:
  void endEpoch(TrainingRun &run, EpochEvent &epoch) override;
};

}  // namespace gs::detail
