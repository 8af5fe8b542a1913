#include "training/trainingevents.h"

#include <stdexcept>

namespace gs {

QJsonObject BatchEvent::toJson() const {
  return {{QStringLiteral("epoch"), epoch},
          {QStringLiteral("batch"), batch},
          {QStringLiteral("iteration"), qint64(iteration)},
          {QStringLiteral("loss"), loss},
          {QStringLiteral("lr"), learningRate}};
}

BatchEvent BatchEvent::fromJson(const QJsonObject &o) {
  if (!o.value(QStringLiteral("iteration")).isDouble() || !o.value(QStringLiteral("loss")).isDouble())
    throw std::invalid_argument("no iteration/loss");
  BatchEvent e;
  e.epoch = o.value(QStringLiteral("epoch")).toInt();
  e.batch = o.value(QStringLiteral("batch")).toInt();
  e.iteration = std::int64_t(o.value(QStringLiteral("iteration")).toDouble());
  e.loss = o.value(QStringLiteral("loss")).toDouble();
  e.learningRate = o.value(QStringLiteral("lr")).toDouble();
  return e;
}

QJsonObject EpochEvent::toJson() const {
  QJsonObject json{{QStringLiteral("epoch"), epoch},
                   {QStringLiteral("train_loss"), trainLoss},
                   {QStringLiteral("validation"), validation.toJson()},
                   {QStringLiteral("train_twin_accuracy"), trainTwinAccuracy},
                   {QStringLiteral("validation_twin_accuracy"), validationTwinAccuracy},
                   {QStringLiteral("seconds"), seconds}};
  if (correspondence.step > 0) json.insert(QStringLiteral("correspondence"), correspondence.toJson());
  return json;
}

EpochEvent EpochEvent::fromJson(const QJsonObject &o) {
  EpochEvent e;
  e.epoch = o.value(QStringLiteral("epoch")).toInt();
  if (e.epoch <= 0) throw std::invalid_argument("an epoch entry without \"epoch\"");
  e.trainLoss = o.value(QStringLiteral("train_loss")).toDouble();
  e.validation = RetrievalMetrics::fromJson(o.value(QStringLiteral("validation")).toObject());
  e.seconds = o.value(QStringLiteral("seconds")).toDouble();
  e.trainTwinAccuracy = o.value(QStringLiteral("train_twin_accuracy")).toDouble(-1);
  e.validationTwinAccuracy = o.value(QStringLiteral("validation_twin_accuracy")).toDouble(-1);
  if (o.contains(QStringLiteral("correspondence")))
    e.correspondence = CorrespondenceStats::fromJson(o.value(QStringLiteral("correspondence")).toObject());
  return e;
}

double selectionScore(SelectionRule rule, const EpochEvent &epoch) {
  switch (rule) {
  case SelectionRule::Last: return epoch.epoch;
  case SelectionRule::Twin:
    if (epoch.validationTwinAccuracy >= 0) return epoch.validationTwinAccuracy * 1000.0 + epoch.validation.rsum;
    break;
  case SelectionRule::Rsum: break;
  }
  return epoch.validation.rsum;
}

int keptEpoch(SelectionRule rule, const std::vector<EpochEvent> &epochs, int firstEpoch) {
  int kept = 0;
  double best = 0;
  for (const EpochEvent &e : epochs) {
    if (e.epoch < firstEpoch) continue;
    const double score = selectionScore(rule, e);
    if (kept == 0 || score > best) {
      kept = e.epoch;
      best = score;
    }
  }
  return kept;
}

}  // namespace gs
