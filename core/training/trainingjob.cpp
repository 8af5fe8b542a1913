#include "training/trainingjob.h"

#include "engine/jobcontext.h"
#include "training/runs/runfolder.h"


#include <chrono>

namespace gs {

namespace {
double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

void TrainingInbox::push(const BatchEvent &event) {
  const double now = steadySeconds();
  const std::lock_guard<std::mutex> lock(m_mutex);
  m_batches.push_back({event, now});
}

void TrainingInbox::push(const EpochEvent &event) {
  const std::lock_guard<std::mutex> lock(m_mutex);
  m_epochs.push_back(event);
}

void TrainingInbox::take(std::vector<Batch> *batches, std::vector<EpochEvent> *epochs) {
  batches->clear();
  epochs->clear();
  const std::lock_guard<std::mutex> lock(m_mutex);
  batches->swap(m_batches);
  epochs->swap(m_epochs);
}

JobFunction makeTrainingJob(TrainingRequest request) {
  return [request](JobContext &job) {
    TrainingSource from = request.source;
    if (request.resume) {
      from = RunFolder(request.runDir).source();
      from.parses = request.source.parses;
    }
    requestInputsOf(request.config, from);
    // The caller's dataset serves when it is the one the run reads (a resumed run reads its own).
    const TrainingData data = prepareTrainingData(from, request.dataset.get(), &job);
    TrainingEvents events;
    if (const std::shared_ptr<TrainingInbox> inbox = request.inbox) {
      events.onBatch = [inbox](const BatchEvent &e) { inbox->push(e); };
      events.onEpoch = [inbox](const EpochEvent &e) { inbox->push(e); };
    }
    const TrainResult result = train(data, request.config, request.runDir, &job, events, request.distributed);
    job.setSummary(result.toJson());
  };
}

}  // namespace gs
