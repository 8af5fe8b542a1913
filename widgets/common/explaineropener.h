#pragma once
// Opens a run for attribution (inference/attribution.h): the run's model, its prepared data
// (the open dataset reused when the run was trained on it) and a ScoreExplainer over the test
// split, the split the workbench embeds. Seconds of work: call it inside an engine job.

#include "inference/attribution.h"

#include <QString>

#include <memory>

namespace gs {

class Dataset;
class JobContext;

// Throws what TrainedModel::open, prepareData and ScoreExplainer throw (each names the file or
// the folder); `dataset` may be null.
std::shared_ptr<const ScoreExplainer> openScoreExplainer(const QString &runDir, const Dataset *dataset, JobContext &job);
// The same outside the engine (a window's own thread): no progress, no cancel.
std::shared_ptr<const ScoreExplainer> openScoreExplainer(const QString &runDir, const Dataset *dataset);

}  // namespace gs
