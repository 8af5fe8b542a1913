#include "training/detail/loop/progresshook.h"

#include "engine/jobcontext.h"
#include "training/detail/loop/trainingrun.h"

namespace gs::detail {

void ProgressHook::endBatch(TrainingRun &run, const BatchEvent &batch) {
  if (!run.job) return;
  run.job->setItemProgress(qint64(batch.epoch - 1) * batch.batchesPerEpoch + batch.batch, run.totalBatches,
                           QStringLiteral("epoch %1/%2, loss %3").arg(batch.epoch).arg(run.config.epochs).arg(batch.loss, 0, 'f', 3));
}

}  // namespace gs::detail
