#pragma once
// Image–sentence retrieval metrics, computed exactly as the papers report them (VSE++'s
// evaluation.py protocol, STYLE.md): image annotation (image → text) takes the best rank among
// an image's captions; median rank is floor(median of the 0-based ranks) + 1; mean rank is the
// mean 1-based rank; rsum is the six recalls summed. Torch-free: a similarity matrix in, numbers out.

#include <QJsonObject>

#include <vector>

namespace gs {

struct DirectionMetrics {
  double r1 = 0, r5 = 0, r10 = 0; // recall at K, in percent
  double r20 = 0, r50 = 0;        // the DT-LSTM paper's R@20 and R@50; -1 when read from an older file without them
  double medianRank = 0;          // 1-based
  double meanRank = 0;            // 1-based
  QJsonObject toJson() const;
  static DirectionMetrics fromJson(const QJsonObject &json);
};

// R@1/5/10/20/50, median and mean rank of queries whose first correct item sits at 0-based rank ranks0[q].
DirectionMetrics summariseRanks(std::vector<int> ranks0);

// The recall levels every metrics output carries, and R@k of one direction (k among them).
const std::vector<int> &recallLevels(); // 1, 5, 10, 20, 50
// Throws std::invalid_argument for a k that is not one of recallLevels().
double recallAt(const DirectionMetrics &metrics, int k);

struct RetrievalMetrics {
  DirectionMetrics imageToText; // image annotation: rank captions for each image
  DirectionMetrics textToImage; // image search: rank images for each caption
  double rsum = 0;              // the six recalls summed (0..600)
  int images = 0, captions = 0;
  QJsonObject toJson() const;
  static RetrievalMetrics fromJson(const QJsonObject &json);
};

// similarity: images × captions, row-major (similarity[i * captions + c]); captionImage[c] is the
// row of caption c's image. Cost O(I·C). Throws std::invalid_argument on inconsistent sizes.
RetrievalMetrics evaluateRetrieval(const std::vector<float> &similarity, int images, int captions,
                                   const std::vector<int> &captionImage);

// The MS-COCO 1K protocol: the test images split into `folds` consecutive folds of
// imagesPerFold (5 × 1,000), metrics computed within each fold and averaged.
RetrievalMetrics evaluateFolds(const std::vector<float> &similarity, int images, int captions,
                               const std::vector<int> &captionImage, int folds, int imagesPerFold);

// The one tie rule of every ranking in Groundscope (metrics, ranked lists, the Map's partner ranks):
// item `index` with score `score` ranks above item `otherIndex` with `otherScore` when it scores
// higher, or the same and comes first — the order of a stable sort by score.
inline bool ranksAbove(float score, int index, float otherScore, int otherIndex) {
  return score > otherScore || (score == otherScore && index < otherIndex);
}

// Socher et al. 2014 §6.1: for each caption, rank all other captions by similarity and record the
// rank of the nearest caption that describes the same image; returns the mean of those 1-based
// ranks. captionSimilarity: captions × captions, row-major. Captions whose image has no other
// caption are skipped.
double sentenceSimilarityMeanRank(const std::vector<float> &captionSimilarity, int captions,
                                  const std::vector<int> &captionImage);
// The same for one caption `c`, from its row of similarities to all `captions` (so the matrix can
// be computed a block of rows at a time): the 1-based rank, 0 when its image has no other caption.
int sentenceSimilarityRank(const float *row, int c, int captions, const std::vector<int> &captionImage);

}  // namespace gs
