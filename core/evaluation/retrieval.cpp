#include "evaluation/retrieval.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace gs {

DirectionMetrics summariseRanks(std::vector<int> ranks0) {
  // ranks0: 0-based rank of the first correct item, one per query.
  DirectionMetrics m;
  if (ranks0.empty()) return m;
  const double n = double(ranks0.size());
  const auto within = [&](int k) {
    return 100.0 * double(std::count_if(ranks0.begin(), ranks0.end(), [k](int r) { return r < k; })) / n;
  };
  m.r1 = within(1);
  m.r5 = within(5);
  m.r10 = within(10);
  m.r20 = within(20);
  m.r50 = within(50);
  m.meanRank = std::accumulate(ranks0.begin(), ranks0.end(), 0.0) / n + 1.0;
  // numpy's median then floor, +1 (VSE++): the mean of the two middle values for even counts.
  std::sort(ranks0.begin(), ranks0.end());
  const std::size_t mid = ranks0.size() / 2;
  const double median = ranks0.size() % 2 ? ranks0[mid] : 0.5 * (ranks0[mid - 1] + ranks0[mid]);
  m.medianRank = std::floor(median) + 1.0;
  return m;
}

const std::vector<int> &recallLevels() {
  static const std::vector<int> levels{1, 5, 10, 20, 50};
  return levels;
}

double recallAt(const DirectionMetrics &m, int k) {
  switch (k) {
  case 1: return m.r1;
  case 5: return m.r5;
  case 10: return m.r10;
  case 20: return m.r20;
  case 50: return m.r50;
  default: throw std::invalid_argument("recall at " + std::to_string(k) + ": the metrics keep R@1, 5, 10, 20 and 50");
  }
}

namespace {

void check(const std::vector<float> &similarity, int images, int captions, const std::vector<int> &captionImage) {
  if (images <= 0 || captions <= 0)
    throw std::invalid_argument("evaluateRetrieval: need at least one image and one caption");
  if (similarity.size() != std::size_t(images) * std::size_t(captions))
    throw std::invalid_argument("evaluateRetrieval: similarity has " + std::to_string(similarity.size()) +
                                " entries, expected " + std::to_string(std::size_t(images) * captions));
  if (captionImage.size() != std::size_t(captions))
    throw std::invalid_argument("evaluateRetrieval: captionImage has the wrong length");
  for (int image : captionImage)
    if (image < 0 || image >= images) throw std::invalid_argument("evaluateRetrieval: caption image out of range");
}

}  // namespace

QJsonObject DirectionMetrics::toJson() const {
  return {{QStringLiteral("r1"), r1},   {QStringLiteral("r5"), r5},           {QStringLiteral("r10"), r10},
          {QStringLiteral("r20"), r20}, {QStringLiteral("r50"), r50},         {QStringLiteral("medr"), medianRank},
          {QStringLiteral("meanr"), meanRank}};
}

QJsonObject RetrievalMetrics::toJson() const {
  return {{QStringLiteral("image_to_text"), imageToText.toJson()},
          {QStringLiteral("text_to_image"), textToImage.toJson()},
          {QStringLiteral("rsum"), rsum},
          {QStringLiteral("images"), images},
          {QStringLiteral("captions"), captions}};
}

DirectionMetrics DirectionMetrics::fromJson(const QJsonObject &o) {
  DirectionMetrics d;
  d.r1 = o.value(QStringLiteral("r1")).toDouble();
  d.r5 = o.value(QStringLiteral("r5")).toDouble();
  d.r10 = o.value(QStringLiteral("r10")).toDouble();
  d.r20 = o.value(QStringLiteral("r20")).toDouble(-1); // runs written before R@20/50 were kept
  d.r50 = o.value(QStringLiteral("r50")).toDouble(-1);
  d.medianRank = o.value(QStringLiteral("medr")).toDouble();
  d.meanRank = o.value(QStringLiteral("meanr")).toDouble();
  return d;
}

RetrievalMetrics RetrievalMetrics::fromJson(const QJsonObject &json) {
  const auto direction = [](const QJsonObject &o) { return DirectionMetrics::fromJson(o); };
  RetrievalMetrics m;
  m.imageToText = direction(json.value(QStringLiteral("image_to_text")).toObject());
  m.textToImage = direction(json.value(QStringLiteral("text_to_image")).toObject());
  m.rsum = json.value(QStringLiteral("rsum")).toDouble();
  m.images = json.value(QStringLiteral("images")).toInt();
  m.captions = json.value(QStringLiteral("captions")).toInt();
  return m;
}

