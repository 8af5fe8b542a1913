#pragma once
// A trainable joint model from a training configuration: the model's registry entry gives the
// sentence encoder and image side factories, the configuration their sizes and choices.

#include "models/detail/jointmodel.h"
#include "training/trainconfig.h"

namespace gs::detail {

// The tree a configuration's model reads its captions as (its registry entry's TreeInput).
TreeShape treeShape(const TrainConfig &config);

// The encoder options a configuration implies (vocabularySize words; trees: required by tree models).
EncoderOptions encoderOptions(const TrainConfig &config, std::int64_t vocabularySize, const TreeVocabulary *trees);

// The model's sentence encoder alone; throws std::invalid_argument for a closed-form model (CCA).
std::shared_ptr<SentenceEncoderImpl> makeSentenceEncoder(const TrainConfig &config, std::int64_t vocabularySize,
                                                         const TreeVocabulary *trees = nullptr);

// Sentence encoder, image side into the encoder's output size (the twin network: into embed_dim,
// with a sentence column of its own), similarity. featureDim: the image features' dimension.
JointModel makeJointModel(const TrainConfig &config, std::int64_t vocabularySize, std::int64_t featureDim,
                          const TreeVocabulary *trees = nullptr);

}  // namespace gs::detail
