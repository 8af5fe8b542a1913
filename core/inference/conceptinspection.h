#pragma once
// What a trained concepts model (Huang et al. 2018) makes of an image: its top concepts with their
// scores and the box that gave each (§3.2's max over regions), the gate t of the fused
// representation (Eq. 2; the paper's argument: complex images lean on concepts), the captions
// nearest to it, and, as a diagnostic only, the caption its generator decodes greedily from v
// (§3.3.2: nothing is generated at test time). For `groundscope-cli inspect --image`,
// `groundscope-cli generate` and the region inspector. Torch-free.

#include "data/boxes.h"
#include "evaluation/calibration.h"
#include "training/trainingdata.h"

#include <QString>

#include <memory>
#include <vector>

namespace gs {

class JobContext;
class TrainedModel;

struct ScoredConcept {
  QString name;
  double score = 0; // p_c ∈ [0, 1]
  int region = 0;   // which of the image's boxes gave it (0: the whole image)
  Box box;
};

struct NearCaption {
  QString text;
  double score = 0;     // cosine in the joint space
  bool matched = false; // the caption describes this image
};

struct ConceptInspection {
  QString imageId;
  std::vector<ScoredConcept> concepts; // best first
  bool gated = false;                  // the run fuses with the gate of Eq. 2
  double meanGate = 0;                 // mean of t over its H dimensions
  std::vector<float> gate;             // t
  std::vector<NearCaption> nearest;    // captions of the image's split, best first
};

// How well the concept scores p of `split`'s images are calibrated against the concepts their
// captions mention (a concept is present in an image when one of its captions uses a word of it:
// conceptLemma). Throws std::invalid_argument when the data has no concepts or the split no image.
Calibration conceptCalibration(const TrainingData &data, Split split, int bins = 10);
// How many of the K concepts the captions of each of `split`'s images mention, in imagesIn(split)
// order (what the gate of Eq. 2 is expected to follow: the paper's complex images lean on concepts).
std::vector<int> mentionedConceptCounts(const TrainingData &data, Split split);

class ConceptInspector {
public:
  // Opens the run's best model and its data with concepts (extracted through the feature cache when
  // missing). Throws std::runtime_error naming the folder when it is not a concepts run.
  explicit ConceptInspector(const QString &runDir, JobContext *job = nullptr);
  ~ConceptInspector();
  ConceptInspector(const ConceptInspector &) = delete;
  ConceptInspector &operator=(const ConceptInspector &) = delete;

  const TrainingData &data() const;
  // Throws std::invalid_argument for an unknown image id.
  ConceptInspection inspect(const QString &imageId, int topConcepts = 10, int nearest = 5) const;
  // Mean t of each image of `split`, in imagesIn(split) order; empty when the run has no gate.
  std::vector<double> meanGates(Split split) const;
  bool canGenerate() const;
  // Greedy decoding from the image's v (at most maxWords words). Throws std::runtime_error when
  // the run was trained without generation (generation_weight 0).
  QString generate(const QString &imageId, int maxWords = 50) const;

private:
  void open(const TrainedModel &model, TrainingData data);
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace gs
