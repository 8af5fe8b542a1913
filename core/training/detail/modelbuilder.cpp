#include "training/detail/modelbuilder.h"

#include "training/modelregistry.h"

namespace gs::detail {

TreeShape treeShape(const TrainConfig &config) {
  switch (config.entry().tree) {
  case TreeInput::Constituency: return TreeShape::Binary;
  case TreeInput::Phrases: return TreeShape::Phrases;
  case TreeInput::None:
  case TreeInput::Dependency: break;
  }
  return TreeShape::Dependency;
}

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
  // HM-LSTM §3.2.2: two branches, FC → BN → L2 on each side, into embed_dim.
  const bool twoBranch = config.imageSide == ImageSideKind::HmLstm && config.entry().tree == TreeInput::Phrases;
  // The image side maps into whatever the sentence side produces (Merkx & Frank: 2n); the twin
  // network and the two-branch network map both sides into embed_dim (DT-LSTM §3.2).
  const std::int64_t joint = twin || twoBranch ? config.embedDim : parts.encoder->outputDim();
  ImageSideOptions image{config.imageSide, featureDim, joint};
  if (config.imageSide == ImageSideKind::Concepts) {
    // Huang et al. §3.3.1: the last K columns are the concept scores p (trainingsource.h).
    image.conceptDim = config.conceptCount;
    image.input = config.imageInput;
    image.fusion = config.fusion;
  }
  parts.imageSide = config.entry().imageSide(image);
  // §3.3.2: the generative LSTM starts from v, so its state has v's size.
  if (config.readsConcepts() && config.generationWeight > 0)
    parts.generator = CaptionGenerator(vocabularySize, config.wordDim, joint,
                                       config.sharedEmbeddings ? parts.encoder->wordEmbedding() : nullptr);
  if (config.referenceRecurrences) {
    if (auto words = std::dynamic_pointer_cast<WordRnnImpl>(parts.encoder)) words->libTorchRecurrence = true;
    if (parts.generator) parts.generator->stepwiseOnly = true;
  }
  if (twin) parts.sentenceColumn = TwinColumn(parts.encoder->outputDim(), config.embedDim);
  if (twoBranch) parts.textBranch = makeImageSide({ImageSideKind::HmLstm, parts.encoder->outputDim(), config.embedDim});
  parts.similarity = config.similarity;
  parts.euclidean = config.loss == LossKind::Squared;
  return JointModel(std::move(parts));
}

}  // namespace gs::detail
