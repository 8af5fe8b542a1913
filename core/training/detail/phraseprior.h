#pragma once
// The label prior (vision/labelprior.h) of every noun phrase the HM-LSTM grounds: π_{p,i}, the
// probability mass the backbone's classifier gives region i of the phrase's image on the ImageNet
// classes under the phrase's head noun. With λ > 0 (TrainConfig::correspondencePrior) the first
// correspondence step follows π alone where the noun covers a class, and every later step, and the
// region inspector, score s(v, h) + λ·π: MAF's initialisation of phrase–region links by class
// labels (Wang et al. 2020) on the HM-LSTM's alternation (§3.3–3.4).

#include "training/detail/phrasegrounding.h"
#include "vision/labelprior.h"

#include <QString>

#include <vector>

namespace gs::detail {

struct PhrasePriors {
  double weight = 0; // λ
  // Per phrase of the PhraseIndex: π over its image's candidate rows (TrainingData::phraseCandidateRows,
  // in order); empty when the head noun covers no class or the image has no candidates.
  std::vector<std::vector<float>> mass;
  int covered = 0;   // phrases with a non-empty π
  bool empty() const { return mass.empty(); }
  bool covers(int phrase) const { return !empty() && !mass[std::size_t(phrase)].empty(); }
};

// The head noun of phrase p: the last word of its span with a letter (vision/labelprior.h).
QString phraseHeadNoun(const TrainingData &data, const PhraseIndex &phrases, int p);

// π for every phrase: each image's candidate rows go through the classifier once (a batched
// softmax), and each phrase sums its noun's classes.
PhrasePriors phrasePriors(const TrainingData &data, const PhraseIndex &phrases, const LabelPrior &prior, double weight);

// One line for the job log: how many phrases the prior covers and the most frequent uncovered nouns.
QString describePhrasePriors(const TrainingData &data, const PhraseIndex &phrases, const PhrasePriors &priors, const LabelPrior &prior);

}  // namespace gs::detail
