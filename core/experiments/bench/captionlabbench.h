#pragma once
// What one edit in the caption lab costs: the edited sentence parsed (tree models), scored against
// the chosen image and ranked among the split's images, and explained by one method. Measured
// over real captions of a run's split with a one-word edit each, against the baseline of the same
// run: scoring the same sentences without explaining them (parse, encoding and rank). Torch-free.

#include "inference/attribution.h"

#include <QString>

namespace gs {

struct CaptionLabTiming {
  QString model;
  AttributionMethod method = AttributionMethod::Occlusion;
  int edits = 0;
  int candidates = 0;          // images each edit is ranked among
  double medianMs = 0, p95Ms = 0;       // one lab edit
  double scoreMedianMs = 0;    // the baseline: the sentence scored and ranked, not explained
  double ratio() const { return scoreMedianMs > 0 ? medianMs / scoreMedianMs : 0; }
};

// `data`: the run's prepared data. Edits: the first `edits` captions of `split` with their last
// word dropped (each a sentence the lab has not seen). Throws like ScoreExplainer.
CaptionLabTiming measureCaptionLab(const QString &runDir, std::shared_ptr<const TrainingData> data, Split split, int edits,
                                   AttributionMethod method);

}  // namespace gs
