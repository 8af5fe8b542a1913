#include "training/runs/trainresult.h"

#include <QJsonArray>

namespace gs {

QJsonObject TrainResult::toJson() const {
  QJsonObject json{{QStringLiteral("run"), runDir},
          {QStringLiteral("test"), test.toJson()},
          {QStringLiteral("validation"), validation.toJson()},
          {QStringLiteral("best_epoch"), bestEpoch},
          {QStringLiteral("epochs_run"), epochsRun},
          {QStringLiteral("resumed_from"), resumedFrom},
          {QStringLiteral("sentence_similarity_mean_rank"), sentenceSimilarityMeanRank},
          {QStringLiteral("twin_accuracy"), twinAccuracy},
          {QStringLiteral("twin_captions"), twinCaptions}};
  if (!testIntervals.empty()) json.insert(QStringLiteral("test_intervals"), testIntervals.toJson());
  if (grounded) {
    json.insert(QStringLiteral("grounding"), grounding.toJson());
    QJsonArray steps;
    for (const CorrespondenceStats &s : correspondenceSteps) steps.append(s.toJson());
    json.insert(QStringLiteral("correspondence_steps"), steps);
  }
  if (!similarity.isEmpty()) json.insert(QStringLiteral("similarity"), similarity);
  if (!contrast.isEmpty()) json.insert(QStringLiteral("contrast"), contrast);
  if (!distributed.isEmpty()) json.insert(QStringLiteral("distributed"), distributed);
  return json;
}

TrainResult TrainResult::fromJson(const QJsonObject &json) {
  TrainResult r;
  r.runDir = json.value(QStringLiteral("run")).toString();
  r.test = RetrievalMetrics::fromJson(json.value(QStringLiteral("test")).toObject());
  r.validation = RetrievalMetrics::fromJson(json.value(QStringLiteral("validation")).toObject());
  r.testIntervals = RetrievalIntervals::fromJson(json.value(QStringLiteral("test_intervals")).toObject());
  r.bestEpoch = json.value(QStringLiteral("best_epoch")).toInt();
  r.epochsRun = json.value(QStringLiteral("epochs_run")).toInt();
  r.resumedFrom = json.value(QStringLiteral("resumed_from")).toInt();
  r.sentenceSimilarityMeanRank = json.value(QStringLiteral("sentence_similarity_mean_rank")).toDouble();
  r.twinAccuracy = json.value(QStringLiteral("twin_accuracy")).toDouble(-1);
  r.twinCaptions = json.value(QStringLiteral("twin_captions")).toInt();
  r.grounded = json.contains(QStringLiteral("grounding"));
  r.grounding = GroundingMetrics::fromJson(json.value(QStringLiteral("grounding")).toObject());
  for (const QJsonValue &s : json.value(QStringLiteral("correspondence_steps")).toArray())
    r.correspondenceSteps.push_back(CorrespondenceStats::fromJson(s.toObject()));
  r.similarity = json.value(QStringLiteral("similarity")).toObject();
  r.contrast = json.value(QStringLiteral("contrast")).toArray();
  r.distributed = json.value(QStringLiteral("distributed")).toObject();
  return r;
}

}  // namespace gs
