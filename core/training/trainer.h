#pragma once
// The training engine: epochs of shuffled minibatches, validation each epoch, the best model
// kept, checkpoints after every epoch (a killed or cancelled run resumes from the last one),
// events for every minibatch and epoch, and a run folder the GUI and CLI can reopen.
//
// The run folder's files are RunFolder's (runfolder.h). Everything but events.jsonl is written
// atomically. The epochs run in detail/loop/: one epoch loop, and a hook for each thing training
// does besides its minibatch steps (traininghook.h).

#include "training/parallel/distributedoptions.h"
#include "training/runs/trainresult.h"
#include "training/trainconfig.h"
#include "training/trainingdata.h"
#include "training/trainingevents.h"

namespace gs {

class JobContext;

// Trains (or resumes) the run in runDir. Throws std::runtime_error with a clear message for bad
// data, a run folder holding a different configuration, or a loss that became NaN/infinite (the
// last good checkpoint is kept). Honours job->checkpoint() between minibatches (cancel, pause).
//
// With distributed.enabled() this process is one worker of a data-parallel job: it trains its
// share of every minibatch, rank 0 alone evaluates and writes the run folder (the other ranks
// read it: give them the same folder on a shared file system, or a copy), and every rank resumes
// from its last checkpoint. A worker that goes away stops the others with a message naming it.
// Ranks other than 0 return a result holding only runDir, epochsRun and resumedFrom.
TrainResult train(const TrainingData &data, const TrainConfig &config, const QString &runDir, JobContext *job = nullptr,
                  const TrainingEvents &events = {}, const DistributedOptions &distributed = {});

}  // namespace gs
