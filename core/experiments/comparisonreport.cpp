#include "experiments/comparisonreport.h"

namespace gs {

std::optional<std::size_t> bestComparisonRow(const std::vector<ComparisonResult> &results) {
  std::optional<std::size_t> best;
  for (std::size_t r = 0; r < results.size(); ++r)
    if (results[r].failure.isEmpty() && !results[r].result.testIntervals.empty() &&
        (!best || results[r].result.test.rsum > results[*best].result.test.rsum))
      best = r;
  return best;
}

VersusBest versusBest(const std::vector<ComparisonResult> &results, std::optional<std::size_t> best, std::size_t row) {
  const ComparisonResult &r = results[row];
  if (!best || !r.failure.isEmpty() || r.result.testIntervals.empty()) return VersusBest::None;
  if (row == *best) return VersusBest::Best;
  const Interval &mine = r.result.testIntervals.rsumInterval, &top = results[*best].result.testIntervals.rsumInterval;
  return mine.high >= top.low && mine.low <= top.high ? VersusBest::Overlaps : VersusBest::Apart;
}

bool isComparisonSweep(const std::vector<ComparisonResult> &results) {
  for (const ComparisonResult &row : results)
    if (!row.row.sweep.isEmpty() || (row.row.seed != 0 && row.row.seed != results.front().row.seed)) return true;
  return false;
}

QJsonObject comparisonRowJson(const ComparisonResult &row, bool ablation) {
  if (!row.failure.isEmpty())
    return {{QStringLiteral("model"), row.row.model}, {QStringLiteral("row"), row.row.label}, {QStringLiteral("error"), row.failure}};
  QJsonObject entry = row.result.toJson();
  entry.insert(QStringLiteral("model"), row.row.model);
  if (ablation) entry.insert(QStringLiteral("row"), row.row.label);
  entry.insert(QStringLiteral("mr"), row.result.test.rsum / 6);
  entry.insert(QStringLiteral("seconds"), row.seconds);
  QJsonObject similarity;
  for (const std::optional<SimilarityResult> &s : row.similarity)
    if (s) similarity.insert(s->benchmark, s->toJson());
  if (!similarity.isEmpty()) entry.insert(QStringLiteral("similarity"), similarity);
  if (row.contrast) entry.insert(QStringLiteral("contrast"), row.contrast->toJson());
  return entry;
}

QJsonArray comparisonJson(const std::vector<ComparisonResult> &results, bool ablation, quint64 requestSeed) {
  const bool sweep = !ablation && isComparisonSweep(results); // an ablation's rows are never read as seed groups
  const std::optional<std::size_t> best = bestComparisonRow(results);
  QJsonArray json;
  for (std::size_t r = 0; r < results.size(); ++r) {
    const ComparisonRow &row = results[r].row;
    QJsonObject entry = comparisonRowJson(results[r], ablation);
    const VersusBest mark = versusBest(results, best, r);
    if (mark != VersusBest::None && !sweep)
      entry.insert(QStringLiteral("vs_best"), mark == VersusBest::Best       ? QStringLiteral("best")
                                              : mark == VersusBest::Overlaps ? QStringLiteral("overlaps")
                                                                             : QStringLiteral("apart"));
    entry.insert(QStringLiteral("seed"), QString::number(row.seed != 0 ? row.seed : requestSeed));
    if (!row.sweep.isEmpty()) entry.insert(QStringLiteral("sweep"), row.sweep);
    json.append(entry);
  }
  return json;
}

}  // namespace gs
