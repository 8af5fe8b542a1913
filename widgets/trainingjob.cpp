#include "trainingjob.h"

#include "engine/jobcontext.h"

#include <chrono>

namespace gs {

namespace {
double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
} // namespace

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

JobFunction makeTrainingJob(const TrainingSource &source, const TrainConfig &config, const QString &runDir, bool resume,
                            std::shared_ptr<TrainingInbox> inbox) {
  return [source, config, runDir, resume, inbox](JobContext &job) {
    TrainingSource from = source;
    if (resume) {
      from = trainingSourceOfRun(runDir);
      from.parses = source.parses;
    }
    const TrainingData data = prepareTrainingData(from, &job);
    TrainingEvents events;
    events.onBatch = [inbox](const BatchEvent &e) { inbox->push(e); };
    events.onEpoch = [inbox](const EpochEvent &e) { inbox->push(e); };
    const TrainResult result = train(data, config, runDir, &job, events);
    job.setSummary(result.toJson());
  };
}

}  // namespace gs
