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
    ranks.imageQueryRows.push_back(i);
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

namespace {

// R@1 + R@5 + R@10 in percent of a direction's drawn ranks.
struct RecallCounts {
  int within1 = 0, within5 = 0, within10 = 0, queries = 0;
  void add(int rank0) {
    within1 += rank0 < 1;
    within5 += rank0 < 5;
    within10 += rank0 < 10;
    ++queries;
  }
  double sum() const { return queries == 0 ? 0.0 : 100.0 * (within1 + within5 + within10) / queries; }
};

}  // namespace

Interval rsumInterval(const QueryRanks &ranks, const std::vector<int> &captionImage, int resamples, double confidence, quint64 seed) {
  if (resamples < 1) throw std::invalid_argument("rsumInterval: resamples must be at least 1, got " + std::to_string(resamples));
  if (ranks.imageQueryRows.size() != ranks.imageToText.size() || ranks.textToImage.size() != captionImage.size())
    throw std::invalid_argument("rsumInterval: the ranks and their rows differ in size");
  if (ranks.imageToText.empty()) return {};
  // Per image query: its captions' text→image ranks.
  std::vector<std::vector<int>> captionRanks(ranks.imageToText.size());
  std::vector<int> queryOfRow;
  for (std::size_t q = 0; q < ranks.imageQueryRows.size(); ++q) {
    const int row = ranks.imageQueryRows[q];
    if (int(queryOfRow.size()) <= row) queryOfRow.resize(std::size_t(row) + 1, -1);
    queryOfRow[std::size_t(row)] = int(q);
  }
  for (std::size_t c = 0; c < captionImage.size(); ++c) {
    const int row = captionImage[c];
    if (row >= 0 && row < int(queryOfRow.size()) && queryOfRow[std::size_t(row)] >= 0)
      captionRanks[std::size_t(queryOfRow[std::size_t(row)])].push_back(ranks.textToImage[c]);
  }
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::size_t> pick(0, ranks.imageToText.size() - 1);
  std::vector<double> sums;
  sums.reserve(std::size_t(resamples));
  for (int b = 0; b < resamples; ++b) {
    RecallCounts images, texts;
    for (std::size_t n = 0; n < ranks.imageToText.size(); ++n) {
      const std::size_t q = pick(random);
      images.add(ranks.imageToText[q]);
      for (int rank0 : captionRanks[q]) texts.add(rank0);
    }
    sums.push_back(images.sum() + texts.sum());
  }
  return percentileInterval(std::move(sums), confidence);
}

RetrievalIntervals retrievalIntervals(const std::vector<float> &similarity, int images, int captions,
                                      const std::vector<int> &captionImage, int resamples, double confidence,
                                      quint64 seed) {
  const QueryRanks ranks = retrievalRanks(similarity, images, captions, captionImage);
  // Distinct streams per direction, so the two intervals do not share their resampling noise.
  RetrievalIntervals out{bootstrapRanks(ranks.imageToText, resamples, confidence, seed),
                         bootstrapRanks(ranks.textToImage, resamples, confidence, seed ^ 0x9e3779b97f4a7c15ULL)};
  out.rsumInterval = rsumInterval(ranks, captionImage, resamples, confidence, seed ^ 0x5851f42d4c957f2dULL);
  return out;
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


DirectionIntervals directionFromJson(const QJsonObject &json) {
  DirectionIntervals d;
  const auto read = [&json](const char *key, double *value, Interval *interval) {
    const QJsonObject o = json.value(QLatin1String(key)).toObject();
    *value = o.value(QStringLiteral("value")).toDouble();
    *interval = {o.value(QStringLiteral("low")).toDouble(), o.value(QStringLiteral("high")).toDouble()};
  };
  read("r1", &d.point.r1, &d.r1);
  read("r5", &d.point.r5, &d.r5);
  read("r10", &d.point.r10, &d.r10);
  read("medr", &d.point.medianRank, &d.medianRank);
  read("meanr", &d.point.meanRank, &d.meanRank);
  d.queries = json.value(QStringLiteral("queries")).toInt();
  d.resamples = json.value(QStringLiteral("resamples")).toInt();
  d.confidence = json.value(QStringLiteral("confidence")).toDouble(0.95);
  return d;
}
}  // namespace

QJsonObject RetrievalIntervals::toJson() const {
  return {{QStringLiteral("image_to_text"), directionJson(imageToText)},
          {QStringLiteral("text_to_image"), directionJson(textToImage)},
          {QStringLiteral("rsum"), QJsonObject{{QStringLiteral("value"), rsum()}, {QStringLiteral("low"), rsumInterval.low},
                                               {QStringLiteral("high"), rsumInterval.high}}}};
}

RetrievalIntervals RetrievalIntervals::fromJson(const QJsonObject &json) {
  RetrievalIntervals out;
  out.imageToText = directionFromJson(json.value(QStringLiteral("image_to_text")).toObject());
  out.textToImage = directionFromJson(json.value(QStringLiteral("text_to_image")).toObject());
  const QJsonObject rsum = json.value(QStringLiteral("rsum")).toObject();
  out.rsumInterval = {rsum.value(QStringLiteral("low")).toDouble(), rsum.value(QStringLiteral("high")).toDouble()};
  return out;
}

}  // namespace gs
