#include "analysis/hubreranking.h"

#include "evaluation/scorematrix.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

namespace gs {

namespace {

void checkMatrix(const char *function, const std::vector<float> &similarity, int images, int captions) {
  if (images <= 0 || captions <= 0 || similarity.size() != std::size_t(images) * std::size_t(captions))
    throw std::invalid_argument(std::string(function) + ": similarity has " + std::to_string(similarity.size()) +
                                " entries, expected " + std::to_string(images) + " × " + std::to_string(captions));
}

// The mean of the k largest of `values` (reordered).
double meanOfTop(std::vector<float> &values, int k) {
  std::nth_element(values.begin(), values.begin() + (k - 1), values.end(), std::greater<float>());
  double sum = 0;
  for (int j = 0; j < k; ++j) sum += values[std::size_t(j)];
  return sum / k;
}

// log Σ exp(x_j) without overflow.
// Terms more than 50 below the largest are left out: each is under e^-50 (2e-22) of a sum of at
// least 1, so even 25,000 of them stay below double precision; computing them cost most of the
// Analysis dock's time at COCO's 5K split (exp is slow far into its underflow).
double logSumExp(const std::vector<double> &x) {
  const double top = *std::max_element(x.begin(), x.end());
  double sum = 0;
  for (double v : x)
    if (v - top > -50) sum += std::exp(v - top);
  return top + std::log(sum);
}

}  // namespace

std::vector<float> cslsScores(const std::vector<float> &similarity, int images, int captions, int k) {
  checkMatrix("cslsScores", similarity, images, captions);
  if (k < 1) throw std::invalid_argument("cslsScores: K must be at least 1, got " + std::to_string(k));
  // r_T(image): its K nearest captions; r_S(caption): its K nearest images (Conneau et al. §2.3).
  std::vector<double> imageRadius(static_cast<std::size_t>(images)), captionRadius(static_cast<std::size_t>(captions));
  std::vector<float> buffer;
  for (int i = 0; i < images; ++i) {
    buffer.assign(similarity.begin() + std::ptrdiff_t(i) * captions, similarity.begin() + std::ptrdiff_t(i + 1) * captions);
    imageRadius[std::size_t(i)] = meanOfTop(buffer, std::min(k, captions));
  }
  buffer.resize(std::size_t(images));
  for (int c = 0; c < captions; ++c) {
    for (int i = 0; i < images; ++i) buffer[std::size_t(i)] = similarity[std::size_t(i) * captions + c];
    captionRadius[std::size_t(c)] = meanOfTop(buffer, std::min(k, images));
  }
  std::vector<float> csls(similarity.size());
  for (int i = 0; i < images; ++i)
    for (int c = 0; c < captions; ++c) {
      const std::size_t at = std::size_t(i) * captions + c;
      csls[at] = float(2.0 * similarity[at] - imageRadius[std::size_t(i)] - captionRadius[std::size_t(c)]);
    }
  return csls;
}

std::vector<float> invertedSoftmaxScores(const std::vector<float> &similarity, int images, int captions, double beta,
                                         QuerySide queries) {
  checkMatrix("invertedSoftmaxScores", similarity, images, captions);
  if (!(beta > 0)) throw std::invalid_argument("invertedSoftmaxScores: beta must be positive, got " + std::to_string(beta));
  // Each target's normaliser runs over the queries: over images for a caption target (image
  // queries), over captions for an image target (caption queries).
  const bool imageQueries = queries == QuerySide::Images;
  const int targets = imageQueries ? captions : images, askers = imageQueries ? images : captions;
  const auto at = [&](int target, int query) {
    return imageQueries ? std::size_t(query) * captions + target : std::size_t(target) * captions + query;
  };
  std::vector<float> out(similarity.size());
  std::vector<double> logits(static_cast<std::size_t>(askers));
  for (int t = 0; t < targets; ++t) {
    for (int q = 0; q < askers; ++q) logits[std::size_t(q)] = beta * similarity[at(t, q)];
    const double normaliser = logSumExp(logits);
    for (int q = 0; q < askers; ++q) out[at(t, q)] = float((logits[std::size_t(q)] - normaliser) / beta);
  }
  return out;
}

HubReducedRetrieval hubReducedRetrieval(const std::vector<float> &similarity, int images, int captions,
                                        const std::vector<int> &captionImage, const HubReductionOptions &options) {
  HubReducedRetrieval r;
  r.options = options;
  r.plain = evaluateRetrieval(similarity, images, captions, captionImage);
  r.csls = evaluateRetrieval(cslsScores(similarity, images, captions, options.cslsK), images, captions, captionImage);
  const RetrievalMetrics byImages = evaluateRetrieval(
      invertedSoftmaxScores(similarity, images, captions, options.beta, QuerySide::Images), images, captions, captionImage);
  const RetrievalMetrics byCaptions = evaluateRetrieval(
      invertedSoftmaxScores(similarity, images, captions, options.beta, QuerySide::Captions), images, captions, captionImage);
  r.invertedSoftmax = byImages;
  r.invertedSoftmax.textToImage = byCaptions.textToImage;
  const DirectionMetrics &a = r.invertedSoftmax.imageToText, &b = r.invertedSoftmax.textToImage;
  r.invertedSoftmax.rsum = a.r1 + a.r5 + a.r10 + b.r1 + b.r5 + b.r10;
  return r;
}

HubReducedRetrieval hubReducedRetrieval(const std::vector<float> &imageVectors, const std::vector<float> &captionVectors,
                                        int dim, const std::vector<int> &captionImage, ScoreKind score,
                                        const HubReductionOptions &options) {
  if (dim <= 0) throw std::invalid_argument("hubReducedRetrieval: dim must be positive");
  const int images = int(imageVectors.size() / std::size_t(dim)), captions = int(captionVectors.size() / std::size_t(dim));
  return hubReducedRetrieval(scoreMatrix(imageVectors, images, captionVectors, captions, dim, score), images, captions,
                             captionImage, options);
}

}  // namespace gs
