#pragma once
// Shared by `parse --dataset`, `bench parse` and the demo's parse stage.

#include "parse/parsedcaption.h"

#include <QString>

namespace gs::cli {

// Loads the dataset, parses every caption as an engine job (progress on stderr), writes the
// dependency trees as CoNLL-U to `outFile` atomically, prints the statistics. threads 0 = all cores.
int parseDatasetToFile(const QString &datasetPath, const QString &outFile, DependencyStyle style, int threads);

}  // namespace gs::cli
