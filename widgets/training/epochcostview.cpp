#include "training/epochcostview.h"

#include "data/dataset.h"
#include "experiments/bench/trainbench.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>

#include <cmath>

namespace gs {

namespace {
QString duration(double seconds) {
  if (seconds < 90) return EpochCostView::tr("%1 s").arg(std::max(1.0, std::round(seconds)));
  if (seconds < 5400) return EpochCostView::tr("%1 min").arg(std::round(seconds / 60));
  return EpochCostView::tr("%1 h").arg(seconds / 3600, 0, 'f', 1);
}
}  // namespace

EpochCostView::EpochCostView(EngineBridge &bridge, QWidget *parent)
    : QWidget(parent), m_button(new QPushButton(tr("Estimate time per epoch"), this)), m_result(new QLabel(this)), m_job(bridge, this) {
  m_button->setObjectName(QStringLiteral("estimateCost"));
  m_button->setToolTip(tr("Time a few minibatches of the chosen model on the open dataset and extrapolate one epoch "
                          "(the first time also extracts the features and parses the captions, as a run would)"));
  m_result->setObjectName(QStringLiteral("costEstimate"));
  m_result->setWordWrap(true);
  auto *layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_button);
  layout->addWidget(m_result, 1);
  connect(m_button, &QPushButton::clicked, this, &EpochCostView::requested);
}

void EpochCostView::estimate(std::shared_ptr<const Dataset> dataset, const TrainingSource &source, const TrainConfig &config) {
  m_result->setText(tr("Measuring %1…").arg(config.modelName()));
  m_job.start(
      tr("Estimate the cost of %1").arg(config.modelName()),
      [dataset, source, config](JobContext &job) { return estimateEpochCost(*dataset, source, config, &job); },
      [this](const EpochCostEstimate &e) {
        m_result->setText(tr("≈ %1 per epoch here (%2 training captions at %3 a second), ≈ %4 of memory")
                              .arg(duration(e.secondsPerEpoch))
                              .arg(e.trainCaptions)
                              .arg(std::round(e.throughput.captionsPerSecond))
                              .arg(QLocale().formattedDataSize(e.memoryBytes)));
        Q_EMIT estimated();
      },
      [this](const JobOutcome &outcome) {
        showProblem(BackgroundJob::failureText(outcome));
      });
}

void EpochCostView::clear() {
  m_job.cancel();
  m_result->clear();
}

void EpochCostView::showProblem(const QString &why) {
  m_result->setText(tr("No estimate: %1").arg(why));
  Q_EMIT estimated();
}

QString EpochCostView::text() const { return m_result->text(); }

}  // namespace gs
