#include "evaluation/retrievalintervals.h"

#include "evaluation/quantile.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

namespace gs {

QueryRanks retrievalRanks(const std::vector<float> &similarity, int images, int captions,
                          const std::vector<int> &captionImage) {
  if (images <= 0 || captions <= 0 || similarity.size() != std::size_t(images) * std::size_t(captions) ||
      captionImage.size() != std::size_t(captions))
    throw std::invalid_argument("retrievalRanks: need an images × captions similarity matrix and one image per caption");
  for (int image : captionImage)
    if (image < 0 || image >= images)
      throw std::invalid_argument("retrievalRanks: caption image " + std::to_string(image) + " out of range");
  QueryRanks ranks;
  // Image → text: the best rank among the image's own captions = the number of captions ranked
  // above its best-scoring own caption (ranksAbove's order, the stable sort of evaluateRetrieval).
  for (int i = 0; i < images; ++i) {
    const float *row = similarity.data() + std::size_t(i) * captions;
    int best = -1;
    for (int c = 0; c < captions; ++c)
      if (captionImage[c] == i && (best < 0 || ranksAbove(row[c], c, row[best], best))) best = c;
    if (best < 0) continue; // an image without captions asks no query
    int above = 0;
    for (int c = 0; c < captions; ++c)
      if (ranksAbove(row[c], c, row[best], best)) ++above;
    ranks.imageToText.push_back(above);
  }
  // Text → image: the caption's image among all images.
  ranks.textToImage.resize(std::size_t(captions));
  for (int c = 0; c < captions; ++c) {
    const int truth = captionImage[c];
    const float target = similarity[std::size_t(truth) * captions + c];
    int above = 0;
    for (int i = 0; i < images; ++i)
      if (ranksAbove(similarity[std::size_t(i) * captions + c], i, target, truth)) ++above;
    ranks.textToImage[std::size_t(c)] = above;
  }
  return ranks;
}

namespace {

Interval percentileInterval(std::vector<double> values, double confidence) {
  std::sort(values.begin(), values.end());
  const double tail = (1 - confidence) / 2;
  return {quantileOfSorted(values, tail), quantileOfSorted(values, 1 - tail)};
}

// summariseRanks' median rank (floor of NumPy's median of the 0-based ranks, + 1) in O(n):
// `ranks` is reordered.
double medianRankOf(std::vector<int> &ranks) {
  const std::size_t mid = ranks.size() / 2;
  std::nth_element(ranks.begin(), ranks.begin() + std::ptrdiff_t(mid), ranks.end());
  double median = ranks[mid];
  if (ranks.size() % 2 == 0) median = 0.5 * (median + *std::max_element(ranks.begin(), ranks.begin() + std::ptrdiff_t(mid)));
  return std::floor(median) + 1.0;
}

}  // namespace

DirectionIntervals bootstrapRanks(const std::vector<int> &ranks0, int resamples, double confidence, quint64 seed) {
  if (resamples < 1) throw std::invalid_argument("bootstrapRanks: resamples must be at least 1, got " + std::to_string(resamples));
  if (!(confidence > 0 && confidence < 1))
    throw std::invalid_argument("bootstrapRanks: confidence must lie in (0, 1), got " + std::to_string(confidence));
  DirectionIntervals out;
  out.point = summariseRanks(ranks0);
  out.queries = int(ranks0.size());
  out.resamples = resamples;
  out.confidence = confidence;
  if (ranks0.empty()) return out;
  const double n = double(ranks0.size());
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::size_t> pick(0, ranks0.size() - 1);
  std::vector<double> r1, r5, r10, medians, means;
  for (auto *v : {&r1, &r5, &r10, &medians, &means}) v->reserve(std::size_t(resamples));
  std::vector<int> drawn(ranks0.size());
  for (int b = 0; b < resamples; ++b) {
    int within1 = 0, within5 = 0, within10 = 0;
    double sum = 0;
    for (int &rank : drawn) {
      rank = ranks0[pick(random)];
      within1 += rank < 1;
      within5 += rank < 5;
      within10 += rank < 10;
      sum += rank;
    }
    r1.push_back(100.0 * within1 / n);
    r5.push_back(100.0 * within5 / n);
    r10.push_back(100.0 * within10 / n);
    means.push_back(sum / n + 1.0);
    medians.push_back(medianRankOf(drawn));
  }
  out.r1 = percentileInterval(std::move(r1), confidence);
  out.r5 = percentileInterval(std::move(r5), confidence);
  out.r10 = percentileInterval(std::move(r10), confidence);
  out.medianRank = percentileInterval(std::move(medians), confidence);
  out.meanRank = percentileInterval(std::move(means), confidence);
  return out;
}

RetrievalIntervals retrievalIntervals(const std::vector<float> &similarity, int images, int captions,
                                      const std::vector<int> &captionImage, int resamples, double confidence,
                                      quint64 seed) {
  const QueryRanks ranks = retrievalRanks(similarity, images, captions, captionImage);
  // Distinct streams per direction, so the two intervals do not share their resampling noise.
  return {bootstrapRanks(ranks.imageToText, resamples, confidence, seed),
          bootstrapRanks(ranks.textToImage, resamples, confidence, seed ^ 0x9e3779b97f4a7c15ULL)};
}

namespace {
QJsonObject directionJson(const DirectionIntervals &d) {
  const auto pair = [](double value, const Interval &i) {
    return QJsonObject{{QStringLiteral("value"), value}, {QStringLiteral("low"), i.low}, {QStringLiteral("high"), i.high}};
  };
  return {{QStringLiteral("queries"), d.queries},           {QStringLiteral("r1"), pair(d.point.r1, d.r1)},
          {QStringLiteral("r5"), pair(d.point.r5, d.r5)},  {QStringLiteral("r10"), pair(d.point.r10, d.r10)},
          {QStringLiteral("medr"), pair(d.point.medianRank, d.medianRank)}, {QStringLiteral("meanr"), pair(d.point.meanRank, d.meanRank)},
          {QStringLiteral("confidence"), d.confidence},    {QStringLiteral("resamples"), d.resamples}};
}
}  // namespace

QJsonObject RetrievalIntervals::toJson() const {
  return {{QStringLiteral("image_to_text"), directionJson(imageToText)}, {QStringLiteral("text_to_image"), directionJson(textToImage)}};
}

}  // namespace gs
