#pragma once
// One trainable joint space: a sentence encoder, an image side (and, for the twin network, a
// sentence column), and the similarity the paper scores pairs with.

#include "models/detail/imageside.h"
#include "models/detail/sentenceencoders.h"
#include "models/detail/treeencoders.h"
#include "training/trainconfig.h"

#include <torch/torch.h>

namespace gs::detail {

struct JointModelImpl : torch::nn::Module {
  // vocabularySize: words (for word-level encoders); featureDim: the image features' dimension.
  // trees: what the tree encoders learned from the training trees (required for tree models).
  JointModelImpl(const TrainConfig &config, std::int64_t vocabularySize, std::int64_t featureDim,
                 const TreeVocabulary *trees = nullptr);

  torch::Tensor embedImages(const torch::Tensor &features);
  torch::Tensor embedCaptions(const TextBatch &batch);
  // images [I, d] × captions [C, d] → [I, C]: inner products (Socher), cosine (normalised first),
  // or the negative squared Euclidean distance for the squared-error loss (Socher §6.4).
  torch::Tensor similarity(const torch::Tensor &images, const torch::Tensor &captions) const;

  std::shared_ptr<SentenceEncoderImpl> encoder;
  ImageSide imageSide{nullptr};
  TwinColumn sentenceColumn{nullptr};
  std::string similarityKind;
  bool euclidean = false;
};
TORCH_MODULE(JointModel);

// The encoder a config names; throws std::invalid_argument for a model this build does not know.
std::shared_ptr<SentenceEncoderImpl> makeSentenceEncoder(const TrainConfig &config, std::int64_t vocabularySize,
                                                         const TreeVocabulary *trees = nullptr);

}  // namespace gs::detail
