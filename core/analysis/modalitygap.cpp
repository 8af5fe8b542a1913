#include "analysis/modalitygap.h"

#include "evaluation/scorematrix.h"

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace gs {

namespace {

int rowsOf(const char *function, const std::vector<float> &rows, int dim) {
  if (dim <= 0 || rows.empty() || rows.size() % std::size_t(dim) != 0)
    throw std::invalid_argument(std::string(function) + ": " + std::to_string(rows.size()) +
                                " values are not a non-empty set of " + std::to_string(dim) + "-vectors");
  return int(rows.size() / std::size_t(dim));
}

std::vector<double> meanOf(const std::vector<float> &rows, int count, int dim) {
  std::vector<double> mean(std::size_t(dim), 0.0);
  for (int r = 0; r < count; ++r)
    for (int d = 0; d < dim; ++d) mean[std::size_t(d)] += rows[std::size_t(r) * dim + d];
  for (double &m : mean) m /= count;
  return mean;
}

}  // namespace

double centroidDistance(const std::vector<float> &a, const std::vector<float> &b, int dim) {
  const std::vector<double> ma = meanOf(a, rowsOf("centroidDistance", a, dim), dim);
  const std::vector<double> mb = meanOf(b, rowsOf("centroidDistance", b, dim), dim);
  double squares = 0;
  for (int d = 0; d < dim; ++d) squares += (ma[std::size_t(d)] - mb[std::size_t(d)]) * (ma[std::size_t(d)] - mb[std::size_t(d)]);
  return std::sqrt(squares);
}

std::vector<float> centred(const std::vector<float> &rows, int dim) {
  const int count = rowsOf("centred", rows, dim);
  const std::vector<double> mean = meanOf(rows, count, dim);
  std::vector<float> out(rows.size());
  for (std::size_t at = 0; at < rows.size(); ++at) out[at] = float(rows[at] - mean[at % std::size_t(dim)]);
  return out;
}

std::pair<double, double> crossModalShares(const std::vector<float> &imageVectors,
                                           const std::vector<float> &captionVectors, int dim, ScoreKind score, int k) {
  const int images = rowsOf("crossModalShares", imageVectors, dim);
  const int captions = rowsOf("crossModalShares", captionVectors, dim);
  const int items = images + captions;
  if (k < 1) throw std::invalid_argument("crossModalShares: k must be at least 1, got " + std::to_string(k));
  k = std::min(k, items - 1);
  if (k < 1) return {0, 0};
  // Images first, then captions; the cosine normalises once so each pair costs one inner product.
  std::vector<float> all(imageVectors);
  all.insert(all.end(), captionVectors.begin(), captionVectors.end());
  if (score == ScoreKind::Cosine) {
    all = l2Normalised(all, items, dim);
    score = ScoreKind::InnerProduct;
  }
  // Every item scored against every other a block of rows at a time, by one matrix product (30,000
  // items of COCO's 5K test split are 900 million pairs: minutes one pair at a time, seconds by GEMM).
  // −‖a − b‖² is 2 a·b − ‖a‖² − ‖b‖².
  const torch::Tensor matrix = torch::from_blob(all.data(), {items, dim}, torch::kFloat32);
  const torch::Tensor squares = score == ScoreKind::NegativeSquaredL2 ? matrix.pow(2).sum(1) : torch::Tensor();
  constexpr int kBlock = 512;
  std::vector<int> order;
  double imageShare = 0, captionShare = 0;
  for (int begin = 0; begin < items; begin += kBlock) {
    const int count = std::min(kBlock, items - begin);
    torch::Tensor block = torch::mm(matrix.narrow(0, begin, count), matrix.t());
    if (score == ScoreKind::NegativeSquaredL2) block = 2 * block - squares.narrow(0, begin, count).unsqueeze(1) - squares.unsqueeze(0);
    block = block.contiguous();
    for (int p = begin; p < begin + count; ++p) {
      const float *row = block.data_ptr<float>() + std::size_t(p - begin) * std::size_t(items);
      order.resize(std::size_t(items));
      std::iota(order.begin(), order.end(), 0);
      order.erase(order.begin() + p); // the item itself
      std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int a, int b) { return ranksAbove(row[a], a, row[b], b); });
      const bool isImage = p < images;
      const int other = int(std::count_if(order.begin(), order.begin() + k, [&](int q) { return (q < images) != isImage; }));
      (isImage ? imageShare : captionShare) += double(other) / k;
    }
  }
  return {imageShare / images, captionShare / captions};
}

ModalityGap modalityGap(const std::vector<float> &imageVectors, const std::vector<float> &captionVectors, int dim,
                        const std::vector<int> &captionImage, ScoreKind score, int k) {
  const int images = rowsOf("modalityGap", imageVectors, dim);
  const int captions = rowsOf("modalityGap", captionVectors, dim);
  ModalityGap gap;
  gap.centroidDistance = centroidDistance(l2Normalised(imageVectors, images, dim), l2Normalised(captionVectors, captions, dim), dim);
  gap.rawCentroidDistance = centroidDistance(imageVectors, captionVectors, dim);
  gap.k = std::max(0, std::min(k, images + captions - 1));
  std::tie(gap.imageCrossShare, gap.captionCrossShare) = crossModalShares(imageVectors, captionVectors, dim, score, k);
  gap.plain = evaluateRetrieval(scoreMatrix(imageVectors, images, captionVectors, captions, dim, score), images, captions,
                                captionImage);
  gap.centred = evaluateRetrieval(scoreMatrix(centred(imageVectors, dim), images, centred(captionVectors, dim), captions, dim, score),
                                  images, captions, captionImage);
  return gap;
}

}  // namespace gs
