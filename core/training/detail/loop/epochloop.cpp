#include "training/detail/loop/epochloop.h"

#include "engine/jobcontext.h"
#include "models/detail/captiongenerator.h"
#include "training/detail/optimisation.h"

#include <algorithm>
#include <map>
#include <random>

namespace gs::detail {

namespace {

std::vector<int> shuffled(std::vector<int> rows, quint64 seed, int epoch) {
  std::mt19937_64 rng(seed * 1000003ULL + quint64(epoch));
  std::shuffle(rows.begin(), rows.end(), rng);
  return rows;
}

// Shuffled like shuffled(), but the captions of both images of a distractor-twin pair travel
// together as one unit, so a minibatch holding one image's captions also holds its twin's: the
// twin is then a negative in Eq. 5 every time, not in the ~20 % of minibatches chance would give.
// Each caption is still seen once per epoch.
std::vector<int> shuffledWithTwins(const TrainingData &data, const std::vector<int> &rows, quint64 seed, int epoch) {
  if (data.imageDistractors.size() != std::size_t(data.imageCount())) return shuffled(rows, seed, epoch);
  std::mt19937_64 rng(seed * 1000003ULL + quint64(epoch));
  std::vector<std::vector<int>> units;
  std::map<int, std::size_t> unitOfPair; // lower image row of a twin pair → its unit
  for (int c : rows) {
    const int image = data.captions[std::size_t(c)].image;
    const int twin = data.imageDistractors[std::size_t(image)];
    if (twin < 0) {
      units.push_back({c});
      continue;
    }
    const int key = std::min(image, twin);
    auto it = unitOfPair.find(key);
    if (it == unitOfPair.end()) it = unitOfPair.emplace(key, units.size()).first, units.emplace_back();
    units[it->second].push_back(c);
  }
  std::shuffle(units.begin(), units.end(), rng);
  std::vector<int> order;
  order.reserve(rows.size());
  for (std::vector<int> &unit : units) {
    std::shuffle(unit.begin(), unit.end(), rng);
    order.insert(order.end(), unit.begin(), unit.end());
  }
  return order;
}

// One minibatch: the scheduled learning rate, this step's seeded draws, the step itself. Returns
// the batch's event with the position already advanced past it.
BatchEvent runBatch(TrainingRun &run, int epoch, int batch, const std::vector<int> &order) {
  const TrainConfig &config = run.config;
  const double lr = learningRateAt(config, run.position.iteration, run.batchesPerEpoch);
  applySchedule(*run.optimizer, config, lr, run.position.iteration);
  const std::vector<int> rows(order.begin() + std::size_t(batch) * run.batchSize,
                              order.begin() + std::min(order.size(), std::size_t(batch + 1) * run.batchSize));
  // Per-step draws (extra negatives, scheduled sampling) depend only on the seed and the step.
  run.step.stepSeed = config.seed * 0x9e3779b97f4a7c15ULL + quint64(run.position.iteration);
  run.step.truthProbability =
      config.scheduledSampling ? scheduledSamplingTruth(run.position.iteration, run.totalBatches) : 1.0;
  double value = 0;
  try {
    value = trainStep(run.model, *run.optimizer, config, run.step, rows, epoch);
  } catch (const std::runtime_error &error) {
    throw std::runtime_error(QStringLiteral("%1 at epoch %2, minibatch %3 (learning rate %4); the last good "
                                            "checkpoint is kept in %5")
                                 .arg(QString::fromUtf8(error.what()))
                                 .arg(epoch)
                                 .arg(batch + 1)
                                 .arg(lr)
                                 .arg(run.folder.dir())
                                 .toStdString());
  }
  ++run.position.iteration;
  return BatchEvent{epoch, batch + 1, run.batchesPerEpoch, run.position.iteration, value, lr};
}

}  // namespace

std::vector<int> epochOrder(const TrainingData &data, const std::vector<int> &rows, quint64 seed, int epoch, bool twinBatches) {
  return twinBatches ? shuffledWithTwins(data, rows, seed, epoch) : shuffled(rows, seed, epoch);
}

void runEpoch(TrainingRun &run, int epoch, const TrainingHooks &hooks) {
  run.epochClock.start();
  EpochEvent summary;
  summary.epoch = epoch;
  for (const auto &hook : hooks) hook->beginEpoch(run, summary);

  const std::vector<int> order = epochOrder(run.data, run.trainRows, run.config.seed, epoch, run.config.twinBatches);
  run.model->train();
  double lossSum = 0;
  QElapsedTimer loopClock;
  loopClock.start();
  for (int b = 0; b < run.batchesPerEpoch; ++b) {
    if (run.job) run.job->checkpoint();
    const BatchEvent batch = runBatch(run, epoch, b, order);
    lossSum += batch.loss;
    for (const auto &hook : hooks) hook->endBatch(run, batch);
  }
  run.stats.trainSeconds += loopClock.nsecsElapsed() / 1e9;
  run.stats.steps += run.batchesPerEpoch;

  summary.trainLoss = lossSum / run.batchesPerEpoch;
  for (const auto &hook : hooks) hook->endEpoch(run, summary);
  run.position.epoch = epoch;
}

}  // namespace gs::detail
