#pragma once
// Plain-text tables of retrieval metrics for the CLI (eval, compare, the demo).

#include "evaluation/retrieval.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gs::cli {

struct MetricsRow {
  QString name;
  RetrievalMetrics metrics;
  QStringList extra; // values of the table's extra columns
  QString failure;   // non-empty: the model failed; its line says why instead of metrics
};

// One header and one line per row: image→text R@K for each of `recalls` (default: every level the
// metrics keep, 1/5/10/20/50), medr, meanr; text→image the same; rsum (always R@1+5+10, the papers').
QString metricsTable(const std::vector<MetricsRow> &rows, const QStringList &extraColumns = {}, const std::vector<int> &recalls = {});

// Rows of cells as left-aligned columns two spaces apart, one line each (the first row a header).
QString alignedColumns(const std::vector<QStringList> &rows);

// "1,5,10,20,50" → the levels; throws UsageError naming --recalls for another K.
std::vector<int> parseRecalls(const QString &text);

}  // namespace gs::cli
