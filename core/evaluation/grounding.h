#pragma once
// Region–phrase grounding figures of the HM-LSTM paper: how well the learned phrase–region
// correspondences agree with ground-truth boxes (§5.3.2, their 82 %), and region–phrase ranking
// (§5.2, Table 4). A region is right for a phrase when its IoU with the phrase's box is ≥ 0.5 (the
// PASCAL criterion). Torch-free: scores and boxes in, numbers out.

#include "data/dataset.h"
#include "evaluation/retrieval.h"

#include <QJsonObject>

#include <vector>

namespace gs {

constexpr double kGroundingIoU = 0.5;

// One correspondence step over the training noun phrases (§3.3: each phrase's best-scoring region).
struct CorrespondenceStats {
  int step = 0;             // 1, 2, … (the alternation it opened)
  int epoch = 0;            // the epoch it preceded
  int phrases = 0;          // noun phrases given a region
  int withGroundTruth = 0;  // of them, phrases with a ground-truth box
  // In percent of withGroundTruth; -1 when there is no ground truth ("no ground truth"):
  double accuracy = -1;     // the chosen region has IoU ≥ 0.5 with the box
  double ceiling = -1;      // some candidate region has (the best any choice could do)
  double chance = -1;       // expected accuracy of a uniformly random candidate region
  double meanConfidence = 0; // mean chosen score s(v, h) over every phrase
  bool hasGroundTruth() const { return withGroundTruth > 0; }
  QJsonObject toJson() const;
  static CorrespondenceStats fromJson(const QJsonObject &json);
};

// One phrase's candidates: the scores of its image's candidate regions and their boxes.
struct PhraseCandidates {
  std::vector<float> scores;
  std::vector<Box> boxes;
  bool hasTruth = false;
  Box truth;                // the phrase's ground-truth box (when hasTruth)
};

// The statistics above gathered one phrase at a time, so that a correspondence step over a whole
// dataset need not hold every phrase's candidates at once.
class CorrespondenceTally {
public:
  // The phrase's choice (argmax score), or -1 when it has no candidates (it is not counted).
  int add(const PhraseCandidates &phrase);
  CorrespondenceStats stats() const;

private:
  int m_phrases = 0, m_withGroundTruth = 0;
  double m_hits = 0, m_reachable = 0, m_chance = 0, m_confidence = 0;
};

// The choice (argmax score) per phrase and the statistics above. A phrase without candidates is
// not counted.
CorrespondenceStats correspondenceStats(const std::vector<PhraseCandidates> &phrases, std::vector<int> *chosen = nullptr);

// Region–phrase ranking on the test split (Table 4): a phrase ranks its image's candidate regions
// (phrase → region), a region that is right for some phrase ranks every test phrase (region →
// phrase); the rank of the first right item, summarised as R@1/5/10 and median rank.
struct GroundingMetrics {
  bool hasGroundTruth = false;
  DirectionMetrics phraseToRegion;
  int phraseQueries = 0;    // test phrases with a box that some candidate region matches
  DirectionMetrics regionToPhrase;
  int regionQueries = 0;    // candidate regions that match some test phrase's box
  int phrases = 0;          // test noun phrases in all
  QJsonObject toJson() const; // {"ground_truth": false} when there is none
  static GroundingMetrics fromJson(const QJsonObject &json);
};

// The 0-based rank of the best-scored right item (ties: after the equal-scored wrong ones), or -1
// when none is right.
int firstRightRank(const std::vector<float> &scores, const std::vector<char> &right);

}  // namespace gs
