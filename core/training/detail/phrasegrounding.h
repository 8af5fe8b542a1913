#pragma once
// The HM-LSTM's phrase–region side (§3.2.2–3.4): which noun phrases each caption has, the
// correspondence step that gives each its best region with the model fixed (§3.3), the weighted
// phrase–region losses of Eqs. 9–10 on a minibatch, and region–phrase evaluation (§5.2–5.3).
//
// Phrases: the noun-phrase nodes (label NP) of each caption's phrase tree, the root excepted (the
// root pair is loss_{d,0}). Candidate regions: an image's regions but the first, the whole image
// (§3.3: "the image region candidates (i.e., the top-19 object proposals)").
//
// Weights (Eq. 10; the paper leaves the normalisation open): w_{d,0} = 1 for the root pair and
// w_{d,k} = max(0, s_{d,k}) / K_d for the K_d phrase pairs of caption d, s_{d,k} the pair's score
// at the correspondence step, capped at 1 (it can exceed 1 only with the label prior's term). Both
// branches end in an L2 normalisation, so s(v, h) ≤ 1 and a caption's phrase weights sum to at most
// its root weight: its phrase losses never outweigh its root loss
// (each phrase pair's hinge has as many contrastive terms as there are pairs in the minibatch,
// about as many as the root pair's), and a poor correspondence (s ≤ 0) weighs nothing.

#include "evaluation/grounding.h"
#include "models/detail/jointmodel.h"
#include "training/trainingdata.h"

#include <QJsonObject>

#include <torch/torch.h>

namespace gs::detail {

struct EncodedCaption;
struct PhrasePriors;
class Collective;

// Every noun phrase of every caption, in caption order.
struct PhraseIndex {
  std::vector<int> offset;   // captions + 1: caption c's phrases are [offset[c], offset[c + 1])
  std::vector<int> caption;  // per phrase
  std::vector<int> node;     // its node in the caption's EncodedTree
  std::vector<int> spanBegin, spanEnd; // word-token span
  std::vector<char> hasTruth;
  std::vector<Box> truth;    // its ground-truth box (a caption phrase with the same span), when known
  int size() const { return int(caption.size()); }
};
PhraseIndex indexPhrases(const TrainingData &data, const std::vector<EncodedCaption> &encoded);

// The result of one correspondence step: per phrase, its region (a row of data.regionFeatures, -1:
// none, i.e. its image has no candidate region or it is not a training phrase) and weight w_{d,k}.
struct Correspondences {
  std::vector<int> region;
  std::vector<float> score, weight;
  CorrespondenceStats stats;
  bool empty() const { return region.empty(); }
  QJsonObject toJson() const;
  // Weights recomputed from the scores. Throws std::runtime_error naming `where` when the file does
  // not fit `phrases`.
  static Correspondences fromJson(const QJsonObject &json, const PhraseIndex &phrases, const QString &where);
};

// §3.3 with the model fixed (eval mode, no gradients): every phrase of `captionRows` scored against
// its image's candidate regions; the best is its region, its score the confidence. With `priors`
// (phraseprior.h) a phrase the prior covers scores s(v, h) + λ·π, or π alone when `priorOnly` (the
// first step: the correspondences start from the prior).
Correspondences findCorrespondences(JointModel &model, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                                    const PhraseIndex &phrases, const std::vector<int> &captionRows,
                                    const PhrasePriors *priors = nullptr, bool priorOnly = false);

// [regions, featureDim]: a read-only view of data.regionFeatures, not a copy (at Flickr30k's size
// with a 1,280-d network they are gigabytes), valid while `data` lives; nothing may write to it.
torch::Tensor regionFeatureTensor(const TrainingData &data);

// Eq. 10 on a minibatch: Σ_d loss_{d,0} + Σ_{d,k} w_{d,k} loss_{d,k}, each loss of Eq. 9 with its
// contrastive phrases and regions drawn from the minibatch (the other pairs' phrases and regions;
// pairs sharing a region are not each other's contrast). `correspondences` empty: root losses only
// (the simplified HM-LSTM, §3.4). Returns the loss and, through phrasePairs, how many phrase pairs
// it had.
torch::Tensor hmlstmLoss(JointModel &model, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                         const torch::Tensor &features, const torch::Tensor &regionFeatures, const PhraseIndex &phrases,
                         const Correspondences &correspondences, const std::vector<int> &captionRows, double margin,
                         int *phrasePairs = nullptr, Collective *collective = nullptr);

// Region–phrase ranking on a split (Table 4) where the data has ground-truth phrase boxes.
GroundingMetrics evaluateGrounding(JointModel &model, const TrainingData &data, const std::vector<EncodedCaption> &encoded,
                                   const PhraseIndex &phrases, Split split);

// The joint-space vectors of phrases (rows of `phrases`), in that order: [n, d].
torch::Tensor embedPhrases(JointModel &model, const std::vector<EncodedCaption> &encoded, const PhraseIndex &phrases,
                           const std::vector<int> &phraseRows);

}  // namespace gs::detail