RetrievalMetrics evaluateRetrieval(const std::vector<float> &similarity, int images, int captions,
                                   const std::vector<int> &captionImage) {
  check(similarity, images, captions, captionImage);
  // Image → text: the rank of the best-ranked of the image's own captions, i.e. how many captions
  // rank above the own caption that ranks above the others (the first of them in a stable sort by
  // score): one pass over the row instead of sorting it.
  std::vector<std::vector<int>> ownCaptions(static_cast<std::size_t>(images));
  for (int c = 0; c < captions; ++c) ownCaptions[std::size_t(captionImage[c])].push_back(c);
  std::vector<int> i2t;
  i2t.reserve(std::size_t(images));
  for (int i = 0; i < images; ++i) {
    const std::vector<int> &own = ownCaptions[std::size_t(i)];
    if (own.empty()) continue; // images without captions
    const float *row = similarity.data() + std::size_t(i) * captions;
    int best = own.front();
    for (int c : own)
      if (ranksAbove(row[c], c, row[best], best)) best = c;
    int better = 0;
    for (int c = 0; c < captions; ++c) better += ranksAbove(row[c], c, row[best], best);
    i2t.push_back(better);
  }
  // Text → image: the rank of the caption's image among all images.
  std::vector<int> t2i(captions);
  for (int c = 0; c < captions; ++c) {
    const int truth = captionImage[c];
    const float target = similarity[std::size_t(truth) * captions + c];
    int better = 0;
    for (int i = 0; i < images; ++i) {
      const float s = similarity[std::size_t(i) * captions + c];
      if (ranksAbove(s, i, target, truth)) ++better;
    }
    t2i[c] = better;
  }
  RetrievalMetrics m;
  m.imageToText = summariseRanks(std::move(i2t));
  m.textToImage = summariseRanks(std::move(t2i));
  m.rsum = m.imageToText.r1 + m.imageToText.r5 + m.imageToText.r10 + m.textToImage.r1 + m.textToImage.r5 +
           m.textToImage.r10;
  m.images = images;
  m.captions = captions;
  return m;
}

RetrievalMetrics evaluateFolds(const std::vector<float> &similarity, int images, int captions,
                               const std::vector<int> &captionImage, int folds, int imagesPerFold) {
  check(similarity, images, captions, captionImage);
  if (folds <= 0 || imagesPerFold <= 0 || folds * imagesPerFold > images)
    throw std::invalid_argument("evaluateFolds: " + std::to_string(folds) + " folds of " +
                                std::to_string(imagesPerFold) + " images need that many test images (have " +
                                std::to_string(images) + ")");
  RetrievalMetrics mean;
  for (int f = 0; f < folds; ++f) {
    const int first = f * imagesPerFold;
    std::vector<int> foldCaptions;
    for (int c = 0; c < captions; ++c)
      if (captionImage[c] >= first && captionImage[c] < first + imagesPerFold) foldCaptions.push_back(c);
    std::vector<float> sub(std::size_t(imagesPerFold) * foldCaptions.size());
    std::vector<int> subImage(foldCaptions.size());
    for (int i = 0; i < imagesPerFold; ++i)
      for (std::size_t k = 0; k < foldCaptions.size(); ++k)
        sub[std::size_t(i) * foldCaptions.size() + k] = similarity[std::size_t(first + i) * captions + foldCaptions[k]];
    for (std::size_t k = 0; k < foldCaptions.size(); ++k) subImage[k] = captionImage[foldCaptions[k]] - first;
    const RetrievalMetrics m = evaluateRetrieval(sub, imagesPerFold, int(foldCaptions.size()), subImage);
    for (auto [sum, part] : {std::pair{&mean.imageToText, &m.imageToText}, std::pair{&mean.textToImage, &m.textToImage}}) {
      sum->r1 += part->r1 / folds;
      sum->r5 += part->r5 / folds;
      sum->r10 += part->r10 / folds;
      sum->r20 += part->r20 / folds;
      sum->r50 += part->r50 / folds;
      sum->medianRank += part->medianRank / folds;
      sum->meanRank += part->meanRank / folds;
    }
    mean.rsum += m.rsum / folds;
    mean.captions += m.captions;
  }
  mean.images = folds * imagesPerFold;
  return mean;
}

double sentenceSimilarityMeanRank(const std::vector<float> &captionSimilarity, int captions,
                                  const std::vector<int> &captionImage) {
  if (captions <= 0 || captionSimilarity.size() != std::size_t(captions) * captions ||
      captionImage.size() != std::size_t(captions))
    throw std::invalid_argument("sentenceSimilarityMeanRank: need a captions × captions similarity matrix");
  double sum = 0;
  int counted = 0;
  for (int c = 0; c < captions; ++c) {
    const int rank = sentenceSimilarityRank(captionSimilarity.data() + std::size_t(c) * captions, c, captions, captionImage);
    if (rank == 0) continue;
    sum += rank;
    ++counted;
  }
  if (counted == 0) throw std::invalid_argument("sentenceSimilarityMeanRank: no image has two captions");
  return sum / counted;
}

int sentenceSimilarityRank(const float *row, int c, int captions, const std::vector<int> &captionImage) {
  float best = -INFINITY;
  int bestIndex = -1;
  for (int o = 0; o < captions; ++o)
    if (o != c && captionImage[std::size_t(o)] == captionImage[std::size_t(c)] && row[o] > best) best = row[o], bestIndex = o;
  if (bestIndex < 0) return 0;
  int better = 0; // other captions ranked above the nearest same-image caption
  for (int o = 0; o < captions; ++o)
    if (o != c && ranksAbove(row[o], o, best, bestIndex)) ++better;
  return better + 1;
}

}  // namespace gs
