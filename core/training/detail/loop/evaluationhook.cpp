#include "training/detail/loop/evaluationhook.h"

#include "training/detail/loop/runmetrics.h"
#include "training/detail/loop/trainingrun.h"

namespace gs::detail {

void EvaluationHook::endEpoch(TrainingRun &run, EpochEvent &epoch) {
  const bool haveValidation = !run.data.captionsIn(Split::Val).empty();
  JointEmbedder embedder({run.model});
  epoch.validation = evaluateSplit(embedder, run.data, run.encoded, haveValidation ? Split::Val : Split::Train);
  epoch.trainTwinAccuracy = twinAccuracy(embedder, run.data, run.encoded, Split::Train).first;
  epoch.validationTwinAccuracy = twinAccuracy(embedder, run.data, run.encoded, Split::Val).first;
}

}  // namespace gs::detail
