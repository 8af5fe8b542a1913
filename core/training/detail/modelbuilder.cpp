#include "training/detail/modelbuilder.h"

#include "training/modelregistry.h"

namespace gs::detail {

EncoderOptions encoderOptions(const TrainConfig &config, std::int64_t vocabularySize, const TreeVocabulary *trees) {
  EncoderOptions o;
  o.vocabularySize = vocabularySize;
  o.wordDim = config.wordDim;
  o.hiddenDim = config.hiddenDim;
  o.embedDim = config.embedDim;
  o.charDim = config.charDim;
  o.attentionHidden = config.attentionHidden;
  o.pooling = config.pooling;
  o.activation = config.activation;
  o.lstmPositions = config.lstmPositions;
  o.trees = trees;
  return o;
}

std::shared_ptr<SentenceEncoderImpl> makeSentenceEncoder(const TrainConfig &config, std::int64_t vocabularySize,
                                                         const TreeVocabulary *trees) {
  const ModelEntry &entry = config.entry();
  if (!entry.encoder)
    throw std::invalid_argument("makeSentenceEncoder: model '" + entry.name.toStdString() + "' has no sentence encoder");
  return entry.encoder(encoderOptions(config, vocabularySize, trees));
}

JointModel makeJointModel(const TrainConfig &config, std::int64_t vocabularySize, std::int64_t featureDim,
                          const TreeVocabulary *trees) {
  JointModelParts parts;
  parts.encoder = makeSentenceEncoder(config, vocabularySize, trees);
  const bool twin = config.imageSide == ImageSideKind::Twin;
  // The image side maps into whatever the sentence side produces (Merkx & Frank: 2n); the twin
  // network maps both sides into embed_dim (DT-LSTM §3.2).
  const std::int64_t joint = twin ? config.embedDim : parts.encoder->outputDim();
  parts.imageSide = config.entry().imageSide({config.imageSide, featureDim, joint});
  if (twin) parts.sentenceColumn = TwinColumn(parts.encoder->outputDim(), config.embedDim);
  parts.similarity = config.similarity;
  parts.euclidean = config.loss == LossKind::Squared;
  return JointModel(std::move(parts));
}

}  // namespace gs::detail
