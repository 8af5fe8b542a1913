#pragma once
// The rows of one chunk of images, as extraction produces them and the feature cache's writer
// stores them (partial/ while a run goes on, then joined into the final files).

#include "io/floatrows.h"
#include "vision/features.h"

#include <QStringList>

#include <vector>

namespace gs::vision {

struct FeatureChunk {
  QStringList ids;
  std::vector<SkippedImage> skipped;
  std::vector<float> features;       // ids.size() × dim
  std::vector<int> regionCounts;     // per id
  // Σ regionCounts × dim: in memory while the chunk is extracted, then (once written to partial/) a
  // window onto its file, so a run never holds more than one chunk's regions.
  FloatRows regionFeatures;
  std::vector<float> regionBoxes;    // Σ regionCounts × 4
};

}  // namespace gs::vision
