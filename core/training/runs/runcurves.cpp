#include "training/runs/runcurves.h"

#include "training/runs/runfolder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

void RunCurves::addBatch(const BatchEvent &event) {
  while (!m_batches.empty() && m_batches.back().iteration >= event.iteration) m_batches.pop_back();
  m_batches.push_back(event);
}

void RunCurves::addEpoch(const EpochEvent &event) {
  while (!m_epochs.empty() && m_epochs.back().epoch >= event.epoch) m_epochs.pop_back();
  m_epochs.push_back(event);
}

void RunCurves::clear() {
  m_batches.clear();
  m_epochs.clear();
}

int RunCurves::bestEpoch() const { return keptEpoch(m_selection, m_epochs, m_firstEpoch); }

bool RunCurves::readRunFolder(const QString &runDir, QString *error, QStringList *warnings) {
  clear();
  const RunFolder run(runDir);
  if (!run.hasCurves()) {
    if (error)
      *error = QCoreApplication::translate("RunCurves", "%1: not a training run (no %2 or %3)")
                   .arg(QDir::toNativeSeparators(runDir), QFileInfo(run.eventsFile()).fileName(),
                        QFileInfo(run.metricsFile()).fileName());
    return false;
  }
  const auto warn = [warnings](const QString &line) {
    if (warnings) warnings->append(line);
  };
  for (const BatchEvent &e : run.batches(warnings)) addBatch(e);
  try {
    if (QFileInfo::exists(run.configFile())) {
      m_selection = run.config().selection;
      m_firstEpoch = run.config().firstSelectableEpoch();
    }
  } catch (const RunFolderError &e) {
    warn(QString::fromUtf8(e.what()));
  }
  try {
    for (const EpochEvent &e : run.epochs()) addEpoch(e);
  } catch (const RunFolderError &e) {
    warn(QString::fromUtf8(e.what()));
  }
  return true;
}

double RunCurves::measure(const RetrievalMetrics &metrics, RecallMeasure which, bool imageToText) {
  const DirectionMetrics &d = imageToText ? metrics.imageToText : metrics.textToImage;
  switch (which) {
  case RecallMeasure::R1: return d.r1;
  case RecallMeasure::R5: return d.r5;
  case RecallMeasure::R10: return d.r10;
  case RecallMeasure::Rsum: return metrics.rsum;
  }
  return 0;
}

std::vector<double> exponentialSmoothing(const std::vector<double> &values, double weight) {
  if (!(weight >= 0 && weight < 1))
    throw std::invalid_argument("exponentialSmoothing: weight must be in [0, 1), got " + std::to_string(weight));
  std::vector<double> out;
  out.reserve(values.size());
  double state = 0, decay = 1; // decay = w^t
  for (double x : values) {
    state = weight * state + (1 - weight) * x;
    decay *= weight;
    out.push_back(state / (1 - decay));
  }
  return out;
}

std::vector<double> timeWeightedSmoothing(const std::vector<double> &x, const std::vector<double> &values, double weight,
                                          double unit) {
  if (!(weight >= 0 && weight < 1))
    throw std::invalid_argument("timeWeightedSmoothing: weight must be in [0, 1), got " + std::to_string(weight));
  if (!(unit > 0)) throw std::invalid_argument("timeWeightedSmoothing: unit must be > 0");
  if (x.size() != values.size()) throw std::invalid_argument("timeWeightedSmoothing: x and values differ in length");
  std::vector<double> out;
  out.reserve(values.size());
  // state/norm is the debiased average: norm is what the same recursion gives for a series of ones.
  double state = 0, norm = 0;
  for (std::size_t t = 0; t < values.size(); ++t) {
    if (t > 0 && x[t] < x[t - 1]) throw std::invalid_argument("timeWeightedSmoothing: x must be ascending");
    const double keep = t == 0 ? weight : std::pow(weight, (x[t] - x[t - 1]) / unit);
    state = keep * state + (1 - keep) * values[t];
    norm = keep * norm + (1 - keep);
    out.push_back(norm > 0 ? state / norm : values[t]);
  }
  return out;
}

void RateEstimator::add(std::int64_t iteration, double seconds) {
  m_samples.push_back({iteration, seconds});
  // Keep the newest sample older than the window as the far end, so the window is always spanned.
  while (m_samples.size() > 2 && seconds - m_samples[1].seconds >= m_window) m_samples.pop_front();
}

double RateEstimator::rate() const {
  if (m_samples.size() < 2) return 0;
  const Sample &a = m_samples.front(), &b = m_samples.back();
  const double dt = b.seconds - a.seconds;
  return dt > 0 ? double(b.iteration - a.iteration) / dt : 0;
}

double RateEstimator::secondsLeft(std::int64_t totalIterations) const {
  const double r = rate();
  if (r <= 0) return -1;
  return std::max<double>(0, double(totalIterations - m_samples.back().iteration)) / r;
}

QString RateEstimator::formatDuration(double seconds) {
  if (seconds < 0) return QCoreApplication::translate("RateEstimator", "unknown");
  const qint64 s = qint64(std::llround(seconds));
  if (s < 60) return QCoreApplication::translate("RateEstimator", "%1 s").arg(s);
  if (s < 3600)
    return QCoreApplication::translate("RateEstimator", "%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
  return QCoreApplication::translate("RateEstimator", "%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

}  // namespace gs
