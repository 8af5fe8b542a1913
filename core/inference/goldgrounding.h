#pragma once
// Phrase → region accuracy of a trained HM-LSTM on a hand-drawn gold set of phrase boxes
// (evaluation/phraseboxgold.h): for each gold phrase, the run's own noun phrase over the same words
// (its parser's constituency tree decides the spans), the region it ranks first, and whether that
// region's IoU with the gold box is ≥ 0.5 (the PASCAL criterion of HM-LSTM §5.3.2), with the
// ceiling (some candidate region reaches 0.5) and chance (a uniformly random candidate) beside it,
// both of which depend only on the candidate boxes. Torch-free.

#include "evaluation/phraseboxgold.h"
#include "data/imagelookup.h"
#include "inference/groundingbaselines.h"
#include "inference/regiongrounding.h"

#include <QJsonObject>
#include <QStringList>

#include <map>
#include <vector>

namespace gs {

class JobContext;

// One scored gold phrase.
struct GoldGroundingRow {
  GoldPhraseBox gold;
  int image = -1;           // row in the run's data
  QString caption, phrase;  // the caption's text and the gold phrase's words in it
  bool matched = false;     // the run parsed a noun phrase over these words (or around them)
  QString matchedText;      // that phrase's words
  int matchedBegin = 0, matchedEnd = 0; // and its token span
  int region = -1;          // the region it ranks first (1…), -1 when unmatched
  Box chosen;
  double iou = 0;           // of the chosen region with the gold box
  bool correct = false;
  int rightCandidates = 0;  // candidate regions with IoU ≥ 0.5
  int candidates = 0;
  // The label prior's choice (groundingbaselines.h), when it was given: region (0: the whole image,
  // also the choice for a noun that covers no class), its box, and whether the noun covered a class.
  int priorRegion = -1;
  Box priorBox;
  bool priorCovered = false;
};

struct GoldGrounding {
  int goldImages = 0;        // images the gold set names
  int images = 0;            // of them, images of the run's data
  QStringList missingImages; // gold images the run's data lacks
  int phrases = 0;           // gold phrases with a box on those images: the denominator
  int notVisual = 0;         // gold phrases marked '-' on those images (never scored)
  int matched = 0;           // phrases the run's parser also made a noun phrase of
  // In percent of `phrases`; an unmatched phrase counts as wrong for accuracy:
  double accuracy = 0, ceiling = 0, chance = 0;
  double accuracyMatched = 0; // in percent of `matched`
  ProportionInterval accuracyInterval; // the run's accuracy with its bootstrap interval
  // Model-free choices on the same phrases and candidates (groundingbaselines.h).
  GroundingBaselines baselines;
  // Per phrase type (Flickr30k Entities' "people", "clothing", …), where the gold set has types:
  // the run's accuracy and the phrases of the type.
  std::map<QString, ProportionInterval> accuracyByType;
  std::map<QString, int> phrasesByType;
  std::vector<GoldGroundingRow> rows;
  // Each scored caption's phrases as the run grounded them, by caption id (for drawing them).
  std::map<QString, std::vector<GroundedPhrase>> phrasesOfCaption;
  QJsonObject toJson() const;
};

// Caption texts by caption id, when they come from a file rather than the run's data (a
// Flickr8k.token.txt read with readFlickr8kCaptions); empty: the image's K-th caption in the data.
using CaptionTexts = std::map<QString, QString>;

// A gold set of phrase boxes as the command line names it: a TSV file (phraseboxgold.h), or
// "entities:DIR", a Flickr30k Entities folder (entitiesgold.h), whose captions come with it.
struct GoldSource {
  QString path;                      // the file or folder, for messages
  std::vector<GoldPhraseBox> phrases;
  CaptionTexts captions;             // Flickr30k Entities' own caption texts; empty for a TSV
  bool typed = false;                // phrases carry types (per-type accuracy)
};
// Reads the set; `imageStems` (file names without extension) limits Flickr30k Entities to the
// images a run or dataset has (its 31,783 images otherwise). Throws std::runtime_error naming the
// file (and line) of malformed input.
GoldSource readGoldSource(const QString &spec, const QStringList &imageStems = {});

// Gold sets name images by their stem (data/imagelookup.h): "X" for "images/X.jpg".

// The phrase's head noun for the label prior: its last word (the head of a base noun phrase).
QString headNounOf(const QString &phrase);

// Scores every gold phrase on the run's images. Throws std::runtime_error naming `goldPath` and the
// line of a phrase whose caption is missing or whose range falls outside it. Honours `job`'s cancel.
// With `prior`, the label prior's choice of every row and its accuracy among the baselines.
GoldGrounding groundGold(const RegionGrounder &grounder, const std::vector<GoldPhraseBox> &gold, const QString &goldPath,
                         const CaptionTexts &captions = {}, JobContext *job = nullptr, const LabelPrior *prior = nullptr);

// The model-free half of groundGold, without a run: the gold phrases on a dataset's feature set
// with regions (vision/features.h), each scored by every baseline (and the label prior when given)
// over the set's candidates; `wholeImageCandidate` as in TrainingData. Rows carry the candidates
// and the prior's choice; accuracy and matched stay 0. Captions come from `gold.captions` when it
// has them, else the image's K-th caption in the dataset. Throws like groundGold.
class FeatureSet;
GoldGrounding groundGoldWithoutModel(const Dataset &dataset, const FeatureSet &features, const GoldSource &gold,
                                     bool wholeImageCandidate, const LabelPrior *prior = nullptr, JobContext *job = nullptr);

// Which of the run's phrases stands for the gold phrase spanning caption tokens [from, to): among
// the phrases holding its last word (the head of a base noun phrase), the one whose span overlaps
// it most (token Jaccard; the exact span wins); -1 when no phrase holds that word.
int matchGoldPhrase(const std::vector<GroundedPhrase> &phrases, int from, int to);

// The run's phrases of one caption with the gold boxes as their ground truth (each matched phrase
// gets its gold phrase's box and every region its IoU), for the figure and the Regions dock.
std::vector<GroundedPhrase> withGoldTruth(std::vector<GroundedPhrase> phrases, const std::vector<GoldGroundingRow> &rows);

}  // namespace gs
