#pragma once
// A run's recorded sample (runtrajectory.h) at one epoch, ranked as the run scores: the Retrieval
// dock's view of "the space at epoch k", and the movers — the items whose neighbourhood changed
// most between two epochs of a run, or between two runs that recorded the same sample. Torch-free.

#include "evaluation/scorekind.h"
#include "training/runs/runtrajectory.h"
#include "training/trainconfig.h"

#include <QString>

#include <vector>

namespace gs {

// How a run's configuration scores an image against a caption (the trainer's embedder's rule):
// −‖v − y‖² for the squared loss, the cosine for cosine similarity, else the inner product.
ScoreKind scoreKindOf(const TrainConfig &config);

class EpochSpace {
public:
  // The sample's vectors at `epoch` (one of RunTrajectory::epochs()). Throws RunFolderError naming
  // the file when the run recorded no such epoch or the file is unreadable.
  static EpochSpace open(const QString &runDir, int epoch);
  EpochSpace(TrajectorySample sample, std::vector<float> vectors, ScoreKind score, int epoch);

  const TrajectorySample &sample() const { return m_sample; }
  int epoch() const { return m_epoch; }
  ScoreKind scoreKind() const { return m_score; }
  int imageCount() const { return int(m_sample.imageIds.size()); }
  int captionCount() const { return int(m_sample.captions.size()); }

  struct Ranked {
    int row = -1;   // image or caption row of the sample
    float score = 0;
  };
  // All the sample's captions for image `row`, best first (ties: lower row first). Throws
  // std::out_of_range for a bad row.
  std::vector<Ranked> rankCaptions(int imageRow) const;
  // All the sample's images for caption `row`, best first.
  std::vector<Ranked> rankImages(int captionRow) const;
  // The sample's images for a caption of the sample that reads like `sentence` (case and
  // punctuation ignored); -1 when no caption of the sample reads so.
  int captionRowOf(const QString &sentence) const;
  float score(int imageRow, int captionRow) const;

private:
  TrajectorySample m_sample;
  std::vector<float> m_vectors; // images, then captions
  ScoreKind m_score;
  int m_epoch;
};

// One item of the sample and how its neighbourhood moved from space A to space B: its k nearest
// items of the other modality at A and at B (by each space's score), 1 − their Jaccard overlap,
// and its partner's rank at each (an image: its best caption; a caption: its image).
struct Mover {
  bool isImage = false;
  int row = -1;               // image or caption row of the sample
  double change = 0;          // 1 − |N_A ∩ N_B| / |N_A ∪ N_B|, in [0, 1]
  int partnerRankA = 0, partnerRankB = 0; // 1-based
  std::vector<int> neighboursA, neighboursB;
};
// Every image and caption of the sample, most moved first (ties: larger partner-rank change, then
// images before captions, then row). The two spaces must hold the same sample (same image ids and
// captions); throws std::invalid_argument otherwise. Cost O(I·C·dim).
std::vector<Mover> neighbourhoodMovers(const EpochSpace &a, const EpochSpace &b, int k = 5);

}  // namespace gs
