#pragma once
// What a trained run can do at inference: map image features and captions into the joint space
// and score them. One trained model, an ensemble of snapshots (Merkx & Frank §3.3), or CCA.

#include "evaluation/retrieval.h"
#include "evaluation/scorekind.h"
#include "models/detail/jointmodel.h"
#include "models/detail/vocabulary.h"
#include "training/trainingdata.h"

#include <torch/torch.h>

namespace gs::detail {

class Embedder {
public:
  virtual ~Embedder() = default;
  virtual torch::Tensor images(const torch::Tensor &features) = 0;                                  // [N, d]
  virtual torch::Tensor captions(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) = 0; // [C, d]
  virtual torch::Tensor score(const torch::Tensor &images, const torch::Tensor &captions) = 0;      // [N, C]
  virtual ScoreKind scoreKind() const { return ScoreKind::InnerProduct; } // what score() computes
};

// Captions are embedded in chunks of this many, to bound memory on 25k-caption test sets.
constexpr int kEmbedChunk = 256;

// One or several JointModels. With several, each member's embeddings are L2-normalised and
// concatenated with weight 1/√K, so the inner product is the mean of the members' cosines: the
// snapshot ensemble of Merkx & Frank §3.3.
class JointEmbedder : public Embedder {
public:
  explicit JointEmbedder(std::vector<JointModel> members);
  torch::Tensor images(const torch::Tensor &features) override;
  torch::Tensor captions(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) override;
  torch::Tensor score(const torch::Tensor &images, const torch::Tensor &captions) override;
  // One model: its own similarity; an ensemble: the inner product of the normalised concatenation.
  ScoreKind scoreKind() const override;
  const std::vector<JointModel> &members() const { return m_members; }

private:
  std::vector<JointModel> m_members;
};

// Encodes every caption of the data for a vocabulary; with `trees`, each caption's tree as well
// (from TrainingCaption::parse; a caption without one gets a flat tree).
std::vector<EncodedCaption> encodeCaptions(const Vocabulary &vocabulary, const std::vector<TrainingCaption> &captions,
                                           const TreeVocabulary *trees = nullptr);

// The split's images × captions scores (images and captions of that split only), and in
// captionImage the split-local image row of each caption.
std::vector<float> splitSimilarity(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded, Split split,
                                   std::vector<int> &captionImage);

// Retrieval metrics of one split, with images and captions of that split only.
RetrievalMetrics evaluateSplit(Embedder &embedder, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                               Split split);

torch::Tensor featureTensor(const TrainingData &data); // [images, featureDim], a copy

}  // namespace gs::detail
