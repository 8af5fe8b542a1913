#pragma once
// Evaluation protocols over a loaded dataset's splits.

#include "data/dataset.h"

#include <vector>

namespace gs {

// The test split's images in dataset order, cut into consecutive folds of `foldSize` (a short
// last fold is dropped). MS-COCO's 1K test protocol (Karpathy's 5K test split → 5 folds of
// 1,000 images; results are the mean over folds, as VSE++ evaluation.py does). Throws
// std::invalid_argument naming the function when foldSize < 1.
std::vector<std::vector<int>> testFolds(const Dataset &dataset, int foldSize = 1000);

}  // namespace gs
