#include "training/detail/embedder.h"

#include <cmath>

namespace gs::detail {

namespace F = torch::nn::functional;

JointEmbedder::JointEmbedder(std::vector<JointModel> members) : m_members(std::move(members)) {
  if (m_members.empty()) throw std::invalid_argument("JointEmbedder: no model");
  for (auto &m : m_members) m->eval();
}

torch::Tensor JointEmbedder::images(const torch::Tensor &features) {
  torch::NoGradGuard noGrad;
  if (m_members.size() == 1) return m_members[0]->embedImages(features);
  std::vector<torch::Tensor> parts;
  for (auto &m : m_members) parts.push_back(F::normalize(m->embedImages(features), F::NormalizeFuncOptions().dim(1)));
  return torch::cat(parts, 1) / std::sqrt(double(m_members.size()));
}

torch::Tensor JointEmbedder::captions(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) {
  torch::NoGradGuard noGrad;
  std::vector<torch::Tensor> chunks;
  for (std::size_t start = 0; start < rows.size(); start += kEmbedChunk) {
    const std::vector<int> part(rows.begin() + start, rows.begin() + std::min(rows.size(), start + kEmbedChunk));
    const TextBatch batch = makeTextBatch(encoded, part);
    if (m_members.size() == 1) {
      chunks.push_back(m_members[0]->embedCaptions(batch));
      continue;
    }
    std::vector<torch::Tensor> parts;
    for (auto &m : m_members) parts.push_back(F::normalize(m->embedCaptions(batch), F::NormalizeFuncOptions().dim(1)));
    chunks.push_back(torch::cat(parts, 1) / std::sqrt(double(m_members.size())));
  }
  return chunks.empty() ? torch::zeros({0, 0}) : torch::cat(chunks, 0);
}

ScoreKind JointEmbedder::scoreKind() const {
  if (m_members.size() != 1) return ScoreKind::InnerProduct;
  if (m_members[0]->euclidean) return ScoreKind::NegativeSquaredL2;
  return m_members[0]->similarityKind == SimilarityKind::Cosine ? ScoreKind::Cosine : ScoreKind::InnerProduct;
}

torch::Tensor JointEmbedder::score(const torch::Tensor &images, const torch::Tensor &captions) {
  torch::NoGradGuard noGrad;
  if (m_members.size() == 1) return m_members[0]->similarity(images, captions);
  return torch::mm(images, captions.t());
}

std::vector<EncodedCaption> encodeCaptions(const Vocabulary &vocabulary, const std::vector<TrainingCaption> &captions,
                                           const TreeVocabulary *trees) {
  std::vector<EncodedCaption> encoded;
  encoded.reserve(captions.size());
  for (const TrainingCaption &c : captions) {
    encoded.push_back({vocabulary.encodeWords(c.tokens), Vocabulary::encodeCharacters(c.raw), {}, c.raw});
    if (trees)
      encoded.back().tree = encodeTree(c.parse.get(), c.tokens, vocabulary, trees->shape(),
                                       [trees](const QString &r) { return trees->relationIndex(r); });
  }
  return encoded;
}

torch::Tensor featureTensor(const TrainingData &data) {
  return torch::from_blob(const_cast<float *>(data.imageFeatures.data()), {data.imageCount(), data.featureDim},
                          torch::kFloat)
      .clone();
}

std::vector<float> splitSimilarity(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded, Split split,
                                   std::vector<int> &captionImage) {
  const std::vector<int> imageRows = data.imagesIn(split);
  const std::vector<int> captionRows = data.captionsIn(split);
  if (imageRows.empty() || captionRows.empty())
    throw std::runtime_error("evaluate: the " + splitName(split).toStdString() + " split has no image–caption pairs");
  std::vector<int> local(data.imageCount(), -1);
  for (std::size_t k = 0; k < imageRows.size(); ++k) local[imageRows[k]] = int(k);
  captionImage.clear();
  for (int c : captionRows) captionImage.push_back(local[data.captions[c].image]);

  const auto rows = torch::tensor(std::vector<std::int64_t>(imageRows.begin(), imageRows.end()), torch::kInt64);
  const auto v = embedder.images(featureTensor(data).index_select(0, rows));
  const auto y = embedder.captions(encoded, captionRows);
  const auto s = embedder.score(v, y).contiguous().to(torch::kFloat);
  return std::vector<float>(s.data_ptr<float>(), s.data_ptr<float>() + s.numel());
}

RetrievalMetrics evaluateSplit(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                               Split split) {
  std::vector<int> captionImage;
  const std::vector<float> similarity = splitSimilarity(embedder, data, encoded, split, captionImage);
  return evaluateRetrieval(similarity, int(data.imagesIn(split).size()), int(captionImage.size()), captionImage);
}

}  // namespace gs::detail
