#pragma once
// Multi-regional concept scores (Huang et al. 2018, §3.2): the concept CNN's K sigmoid scores for
// the whole image and for each of its r selective-search regions, max-pooled element-wise into one
// vector p ∈ [0,1]^K per image. For every concept the region that gave its maximum is kept, so an
// inspector can draw where each concept was seen.
//
// Computed from a concept-CNN feature set extracted with regions (the features job's --regions):
// each region's penultimate-layer feature goes through the network's own K-way scorer, the
// network being the one saved beside those features (conceptcnn.pt / conceptcnn.json). Torch-free.

#include "data/boxes.h"
#include "vision/features.h"

#include <QStringList>

#include <vector>

namespace gs {

struct ConceptScores {
  QStringList names;              // K concept names (display forms), the concept CNN's vocabulary
  int count() const { return int(names.size()); }
  std::vector<float> scores;      // rows × K: p, max over the image's regions of σ(score)
  std::vector<int> bestRegion;    // rows × K: which of the row's regions gave the maximum (0: the whole image)
  std::vector<int> regionCounts;  // per row: regions scored (the whole image + its proposals)
  int rows = 0;                   // the feature set's rows, in its order
};

// §3.2's element-wise max over an image's regions: regionScores holds R × K scores (region-major);
// writes p (K) and, per concept, the first region reaching the maximum.
void maxPoolRegions(const float *regionScores, int regions, int concepts, float *p, int *bestRegion);

// Scores every row of `regions`, a concept-CNN feature set with regions. Throws std::runtime_error
// naming the folder when it is not one (another backbone, no regions, the network missing or
// unreadable). Cost: one K × featureDim product per region.
ConceptScores scoreConcepts(const FeatureSet &regions);

}  // namespace gs
