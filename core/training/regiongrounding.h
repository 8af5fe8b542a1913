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

struct RankedRegion {
  int region = 0;        // index among the image's regions (0 is the whole image)
  Box box;
  double score = 0;      // s(v, h)
  double iou = -1;       // with the phrase's ground-truth box; -1 when it has none
};

struct GroundedPhrase {
  QString caption;       // the caption it is part of
  int captionRow = -1;   // row in the data's captions; -1 for a caption typed in
  QString text;          // the phrase's words
  int begin = 0, end = 0; // its span of the caption's word tokens
  bool hasTruth = false;
  Box truth;
  std::vector<RankedRegion> regions; // the image's candidate regions (not the whole image), best first
};

class RegionGrounder {
public:
  // Opens the run's best model and its data with regions (through the feature cache: extracted when
  // missing, reported through `job`). Throws std::runtime_error naming the folder when the run is
  // not an HM-LSTM run or its data cannot be prepared.
  explicit RegionGrounder(const QString &runDir, JobContext *job = nullptr);
  ~RegionGrounder();
  RegionGrounder(const RegionGrounder &) = delete;
  RegionGrounder &operator=(const RegionGrounder &) = delete;

  const TrainingData &data() const;
  // Every noun phrase of the image's captions, or of `caption` when given. Throws
  // std::invalid_argument for an unknown image id or a caption without words; a caption without a
  // noun phrase gives none.
  std::vector<GroundedPhrase> ground(const QString &imageId, const QString &caption = {}) const;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace gs
