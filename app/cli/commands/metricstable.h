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
};

// One header and one line per row: image→text R@1/5/10, medr, meanr; text→image the same; rsum.
QString metricsTable(const std::vector<MetricsRow> &rows, const QStringList &extraColumns = {});

}  // namespace gs::cli
