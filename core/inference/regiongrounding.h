#pragma once
// Which image regions a trained HM-LSTM gives each noun phrase (HM-LSTM §4: "region-oriented
// phrase-level description"): every noun phrase of an image's captions, or of any caption typed in,
// with the image's regions ranked by s(v, h), each with its box and, where the dataset has the
// phrase's box, its IoU with it. For `groundscope-cli regions` and the GUI's region inspector.
// Torch-free.

#include "data/dataset.h"
#include "training/trainingdata.h"

#include <QString>

#include <memory>
#include <vector>

namespace gs {

class JobContext;
class TrainedModel;

struct RankedRegion {
  int region = 0;        // index among the image's regions (0 is the whole image)
  Box box;
  double score = 0;      // s(v, h), plus λ·π for a run trained with correspondence_prior λ > 0
  double iou = -1;       // with the phrase's ground-truth box; -1 when it has none
};

struct GroundedPhrase {
  QString imageId;
  QString caption;       // the caption it is part of
  int captionRow = -1;   // row in the data's captions; -1 for a caption typed in
  QString text;          // the phrase's words
  int begin = 0, end = 0; // its span of the caption's word tokens
  bool hasTruth = false;
  Box truth;
  // A gold set was scored with the label prior (goldgrounding.h) and the phrase's head noun covers a
  // class: the prior's choice.
  bool hasPrior = false;
  Box prior;
  std::vector<RankedRegion> regions; // the image's candidate regions (the whole image only where it is one), best first
};

// One candidate region of an image as the inspector shows it.
struct ImageRegion {
  int region = 0;           // 1…, or 0 (the whole image) where it is a candidate (TrainingData::wholeImageCandidate)
  Box box;
  double featureNorm = 0;   // ‖x‖ of the region's CNN feature
  bool hasCaptionScore = false;
  double captionScore = 0;  // s(v, y) against the whole caption's vector, when a caption was given
};

// A phrase ranked for one region (the inverse direction: "which phrase describes this box").
struct RankedPhrase {
  QString imageId;          // the phrase's image
  QString caption;
  QString text;
  int begin = 0, end = 0;
  double score = 0;         // s(v, h), plus λ·π as RankedRegion's
};

// Which phrases compete for a region: the image's own captions', or every phrase of its split.
enum class PhraseScope { Image, Split };

class RegionGrounder {
public:
  // Opens the run's best model and its data with regions (through the feature cache: extracted when
  // missing, reported through `job`). Throws std::runtime_error naming the folder when the run is
  // not an HM-LSTM run or its data cannot be prepared.
  explicit RegionGrounder(const QString &runDir, JobContext *job = nullptr);
  // The same for a run already opened and its data already prepared with regions (requestInputsOf),
  // so a view that holds both reads nothing again. Throws std::runtime_error for a run of another
  // model, std::invalid_argument for data without regions.
  RegionGrounder(const TrainedModel &model, TrainingData data);
  ~RegionGrounder();
  RegionGrounder(const RegionGrounder &) = delete;
  RegionGrounder &operator=(const RegionGrounder &) = delete;

  const TrainingData &data() const;
  // Every noun phrase of the image's captions, or of `caption` when given. Throws
  // std::invalid_argument for an unknown image id or a caption without words; a caption without a
  // noun phrase gives none.
  std::vector<GroundedPhrase> ground(const QString &imageId, const QString &caption = {}) const;
  // The image's candidate regions with their feature norms and, given a caption (one of the data's,
  // else parsed as typed), each one's score against the caption's sentence vector. Throws
  // std::invalid_argument like ground().
  std::vector<ImageRegion> regionsOf(const QString &imageId, const QString &caption = {}) const;
  // The phrases ranked for region `region` (1…regionCount-1, or 0 where the whole image is a
  // candidate) of the image, best first. Throws
  // std::invalid_argument for an unknown image or region.
  std::vector<RankedPhrase> phrasesFor(const QString &imageId, int region, PhraseScope scope) const;
  // Every noun phrase of every caption of the split's images (image order), each with its image's
  // regions ranked: what the correspondence exports write. Honours `job`'s cancel.
  std::vector<GroundedPhrase> groundSplit(Split split, JobContext *job = nullptr) const;

private:
  void open(const TrainedModel &model, TrainingData data);
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace gs
