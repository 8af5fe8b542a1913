#pragma once
// A training run on disk. The trainer writes the folder; everything else (the dashboard, the CLI,
// TrainedModel, the tree inspector) reads it through this class, which owns the file names:
//
//   config.json         the TrainConfig (model, settings)
//   run.json            where the data came from (dataset, backbone, feature folder) and its sizes
//   vocabulary.json     the words; trees.json: the tree models' positions and relations
//   checkpoint-last.pt  model + optimiser + position after the last whole epoch (resuming starts here)
//   model-best.pt       the epoch the run keeps (by its `selection` rule); cca.pt for CCA
//   snapshots/epoch-N.pt  the cyclic schedule's snapshots
//   metrics.json        one entry per epoch (EpochEvent); events.jsonl: one line per minibatch (BatchEvent)
//   result.json         the test metrics of the finished run (TrainResult)
//   trajectory/         a sample's joint-space vectors at every epoch (RunTrajectory, runtrajectory.h)
//
// Every read of a missing, unreadable or corrupt file throws RunFolderError naming the file (and
// the line or offset). Torch-free.

#include "training/trainconfig.h"
#include "training/trainer.h"
#include "training/trainingevents.h"
#include "training/trainingsource.h"

#include <QString>
#include <QStringList>

#include <stdexcept>
#include <vector>

namespace gs {

class RunFolderError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class RunFolder {
public:
  explicit RunFolder(const QString &dir);
  QString dir() const { return m_dir; }

  QString configFile() const;
  QString sourceFile() const;          // run.json
  QString vocabularyFile() const;
  QString treesFile() const;
  QString lastCheckpointFile() const;
  QString bestModelFile() const;
  QString closedFormFile() const;      // cca.pt
  QString snapshotFile(int epoch) const;
  QString metricsFile() const;
  QString eventsFile() const;
  QString resultFile() const;
  // HM-LSTM: the latest correspondence step's phrase → region choices (a resumed run continues with them).
  QString correspondencesFile() const;

  // What the folder holds. A folder is a run once training prepared it (config.json and run.json);
  // it is finished once result.json is written, resumable while it is a run that did not finish.
  bool isRun() const;
  bool isFinished() const;
  bool isResumable() const;
  bool hasCheckpoint() const;   // a whole epoch was saved: resuming continues from it
  bool hasModel() const;        // a model to open (finished, or a kept epoch, or CCA's matrices)
  bool hasCurves() const;       // events.jsonl or metrics.json

  TrainConfig config() const;
  TrainingSource source() const; // run.json as the data the run was trained on
  int featureDim() const;
  TrainResult result() const;    // result.json

  // events.jsonl. A run killed mid-write leaves a torn last line: unreadable lines are skipped and
  // named in `warnings` as "FILE:LINE: reason". Empty when the file does not exist. Cost: O(lines).
  std::vector<BatchEvent> batches(QStringList *warnings = nullptr) const;
  // metrics.json, each epoch's `best` flag set as the trainer set it (by the run's selection rule).
  // Empty when the file does not exist (a run stopped in its first epoch).
  std::vector<EpochEvent> epochs() const;
  // The epoch whose model the run keeps (model-best.pt): 0 before the first epoch ends.
  int keptEpoch() const;

private:
  QString file(const QString &name) const;
  QString m_dir;
};

}  // namespace gs
