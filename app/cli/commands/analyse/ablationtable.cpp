#include "commands/analyse/ablationtable.h"

#include "io/csvfield.h"

#include <stdexcept>

namespace gs::cli {

namespace {

QStringList cellsOf(const AblationRow &row) {
  const DirectionMetrics &a = row.metrics.imageToText, &s = row.metrics.textToImage;
  QStringList cells{row.label};
  if (!row.failure.isEmpty()) {
    cells << QStringLiteral("failed: %1").arg(row.failure.simplified());
    while (cells.size() < 10) cells << QString(); // one cell per column
    return cells;
  }
  for (double v : {a.r1, a.r5, a.r10, s.r1, s.r5, s.r10, row.metrics.rsum / 6}) cells << QString::number(v, 'f', 1);
  cells << (row.twinAccuracy < 0 ? QStringLiteral("-") : QString::number(row.twinAccuracy, 'f', 1));
  cells << QString::number(row.seconds, 'f', 0);
  return cells;
}

const QStringList kHeader{QStringLiteral("method"),          QStringLiteral("annotation R@1"), QStringLiteral("R@5"),
                          QStringLiteral("R@10"),            QStringLiteral("search R@1"),     QStringLiteral("R@5"),
                          QStringLiteral("R@10"),            QStringLiteral("mR"),             QStringLiteral("twin acc. %"),
                          QStringLiteral("time s")};

}  // namespace

QString ablationTable(const std::vector<AblationRow> &rows, const QString &format) {
  std::vector<QStringList> body;
  for (const AblationRow &row : rows) body.push_back(cellsOf(row));
  QString text;
  if (format == QLatin1String("csv")) {
    QStringList header;
    for (int k = 0; k < kHeader.size(); ++k)
      header << QString::fromUtf8(csvField(k == 2 || k == 3 ? QStringLiteral("annotation ") + kHeader[k]
                         : k == 5 || k == 6 ? QStringLiteral("search ") + kHeader[k]
                                            : kHeader[k]));
    text = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const QStringList &cells : body) {
      QStringList quoted;
      for (const QString &c : cells) quoted << QString::fromUtf8(csvField(c));
      text += quoted.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return text;
  }
  if (format == QLatin1String("markdown")) {
    text = QStringLiteral("| ") + kHeader.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
    for (int k = 0; k < kHeader.size(); ++k) text += k == 0 ? QStringLiteral(" --- |") : QStringLiteral(" ---: |");
    text += QLatin1Char('\n');
    for (const QStringList &cells : body) text += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    return text;
  }
  if (format != QLatin1String("text")) throw std::invalid_argument("ablation table: format must be text, markdown or csv");
  std::vector<int> width;
  for (const QString &h : kHeader) width.push_back(int(h.size()));
  for (const QStringList &cells : body)
    for (int k = 0; k < cells.size(); ++k) width[std::size_t(k)] = std::max(width[std::size_t(k)], int(cells[k].size()));
  // Returns a QString, not the QStringBuilder expression (QT_USE_QSTRINGBUILDER), which would refer
  // to the joined cells after they are gone.
  const auto line = [&](const QStringList &cells) -> QString {
    QStringList padded;
    for (int k = 0; k < cells.size(); ++k)
      padded << (k == 0 ? cells[k].leftJustified(width[0]) : cells[k].rightJustified(width[std::size_t(k)]));
    return padded.join(QStringLiteral("  ")) + QLatin1Char('\n');
  };
  text = line(kHeader);
  text += QString(text.size() - 1, QLatin1Char('-')) + QLatin1Char('\n');
  for (const QStringList &cells : body) text += line(cells);
  return text;
}

}  // namespace gs::cli
