#pragma once
// An ablation table (Huang et al. 2018, Table 2's layout): one row per variant, image annotation
// and image search R@1/5/10, mR (the mean of the six), twin accuracy where the data has twins, and
// the row's wall time; as aligned text, Markdown or CSV.

#include "evaluation/retrieval.h"

#include <QString>

#include <vector>

namespace gs::cli {

struct AblationRow {
  QString label;       // e.g. "cnp + ctx + gen"
  RetrievalMetrics metrics;
  double twinAccuracy = -1; // < 0: no twins
  double seconds = 0;
  QString failure;          // non-empty: the row failed; its cells say why instead of metrics
};

// format: "text", "markdown" or "csv"; throws std::invalid_argument otherwise.
QString ablationTable(const std::vector<AblationRow> &rows, const QString &format);

}  // namespace gs::cli
