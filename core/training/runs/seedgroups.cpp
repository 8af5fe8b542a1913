#include "training/runs/seedgroups.h"

#include "evaluation/quantile.h"
#include "training/runs/runfolder.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <set>

namespace gs {

template <>
const std::vector<EnumName<BandKind>> &enumTable<BandKind>() {
  static const std::vector<EnumName<BandKind>> table = {{BandKind::StdDev, QStringLiteral("std")},
                                                        {BandKind::MinMax, QStringLiteral("minmax")}};
  return table;
}

QString SampleSummary::text(int decimals) const {
  if (n <= 1) return QString::number(mean, 'f', decimals);
  return QStringLiteral("%1 ± %2 [%3, %4] (n=%5)")
      .arg(mean, 0, 'f', decimals)
      .arg(std, 0, 'f', decimals)
      .arg(ciLow, 0, 'f', decimals)
      .arg(ciHigh, 0, 'f', decimals)
      .arg(n);
}

namespace {

// The percentile bootstrap of the mean (Efron & Tibshirani 1993, §13.3).
std::pair<double, double> bootstrapInterval(const std::vector<double> &values, double confidence, int resamples, quint64 seed) {
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
  std::vector<double> means(std::size_t(std::max(resamples, 1)));
  for (double &mean : means) {
    double sum = 0;
    for (std::size_t k = 0; k < values.size(); ++k) sum += values[pick(random)];
    mean = sum / double(values.size());
  }
  std::sort(means.begin(), means.end());
  const double tail = (1 - confidence) / 2;
  return {quantileOfSorted(means, tail), quantileOfSorted(means, 1 - tail)};
}

// "dtrnn-e10-s3" → "dtrnn-e10": the seed part a comparison's folder names end in.
QString withoutSeed(const QString &name) {
  static const QRegularExpression seedSuffix(QStringLiteral("[-_]s(eed)?[-_]?\\d+$"));
  QString label = name;
  label.remove(seedSuffix);
  return label;
}

}  // namespace

SampleSummary summariseSamples(const std::vector<double> &values, double confidence, int resamples, quint64 seed) {
  SampleSummary s;
  s.confidence = confidence;
  s.n = int(values.size());
  if (values.empty()) return s;
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / double(s.n);
  double squares = 0;
  for (double v : values) squares += (v - s.mean) * (v - s.mean);
  s.std = s.n > 1 ? std::sqrt(squares / double(s.n - 1)) : 0;
  s.min = *std::min_element(values.begin(), values.end());
  s.max = *std::max_element(values.begin(), values.end());
  s.ciLow = s.ciHigh = s.mean;
  if (s.n > 1) std::tie(s.ciLow, s.ciHigh) = bootstrapInterval(values, confidence, resamples, seed);
  return s;
}

std::vector<RunGroup> groupRuns(const std::vector<RunRecord> &runs) {
  std::vector<RunGroup> groups;
  QHash<QString, std::size_t> groupOf;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const QString key = runs[r].groupKey.isEmpty() ? runs[r].dir : runs[r].groupKey;
    auto it = groupOf.find(key);
    if (it == groupOf.end()) {
      it = groupOf.insert(key, groups.size());
      groups.push_back(RunGroup{key, {}, {}, {}});
    }
    groups[*it].runs.push_back(int(r));
  }
  for (RunGroup &group : groups) {
    std::stable_sort(group.runs.begin(), group.runs.end(), [&](int a, int b) { return runs[a].seed < runs[b].seed; });
    for (int r : group.runs) group.seeds.push_back(runs[r].seed);
    const RunRecord &first = runs[group.runs.front()];
    group.label = group.runs.size() > 1 ? withoutSeed(first.name) : first.name;
    if (group.label.isEmpty()) group.label = first.model;
  }
  return groups;
}

std::optional<SampleSummary> groupMetric(const std::vector<RunRecord> &runs, const RunGroup &group, RunMetric metric,
                                         MetricValue which) {
  std::vector<double> values;
  for (int r : group.runs)
    if (const std::optional<double> value = metricValue(runs[r], metric, which)) values.push_back(*value);
  if (values.empty()) return std::nullopt;
  return summariseSamples(values);
}

namespace {

// The series' y at x by linear interpolation; nothing outside its range.
std::optional<double> valueAt(const Series &s, double x) {
  if (s.x.empty() || x < s.x.front() || x > s.x.back()) return std::nullopt;
  const auto above = std::lower_bound(s.x.begin(), s.x.end(), x);
  const std::size_t k = std::size_t(above - s.x.begin());
  if (*above == x || k == 0) return s.y[k];
  const double t = (x - s.x[k - 1]) / (s.x[k] - s.x[k - 1]);
  return s.y[k - 1] + t * (s.y[k] - s.y[k - 1]);
}

void addBandPoint(BandCurve &band, double x, const std::vector<double> &ys, BandKind kind) {
  const double mean = std::accumulate(ys.begin(), ys.end(), 0.0) / double(ys.size());
  double lower = mean, upper = mean;
  if (kind == BandKind::MinMax) {
    lower = *std::min_element(ys.begin(), ys.end());
    upper = *std::max_element(ys.begin(), ys.end());
  } else if (ys.size() > 1) {
    double squares = 0;
    for (double y : ys) squares += (y - mean) * (y - mean);
    const double sd = std::sqrt(squares / double(ys.size() - 1));
    lower = mean - sd;
    upper = mean + sd;
  }
  band.x.push_back(x);
  band.mean.push_back(mean);
  band.lower.push_back(lower);
  band.upper.push_back(upper);
  band.n.push_back(int(ys.size()));
}

}  // namespace

BandCurve bandOf(const std::vector<Series> &series, BandKind kind) {
  std::set<double> xs;
  for (const Series &s : series) xs.insert(s.x.begin(), s.x.end());
  BandCurve band;
  std::vector<double> ys;
  for (double x : xs) {
    ys.clear();
    for (const Series &s : series)
      if (const std::optional<double> y = valueAt(s, x)) ys.push_back(*y);
    if (!ys.empty()) addBandPoint(band, x, ys, kind);
  }
  return band;
}

BandCurve groupEpochBand(const std::vector<RunRecord> &runs, const RunGroup &group, RunMetric metric, BandKind kind) {
  std::vector<Series> series;
  for (int r : group.runs) {
    Series s;
    for (const EpochEvent &epoch : runs[r].epochs)
      if (const std::optional<double> value = epochMetric(epoch, metric)) {
        s.x.push_back(epoch.epoch);
        s.y.push_back(*value);
      }
    if (!s.x.empty()) series.push_back(std::move(s));
  }
  return bandOf(series, kind);
}

BandCurve groupLossBand(const std::vector<RunRecord> &runs, const RunGroup &group, BandKind kind) {
  std::vector<Series> series;
  for (int r : group.runs) {
    Series s;
    try {
      for (const BatchEvent &batch : RunFolder(runs[r].dir).batches()) {
        // A resumed run repeats the minibatches of the epoch it stopped in: the later ones count.
        while (!s.x.empty() && double(batch.iteration) <= s.x.back()) {
          s.x.pop_back();
          s.y.pop_back();
        }
        s.x.push_back(double(batch.iteration));
        s.y.push_back(batch.loss);
      }
    } catch (const RunFolderError &) {
      continue; // an unreadable events file leaves the run out of the band
    }
    if (!s.x.empty()) series.push_back(std::move(s));
  }
  return bandOf(series, kind);
}

}  // namespace gs
