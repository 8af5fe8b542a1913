#pragma once
// Reads the pairs file `groundscope-cli contrast RUN --export FILE` writes (contrastPairsJson or
// contrastPairsCsv of inference/contrastsets.h): one record per generated pair, JSON (an
// array of objects) or CSV (RFC 4180, a header row), by the file's suffix.

#include <QString>

#include <vector>

namespace gs {

struct ContrastPairRecord {
  QString generator;         // swap, drop, replace, shuffle
  int caption = -1;          // row in the run's data
  QString imageId;
  QString original, edited, change;
  double originalScore = 0, editedScore = 0;
  QString outcome;           // win, tie, loss (for the true caption)
  int line = 0;              // where the record starts in the file
};

// Throws std::runtime_error naming the file and the line at fault: unreadable, not JSON or CSV, a
// missing column or key, a score that is not a number, a generator or image left empty.
std::vector<ContrastPairRecord> readContrastPairs(const QString &path);

}  // namespace gs
