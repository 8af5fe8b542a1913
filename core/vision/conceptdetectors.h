#pragma once
// Concept detectors on a pretrained backbone's regions (Huang et al. 2018, §3.2: concepts detected
// "multi-regionally" and "multi-label"; the paper fine-tunes its network, here the backbone stays
// frozen and only a head is learned). One linear K-way head scores every region's pooled feature
// (the whole image and its proposals). It is trained by multiple-instance learning: an image is a bag
// of regions, its label for concept k is whether its captions mention k (no region is ever labelled),
// the bag's logit is its regions' logits pooled as ConceptPooling says (conceptscores.h), and the
// loss is the paper's Eq. 1, the logistic loss, or the focal loss, on that pooled logit (ConceptLoss).
// Features are standardised per dimension with the training regions' mean and deviation, kept with
// the head. Torch-free interface.

#include "io/floatrows.h"
#include "vision/backbonespec.h"
#include "vision/conceptscores.h"

#include <QJsonObject>

#include <cstdint>
#include <vector>

namespace gs {

class JobContext;

// Bags of region features: bag b holds regionCounts[b] consecutive rows of `features` (dim floats
// each), from row firstRegion[b] or, when firstRegion is empty, right after bag b − 1's. Bags read
// from a feature set are a window onto its whole region file and name their rows in it, so training
// gathers each minibatch's rows from the mapping instead of holding a copy (about 100 KB an image).
struct RegionBags {
  int dim = 0;
  FloatRows features;
  std::vector<int> regionCounts;
  std::vector<long> firstRegion;
  int bags() const { return int(regionCounts.size()); }
  std::vector<long> starts() const;     // each bag's first row
  std::vector<long> regionRows() const; // every bag's rows, bag after bag
};

struct ConceptDetectorOptions {
  ConceptPooling pooling = ConceptPooling::LogSumExp;
  double temperature = 4.0;     // LogSumExp's T: between the mean (T → 0) and the max (T → ∞)
  ConceptLoss loss = ConceptLoss::Logistic;
  double focalGamma = 2.0;
  int epochs = 40;
  int batchBags = 32;
  double learningRate = 0.01;   // Adam
  double weightDecay = 1e-4;    // L2 on the weights (towards the start), not on the biases; runs
                                // take TrainConfig's concept_detector_decay
  std::uint64_t seed = 1;
};

struct ConceptDetectors {
  int dim = 0, concepts = 0;
  std::vector<float> mean, deviation; // dim each: the standardisation of the features
  std::vector<float> weights;         // concepts × dim, on standardised features
  std::vector<float> bias;            // concepts
  ConceptPooling pooling = ConceptPooling::LogSumExp;
  double temperature = 4.0;
  // The logits of `regions` rows of `features` (regions × concepts, region-major).
  std::vector<float> regionLogits(const float *features, int regions) const;
  // The head as JSON (the numbers as base64 float32); fromJson throws std::runtime_error when the
  // object is not a whole head.
  QJsonObject toJson() const;
  static ConceptDetectors fromJson(const QJsonObject &json);
};

struct ConceptPrior;

// Learns the head from `bags` and `labels` (bags × concepts, non-zero: the concept is present),
// starting from `prior` when given (conceptprior.h: the head learns an offset from it, and the weight
// decay pulls towards it). Throws std::invalid_argument naming the problem when the sizes disagree,
// a bag is empty or leaves the features, or a feature is NaN or infinite. Reports progress and
// answers cancel through `job` once per epoch. Standardises each minibatch's rows as it gathers them,
// so it holds the labels and a minibatch, never a copy of the features.
// Cost: epochs × Σ regions × dim × concepts multiply-adds.
ConceptDetectors trainConceptDetectors(const RegionBags &bags, const std::vector<char> &labels, int concepts,
                                       const ConceptDetectorOptions &options = {}, JobContext *job = nullptr,
                                       const ConceptPrior *prior = nullptr);

// Each bag's score p per concept (bags × concepts), pooled as the detectors were trained, and, when
// `bestRegion` is given, the region of the bag with the concept's largest logit.
std::vector<float> detectConcepts(const ConceptDetectors &detectors, const RegionBags &bags, std::vector<int> *bestRegion = nullptr);

}  // namespace gs
