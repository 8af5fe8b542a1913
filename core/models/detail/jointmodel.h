#pragma once
// One trainable joint space: a sentence encoder, an image side (and, for the twin network, a
// sentence column), and the similarity the paper scores pairs with. Built from its parts by the
// training module (training/detail/modelbuilder.h), which reads them off the model registry.

#include "models/detail/captiongenerator.h"
#include "models/detail/imageside.h"
#include "models/detail/sentenceencoders.h"
#include "models/detail/treeencoders.h"
#include "models/modeloptions.h"

#include <torch/torch.h>

namespace gs::detail {

struct JointModelParts {
  std::shared_ptr<SentenceEncoderImpl> encoder;
  std::shared_ptr<ImageSideImpl> imageSide;
  TwinColumn sentenceColumn{nullptr}; // the twin network's sentence side (image side Twin only)
  // The HM-LSTM's text branch (FC → BN → L2, §3.2.2), the same layers as its image branch.
  std::shared_ptr<ImageSideImpl> textBranch;
  // The concepts model's generative LSTM (Huang et al. §3.3.2), trained beside the matching loss.
  CaptionGenerator generator{nullptr};
  SimilarityKind similarity = SimilarityKind::Dot;
  bool euclidean = false;             // score by −‖v − y‖² (the squared-error loss, Socher §6.4)
};

struct JointModelImpl : torch::nn::Module {
  explicit JointModelImpl(JointModelParts parts);

  torch::Tensor embedImages(const torch::Tensor &features);
  torch::Tensor embedCaptions(const TextBatch &batch);
  // Sentence-encoder states (a root's h, or any tree node's: a phrase) into the joint space.
  torch::Tensor statesToJoint(const torch::Tensor &states);
  // images [I, d] × captions [C, d] → [I, C]: inner products (Socher), cosine (normalised first),
  // or the negative squared Euclidean distance for the squared-error loss (Socher §6.4).
  torch::Tensor similarity(const torch::Tensor &images, const torch::Tensor &captions) const;

  std::shared_ptr<SentenceEncoderImpl> encoder;
  ImageSide imageSide{nullptr};
  TwinColumn sentenceColumn{nullptr};
  ImageSide textBranch{nullptr};
  CaptionGenerator generator{nullptr};
  SimilarityKind similarityKind = SimilarityKind::Dot;
  bool euclidean = false;
};
TORCH_MODULE(JointModel);

}  // namespace gs::detail
