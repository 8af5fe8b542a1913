#pragma once
// What goes into a region figure, from what the models say: the image (or a placeholder naming
// why it is missing), its selective-search proposals (numbered), a caption's noun phrases with
// the regions an HM-LSTM chose for them and their ground-truth boxes (overlaid, or side by side),
// and a concepts run's top concepts with the box that gave each. The Regions dock and
// `groundscope-cli regions --figure` build their figures with these, so both draw the same.

#include "figures/regionfigure.h"
#include "inference/conceptinspection.h"
#include "inference/regiongrounding.h"

#include <limits>

namespace gs {

// The photo at `path` decoded (scaled down to at most maxSide px on its longer side, boxes are
// mapped), or a placeholder saying why it cannot be shown. recordedSize: the dataset's record of
// the image's size, used for the boxes when the file is missing.
RegionFigure regionFigureFor(const QString &path, QSize recordedSize = {}, int maxSide = 2048);

struct PhraseFigureOptions {
  bool learned = true;        // each phrase's best region(s), in the phrase's colour, with the score
  bool truth = true;          // each phrase's ground-truth box, dashed, where the dataset has one
  bool sideBySide = false;    // learned left, ground truth right; else overlaid in one panel
  int topK = 1;               // regions drawn per phrase
  double scoreThreshold = -std::numeric_limits<double>::infinity(); // regions scoring below are not drawn
};

// Adds the phrases (one caption's, usually) with colours figureColour(k) in list order, and a
// legend entry each: "phrase — score" and, with ground truth, "IoU 0.71 ✓" (✓: IoU ≥ 0.5).
void addPhrases(RegionFigure &figure, const std::vector<GroundedPhrase> &phrases, const PhraseFigureOptions &options = {});

// Numbered proposals (1…) in grey, thin; `panel` as addFigureBox takes it.
void addProposals(RegionFigure &figure, const std::vector<Box> &proposals, int panel = 0);

// The top concepts with the box that gave each its maximum (§3.2), labelled "name p" and coloured
// figureColour(firstColour + k): pass the number of phrases drawn beside them, so a concept's box
// is never mistaken for a phrase's.
void addConcepts(RegionFigure &figure, const std::vector<ScoredConcept> &concepts, int top = 5, int firstColour = 0);

// The title of a concepts figure: the image and its mean gate t (Eq. 2) when the run has one.
QString conceptsFigureTitle(const ConceptInspection &inspection);

// The legend text of a phrase: its words, its best score and, with ground truth, IoU and ✓/✗ (the
// words alone for a phrase without ranked regions: the dataset's ground truth, no run).
QString phraseLegendText(const GroundedPhrase &phrase);

}  // namespace gs
