#pragma once
// Huang et al. 2018 §3.2's multi-regional concept scores from a pretrained backbone: the concept
// vocabulary of the training captions (conceptvocabulary.h), concept detectors trained on the
// training images' regions by multiple-instance learning (conceptdetectors.h), and every image of a
// region feature set scored, pooled over its whole image and proposals. Where the paper fine-tunes
// its network, the backbone stays frozen and only the detectors' linear head is learnt. Training
// images are scored out of fold (detectors trained without them), so the joint model does not learn
// to trust concept scores that are better on its training images than on new ones.
//
// The trained detectors are kept beside the region features (conceptdetectors-KEY.json), keyed by
// the vocabulary and detector options and the training images, so a run's inspector, Caption lab and
// later runs read the same scores without training again. Torch-free.

#include "vision/backbonespec.h"
#include "vision/conceptdetectors.h"
#include "vision/conceptscores.h"
#include "vision/features.h"

namespace gs {

class Dataset;
class JobContext;

// Which network scores the concepts: the concept CNN trained from scratch on the dataset's images
// (the demo's choice: it needs no pretrained file), detectors on the run's pretrained backbone, or
// (Auto) the backbone's whenever the run has a pretrained backbone, the concept CNN otherwise.
enum class ConceptDetector { Auto, Cnn, Backbone };
template <> const std::vector<EnumName<ConceptDetector>> &enumTable<ConceptDetector>(); // "auto", "cnn", "backbone"
// Auto resolved for a run whose image backbone is `backbone` (BackboneSpec::parse syntax).
ConceptDetector resolveConceptDetector(ConceptDetector detector, const QString &backbone);

// Where the detectors start: from zero, or (WordNet) for the concepts whose word names ImageNet
// classes, from the backbone's classifier (conceptprior.h). The WordNet start needs an ONNX network
// that ends in its ImageNet classifier and the class list beside it; Auto takes it when the class
// list is there.
enum class ConceptDetectorStart { Auto, Zero, WordNet };
template <> const std::vector<EnumName<ConceptDetectorStart>> &enumTable<ConceptDetectorStart>(); // "auto", "zero", "wordnet"
// Auto resolved for a run whose image backbone is `backbone`: WordNet for an ONNX network with a
// class list beside it (labelprior.h's classLabelsBeside), Zero otherwise.
ConceptDetectorStart resolveConceptDetectorStart(ConceptDetectorStart start, const QString &backbone);

struct BackboneConceptOptions {
  ConceptCnnOptions vocabulary; // maxConcepts, minImages, words, minAgreement, maxCaptionShare
  ConceptDetectorOptions detector;
};

struct LabelPrior;

// Scores every row of `regions` (a feature set extracted with regions from a pretrained backbone):
// trains the detectors on the training images (all images when the split has fewer than four) or
// loads them from the folder. With `classes` (the backbone's classifier and WordNet's coverage of its
// classes, labelprior.h) the detectors of concepts that name ImageNet classes start from them.
// Throws std::runtime_error naming the folder when the set has no regions or too few concepts occur
// in the captions; progress and cancel through `job`.
// Cost: epochs × training regions × dim × K multiply-adds to train, regions × dim × K to score.
ConceptScores scoreBackboneConcepts(const Dataset &dataset, const FeatureSet &regions, const BackboneConceptOptions &options,
                                    JobContext *job = nullptr, const LabelPrior *classes = nullptr);

}  // namespace gs
