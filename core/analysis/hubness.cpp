#include "analysis/hubness.h"

#include "evaluation/retrieval.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace gs {

double skewness(const std::vector<int> &values) {
  if (values.size() < 2) return 0;
  const double n = double(values.size());
  const double mean = std::accumulate(values.begin(), values.end(), 0.0) / n;
  double m2 = 0, m3 = 0;
  for (int v : values) {
    const double d = v - mean;
    m2 += d * d;
    m3 += d * d * d;
  }
  m2 /= n;
  m3 /= n;
  if (m2 <= 0) return 0;
  return m3 / std::pow(m2, 1.5);
}

namespace {

// Adds 1 to counts[j] for each of the top k of `length` scores score(j), ranked by ranksAbove.
template <typename Score>
void countTopK(int length, int k, Score score, std::vector<int> &order, std::vector<int> &counts) {
  order.resize(std::size_t(length));
  std::iota(order.begin(), order.end(), 0);
  std::partial_sort(order.begin(), order.begin() + k, order.end(),
                    [&](int a, int b) { return ranksAbove(score(a), a, score(b), b); });
  for (int r = 0; r < k; ++r) ++counts[std::size_t(order[std::size_t(r)])];
}

std::vector<Hub> largest(const std::vector<int> &counts, int top) {
  std::vector<Hub> hubs(counts.size());
  for (std::size_t i = 0; i < counts.size(); ++i) hubs[i] = {int(i), counts[i]};
  const std::size_t keep = std::min(hubs.size(), std::size_t(std::max(top, 0)));
  std::partial_sort(hubs.begin(), hubs.begin() + std::ptrdiff_t(keep), hubs.end(), [](const Hub &a, const Hub &b) {
    return a.count > b.count || (a.count == b.count && a.index < b.index);
  });
  hubs.resize(keep);
  return hubs;
}

KOccurrence summarised(int k, std::vector<int> counts, int topHubs) {
  KOccurrence o;
  o.k = k;
  o.skewness = skewness(counts);
  o.hubs = largest(counts, topHubs);
  o.counts = std::move(counts);
  return o;
}

}  // namespace

Hubness hubness(const std::vector<float> &similarity, int images, int captions, const std::vector<int> &ks, int topHubs) {
  if (images <= 0 || captions <= 0 || similarity.size() != std::size_t(images) * std::size_t(captions))
    throw std::invalid_argument("hubness: similarity has " + std::to_string(similarity.size()) + " entries, expected " +
                                std::to_string(images) + " × " + std::to_string(captions));
  Hubness h;
  std::vector<int> order;
  for (int k : ks) {
    if (k < 1) throw std::invalid_argument("hubness: k must be at least 1, got " + std::to_string(k));
    std::vector<int> imageCounts(std::size_t(images), 0), captionCounts(std::size_t(captions), 0);
    // Each caption's top-k images give the images' N_k.
    for (int c = 0; c < captions; ++c)
      countTopK(images, std::min(k, images), [&](int i) { return similarity[std::size_t(i) * captions + c]; }, order,
                imageCounts);
    // Each image's top-k captions give the captions' N_k.
    for (int i = 0; i < images; ++i) {
      const float *row = similarity.data() + std::size_t(i) * captions;
      countTopK(captions, std::min(k, captions), [row](int c) { return row[c]; }, order, captionCounts);
    }
    h.images.push_back(summarised(k, std::move(imageCounts), topHubs));
    h.captions.push_back(summarised(k, std::move(captionCounts), topHubs));
  }
  return h;
}

}  // namespace gs
