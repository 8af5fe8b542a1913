#pragma once
// The engine-side half of the Training dashboard: the job that prepares the data and trains, and
// the inbox its TrainingEvents land in. The callbacks run on the engine's thread and only take a
// mutex for a push, so the trainer never waits on the GUI; the GUI thread takes whatever arrived
// on its own timer, so however many minibatches come, the plots repaint at its pace.

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

// prepareTrainingData(source) then train(data, config, runDir) with events into `inbox`; the job's
// summary is TrainResult::toJson(). When `resume` is set the run folder's own run.json names the
// data (so a resumed run sees what it was trained on); source.parses still applies.
JobFunction makeTrainingJob(const TrainingSource &source, const TrainConfig &config, const QString &runDir, bool resume,
                            std::shared_ptr<TrainingInbox> inbox);

}  // namespace gs
