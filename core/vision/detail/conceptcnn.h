#pragma once
// The built-in concept CNN: a small convolutional network trained on the dataset's own images as a
// multi-label classifier of the concepts in their captions (Huang et al. 2018, Sec. 3.2, Eq. 1).
// Its penultimate layer is the image feature.

#include "vision/backbonespec.h"
#include "vision/conceptvocabulary.h"
#include "vision/detail/backbone.h"

#include <torch/torch.h>

#include <QJsonObject>

namespace gs {
class Dataset;
class JobContext;
}

namespace gs::vision {

// Four 3×3 conv blocks (BN, ReLU, 2×2 max-pool after the first three), global average and max
// pooling concatenated, a fully connected feature layer (ReLU) and the K-way concept scorer.
// Where Huang et al. fine-tune an ImageNet VGGNet, we train this small network from scratch: it
// needs no download and the demo's images are simple. Cost per 64-px image: ~32 MFLOP forward.
class ConceptCnnImpl : public torch::nn::Module {
public:
  ConceptCnnImpl(int concepts, int featureDim);
  torch::Tensor features(const torch::Tensor &x); // N×featureDim, the image feature
  torch::Tensor forward(const torch::Tensor &x);  // N×K concept scores (logits, before the sigmoid)
  torch::Tensor scoresOf(const torch::Tensor &features); // features() → the N×K logits
  torch::Tensor gridFeatures(const torch::Tensor &x);    // N×(4·128): the last maps averaged over a 2×2 grid
  static constexpr int kGridDim = 4 * 128;

private:
  torch::nn::Sequential m_trunk{nullptr};
  torch::nn::Linear m_feature{nullptr}, m_scores{nullptr};
};
TORCH_MODULE(ConceptCnn);

// Huang et al. 2018, Eq. 1: L_cnn = Σ_c log(1 + exp(−y_c ŷ_c)). Read with y_c ∈ {−1, +1} and ŷ_c
// the raw score (the flattened PDF shows y ∈ {0,1}, ŷ ∈ [0,1], which would give negatives no
// gradient): the multi-label logistic loss, i.e. binary cross-entropy on sigmoid(ŷ). Mean over the
// batch. `targets` is N×K multi-hot {0,1}. With ConceptLoss::Focal each pair's term is weighted by
// (1 − p_t)^γ, p_t = σ(y ŷ) the probability given to the right answer (Lin et al. 2017, Eq. 5
// without α).
torch::Tensor conceptLoss(const torch::Tensor &scores, const torch::Tensor &targets, ConceptLoss loss = ConceptLoss::Logistic,
                          double gamma = 2.0);

struct ConceptCnnModel {
  ConceptVocabulary vocabulary;
  ConceptCnn net{nullptr};
  int featureDim = 0;
  QJsonObject summary; // what training did (or that it was loaded)
};

// Loads the trained network from `folder` (conceptcnn.pt + conceptcnn.json) when they were trained
// with the same options on the same images (`key`), or trains it on the dataset's training images
// (all images when no split is marked) and saves it there atomically. `sharedFolder` (optional)
// is a second place looked in and saved to, so feature sets that differ only in crops or regions
// share one trained network instead of each training its own. Progress and cancel through `job`.
// Throws std::runtime_error when too few images or concepts remain to train.
// Training images are read through `decoded` when given, which stores them for the extraction
// that follows (decodedcache.h); without it each is decoded.
class DecodedImageCache;
ConceptCnnModel trainOrLoadConceptCnn(const Dataset &dataset, const BackboneSpec &spec, const QString &folder,
                                      const QString &key, JobContext *job, const QString &sharedFolder = {},
                                      const DecodedImageCache *decoded = nullptr);

// The images concepts are learnt from: the training split, or every image when it has fewer than four.
std::vector<int> conceptTrainingImages(const Dataset &dataset);
// The concept vocabulary of those images' captions, as `options` (words, agreement, share, K) say;
// content words come from the caption parser (through its cache). Logs the words left out.
ConceptVocabulary buildConceptVocabulary(const Dataset &dataset, const std::vector<int> &train, const ConceptCnnOptions &options,
                                         JobContext *job);

// layer "grid": gridFeatures; empty: features (the penultimate layer).
std::unique_ptr<Backbone> makeConceptCnnBackbone(const ConceptCnnModel &model, const InputSpec &input, const QString &layer = {});

}  // namespace gs::vision
