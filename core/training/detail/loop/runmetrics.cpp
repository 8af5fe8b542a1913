#include "training/detail/loop/runmetrics.h"

#include "evaluation/retrieval.h"

#include <algorithm>

namespace gs::detail {

double sentenceSimilarityOnTest(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded) {
  const std::vector<int> rows = data.captionsIn(Split::Test);
  if (rows.size() < 2) return 0;
  const auto y = embedder.captions(encoded, rows);
  std::vector<int> image;
  for (int c : rows) image.push_back(data.captions[c].image);
  // Caption–caption scores a block of rows at a time: the whole matrix of a 25k-caption test split
  // would take 2.5 GB.
  const int n = int(rows.size());
  double sum = 0;
  int counted = 0;
  for (int begin = 0; begin < n; begin += kEmbedChunk) {
    const int end = std::min(n, begin + kEmbedChunk);
    const auto s = embedder.score(y.slice(0, begin, end), y).contiguous().to(torch::kFloat); // [block, n]
    for (int c = begin; c < end; ++c) {
      const int rank = sentenceSimilarityRank(s.data_ptr<float>() + std::size_t(c - begin) * n, c, n, image);
      if (rank == 0) continue;
      sum += rank;
      ++counted;
    }
  }
  return counted > 0 ? sum / counted : 0;
}

std::pair<double, int> twinAccuracy(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                                    Split split) {
  if (data.imageDistractors.size() != std::size_t(data.imageCount())) return {-1, 0};
  std::vector<int> rows;
  for (int c : data.captionsIn(split))
    if (data.captions[std::size_t(c)].orderSensitive && data.imageDistractors[std::size_t(data.captions[std::size_t(c)].image)] >= 0)
      rows.push_back(c);
  if (rows.empty()) return {-1, 0};
  // Only each caption's own image and its twin are scored, a block of captions at a time: the full
  // images × captions matrix of a 20k-image training split took 1.6 GB.
  const auto y = embedder.captions(encoded, rows);
  const auto v = embedder.images(featureTensor(data));
  int wins = 0;
  for (std::size_t begin = 0; begin < rows.size(); begin += kEmbedChunk) {
    const std::size_t end = std::min(rows.size(), begin + kEmbedChunk);
    std::vector<std::int64_t> own, twin;
    for (std::size_t k = begin; k < end; ++k) {
      own.push_back(data.captions[std::size_t(rows[k])].image);
      twin.push_back(data.imageDistractors[std::size_t(own.back())]);
    }
    const auto block = y.slice(0, std::int64_t(begin), std::int64_t(end));
    // The diagonal of [block images, block captions]: caption k against its own (or twin) image.
    const auto ownScores = embedder.score(v.index_select(0, torch::tensor(own)), block).diagonal().to(torch::kFloat).contiguous();
    const auto twinScores = embedder.score(v.index_select(0, torch::tensor(twin)), block).diagonal().to(torch::kFloat).contiguous();
    wins += (ownScores > twinScores).sum().item<int>();
  }
  return {100.0 * wins / double(rows.size()), int(rows.size())};
}

}  // namespace gs::detail
