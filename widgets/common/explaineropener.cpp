#include "common/explaineropener.h"

#include "engine/jobcontext.h"
#include "inference/trainedmodel.h"

#include <QCoreApplication>

namespace gs {

namespace {
std::shared_ptr<const ScoreExplainer> openWith(const QString &runDir, const Dataset *dataset, JobContext *job) {
  if (job) job->setProgress(0.0, QCoreApplication::translate("gs::Attribution", "Opening the run"));
  const TrainedModel model = TrainedModel::open(runDir);
  auto data = std::make_shared<const TrainingData>(model.prepareData(dataset, job));
  if (job) job->checkpoint();
  return std::make_shared<const ScoreExplainer>(runDir, std::move(data), Split::Test);
}
}  // namespace

std::shared_ptr<const ScoreExplainer> openScoreExplainer(const QString &runDir, const Dataset *dataset, JobContext &job) {
  return openWith(runDir, dataset, &job);
}

std::shared_ptr<const ScoreExplainer> openScoreExplainer(const QString &runDir, const Dataset *dataset) {
  return openWith(runDir, dataset, nullptr);
}

}  // namespace gs
