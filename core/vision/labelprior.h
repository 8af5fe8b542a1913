#pragma once
// Everything the label prior of phrase grounding reads (groundingbaselines.h), opened together:
// WordNet's noun hierarchy (Debian's wordnet-base), the network's class list (ImageNet synset ids
// in output order: "n01440764 tench, Tinca tinca"), and the network's classifier as a linear head
// over the feature set's region rows. Torch-free.

#include "inference/groundingbaselines.h"
#include "text/imagenetclasses.h"
#include "text/wordnet.h"
#include "training/trainingdata.h"
#include "vision/backbonespec.h"
#include "vision/classhead.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace gs {

class JobContext;

// The class list beside an ONNX model: the first of imagenet_synsets.txt, synset_words.txt,
// synsets.txt or LOC_synset_mapping.txt in the model's folder; empty when there is none.
QString classLabelsBeside(const QString &modelPath);

class LabelPriorSource {
public:
  // `labelsPath` empty: classLabelsBeside the model. The head comes from the feature set's folder,
  // or from the network (fitted on the first of `samplePaths`). Throws std::runtime_error saying what
  // is missing: WordNet (install wordnet-base or set GS_WORDNET_DIR), the class list (give one), a
  // backbone without a classifier, or a class list whose length differs from the classifier's.
  static std::unique_ptr<LabelPriorSource> open(const BackboneSpec &spec, const QStringList &samplePaths, const QString &featureFolder,
                                                const QString &labelsPath = {}, JobContext *job = nullptr);
  // The same for a run's data: the backbone and feature folder its source records, its images.
  static std::unique_ptr<LabelPriorSource> openForRun(const TrainingData &data, const QString &labelsPath = {}, JobContext *job = nullptr);
  LabelPriorSource(const LabelPriorSource &) = delete;
  LabelPriorSource &operator=(const LabelPriorSource &) = delete;

  const LabelPrior &prior() const { return m_prior; }
  const std::vector<ClassLabel> &labels() const { return m_labels; }
  const ClassHead &head() const { return m_head; }

private:
  LabelPriorSource(WordNet wordNet, std::vector<ClassLabel> labels, ClassHead head);
  WordNet m_wordNet;
  std::vector<ClassLabel> m_labels;
  ClassHead m_head;
  std::unique_ptr<ClassCoverage> m_coverage;
  LabelPrior m_prior;
};

}  // namespace gs
