#pragma once
// The kinds a training configuration chooses between (the model kind is the registry's,
// training/modelregistry.h). Code compares these values; their names ("adagrad", "relu", …) exist
// only at the JSON and command-line boundary (io/enumnames.h). Torch-free.

#include "data/boxes.h"
#include "io/enumnames.h"
#include "models/modeloptions.h"
#include "vision/backboneconcepts.h"
#include "vision/backbonespec.h"
#include "vision/conceptscores.h"

#include <QFlags>

namespace gs {

// Which epoch's weights a run keeps (model-best.pt, used for the test figures):
//  Rsum — the best validation rsum (what the papers report);
//  Twin — the best validation twin accuracy, rsum breaking ties (data without twins: rsum);
//  Last — the final epoch's, no selection at all.
enum class SelectionRule { Rsum, Twin, Last };
// Socher Eq. 5 | in-batch hinge on cosine (Merkx & Frank, Huang et al.) | VSE++ hardest negative |
// Socher's squared error (§6.4), minimised alternately.
enum class LossKind { Socher, Hinge, Vsepp, Squared };
enum class OptimizerKind { Adagrad, Adam, Sgd };
// Where the ranking loss takes its contrastive sentences and images from: the minibatch's, or
// (Socher Eq. 5 as written: S \ S(i) and I \ I(j) over all training pairs) the whole training set's.
enum class NegativePool { Batch, All };
// constant | cyclic (Merkx & Frank §3.3) | step (DT-LSTM §4: ×0.95 every 2,500 iterations)
enum class ScheduleKind { Constant, Cyclic, Step };

// Groups of settings a model reads (its registry entry lists them; each configuration field
// belongs to one), so the Training form shows a model's own settings and no others.
enum class SettingGroup : unsigned {
  Common = 0x1,         // model, embed_dim: every model
  Words = 0x2,          // word_dim, word_vectors, min_word_count: word-level encoders and CCA
  TrainedWords = 0x4,   // freeze_words: word vectors that gradients could move
  Hidden = 0x8,         // hidden_dim: recurrent and tree states
  Characters = 0x10,    // char_dim, attention_hidden, pooling: character encoders
  Activation = 0x20,    // activation: the tree RNNs' f
  ChildPositions = 0x40, // lstm_positions: the DT-LSTM's p
  Relations = 0x80,     // min_relation_count: the SDT-RNN's relation matrices
  Gradient = 0x100,     // image side, score, loss, optimiser, schedule, epochs, minibatches, selection
  Cca = 0x200,          // cca_regularisation
  Phrases = 0x400,      // phrase_losses, root_epochs, alternation_epochs, regions, max_regions: the HM-LSTM
  Concepts = 0x800,     // image, fusion, generation_weight, …: the concepts model (Huang et al. 2018)
  Maps = 0x1000,        // proposals, region_input: what is pooled from one map of the photo (the
                        // HM-LSTM's regions; the concepts model's detectors and ten crops)
};
Q_DECLARE_FLAGS(SettingGroups, SettingGroup)

template <> const std::vector<EnumName<ActivationKind>> &enumTable<ActivationKind>();
template <> const std::vector<EnumName<PoolingKind>> &enumTable<PoolingKind>();
template <> const std::vector<EnumName<ImageSideKind>> &enumTable<ImageSideKind>();
template <> const std::vector<EnumName<SimilarityKind>> &enumTable<SimilarityKind>();
template <> const std::vector<EnumName<ImageInputKind>> &enumTable<ImageInputKind>();
template <> const std::vector<EnumName<ConceptFusionKind>> &enumTable<ConceptFusionKind>();
template <> const std::vector<EnumName<SelectionRule>> &enumTable<SelectionRule>();
template <> const std::vector<EnumName<LossKind>> &enumTable<LossKind>();
template <> const std::vector<EnumName<NegativePool>> &enumTable<NegativePool>(); // "batch", "all"
template <> const std::vector<EnumName<OptimizerKind>> &enumTable<OptimizerKind>();
template <> const std::vector<EnumName<ScheduleKind>> &enumTable<ScheduleKind>();

}  // namespace gs

Q_DECLARE_OPERATORS_FOR_FLAGS(gs::SettingGroups)
