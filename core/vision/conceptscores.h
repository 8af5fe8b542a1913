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
#include "io/enumnames.h"
#include "vision/features.h"

#include <QStringList>

#include <vector>

namespace gs {

// How an image's region scores become one score per concept. Max (§3.2): the best region's σ(z).
// Over 20 boxes, max saturates: a concept the network gives a 0.2 chance in each box reaches 0.99
// in one of them. NoisyOr, 1 − Π(1 − σ(z_r)) (the multiple-instance reading, Fang et al. 2015),
// saturates further. LogSumExp pools the logits, σ((1/T) log((1/R) Σ_r e^{T z_r})), which lies
// between the mean logit (T → 0) and the max (T → ∞): one confident box still counts, twenty
// lukewarm ones do not add up.
enum class ConceptPooling { Max, NoisyOr, LogSumExp };
template <> const std::vector<EnumName<ConceptPooling>> &enumTable<ConceptPooling>(); // "max", "noisy-or", "lse"

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

// The same from the regions' logits z (R × K, region-major) by `pooling` (temperature T for
// LogSumExp); bestRegion is the region with the largest logit.
void poolRegions(const float *regionLogits, int regions, int concepts, ConceptPooling pooling, double temperature, float *p,
                 int *bestRegion);

// Scores every row of `regions`, a concept-CNN feature set with regions. Throws std::runtime_error
// naming the folder when it is not one (another backbone, no regions, the network missing or
// unreadable). Cost: one K × featureDim product per region.
ConceptScores scoreConcepts(const FeatureSet &regions, ConceptPooling pooling = ConceptPooling::Max, double temperature = 1.0);

}  // namespace gs
