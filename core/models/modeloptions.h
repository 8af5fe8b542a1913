#pragma once
// What the model modules need to be built, as small plain structs: the sentence encoder's sizes
// and choices, and the image side's. The training module fills them from a TrainConfig (through
// the model registry); the models never see the configuration itself. Torch-free.

#include <cstdint>
#include <memory>

namespace gs {

namespace detail {
struct SentenceEncoderImpl;
struct ImageSideImpl;
struct TreeVocabulary;
}  // namespace detail

// f of Socher et al. 2014, Eqs. 1–4 (§3.2 cross-validates over these four).
enum class ActivationKind { Tanh, Identity, Sigmoid, Relu };
// How a character encoder's states become one vector (Merkx & Frank 2019 §3.1.2).
enum class PoolingKind { Attention, Max };
// The image branches of the papers (models/detail/imageside.h):
//  Linear — Socher's W_I; HmLstm — FC, batch norm, L2; Twin — the DT-LSTM twin column (with a
//  sentence column of its own); Merkx — linear + L2.
//  Concepts — Huang et al. 2018's image side: concept scores and global context fused (Eq. 2).
enum class ImageSideKind { Linear, HmLstm, Twin, Merkx, Concepts };
// What the concepts model's image side reads (Huang et al. 2018, Table 1): both the concepts p and
// the context x ("cnp + ctx"), the concepts alone ("cnp") or the context alone ("ctx").
enum class ImageInputKind { Both, Concepts, Context };
// How it combines them: the gated fusion unit of Eq. 2, or their sum ("cnp + ctx (C)").
enum class ConceptFusionKind { Gate, Sum };
// How an image–sentence pair is scored.
enum class SimilarityKind { Dot, Cosine };

struct EncoderOptions {
  std::int64_t vocabularySize = 0; // words (word-level encoders)
  int wordDim = 50;                // word vector size
  int hiddenDim = 50;              // recurrent / tree state size (character encoders: per direction)
  int embedDim = 50;               // output size where the encoder has its own (bag of words)
  int charDim = 20;                // Merkx & Frank §3.3
  int attentionHidden = 128;       // Merkx & Frank §3.3
  PoolingKind pooling = PoolingKind::Attention;
  ActivationKind activation = ActivationKind::Tanh;
  int lstmPositions = 3;           // p of the DT-LSTM (appendix A)
  // What the tree encoders learned from the training trees; required by tree encoders.
  const detail::TreeVocabulary *trees = nullptr;
};

struct ImageSideOptions {
  ImageSideKind kind = ImageSideKind::Linear;
  std::int64_t featureDim = 0;     // the backbone's feature size
  std::int64_t embedDim = 0;       // the joint space's size
  // Concepts: the last conceptDim columns of a feature row are the concept scores p, the others
  // the global context x (TrainingData::contextDim).
  std::int64_t conceptDim = 0;
  ImageInputKind input = ImageInputKind::Both;
  ConceptFusionKind fusion = ConceptFusionKind::Gate;
};

// A model's sentence encoder from its options; throws std::invalid_argument naming what is missing.
using SentenceEncoderFactory = std::shared_ptr<detail::SentenceEncoderImpl> (*)(const EncoderOptions &);
// A model's image side.
using ImageSideFactory = std::shared_ptr<detail::ImageSideImpl> (*)(const ImageSideOptions &);

// The image side the options name (models/detail/imageside.h): what every model uses today.
std::shared_ptr<detail::ImageSideImpl> makeImageSide(const ImageSideOptions &options);

}  // namespace gs
