#pragma once
// A photo with one cell of a grid greyed out at a time, each version sent through a backbone: the
// features occlusion sensitivity (Zeiler & Fergus 2014 §4.2) scores. The grey is the network's
// mean colour, so a greyed cell is what the network reads as "nothing" after normalisation.
// Torch- and OpenCV-free.

#include "data/boxes.h"
#include "vision/backbonespec.h"
#include "vision/features.h"

#include <QString>

#include <vector>

namespace gs {

class Dataset;
class JobContext;

struct OccludedFeatures {
  int width = 0, height = 0;   // the photo's size in pixels
  int rows = 0, columns = 0;
  std::vector<Box> cells;      // rows × columns, row by row
  int dim = 0;
  // (1 + cells) × dim, row-major: row 0 the photo as it is, row 1 + k the photo with cell k grey.
  std::vector<float> features;
};

// `imagePath` must be one of `dataset`'s images (the concept CNN is the one trained on `dataset`,
// found in `featureFolder` or the shared cache). Crops as `crops` (what the run's features used).
// Progress and cancel through `job`. Throws std::runtime_error naming the file when the photo
// cannot be read or the network cannot be opened, std::invalid_argument for precomputed (.npy)
// features and for a grid of fewer than one or more than 32 cells a side.
OccludedFeatures extractOccludedFeatures(const Dataset &dataset, const QString &imagePath, const BackboneSpec &spec,
                                         const QString &featureFolder, CropMode crops, int rows, int columns,
                                         JobContext *job = nullptr);

}  // namespace gs
