#include "runcurves.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

namespace {
// The files the trainer writes (core/training/detail/runfiles.h, not a public header).
const QString kEventsFile = QStringLiteral("events.jsonl");
const QString kMetricsFile = QStringLiteral("metrics.json");
} // namespace

void RunCurves::addBatch(const LossPoint &point) {
  while (!m_batches.empty() && m_batches.back().iteration >= point.iteration) m_batches.pop_back();
  m_batches.push_back(point);
}

void RunCurves::addEpoch(const EpochPoint &point) {
  while (!m_epochs.empty() && m_epochs.back().epoch >= point.epoch) m_epochs.pop_back();
  m_epochs.push_back(point);
}

void RunCurves::clear() {
  m_batches.clear();
  m_epochs.clear();
}

int RunCurves::bestEpoch() const {
  int best = 0;
  double bestRsum = -1;
  for (const EpochPoint &e : m_epochs)
    if (e.validation.rsum > bestRsum) {
      bestRsum = e.validation.rsum;
      best = e.epoch;
    }
  return best;
}

bool RunCurves::readRunFolder(const QString &runDir, QString *error, QStringList *warnings) {
  clear();
  const QDir dir(runDir);
  const auto warn = [warnings](const QString &line) {
    if (warnings) warnings->append(line);
  };
  QFile events(dir.filePath(kEventsFile));
  QFile metrics(dir.filePath(kMetricsFile));
  if (!events.exists() && !metrics.exists()) {
    if (error)
      *error = QCoreApplication::translate("RunCurves", "%1: not a training run (no %2 or %3)")
                   .arg(QDir::toNativeSeparators(runDir), kEventsFile, kMetricsFile);
    return false;
  }
  if (events.exists()) {
    if (!events.open(QIODevice::ReadOnly | QIODevice::Text)) {
      warn(QStringLiteral("%1: %2").arg(events.fileName(), events.errorString()));
    } else {
      int lineNumber = 0;
      while (!events.atEnd()) {
        const QByteArray line = events.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty()) continue;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &parseError);
        const QJsonObject o = doc.object();
        if (parseError.error != QJsonParseError::NoError || !o.value(QStringLiteral("iteration")).isDouble() ||
            !o.value(QStringLiteral("loss")).isDouble()) {
          // A run killed mid-write leaves a torn last line: skip it and say where.
          warn(QStringLiteral("%1:%2: %3")
                   .arg(events.fileName())
                   .arg(lineNumber)
                   .arg(parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                     : QStringLiteral("no iteration/loss")));
          continue;
        }
        addBatch({std::int64_t(o.value(QStringLiteral("iteration")).toDouble()), o.value(QStringLiteral("epoch")).toInt(),
                  o.value(QStringLiteral("loss")).toDouble(), o.value(QStringLiteral("lr")).toDouble()});
      }
    }
  }
  if (metrics.exists()) {
    if (!metrics.open(QIODevice::ReadOnly)) {
      warn(QStringLiteral("%1: %2").arg(metrics.fileName(), metrics.errorString()));
    } else {
      QJsonParseError parseError;
      const QJsonDocument doc = QJsonDocument::fromJson(metrics.readAll(), &parseError);
      if (parseError.error != QJsonParseError::NoError) {
        warn(QStringLiteral("%1: offset %2: %3").arg(metrics.fileName()).arg(parseError.offset).arg(parseError.errorString()));
      } else {
        const QJsonArray epochs = doc.object().value(QStringLiteral("epochs")).toArray();
        for (const QJsonValue &v : epochs) {
          const QJsonObject e = v.toObject();
          EpochPoint point;
          point.epoch = e.value(QStringLiteral("epoch")).toInt();
          point.trainLoss = e.value(QStringLiteral("train_loss")).toDouble();
          point.validation = RetrievalMetrics::fromJson(e.value(QStringLiteral("validation")).toObject());
          point.seconds = e.value(QStringLiteral("seconds")).toDouble();
          if (point.epoch > 0) addEpoch(point);
          else warn(QStringLiteral("%1: an epoch entry without \"epoch\"").arg(metrics.fileName()));
        }
      }
    }
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

} // namespace gs
