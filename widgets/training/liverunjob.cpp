#include "training/liverunjob.h"

#include "evaluation/retrieval.h"
#include "evaluation/retrievalintervals.h"
#include "training/runlist.h"
#include "training/runs/runfolder.h"

#include <QCoreApplication>
#include <QDir>
#include <QTimer>

namespace gs {

namespace {
constexpr int kDrainIntervalMs = 100; // ≤ 10 repaints a second while training

QString metricsLine(const RetrievalMetrics &m) {
  return QStringLiteral("R@1/5/10 i→t %1/%2/%3, t→i %4/%5/%6, rsum %7")
      .arg(m.imageToText.r1, 0, 'f', 1)
      .arg(m.imageToText.r5, 0, 'f', 1)
      .arg(m.imageToText.r10, 0, 'f', 1)
      .arg(m.textToImage.r1, 0, 'f', 1)
      .arg(m.textToImage.r5, 0, 'f', 1)
      .arg(m.textToImage.r10, 0, 'f', 1)
      .arg(m.rsum, 0, 'f', 1);
}

// "; 95 % intervals over the test queries: R@10 i→t [a, b], t→i [c, d], rsum [e, f]", or nothing
// for a result without them: on a small test split a point of R@10 is noise.
QString intervalsLine(const QJsonObject &json) {
  if (json.isEmpty()) return {};
  const RetrievalIntervals i = RetrievalIntervals::fromJson(json);
  const auto range = [](const Interval &x) { return QStringLiteral("[%1, %2]").arg(x.low, 0, 'f', 1).arg(x.high, 0, 'f', 1); };
  return QCoreApplication::translate("TrainingPanel", "; 95 % intervals over the test queries: R@10 i→t %1, t→i %2, rsum %3")
      .arg(range(i.imageToText.r10), range(i.textToImage.r10), range(i.rsumInterval));
}
} // namespace

LiveRunJob::LiveRunJob(EngineBridge &bridge, RunList &runs, QObject *parent)
    : RunJob(bridge, parent), m_runs(runs), m_drainTimer(new QTimer(this)) {
  m_drainTimer->setInterval(kDrainIntervalMs);
  connect(m_drainTimer, &QTimer::timeout, this, &LiveRunJob::drainInbox);
}

LiveRunJob::~LiveRunJob() = default;

void LiveRunJob::start(TrainingRequest request) {
  const RunList::Entry &run = m_runs.beginTraining(request.runDir, request.config, request.resume);
  m_runDir = run.dir;
  m_inbox = std::make_shared<TrainingInbox>();
  request.runDir = m_runDir;
  request.inbox = m_inbox;
  const QString model = request.config.modelName();
  const bool resuming = request.resume;
  submit(tr("Train %1").arg(model), makeTrainingJob(std::move(request)));
  m_liveBatches = false;
  m_rate.reset();
  m_drainTimer->start();
  Q_EMIT message(resuming ? tr("Resuming %1 in %2").arg(model, QDir::toNativeSeparators(m_runDir))
                          : tr("Training %1 into %2").arg(model, QDir::toNativeSeparators(m_runDir)));
  Q_EMIT status(tr("Waiting for the engine…"));
  Q_EMIT stateChanged();
}

// The trainer's own per-epoch lines are replaced by the fuller ones of logEpoch; warnings and
// errors pass.
bool LiveRunJob::passes(LogLevel level) const { return level != LogLevel::Info; }

// Before the first minibatch the job loads data and extracts features: say so.
void LiveRunJob::onProgress(const JobProgress &progress) {
  if (!m_liveBatches) Q_EMIT status(tr("Preparing: %1").arg(progress.message));
}

void LiveRunJob::drainInbox() {
  if (!m_inbox) return;
  std::vector<TrainingInbox::Batch> batches;
  std::vector<EpochEvent> epochs;
  m_inbox->take(&batches, &epochs);
  const RunList::Entry *run = m_runs.training();
  if (!run || (batches.empty() && epochs.empty())) return;
  std::vector<BatchEvent> events;
  events.reserve(batches.size());
  for (const TrainingInbox::Batch &b : batches) {
    events.push_back(b.event);
    if (!isPaused()) m_rate.add(b.event.iteration, b.seconds);
  }
  m_runs.grow(events, epochs);
  for (const EpochEvent &e : epochs) logEpoch(e, run->epochsPlanned);
  m_liveBatches = m_liveBatches || !batches.empty();
  if (!batches.empty() && !isPaused()) showSpeed(batches.back().event, run->epochsPlanned);
}

void LiveRunJob::logEpoch(const EpochEvent &e, int epochsPlanned) {
  // HM-LSTM: the correspondence step that opened the epoch (§3.3), against the ground truth.
  QString correspondence;
  if (e.correspondence.step > 0)
    correspondence = e.correspondence.hasGroundTruth()
                         ? tr("; correspondence step %1: %2 % right (proposal ceiling %3 %, chance %4 %)")
                               .arg(e.correspondence.step)
                               .arg(e.correspondence.accuracy, 0, 'f', 1)
                               .arg(e.correspondence.ceiling, 0, 'f', 1)
                               .arg(e.correspondence.chance, 0, 'f', 1)
                         : tr("; correspondence step %1: no ground truth").arg(e.correspondence.step);
  Q_EMIT message(tr("Epoch %1/%2: loss %3, validation %4%5 (%6 s)%7")
                     .arg(e.epoch)
                     .arg(epochsPlanned)
                     .arg(e.trainLoss, 0, 'f', 3)
                     .arg(metricsLine(e.validation))
                     .arg(e.best ? tr(", best so far") : QString())
                     .arg(e.seconds, 0, 'f', 1)
                     .arg(correspondence));
}

void LiveRunJob::showSpeed(const BatchEvent &last, int epochsPlanned) {
  const std::int64_t total = std::int64_t(last.batchesPerEpoch) * epochsPlanned;
  const double rate = m_rate.rate();
  Q_EMIT status(tr("Epoch %1/%2 · minibatch %3/%4 · loss %5 · %6 minibatches/s · ETA %7")
                    .arg(last.epoch)
                    .arg(epochsPlanned)
                    .arg(last.batch)
                    .arg(last.batchesPerEpoch)
                    .arg(last.loss, 0, 'f', 3)
                    .arg(rate, 0, 'f', 1)
                    .arg(RateEstimator::formatDuration(m_rate.secondsLeft(total))));
}

void LiveRunJob::onFinished(const JobOutcome &outcome) {
  drainInbox();
  m_drainTimer->stop();
  m_inbox.reset();
  finish();
  logOutcome(outcome);
  m_runs.endTraining();
  Q_EMIT ended(m_runDir, outcome.status);
}

void LiveRunJob::logOutcome(const JobOutcome &outcome) {
  switch (outcome.status) {
  case JobStatus::Succeeded: {
    const RetrievalMetrics test = RetrievalMetrics::fromJson(outcome.summary.value(QStringLiteral("test")).toObject());
    Q_EMIT status(tr("Finished in %1").arg(elapsed()));
    Q_EMIT message(tr("Finished: test %1").arg(metricsLine(test)) +
                   intervalsLine(outcome.summary.value(QStringLiteral("test_intervals")).toObject()));
    break;
  }
  case JobStatus::Cancelled:
    Q_EMIT status(tr("Stopped"));
    if (RunFolder(m_runDir).hasCheckpoint())
      Q_EMIT message(tr("Stopped. The checkpoint of the last whole epoch is kept in %1; Start with this folder resumes it.")
                         .arg(QDir::toNativeSeparators(m_runDir)));
    else
      Q_EMIT message(tr("Stopped before the first epoch ended: there is no checkpoint yet, so Start begins again."));
    break;
  default:
    Q_EMIT status(tr("Failed: %1").arg(outcome.error));
    Q_EMIT message(tr("Failed: %1").arg(outcome.error));
    break;
  }
}

}  // namespace gs
