#pragma once
// The modality gap of a joint space (Liang et al. 2022, "Mind the Gap: Understanding the Modality
// Gap in Multi-modal Contrastive Representation Learning"): images and captions can sit in two
// separate cones, so every image is nearer other images than any caption. Measured three ways:
// the distance between the two modalities' centroids (their gap vector's norm, on L2-normalised
// vectors as they measure it, and on the raw vectors); how many of an item's nearest neighbours
// among images ∪ captions are of the other modality (near 0 for a gap, near the other side's share
// when the two are interleaved); and retrieval before and after centring each modality on its own
// mean (removing the gap vector, as their shifting experiment does). Torch-free.

#include "evaluation/retrieval.h"
#include "evaluation/scorekind.h"

#include <vector>

namespace gs {

struct ModalityGap {
  double centroidDistance = 0;    // ‖mean of normalised images − mean of normalised captions‖
  double rawCentroidDistance = 0; // the same on the vectors as given
  int k = 0;                      // neighbours per item for the shares (clamped to items − 1)
  double imageCrossShare = 0;     // mean over images of the share of captions among its k nearest items
  double captionCrossShare = 0;   // mean over captions of the share of images among its k nearest items
  RetrievalMetrics plain;         // the vectors as given
  RetrievalMetrics centred;       // each modality minus its own mean, scored the same way
};

// ‖mean(a) − mean(b)‖ of two row sets (n × dim row-major). Throws std::invalid_argument when a
// set is empty or not a multiple of dim.
double centroidDistance(const std::vector<float> &a, const std::vector<float> &b, int dim);

// Each row minus the rows' mean.
std::vector<float> centred(const std::vector<float> &rows, int dim);

// The mean share of other-modality items among each item's k nearest neighbours over images ∪
// captions by `score` (the item itself left out; ties by ranksAbove, images before captions).
// Returns {image share, caption share}. Cost O((I + C)²·dim), one row of scores at a time.
std::pair<double, double> crossModalShares(const std::vector<float> &imageVectors,
                                           const std::vector<float> &captionVectors, int dim, ScoreKind score,
                                           int k = 10);

// All of the above for one space: images × dim and captions × dim row-major, captionImage[c] the
// image row of caption c. Cost O((I + C)²·dim). Throws std::invalid_argument on inconsistent sizes.
ModalityGap modalityGap(const std::vector<float> &imageVectors, const std::vector<float> &captionVectors, int dim,
                        const std::vector<int> &captionImage, ScoreKind score, int k = 10);

}  // namespace gs
