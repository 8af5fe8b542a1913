#include "commands/analyse/metricstable.h"

#include "cli.h"

#include <algorithm>

namespace gs::cli {

std::vector<int> parseRecalls(const QString &text) {
  std::vector<int> levels;
  for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    bool ok = false;
    const int k = part.trimmed().toInt(&ok);
    const auto &known = recallLevels();
    if (!ok || std::find(known.begin(), known.end(), k) == known.end())
      throw UsageError(QStringLiteral("--recalls: '%1' is not one of 1, 5, 10, 20, 50").arg(part).toStdString());
    levels.push_back(k);
  }
  if (levels.empty()) throw UsageError("--recalls: give at least one of 1, 5, 10, 20, 50");
  return levels;
}

QString metricsTable(const std::vector<MetricsRow> &rows, const QStringList &extraColumns, const std::vector<int> &wanted) {
  const std::vector<int> &recalls = wanted.empty() ? recallLevels() : wanted;
  int nameWidth = 8;
  for (const MetricsRow &row : rows) nameWidth = std::max(nameWidth, int(row.name.size()));
  QString columns;
  for (int k : recalls) columns += QStringLiteral("%1").arg(QStringLiteral("R@%1").arg(k), k == recalls.front() ? 0 : 5);
  columns += QStringLiteral(" medr meanr");
  QString text = QStringLiteral("%1 | %2 | %3 | %4")
                     .arg(QStringLiteral("model"), -nameWidth)
                     .arg(QStringLiteral("image→text ") + columns)
                     .arg(QStringLiteral("text→image ") + columns)
                     .arg(QStringLiteral(" rsum"));
  for (const QString &column : extraColumns) text += QStringLiteral(" | ") + column;
  text += QLatin1Char('\n') + QString(text.size(), QLatin1Char('-')) + QLatin1Char('\n');
  const auto direction = [&](const DirectionMetrics &d) -> QString {
    QString cells;
    for (int k : recalls) {
      const double r = recallAt(d, k);
      const QString value = r < 0 ? QStringLiteral("-") : QString::number(r, 'f', 1);
      // Right-aligned under its header: "image→text R@1" is 14 wide, the others 5.
      if (k == recalls.front()) cells += value.rightJustified(11 + QStringLiteral("R@%1").arg(k).size());
      else cells += QLatin1Char(' ') + value.rightJustified(4);
    }
    return cells + QStringLiteral(" %1 %2").arg(d.medianRank, 4, 'f', 0).arg(d.meanRank, 5, 'f', 1);
  };
  for (const MetricsRow &row : rows) {
    if (!row.failure.isEmpty()) {
      text += QStringLiteral("%1 | failed: %2\n").arg(row.name, -nameWidth).arg(row.failure.simplified());
      continue;
    }
    QString line = QStringLiteral("%1 | %2 | %3 | %4")
                       .arg(row.name, -nameWidth)
                       .arg(direction(row.metrics.imageToText))
                       .arg(direction(row.metrics.textToImage))
                       .arg(row.metrics.rsum, 5, 'f', 1);
    for (int k = 0; k < extraColumns.size(); ++k)
      line += QStringLiteral(" | ") + row.extra.value(k).rightJustified(extraColumns[k].size());
    text += line + QLatin1Char('\n');
  }
  return text;
}

QString alignedColumns(const std::vector<QStringList> &rows) {
  std::vector<int> widths;
  for (const QStringList &row : rows)
    for (int c = 0; c < row.size(); ++c) {
      if (int(widths.size()) <= c) widths.push_back(0);
      widths[std::size_t(c)] = std::max(widths[std::size_t(c)], int(row[c].size()));
    }
  QString text;
  for (const QStringList &row : rows) {
    QString line;
    for (int c = 0; c < row.size(); ++c) line += row[c].leftJustified(c + 1 < row.size() ? widths[std::size_t(c)] + 2 : 0);
    text += line.trimmed() + QLatin1Char('\n');
  }
  return text;
}

}  // namespace gs::cli
