#pragma once
// One image's selective-search proposals, as the features job computes them (HM-LSTM §3.1,
// Karpathy's top 19): for showing the proposals of any dataset's image, with or without a run.
// Torch- and OpenCV-free.

#include "data/dataset.h"

#include <QString>

#include <vector>

namespace gs {

// The proposals of the image file (the whole image not included), in selective search's order,
// each inside the image. Throws std::runtime_error naming the file when it cannot be decoded
// (missing, corrupt, truncated, tiny). Cost: one decode and 20–100 ms of segmentation.
std::vector<Box> proposeImageRegions(const QString &imagePath, int maxRegions = 19);

}  // namespace gs
