#include "regions/regionrun.h"

#include "engine/jobcontext.h"
#include "inference/trainedmodel.h"
#include "training/runs/runfolder.h"

namespace gs {

struct RegionRun::Outcome {
  RegionRunKind kind = RegionRunKind::None;
  QString model, error;
  std::shared_ptr<const RegionGrounder> grounder;
  std::shared_ptr<const ConceptInspector> inspector;
};

RegionRun::RegionRun(EngineBridge &bridge, QObject *parent) : QObject(parent), m_job(bridge, this) {}

bool RegionRun::open(const QString &runDir, std::shared_ptr<const Dataset> dataset) {
  if (m_seen && runDir == m_dir) return false;
  m_seen = true;
  m_dir = runDir;
  m_grounder.reset();
  m_inspector.reset();
  m_kind = RegionRunKind::None;
  m_error.clear();
  m_model.clear();
  m_loading = !runDir.isEmpty();
  if (runDir.isEmpty()) {
    m_job.cancel(); // the previous run's model is no longer wanted
    return true;
  }
  // Opening a run prepares its data and loads its model: seconds.
  m_job.start(
      tr("Open the run's regions model"),
      [runDir, dataset](JobContext &job) { return openModel(runDir, dataset.get(), job); },
      [this](const Outcome &out) { onOpened(out); },
      [this](const JobOutcome &outcome) {
        Outcome out;
        out.error = BackgroundJob::failureText(outcome);
        onOpened(out);
      });
  return true;
}

// On the engine's thread.
RegionRun::Outcome RegionRun::openModel(const QString &runDir, const Dataset *dataset, JobContext &job) {
  Outcome out;
  const TrainConfig config = RunFolder(runDir).config();
  out.model = config.modelName();
  if (config.needsRegions()) {
    out.kind = RegionRunKind::Phrases;
    const TrainedModel model = TrainedModel::open(runDir);
    out.grounder = std::make_shared<const RegionGrounder>(model, model.prepareData(dataset, &job));
  } else if (config.readsConcepts()) {
    out.kind = RegionRunKind::Concepts;
    out.inspector = std::make_shared<const ConceptInspector>(runDir);
  } else {
    out.kind = RegionRunKind::NoRegions;
  }
  return out;
}

void RegionRun::onOpened(const Outcome &out) {
  m_loading = false;
  m_kind = out.kind;
  m_model = out.model;
  m_error = out.error;
  m_grounder = out.grounder;
  m_inspector = out.inspector;
  Q_EMIT opened();
}

}  // namespace gs
