#include "models/detail/jointmodel.h"

namespace gs::detail {

namespace F = torch::nn::functional;

JointModelImpl::JointModelImpl(JointModelParts parts) : similarityKind(parts.similarity), euclidean(parts.euclidean) {
  if (!parts.encoder || !parts.imageSide) throw std::invalid_argument("JointModel: needs a sentence encoder and an image side");
  encoder = register_module("encoder", parts.encoder);
  imageSide = register_module("image_side", ImageSide(parts.imageSide));
  if (parts.sentenceColumn) sentenceColumn = register_module("sentence_column", parts.sentenceColumn);
  if (parts.textBranch) textBranch = register_module("text_branch", ImageSide(parts.textBranch));
  if (parts.generator) generator = register_module("generator", parts.generator);
}

torch::Tensor JointModelImpl::embedImages(const torch::Tensor &features) { return imageSide(features); }

torch::Tensor JointModelImpl::embedCaptions(const TextBatch &batch) { return statesToJoint(encoder->forward(batch)); }

torch::Tensor JointModelImpl::statesToJoint(const torch::Tensor &states) {
  if (sentenceColumn) return sentenceColumn(states);
  if (textBranch) return textBranch(states);
  return states;
}

torch::Tensor JointModelImpl::similarity(const torch::Tensor &images, const torch::Tensor &captions) const {
  if (euclidean) return -torch::cdist(images, captions).pow(2);
  if (similarityKind == SimilarityKind::Cosine)
    return torch::mm(F::normalize(images, F::NormalizeFuncOptions().dim(1)),
                     F::normalize(captions, F::NormalizeFuncOptions().dim(1)).t());
  return torch::mm(images, captions.t());
}

}  // namespace gs::detail
