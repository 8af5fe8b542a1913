#include "commands/parsedatasetcli.h"

#include <stdexcept>

namespace gs::cli {

int parseDatasetToFile(const QString &, const QString &, DependencyStyle, int) {
  throw std::runtime_error("parse --dataset: the dataset loaders (issue 3) are not merged yet");
}

}  // namespace gs::cli
