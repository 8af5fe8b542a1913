#pragma once
// The numbers behind the Training dashboard's curves, apart from any widget: one run's
// per-minibatch losses and per-epoch validation metrics (fed live from TrainingEvents or read back
// through RunFolder, as the same event structs), exponential smoothing of the loss, and the
// minibatches/s rate behind the ETA. Torch-free.

#include "training/trainingevents.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <deque>
#include <vector>

namespace gs {

// Which validation number the second plot shows.
enum class RecallMeasure { R1, R5, R10, Rsum };

class RunCurves {
public:
  // A point at or before the last iteration (a resumed run repeats the minibatches of the epoch it
  // was stopped in) first drops the points from that iteration on, so the curve never folds back.
  void addBatch(const BatchEvent &event);
  // Likewise an epoch at or before the last one replaces it and those after it.
  void addEpoch(const EpochEvent &event);
  void clear();

  const std::vector<BatchEvent> &batches() const { return m_batches; }
  const std::vector<EpochEvent> &epochs() const { return m_epochs; }
  // The rule the run keeps its model by (TrainConfig::selection), so bestEpoch names that epoch.
  void setSelection(SelectionRule rule, int firstEpoch = 1) {
    m_selection = rule;
    m_firstEpoch = firstEpoch;
  }
  SelectionRule selection() const { return m_selection; }
  int bestEpoch() const; // the epoch the run keeps; 0 when there are no epochs

  // Reads a run folder (RunFolder: events.jsonl, metrics.json and the selection rule in
  // config.json). Either curve file may be missing (a run stopped in its first epoch has no
  // metrics.json); unreadable lines and files are named in `warnings` ("file:line: reason").
  // Returns false, with `error` naming the folder, when the folder holds neither file. Cost: O(lines).
  bool readRunFolder(const QString &runDir, QString *error = nullptr, QStringList *warnings = nullptr);

  static double measure(const RetrievalMetrics &metrics, RecallMeasure which, bool imageToText);

private:
  std::vector<BatchEvent> m_batches;
  std::vector<EpochEvent> m_epochs;
  SelectionRule m_selection = SelectionRule::Rsum;
  int m_firstEpoch = 1; // TrainConfig::firstSelectableEpoch
};

// Exponential moving average with TensorBoard's debiasing: s_t = w·s_{t−1} + (1−w)·x_t from s_0 = 0,
// divided by 1 − w^t, so the first values are not pulled towards zero. weight in [0, 1): 0 returns
// the input. Cost O(n). Throws std::invalid_argument for a weight outside [0, 1).
std::vector<double> exponentialSmoothing(const std::vector<double> &values, double weight);

// The same average weighted by distance along x rather than by point: between two points the
// previous average keeps weight^((x_t − x_{t−1}) / unit), debiased the same way. Two runs logged at
// different rates (every minibatch, every tenth) then smooth alike against the same unit (the
// caller's common step, e.g. one iteration). Equal to exponentialSmoothing when x steps by `unit`.
// x ascending, the same length as values; throws std::invalid_argument otherwise, for a weight
// outside [0, 1) or a unit ≤ 0. Cost O(n).
std::vector<double> timeWeightedSmoothing(const std::vector<double> &x, const std::vector<double> &values, double weight,
                                          double unit = 1.0);

// Minibatches per second over a sliding window of recent (iteration, seconds) samples, and the
// time left at that rate. The window spans the last `windowSeconds` (at least two samples), so a
// validation pass between epochs counts in the rate while a change of pace shows within a window.
class RateEstimator {
public:
  explicit RateEstimator(double windowSeconds = 30.0) : m_window(windowSeconds) {}
  void add(std::int64_t iteration, double seconds); // seconds: any monotonic clock
  void reset() { m_samples.clear(); }
  double rate() const;                               // 0 while fewer than two samples span time
  double secondsLeft(std::int64_t totalIterations) const; // -1 when the rate is unknown
  static QString formatDuration(double seconds);     // "42 s", "3 min 05 s", "1 h 02 min"

private:
  struct Sample {
    std::int64_t iteration;
    double seconds;
  };
  double m_window;
  std::deque<Sample> m_samples;
};

}  // namespace gs
