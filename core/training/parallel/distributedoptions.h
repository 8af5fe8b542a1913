#pragma once
// How one `train` process joins a data-parallel job: how many workers, which one this
// is, and where they meet. Plain types only: LibTorch's c10d stays inside core.
//
// The job trains exactly the model one process would train with the same global minibatch: every
// worker encodes its share of each minibatch's captions, the shares are gathered so the in-batch
// losses see the whole minibatch, and gradients are summed with bucketed all-reduce on Gloo.

#include <QJsonObject>
#include <QString>

#include <cstdint>

namespace gs {

struct DistributedOptions {
  int worldSize = 1;
  int rank = 0;
  // tcp://HOST:PORT (rank 0 listens there; the others connect) or file://PATH (a file on a file
  // system every worker sees; it must not exist from an earlier job).
  QString rendezvous;
  // How long a collective waits for a silent peer before giving up (a killed peer is noticed at
  // once: its connections close).
  int timeoutSeconds = 1800;

  bool enabled() const { return worldSize > 1; }
  bool leader() const { return rank == 0; }
  // Throws std::runtime_error for a rank outside [0, worldSize) or a missing/unknown rendezvous.
  void validate() const;
};

// What the data-parallel machinery cost (TrainResult::distributed): seconds spent in the gradient
// all-reduce and in gathering the minibatch's encodings, over the steps trained, and what one step's
// all-reduce moves (recorded for one process too: what a data-parallel run of it would move).
struct DistributedStats {
  int worldSize = 1;
  std::int64_t steps = 0;
  std::int64_t gradientBytes = 0; // every trainable parameter's gradient: one all-reduce per minibatch
  double trainSeconds = 0;     // the minibatch loop's wall-clock time, evaluation excluded
  double allReduceSeconds = 0;
  double gatherSeconds = 0;
  QJsonObject toJson() const;
};

}  // namespace gs
