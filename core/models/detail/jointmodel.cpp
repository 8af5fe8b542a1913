#include "models/detail/jointmodel.h"

namespace gs::detail {

namespace F = torch::nn::functional;

std::shared_ptr<SentenceEncoderImpl> makeSentenceEncoder(const TrainConfig &config, std::int64_t vocabularySize,
                                                         const TreeVocabulary *trees) {
  const std::string model = config.model.toStdString();
  if (config.needsTrees()) {
    if (!trees) throw std::invalid_argument("makeSentenceEncoder: model '" + model + "' needs the tree vocabulary");
    if (model == "dtlstm") return std::make_shared<TreeLstmImpl>(config.lstmPositions, vocabularySize, config.wordDim, config.hiddenDim);
    return std::make_shared<TreeRnnImpl>(model, *trees, vocabularySize, config.wordDim, config.hiddenDim,
                                         config.activation.toStdString());
  }
  if (model == "bow") return std::make_shared<BagOfWordsImpl>(vocabularySize, config.wordDim, config.embedDim);
  if (model == "rnn" || model == "lstm")
    return std::make_shared<WordRnnImpl>(model, vocabularySize, config.wordDim, config.hiddenDim);
  if (model == "chargru" || model == "charlstm")
    return std::make_shared<CharRnnImpl>(model == "chargru" ? "gru" : "lstm", config.pooling.toStdString(),
                                         config.charDim, config.hiddenDim, config.attentionHidden);
  throw std::invalid_argument("no sentence encoder for model '" + model + "'");
}

JointModelImpl::JointModelImpl(const TrainConfig &config, std::int64_t vocabularySize, std::int64_t featureDim,
                               const TreeVocabulary *trees)
    : similarityKind(config.similarity.toStdString()), euclidean(config.loss == QLatin1String("squared")) {
  encoder = register_module("encoder", makeSentenceEncoder(config, vocabularySize, trees));
  // The image side maps into whatever the sentence side produces (Merkx & Frank: 2n).
  const std::int64_t joint = config.imageSide == QLatin1String("twin") ? config.embedDim : encoder->outputDim();
  imageSide = register_module("image_side", ImageSide(config.imageSide.toStdString(), featureDim, joint));
  if (config.imageSide == QLatin1String("twin"))
    sentenceColumn = register_module("sentence_column", TwinColumn(encoder->outputDim(), config.embedDim));
}

torch::Tensor JointModelImpl::embedImages(const torch::Tensor &features) { return imageSide(features); }

torch::Tensor JointModelImpl::embedCaptions(const TextBatch &batch) {
  auto y = encoder->forward(batch);
  return sentenceColumn ? sentenceColumn(y) : y;
}

torch::Tensor JointModelImpl::similarity(const torch::Tensor &images, const torch::Tensor &captions) const {
  if (euclidean) return -torch::cdist(images, captions).pow(2);
  if (similarityKind == "cosine")
    return torch::mm(F::normalize(images, F::NormalizeFuncOptions().dim(1)),
                     F::normalize(captions, F::NormalizeFuncOptions().dim(1)).t());
  return torch::mm(images, captions.t());
}

}  // namespace gs::detail
