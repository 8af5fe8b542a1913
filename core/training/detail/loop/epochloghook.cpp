#include "training/detail/loop/epochloghook.h"

#include "engine/jobcontext.h"
#include "training/detail/loop/trainingrun.h"

namespace gs::detail {

void EpochLogHook::endEpoch(TrainingRun &run, EpochEvent &epoch) {
  if (run.job) {
    const double trainTwins = epoch.trainTwinAccuracy, validationTwins = epoch.validationTwinAccuracy;
    run.job->log(QStringLiteral("epoch %1: loss %2, validation rsum %3, R@10 i→t %4 t→i %5%6%7")
                     .arg(epoch.epoch)
                     .arg(epoch.trainLoss, 0, 'f', 3)
                     .arg(epoch.validation.rsum, 0, 'f', 1)
                     .arg(epoch.validation.imageToText.r10, 0, 'f', 1)
                     .arg(epoch.validation.textToImage.r10, 0, 'f', 1)
                     .arg(trainTwins < 0 ? QString()
                                         : QStringLiteral(", twin accuracy train %1 val %2").arg(trainTwins, 0, 'f', 1).arg(validationTwins, 0, 'f', 1))
                     .arg(epoch.best && run.config.selection != SelectionRule::Last ? QStringLiteral(" (best)") : QString()));
  }
  if (m_onEpoch) m_onEpoch(epoch);
}

}  // namespace gs::detail
