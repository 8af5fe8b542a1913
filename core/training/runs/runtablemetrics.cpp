#include "training/runs/runtablemetrics.h"

#include <QJsonArray>

#include <algorithm>

namespace gs {

template <>
const std::vector<EnumName<RunMetric>> &enumTable<RunMetric>() {
  static const std::vector<EnumName<RunMetric>> table = {
      {RunMetric::ImageToTextR1, QStringLiteral("i2t_r1")},     {RunMetric::ImageToTextR5, QStringLiteral("i2t_r5")},
      {RunMetric::ImageToTextR10, QStringLiteral("i2t_r10")},   {RunMetric::TextToImageR1, QStringLiteral("t2i_r1")},
      {RunMetric::TextToImageR5, QStringLiteral("t2i_r5")},     {RunMetric::TextToImageR10, QStringLiteral("t2i_r10")},
      {RunMetric::Rsum, QStringLiteral("rsum")},                {RunMetric::ImageToTextMeanRank, QStringLiteral("i2t_meanr")},
      {RunMetric::TextToImageMeanRank, QStringLiteral("t2i_meanr")}, {RunMetric::TwinAccuracy, QStringLiteral("twin")},
      {RunMetric::ContrastAccuracy, QStringLiteral("contrast")}, {RunMetric::Similarity, QStringLiteral("similarity")},
      {RunMetric::TrainLoss, QStringLiteral("train_loss")}};
  return table;
}

template <>
const std::vector<EnumName<MetricValue>> &enumTable<MetricValue>() {
  static const std::vector<EnumName<MetricValue>> table = {{MetricValue::Test, QStringLiteral("test")},
                                                           {MetricValue::Best, QStringLiteral("best")},
                                                           {MetricValue::Last, QStringLiteral("last")},
                                                           {MetricValue::Min, QStringLiteral("min")},
                                                           {MetricValue::Max, QStringLiteral("max")}};
  return table;
}

std::vector<RunMetric> allRunMetrics() {
  std::vector<RunMetric> metrics;
  for (const EnumName<RunMetric> &entry : enumTable<RunMetric>()) metrics.push_back(entry.value);
  return metrics;
}

bool higherIsBetter(RunMetric metric) {
  return metric != RunMetric::ImageToTextMeanRank && metric != RunMetric::TextToImageMeanRank && metric != RunMetric::TrainLoss;
}

bool isBetter(RunMetric metric, double a, double b) { return higherIsBetter(metric) ? a > b : a < b; }

std::optional<double> retrievalMetric(const RetrievalMetrics &m, RunMetric metric) {
  if (m.images == 0 && m.captions == 0 && m.rsum == 0) return std::nullopt; // never evaluated
  switch (metric) {
  case RunMetric::ImageToTextR1: return m.imageToText.r1;
  case RunMetric::ImageToTextR5: return m.imageToText.r5;
  case RunMetric::ImageToTextR10: return m.imageToText.r10;
  case RunMetric::TextToImageR1: return m.textToImage.r1;
  case RunMetric::TextToImageR5: return m.textToImage.r5;
  case RunMetric::TextToImageR10: return m.textToImage.r10;
  case RunMetric::Rsum: return m.rsum;
  case RunMetric::ImageToTextMeanRank: return m.imageToText.meanRank;
  case RunMetric::TextToImageMeanRank: return m.textToImage.meanRank;
  default: return std::nullopt;
  }
}

QString metricLabel(RunMetric metric) {
  switch (metric) {
  case RunMetric::ImageToTextR1: return QStringLiteral("R@1 i→t");
  case RunMetric::ImageToTextR5: return QStringLiteral("R@5 i→t");
  case RunMetric::ImageToTextR10: return QStringLiteral("R@10 i→t");
  case RunMetric::TextToImageR1: return QStringLiteral("R@1 t→i");
  case RunMetric::TextToImageR5: return QStringLiteral("R@5 t→i");
  case RunMetric::TextToImageR10: return QStringLiteral("R@10 t→i");
  case RunMetric::Rsum: return QStringLiteral("rsum");
  case RunMetric::ImageToTextMeanRank: return QStringLiteral("mean rank i→t");
  case RunMetric::TextToImageMeanRank: return QStringLiteral("mean rank t→i");
  case RunMetric::TwinAccuracy: return QStringLiteral("twin acc. %");
  case RunMetric::ContrastAccuracy: return QStringLiteral("contrast acc. %");
  case RunMetric::Similarity: return QStringLiteral("similarity ρ");
  case RunMetric::TrainLoss: return QStringLiteral("train loss");
  }
  return {};
}

namespace {

// All generators' pairs together: (wins + ties / 2) / pairs, in percent.
std::optional<double> contrastAccuracy(const QJsonArray &records) {
  double wins = 0, pairs = 0;
  for (const QJsonValue &value : records) {
    const QJsonObject record = value.toObject();
    wins += record.value(QStringLiteral("wins")).toDouble() + record.value(QStringLiteral("ties")).toDouble() / 2;
    pairs += record.value(QStringLiteral("pairs")).toDouble();
  }
  if (pairs <= 0) return std::nullopt;
  return 100.0 * wins / pairs;
}

// The first test-split benchmark's Spearman ρ (× 100, as the tables print it).
std::optional<double> similarityScore(const QJsonObject &similarity) {
  for (auto it = similarity.begin(); it != similarity.end(); ++it) {
    if (it.key().contains(QLatin1Char('/'))) continue; // a validation split's
    const QJsonValue spearman = it.value().toObject().value(QStringLiteral("spearman"));
    if (spearman.isDouble()) return spearman.toDouble();
  }
  return std::nullopt;
}

std::optional<double> testMetric(const RunRecord &run, RunMetric metric) {
  if (!run.hasResult) return std::nullopt;
  switch (metric) {
  case RunMetric::TwinAccuracy:
    return run.result.twinCaptions > 0 ? std::optional<double>(run.result.twinAccuracy) : std::nullopt;
  case RunMetric::ContrastAccuracy: return contrastAccuracy(run.result.contrast);
  case RunMetric::Similarity: return similarityScore(run.result.similarity);
  case RunMetric::TrainLoss: return std::nullopt;
  default: return retrievalMetric(run.result.test, metric);
  }
}

}  // namespace

std::optional<double> epochMetric(const EpochEvent &epoch, RunMetric metric) {
  switch (metric) {
  case RunMetric::TwinAccuracy:
    return epoch.validationTwinAccuracy >= 0 ? std::optional<double>(epoch.validationTwinAccuracy) : std::nullopt;
  case RunMetric::ContrastAccuracy:
  case RunMetric::Similarity: return std::nullopt;
  case RunMetric::TrainLoss: return epoch.trainLoss;
  default: return retrievalMetric(epoch.validation, metric);
  }
}

std::optional<double> metricValue(const RunRecord &run, RunMetric metric, MetricValue which) {
  if (which == MetricValue::Test) return testMetric(run, metric);
  std::optional<double> chosen;
  for (const EpochEvent &epoch : run.epochs) {
    const std::optional<double> value = epochMetric(epoch, metric);
    if (!value) continue;
    if (!chosen || which == MetricValue::Last) {
      chosen = value;
      continue;
    }
    const bool replaces = which == MetricValue::Best ? isBetter(metric, *value, *chosen)
                          : which == MetricValue::Min ? *value < *chosen
                                                      : *value > *chosen;
    if (replaces) chosen = value;
  }
  // Test-only metrics (contrast, similarity) have no epochs: every value is the result's.
  if (!chosen && (metric == RunMetric::ContrastAccuracy || metric == RunMetric::Similarity)) return testMetric(run, metric);
  return chosen;
}

std::optional<Interval> testInterval(const RunRecord &run, RunMetric metric) {
  const RetrievalIntervals &i = run.result.testIntervals;
  if (!run.hasResult || i.empty()) return std::nullopt;
  switch (metric) {
  case RunMetric::ImageToTextR1: return i.imageToText.r1;
  case RunMetric::ImageToTextR5: return i.imageToText.r5;
  case RunMetric::ImageToTextR10: return i.imageToText.r10;
  case RunMetric::TextToImageR1: return i.textToImage.r1;
  case RunMetric::TextToImageR5: return i.textToImage.r5;
  case RunMetric::TextToImageR10: return i.textToImage.r10;
  case RunMetric::Rsum: return i.rsumInterval;
  case RunMetric::ImageToTextMeanRank: return i.imageToText.meanRank;
  case RunMetric::TextToImageMeanRank: return i.textToImage.meanRank;
  default: return std::nullopt;
  }
}

}  // namespace gs
