#pragma once
// Training as one engine job, the same for the Training dashboard, `groundscope-cli train` and the
// headless demo: prepare the data (load the dataset unless it is given, features from the cache,
// parses for tree models), then train or resume the run. Events go to an optional inbox: its
// callbacks run on the engine's thread and only take a mutex for a push, so the trainer never
// waits on the GUI; the GUI thread takes whatever arrived on its own timer, so however many
// minibatches come, the plots repaint at its pace.

#include "data/dataset.h"
#include "engine/job.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include <memory>
#include <mutex>
#include <vector>

namespace gs {

class TrainingInbox {
public:
  struct Batch {
    BatchEvent event;
    double seconds = 0; // steady clock when it arrived, for the minibatch rate
  };
  void push(const BatchEvent &event); // engine thread
  void push(const EpochEvent &event); // engine thread
  // Everything that arrived since the last call, oldest first (GUI thread).
  void take(std::vector<Batch> *batches, std::vector<EpochEvent> *epochs);

private:
  std::mutex m_mutex;
  std::vector<Batch> m_batches;
  std::vector<EpochEvent> m_epochs;
};

struct TrainingRequest {
  TrainingSource source;
  TrainConfig config;
  QString runDir;
  // Resume the run in runDir with the data its run.json names (source.parses still applies).
  bool resume = false;
  // The dataset the run reads, when the caller has it loaded already (it serves when it was loaded
  // from the run's data path, Dataset::isLoadedFrom); null: the job loads it.
  std::shared_ptr<const Dataset> dataset;
  std::shared_ptr<TrainingInbox> inbox; // null: no live events
  // One worker of a data-parallel job (`train --world-size N --rank R --rendezvous URL`).
  DistributedOptions distributed;
};

// The job's summary is TrainResult::toJson() (TrainResult::fromJson reads it back).
JobFunction makeTrainingJob(TrainingRequest request);

}  // namespace gs
