#pragma once
// The rows of one chunk of images, as extraction produces them and the feature cache's writer
// stores them (partial/ while a run goes on, then joined into the final files).

#include "vision/features.h"

#include <QStringList>

#include <vector>

namespace gs::vision {

struct FeatureChunk {
  QStringList ids;
  std::vector<SkippedImage> skipped;
  std::vector<float> features;       // ids.size() × dim
  std::vector<int> regionCounts;     // per id
  std::vector<float> regionFeatures; // Σ regionCounts × dim
  std::vector<float> regionBoxes;    // Σ regionCounts × 4
};

}  // namespace gs::vision
