#include "data/protocols.h"

#include <stdexcept>

namespace gs {

std::vector<std::vector<int>> testFolds(const Dataset &dataset, int foldSize) {
  if (foldSize < 1) throw std::invalid_argument("gs::testFolds: foldSize must be at least 1");
  const std::vector<int> test = dataset.imagesIn(Split::Test);
  std::vector<std::vector<int>> folds;
  for (size_t start = 0; start + size_t(foldSize) <= test.size(); start += size_t(foldSize))
    folds.emplace_back(test.begin() + long(start), test.begin() + long(start) + foldSize);
  return folds;
}

}  // namespace gs
