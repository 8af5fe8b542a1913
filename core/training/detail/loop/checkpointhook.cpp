#include "training/detail/loop/checkpointhook.h"

#include "io/atomicfile.h"
#include "training/detail/loop/trainingrun.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gs::detail {

bool CheckpointHook::isBest(const TrainConfig &config, int epoch, double score, double bestScore) {
  return epoch >= config.firstSelectableEpoch() &&
         (config.selection == SelectionRule::Last || epoch == config.firstSelectableEpoch() || score > bestScore);
}

void CheckpointHook::endEpoch(TrainingRun &run, EpochEvent &epoch) {
  const TrainConfig &config = run.config;
  TrainerPosition &position = run.position;
  const double score = selectionScore(config.selection, epoch);
  epoch.best = isBest(config, epoch.epoch, score, position.bestRsum);
  if (epoch.best) {
    position.bestRsum = score;
    position.bestEpoch = epoch.epoch;
    saveCheckpoint(run.folder.bestModelFile(), *run.model, nullptr, position);
  }
  if (config.schedule == ScheduleKind::Cyclic && epoch.epoch % config.cycleEpochs == 0)
    saveCheckpoint(run.folder.snapshotFile(epoch.epoch), *run.model, nullptr, position);
  epoch.seconds = run.epochClock.elapsed() / 1000.0;
  QJsonArray history = position.history.value(QStringLiteral("epochs")).toArray();
  history.append(epoch.toJson());
  position.epoch = epoch.epoch;
  position.history = QJsonObject{{QStringLiteral("epochs"), history}, {QStringLiteral("best_epoch"), position.bestEpoch}};
  saveCheckpoint(run.folder.lastCheckpointFile(), *run.model, run.optimizer.get(), position);
  writeFileAtomically(run.folder.metricsFile(), QJsonDocument(position.history).toJson());
}

}  // namespace gs::detail
