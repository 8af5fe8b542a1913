#include "analysis/plausiblematches.h"

#include "evaluation/retrieval.h"

#include <QSet>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace gs {

namespace {

QSet<QString> labelSet(const QStringList &labels) { return QSet<QString>(labels.begin(), labels.end()); }

void check(const std::vector<float> &similarity, int images, int captions, const std::vector<int> &captionImage,
           const std::vector<QStringList> &concepts) {
  if (images <= 0 || captions <= 0 || similarity.size() != std::size_t(images) * std::size_t(captions))
    throw std::invalid_argument("evaluatePlausible: similarity holds " + std::to_string(similarity.size()) +
                                " scores, not " + std::to_string(images) + " × " + std::to_string(captions));
  if (captionImage.size() != std::size_t(captions) || concepts.size() != std::size_t(images))
    throw std::invalid_argument("evaluatePlausible: " + std::to_string(captionImage.size()) + " caption images and " +
                                std::to_string(concepts.size()) + " concept sets for " + std::to_string(captions) +
                                " captions and " + std::to_string(images) + " images");
  for (int image : captionImage)
    if (image < 0 || image >= images)
      throw std::invalid_argument("evaluatePlausible: caption image " + std::to_string(image) + " out of range");
}

bool plausibleSets(const QSet<QString> &q, const QSet<QString> &c, const PlausibleOptions &options) {
  if (q.isEmpty()) return false;
  int shared = 0;
  for (const QString &label : q) shared += c.contains(label);
  switch (options.rule) {
  case PlausibleRule::LabelDistance: return int(q.size() + c.size()) - 2 * shared <= options.maxDifference;
  case PlausibleRule::ContainsAll: return shared == int(q.size());
  case PlausibleRule::Jaccard: return double(shared) / double(q.size() + c.size() - shared) >= options.minJaccard;
  }
  return false;
}

// plausible[i][j]: image j is plausible for query image i (always for j = i). O(I²·L), each image's
// label set made once.
std::vector<std::vector<char>> plausibleImages(const std::vector<QStringList> &concepts, const PlausibleOptions &options) {
  const std::size_t n = concepts.size();
  std::vector<QSet<QString>> sets;
  sets.reserve(n);
  for (const QStringList &labels : concepts) sets.push_back(labelSet(labels));
  std::vector<std::vector<char>> plausible(n, std::vector<char>(n, 0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) plausible[i][j] = i == j || plausibleSets(sets[i], sets[j], options);
  return plausible;
}

// scorePlausible over the full ranking by `scores` (best first, ties by index: ranksAbove), without
// sorting: the first plausible item's rank is how many items rank above the best plausible one, and
// the top R (R plausible items) is a partition. O(n) a query instead of O(n log n); `order` is
// scratch space.
PlausibleQuery scoreByCounting(const std::vector<float> &scores, const std::vector<char> &plausible, std::vector<int> &order) {
  PlausibleQuery result;
  const int n = int(scores.size());
  int best = -1;
  for (int k = 0; k < n; ++k)
    if (plausible[std::size_t(k)]) {
      ++result.relevant;
      if (best < 0 || ranksAbove(scores[std::size_t(k)], k, scores[std::size_t(best)], best)) best = k;
    }
  if (best < 0) return result;
  result.firstRank0 = 0;
  for (int k = 0; k < n; ++k) result.firstRank0 += ranksAbove(scores[std::size_t(k)], k, scores[std::size_t(best)], best);
  order.resize(std::size_t(n));
  std::iota(order.begin(), order.end(), 0);
  const auto above = [&](int a, int b) { return ranksAbove(scores[std::size_t(a)], a, scores[std::size_t(b)], b); };
  std::nth_element(order.begin(), order.begin() + (result.relevant - 1), order.end(), above);
  int hits = 0;
  for (int k = 0; k < result.relevant; ++k) hits += plausible[std::size_t(order[std::size_t(k)])];
  result.precision = double(hits) / double(result.relevant);
  return result;
}

}  // namespace

bool isPlausible(const QStringList &query, const QStringList &candidate, const PlausibleOptions &options) {
  return plausibleSets(labelSet(query), labelSet(candidate), options);
}

PlausibleQuery scorePlausible(const std::vector<int> &ranking, const std::vector<char> &plausible) {
  PlausibleQuery result;
  result.relevant = int(std::count(plausible.begin(), plausible.end(), char(1)));
  int hitsInTopR = 0;
  for (std::size_t k = 0; k < ranking.size(); ++k) {
    const int item = ranking[k];
    if (item < 0 || std::size_t(item) >= plausible.size() || !plausible[std::size_t(item)]) continue;
    if (result.firstRank0 < 0) result.firstRank0 = int(k);
    if (int(k) < result.relevant) ++hitsInTopR;
  }
  result.precision = result.relevant > 0 ? double(hitsInTopR) / double(result.relevant) : 0.0;
  return result;
}

PlausibleMetrics summarisePlausible(const std::vector<PlausibleQuery> &queries) {
  PlausibleMetrics m;
  double precision = 0, relevant = 0;
  int within1 = 0, within5 = 0, within10 = 0;
  for (const PlausibleQuery &q : queries) {
    if (q.relevant == 0) continue;
    ++m.queries;
    precision += q.precision;
    relevant += q.relevant;
    const bool found = q.firstRank0 >= 0;
    within1 += found && q.firstRank0 < 1;
    within5 += found && q.firstRank0 < 5;
    within10 += found && q.firstRank0 < 10;
  }
  if (m.queries == 0) return m;
  const double n = double(m.queries);
  m.pmrp = 100.0 * precision / n;
  m.r1 = 100.0 * within1 / n;
  m.r5 = 100.0 * within5 / n;
  m.r10 = 100.0 * within10 / n;
  m.meanRelevant = relevant / n;
  return m;
}

PlausibleRetrieval evaluatePlausible(const std::vector<float> &similarity, int images, int captions,
                                     const std::vector<int> &captionImage, const std::vector<QStringList> &concepts,
                                     const PlausibleOptions &options) {
  check(similarity, images, captions, captionImage, concepts);
  const std::vector<std::vector<char>> plausible = plausibleImages(concepts, options);
  std::vector<PlausibleQuery> t2i, i2t;
  std::vector<float> scores;
  std::vector<int> order;
  for (int c = 0; c < captions; ++c) {
    scores.resize(std::size_t(images));
    for (int i = 0; i < images; ++i) scores[std::size_t(i)] = similarity[std::size_t(i) * std::size_t(captions) + std::size_t(c)];
    t2i.push_back(scoreByCounting(scores, plausible[std::size_t(captionImage[std::size_t(c)])], order));
  }
  std::vector<char> plausibleCaptions(static_cast<std::size_t>(captions));
  for (int i = 0; i < images; ++i) {
    const float *row = similarity.data() + std::size_t(i) * std::size_t(captions);
    scores.assign(row, row + captions);
    for (int c = 0; c < captions; ++c)
      plausibleCaptions[std::size_t(c)] = plausible[std::size_t(i)][std::size_t(captionImage[std::size_t(c)])];
    i2t.push_back(scoreByCounting(scores, plausibleCaptions, order));
  }
  return {summarisePlausible(t2i), summarisePlausible(i2t)};
}

}  // namespace gs
