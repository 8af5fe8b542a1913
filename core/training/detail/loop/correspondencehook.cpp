#include "training/detail/loop/correspondencehook.h"

#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "training/detail/loop/trainingrun.h"

#include <QJsonDocument>

namespace gs::detail {

int CorrespondenceHook::stepOpening(const TrainConfig &config, int epoch) {
  if (epoch <= config.rootEpochs || (epoch - config.rootEpochs - 1) % config.alternationEpochs != 0) return 0;
  return (epoch - config.rootEpochs - 1) / config.alternationEpochs + 1;
}

void CorrespondenceHook::beginEpoch(TrainingRun &run, EpochEvent &epoch) {
  const int step = stepOpening(run.config, epoch.epoch);
  if (step == 0) return;
  if (run.job) run.job->setProgress(-1, QStringLiteral("epoch %1: phrase–region correspondences").arg(epoch.epoch));
  const bool priors = m_priors && !m_priors->empty();
  m_correspondences = findCorrespondences(run.model, run.data, run.encoded, m_phrases, run.trainRows, priors ? m_priors : nullptr,
                                          /*priorOnly=*/priors && step == 1);
  m_correspondences.stats.step = step;
  m_correspondences.stats.epoch = epoch.epoch;
  if (!m_file.isEmpty())
    writeFileAtomically(m_file, QJsonDocument(m_correspondences.toJson()).toJson(QJsonDocument::Compact));
  epoch.correspondence = m_correspondences.stats;
  if (run.job) run.job->log(describeCorrespondenceStep(epoch.correspondence));
}

QString describeCorrespondenceStep(const CorrespondenceStats &s) {
  const QString head = QStringLiteral("correspondence step %1: %2 noun phrases, mean confidence %3")
                           .arg(s.step)
                           .arg(s.phrases)
                           .arg(s.meanConfidence, 0, 'f', 3);
  if (!s.hasGroundTruth()) return head + QStringLiteral(", accuracy: no ground truth");
  return head + QStringLiteral(", accuracy %1 % of %2 with a box (proposal ceiling %3 %, chance %4 %)")
                    .arg(s.accuracy, 0, 'f', 1)
                    .arg(s.withGroundTruth)
                    .arg(s.ceiling, 0, 'f', 1)
                    .arg(s.chance, 0, 'f', 1);
}

}  // namespace gs::detail
