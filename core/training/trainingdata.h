#pragma once
// What the trainer learns from: one feature row per image, captions with their tokens and raw
// text, and the split of each image. Built from a Dataset and a feature set by the CLI and the
// GUI; kept independent of both so tests can make small ones by hand. Torch-free.

#include "data/dataset.h"
#include "io/floatrows.h"
#include "parse/compactparse.h"

#include <QJsonObject>

#include <memory>
#include <utility>
#include <vector>

namespace gs {

struct TrainingCaption {
  QString raw;         // as written: the character-level encoders read this
  QStringList tokens;  // lower-cased words: the word-level encoders read these
  int image = -1;      // row in TrainingData::imageFeatures
  bool orderSensitive = false;
  // Its parse (dependency and constituency trees), for the tree models; null until parsed
  // (attachParses in trainingsource.h, which train() calls for tree models).
  SharedParse parse;
  // Ground-truth noun-phrase spans of `tokens` and their boxes, where the dataset has them (the
  // Scenes demo). Never used in training; evaluation of region–phrase grounding reads them.
  std::vector<PhraseRegion> phrases;
};

struct TrainingData {
  int featureDim = 0;
  FloatRows imageFeatures;          // images × featureDim, row-major (see makeTrainingData)
  QStringList imageIds;
  QStringList imagePaths; // each image's file (from the dataset); empty for data made without one
  std::vector<Split> imageSplits;
  std::vector<int> imageDistractors; // row of each image's distractor twin (demo), -1 if none; may be empty
  std::vector<TrainingCaption> captions;
  // Image regions (HM-LSTM §3.1), when prepared with them: each image's regions, the whole image
  // first, then its selective-search proposals or (regionSet "ground-truth") its phrase boxes.
  // Region r of image i is row regionOffsets[i] + r of regionFeatures (featureDim floats each).
  FloatRows regionFeatures;         // a window onto the feature set's mapped file (attachRegions)
  std::vector<Box> regionBoxes;     // one per region row, image pixels
  std::vector<int> regionOffsets;   // imageCount() + 1 prefix sums; empty when there are no regions
  QString regionSet;                // "proposals" or "ground-truth"
  // Whether the whole image competes with the boxes for a phrase: with scored proposals, as in
  // Karpathy's and HM-LSTM's "top 19 detected locations in addition to the whole image" (a phrase
  // such as "the snow" or "a field" names the whole photo); the other region sets keep the whole
  // image for the sentence alone, as their runs always did.
  bool wholeImageCandidate = false;
  bool hasRegions() const { return !regionOffsets.empty(); }
  // Rows [first, last) of regionFeatures that are image i's candidates for a phrase.
  std::pair<int, int> phraseCandidateRows(int image) const {
    return {regionOffsets[std::size_t(image)] + (wholeImageCandidate ? 0 : 1), regionOffsets[std::size_t(image) + 1]};
  }
  int regionCount(int image) const { return hasRegions() ? regionOffsets[std::size_t(image) + 1] - regionOffsets[std::size_t(image)] : 0; }
  // Semantic concepts (Huang et al. 2018 §3.2–3.3), when prepared with them: each row of
  // imageFeatures is then [x | p], the L2-normalised global context x (contextDim floats) followed
  // by the multi-regional concept scores p (conceptNames.size() floats, in [0, 1]). Concept c of
  // image i was scored highest in box conceptBoxes[conceptBoxOffsets[i] + conceptRegion[i·K + c]]
  // (box 0 is the whole image).
  int contextDim = 0;
  QStringList conceptNames;
  std::vector<int> conceptRegion;     // images × K
  std::vector<Box> conceptBoxes;
  std::vector<int> conceptBoxOffsets; // imageCount() + 1 prefix sums
  bool hasConcepts() const { return !conceptNames.isEmpty(); }
  int conceptCount() const { return int(conceptNames.size()); }
  QJsonObject source; // where it came from (dataset path, backbone, …): kept in the run's run.json

  int imageCount() const { return int(imageIds.size()); }
  std::vector<int> imagesIn(Split split) const;
  std::vector<int> captionsIn(Split split) const;
  // Throws std::runtime_error naming the first problem: sizes that disagree, a NaN or infinite
  // feature (with its image id and column; regions: and the region), a caption whose image is out
  // of range, no training pairs.
  void validate() const;
};

// Joins a dataset with per-image feature rows (rowOfImage[i] = row in `features` for dataset
// image i, or -1 when the image has no features, e.g. it was skipped as corrupt). Captions of
// images without features are dropped and counted in `dropped`. When the kept images' rows are one
// run in order (always so for features extracted for the dataset), imageFeatures is that run of
// `features`: a window onto the file when `features` is one, never a copy.
TrainingData makeTrainingData(const Dataset &dataset, FloatRows features, int featureDim,
                              const std::vector<int> &rowOfImage, int *dropped = nullptr);

}  // namespace gs
