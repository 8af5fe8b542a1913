#pragma once
// A data-parallel training job's communication, on LibTorch's c10d: a rendezvous store (TCPStore
// or FileStore) and a ProcessGroupGloo. Only the trainer's step and loop use it; c10d's and Gloo's
// headers stay in collective.cpp. A process training alone holds Collective::alone(), which owns
// the same roles (leader, barrier, broadcast) with nobody to wait for.
//
// Every failure of a collective (a peer killed, a timeout) becomes a std::runtime_error that names
// the rank that went away where this machine can tell (its pid is gone), so the surviving workers
// stop with a message instead of hanging.

#include "training/parallel/distributedoptions.h"

#include <torch/torch.h>

#include <QStringList>

#include <memory>
#include <utility>
#include <vector>

namespace gs::detail {

class Collective {
public:
  // Joins the job: connects to the rendezvous (rank 0 hosts a TCP one), builds the Gloo group and
  // records every worker's host and pid for failure messages. Throws on a bad rendezvous or when
  // the others do not arrive within the timeout.
  static std::unique_ptr<Collective> join(const DistributedOptions &options);
  // A process training alone: the leader of a job of one, whose barrier, broadcast and minMax
  // return at once. The trainer holds one of these or a joined job, so its loop has one shape.
  static std::unique_ptr<Collective> alone();
  ~Collective();

  // Whether other processes take part (a job joined with join()); the minibatch step shards its
  // work only then (StepInputs::collective stays null otherwise).
  bool distributed() const { return m_options.enabled(); }

  int rank() const { return m_options.rank; }
  int worldSize() const { return m_options.worldSize; }
  bool leader() const { return m_options.leader(); }

  // The contiguous share [begin, end) of n items that this rank (or rank r) works on: the first
  // n % world ranks take one more.
  std::pair<std::int64_t, std::int64_t> share(std::int64_t n) const { return shareOf(n, rank()); }
  std::pair<std::int64_t, std::int64_t> shareOf(std::int64_t n, int r) const;

  // The rows of every rank's `local` [rows_r, d] stacked in rank order (shares may differ in size
  // or be empty: an undefined or 0-row tensor). Bit-identical on every rank. The gradient flows
  // back only into this rank's own rows, multiplied by the world size: with the loss divided by
  // the world size on every rank and the gradients summed by allReduceGradients, each parameter
  // then receives exactly the gradient of the whole minibatch's loss.
  // rowsOfRank (optional): every rank's row count, when the caller can compute it (it must be the
  // same on every rank); with every count above zero the sizes need no exchange of their own.
  torch::Tensor gatherRows(const torch::Tensor &local, const std::vector<std::int64_t> &rowsOfRank = {});
  // Every rank's share sizes of n items, for gatherRows.
  std::vector<std::int64_t> shareSizes(std::int64_t n) const;

  // Sums every parameter's gradient over the ranks, a bucket of flattened gradients at a time. A
  // gradient undefined on every rank (the parameter took no part in the minibatch anywhere) stays
  // undefined, as it would in one process, so optimizers skip it; defined on any rank, it becomes
  // the sum everywhere (zeros standing in for the ranks that had none).
  void allReduceGradients(const std::vector<torch::Tensor> &parameters);

  // Rank 0's values of the tensors everywhere (parameters at the start, so every rank begins from
  // the same model whatever its run folder held).
  void broadcast(const std::vector<torch::Tensor> &tensors);
  void barrier();
  // The minimum and maximum of an integer over the ranks (to check they agree).
  std::pair<std::int64_t, std::int64_t> minMax(std::int64_t value);

  // Seconds spent so far in allReduceGradients and gatherRows.
  double allReduceSeconds() const { return m_allReduceSeconds; }
  double gatherSeconds() const { return m_gatherSeconds; }

  struct Impl;

private:
  explicit Collective(const DistributedOptions &options);
  // Rethrows the exception in flight as a std::runtime_error saying which rank went away.
  [[noreturn]] void fail(const char *during) const;
  // The ranks of this machine whose process has exited ("rank R (pid P)"), and the ranks on others.
  std::pair<QStringList, QStringList> peersGone() const;

  DistributedOptions m_options;
  std::unique_ptr<Impl> m_impl;
  double m_allReduceSeconds = 0;
  double m_gatherSeconds = 0;
};

}  // namespace gs::detail
