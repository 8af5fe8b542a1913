#pragma once
// What a phrase → region accuracy must be compared with: choices that need no trained model. On
// photos a large share of phrase boxes fill most of the picture ("the snow", "a field", a person
// filling the frame), so answering "the whole image" is a strong guess, and a region view that loses
// to it shows noise. Beside the geometric guesses sits the label prior (vision/labelprior.h):
// grounding by class names with no training, each candidate scored by the probability its
// backbone's classifier gives the classes under the phrase's head noun. Every accuracy comes with a 95 % percentile-bootstrap interval over the
// phrases. Torch- and OpenCV-free.

#include "data/dataset.h"
#include "io/enumnames.h"
#include "vision/labelprior.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace gs {

// The model-free choices. Chance: a uniformly random candidate (its expected accuracy); ceiling:
// the best candidate (some candidate reaches IoU 0.5). Largest and most central choose among the
// candidates other than the whole image; the label prior among every candidate the phrase has.
enum class GroundingBaseline { Chance, WholeImage, Largest, MostCentral, LabelPrior, Ceiling };
template <> const std::vector<EnumName<GroundingBaseline>> &enumTable<GroundingBaseline>();
// "chance", "whole-image", "largest", "most-central", "label-prior", "ceiling"

// One gold phrase with its image's regions: region 0 is the whole image, as feature sets store it.
struct BaselinePhrase {
  Box gold;
  QString headNoun;                    // the phrase's last word (the head of a base noun phrase)
  std::vector<Box> regions;            // the image's regions, the whole image first
  std::vector<const float *> features; // each region's pooled feature; empty: no label prior
  bool wholeImageIsCandidate = false;  // the whole image competes for phrases (scored proposals)
};

// The label prior's choice for one phrase: the candidate whose probability mass on the head noun's
// classes is highest; a noun that covers no class (most people words: ImageNet has almost no
// person classes) falls back to the whole image, the strongest choice a model-free rule can make
// before seeing any data. Returns the region index and whether the noun was covered.
int labelPriorChoice(const BaselinePhrase &phrase, const LabelPrior &prior, bool *covered = nullptr);

// Each region's label-prior score for the phrase (the mass on its classes); empty when the noun
// covers no class. Region 0 is the whole image.
std::vector<double> labelPriorScores(const BaselinePhrase &phrase, const LabelPrior &prior);

struct ProportionInterval {
  double percent = 0, low = 0, high = 0; // 95 % percentile bootstrap over the phrases
};

// A proportion of hits (each 0…1, a phrase's contribution) with its bootstrap interval (2,000
// resamples, a fixed seed: the same input gives the same interval).
ProportionInterval bootstrapProportion(const std::vector<double> &hits);

struct BaselineRow {
  GroundingBaseline baseline = GroundingBaseline::Chance;
  ProportionInterval accuracy;
};

struct GroundingBaselines {
  std::vector<BaselineRow> rows;  // enum order; no label prior when it was not given
  int phrases = 0;
  int covered = 0;                // phrases whose head noun covers at least one class
  QStringList uncoveredNouns;     // the most frequent uncovered head nouns, most frequent first
  double accuracyOf(GroundingBaseline baseline) const; // percent; NaN when absent
  QJsonObject toJson() const;
};

// Scores every baseline on the phrases (the label prior when `prior` is given).
GroundingBaselines scoreBaselines(const std::vector<BaselinePhrase> &phrases, const LabelPrior *prior = nullptr);

}  // namespace gs
