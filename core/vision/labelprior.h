#pragma once
// The label prior of phrase grounding: grounding by class names with no training (Wang & Specia
// 2019). A phrase's head noun is looked up in WordNet, the ImageNet classes under its senses are
// gathered (text/imagenetclasses.h), and each candidate region is scored by those classes'
// probability mass under the backbone's own classifier applied to the region's pooled feature
// (classhead.h). The model-free baseline of gold grounding reads it (inference/groundingbaselines.h),
// and so does the HM-LSTM when its correspondences start from the prior (training's
// correspondence_prior). LabelPriorSource opens everything it reads together: WordNet's noun
// hierarchy (Debian's wordnet-base), the network's class list (ImageNet synset ids in output order:
// "n01440764 tench, Tinca tinca") and the classifier as a linear head over the feature set's
// region rows. Torch-free.

#include "text/imagenetclasses.h"
#include "text/wordnet.h"
#include "vision/backbonespec.h"
#include "vision/classhead.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace gs {

class JobContext;

// The head noun's classes and each region's class probabilities. Both must outlive it.
struct LabelPrior {
  const ClassCoverage *coverage = nullptr;
  const ClassHead *head = nullptr;
  // The probability mass of the classes `classes` (indices into the class list) under the head's
  // softmax on one pooled feature: the region's label-prior score, 0…1.
  double massOn(const float *feature, const std::vector<int> &classes) const;
  // The same from a region's class probabilities (ClassHead::probabilities), when one region's
  // probabilities serve several phrases; 0 when either is empty.
  static double massIn(const std::vector<float> &probabilities, const std::vector<int> &classes);
};

// The head of a base noun phrase: its last word with a letter, lower-cased ("two black dogs" →
// "dogs"); empty when no word has one.
QString headNounOfWords(const QStringList &words);

// Several phrases' head nouns against the class list: how many cover a class, and the others
// (lower-cased), most frequent first, ties in alphabetical order, at most `count` of them.
struct NounCoverage {
  int covered = 0;
  QStringList uncovered;
};
NounCoverage nounCoverage(const ClassCoverage &coverage, const QStringList &headNouns, int count);

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
