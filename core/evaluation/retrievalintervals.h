#pragma once
// How far a test set's retrieval metrics could move with other test queries: a percentile
// bootstrap over queries (Efron & Tibshirani 1993, §13.3) — resample the queries with replacement,
// recompute R@1/5/10, median and mean rank each time (summariseRanks' rules), and take the middle
// `confidence` of the resampled values. Seeded, so the same ranks always give the same interval.
// Torch-free.

#include "evaluation/retrieval.h"

#include <QJsonObject>
#include <QtGlobal>

#include <vector>

namespace gs {

struct Interval {
  double low = 0, high = 0;
  bool contains(double value) const { return low <= value && value <= high; }
};

struct DirectionIntervals {
  DirectionMetrics point;          // the metrics of the queries as given
  Interval r1, r5, r10;            // percent
  Interval medianRank, meanRank;   // 1-based
  int queries = 0, resamples = 0;
  double confidence = 0.95;
};

struct RetrievalIntervals {
  DirectionIntervals imageToText, textToImage;
  // rsum (R@1+5+10 both ways) resampled by image: each drawn image brings its own image→text query
  // and the text→image queries of its captions, since an image's queries rise and fall together.
  Interval rsumInterval;
  // R@1+5+10 of both directions' points.
  double rsum() const {
    const DirectionMetrics &i = imageToText.point, &t = textToImage.point;
    return i.r1 + i.r5 + i.r10 + t.r1 + t.r5 + t.r10;
  }
  bool empty() const { return imageToText.queries == 0 && textToImage.queries == 0; }
  // {"image_to_text"|"text_to_image": {"queries", "r1"|"r5"|"r10"|"medr"|"meanr": {"value", "low",
  //  "high"}, "confidence", "resamples"}, "rsum": {"value", "low", "high"}}
  QJsonObject toJson() const;
  static RetrievalIntervals fromJson(const QJsonObject &json); // an absent field stays 0
};

// The 0-based rank of each query's first correct item, as evaluateRetrieval ranks them:
// imageToText holds one per image with captions (the best of its captions), textToImage one per
// caption (its image among all images; ties by ranksAbove). Cost O(I·C·log C). Throws like
// evaluateRetrieval.
struct QueryRanks {
  std::vector<int> imageToText, textToImage;
  std::vector<int> imageQueryRows; // the image row of each imageToText query
};
QueryRanks retrievalRanks(const std::vector<float> &similarity, int images, int captions,
                          const std::vector<int> &captionImage);

// ranks0: per query, as summariseRanks takes them. resamples ≥ 1 (1,000–2,000 give a stable 95 %
// interval); confidence in (0, 1). Cost O(resamples · queries). With no queries every field is 0;
// with one, each interval is its point value. Throws std::invalid_argument for a bad resample count
// or confidence.
DirectionIntervals bootstrapRanks(const std::vector<int> &ranks0, int resamples = 2000, double confidence = 0.95,
                                  quint64 seed = 1);

// The rsum interval of RetrievalIntervals: a cluster bootstrap over the images that ask a query,
// each resample drawing as many images as there are and pooling their queries of both directions.
// captionImage[c]: caption c's image row, as retrievalRanks took it. Cost O(resamples · queries).
Interval rsumInterval(const QueryRanks &ranks, const std::vector<int> &captionImage, int resamples = 2000, double confidence = 0.95,
                      quint64 seed = 1);

// Both directions from an images × captions similarity matrix (evaluateRetrieval's layout); each
// direction resampled independently (image queries, caption queries), and rsum by image.
RetrievalIntervals retrievalIntervals(const std::vector<float> &similarity, int images, int captions,
                                      const std::vector<int> &captionImage, int resamples = 2000,
                                      double confidence = 0.95, quint64 seed = 1);

}  // namespace gs
