#include "commands/metricstable.h"

namespace gs::cli {

QString metricsTable(const std::vector<MetricsRow> &rows, const QStringList &extraColumns) {
  int nameWidth = 8;
  for (const MetricsRow &row : rows) nameWidth = std::max(nameWidth, int(row.name.size()));
  QString text = QStringLiteral("%1 | %2 | %3 | %4")
                     .arg(QStringLiteral("model"), -nameWidth)
                     .arg(QStringLiteral("image→text R@1  R@5 R@10 medr meanr"))
                     .arg(QStringLiteral("text→image R@1  R@5 R@10 medr meanr"))
                     .arg(QStringLiteral(" rsum"));
  for (const QString &column : extraColumns) text += QStringLiteral(" | ") + column;
  text += QLatin1Char('\n') + QString(text.size(), QLatin1Char('-')) + QLatin1Char('\n');
  const auto direction = [](const DirectionMetrics &d) {
    return QStringLiteral("%1 %2 %3 %4 %5")
        .arg(d.r1, 14, 'f', 1)
        .arg(d.r5, 4, 'f', 1)
        .arg(d.r10, 4, 'f', 1)
        .arg(d.medianRank, 4, 'f', 0)
        .arg(d.meanRank, 5, 'f', 1);
  };
  for (const MetricsRow &row : rows) {
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

}  // namespace gs::cli
