#include "evaluation/calibration.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

Calibration calibrate(const std::vector<float> &scores, const std::vector<char> &present, int bins) {
  if (scores.size() != present.size()) throw std::invalid_argument("calibrate: one presence flag per score is needed");
  if (bins < 1) throw std::invalid_argument("calibrate: at least one bin");
  Calibration c;
  c.bins.resize(std::size_t(bins));
  std::vector<double> scoreSum(std::size_t(bins), 0.0), positiveCount(std::size_t(bins), 0.0);
  double presentSum = 0, absentSum = 0;
  for (std::size_t k = 0; k < scores.size(); ++k) {
    const double p = std::clamp(double(scores[k]), 0.0, 1.0);
    const std::size_t b = std::min<std::size_t>(std::size_t(p * bins), std::size_t(bins) - 1);
    ++c.bins[b].count;
    scoreSum[b] += p;
    positiveCount[b] += present[k] ? 1 : 0;
    (present[k] ? presentSum : absentSum) += p;
    c.positives += present[k] ? 1 : 0;
  }
  c.pairs = static_cast<long long>(scores.size());
  if (c.positives > 0) c.meanPresent = presentSum / double(c.positives);
  if (c.pairs > c.positives) c.meanAbsent = absentSum / double(c.pairs - c.positives);
  for (int b = 0; b < bins; ++b) {
    ReliabilityBin &bin = c.bins[std::size_t(b)];
    bin.from = double(b) / bins;
    bin.to = double(b + 1) / bins;
    if (bin.count == 0) continue;
    bin.confidence = scoreSum[std::size_t(b)] / double(bin.count);
    bin.frequency = positiveCount[std::size_t(b)] / double(bin.count);
    c.ece += double(bin.count) / double(c.pairs) * std::abs(bin.confidence - bin.frequency);
  }
  return c;
}

QJsonObject Calibration::toJson() const {
  QJsonArray reliability;
  for (const ReliabilityBin &b : bins)
    reliability.append(QJsonObject{{QStringLiteral("from"), b.from},
                                   {QStringLiteral("to"), b.to},
                                   {QStringLiteral("count"), double(b.count)},
                                   {QStringLiteral("mean_score"), b.confidence},
                                   {QStringLiteral("present_share"), b.frequency}});
  return {{QStringLiteral("pairs"), double(pairs)},
          {QStringLiteral("present"), double(positives)},
          {QStringLiteral("mean_score_present"), meanPresent},
          {QStringLiteral("mean_score_absent"), meanAbsent},
          {QStringLiteral("ece"), ece},
          {QStringLiteral("reliability"), reliability}};
}

}  // namespace gs
