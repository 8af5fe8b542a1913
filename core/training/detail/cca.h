#pragma once
// The (linear) CCA baseline of Socher et al. 2014 §6: canonical correlation analysis between
// sentence vectors (the average of the caption's word vectors; without pre-trained vectors, its
// L2-normalised bag-of-words counts) and image features — kCCA with a linear kernel, solved in
// closed form, scored by inner products in the canonical space (the paper: "kCCA also performs
// much better using inner products").

#include "training/detail/embedder.h"
#include "training/trainconfig.h"

namespace gs::detail {

// C^{-1/2} of a symmetric positive definite matrix through its eigendecomposition, in double
// precision whatever `c` is: LAPACK's workspace query for syevd (1 + 6n + 2n² elements) comes back
// as a float in single precision and loses integers above 2^24, i.e. n ≳ 2,900 — the vocabulary of
// 1,000 Flickr8k photos' captions — and syevd then rejects its own workspace ("argument 8 has
// illegal value"). Returns a double tensor.
torch::Tensor inverseSquareRoot(const torch::Tensor &c);

class CcaEmbedder : public Embedder {
public:
  // Fits on the training pairs. Cost: O(n (p² + q²) + p³ + q³) for n pairs, p sentence and q image dims.
  static std::shared_ptr<CcaEmbedder> fit(const TrainConfig &config, const Vocabulary &vocabulary,
                                          const TrainingData &data, const std::vector<EncodedCaption> &encoded);
  static std::shared_ptr<CcaEmbedder> load(const QString &path, const Vocabulary &vocabulary);
  void save(const QString &path) const;

  torch::Tensor images(const torch::Tensor &features) override;
  torch::Tensor captions(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) override;
  torch::Tensor score(const torch::Tensor &images, const torch::Tensor &captions) override;
  torch::Tensor correlations() const { return m_correlations; }
  // The fitted projection, for export (scriptmodules.h): sentence rows x ↦ (x − mean_x) W_x, image
  // rows y ↦ (y − mean_y) W_y; wordVectors undefined where sentences are bag-of-words counts.
  struct Projection {
    std::int64_t vocabulary;
    torch::Tensor wordVectors, meanX, meanY, wx, wy;
  };
  Projection projection() const { return {m_vocabulary, m_wordVectors, m_meanX, m_meanY, m_wx, m_wy}; }

private:
  torch::Tensor sentenceFeatures(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) const;

  std::int64_t m_vocabulary = 0;
  torch::Tensor m_wordVectors; // [V, d] when pre-trained vectors are used; undefined otherwise
  torch::Tensor m_meanX, m_meanY, m_wx, m_wy, m_correlations;
};

}  // namespace gs::detail
