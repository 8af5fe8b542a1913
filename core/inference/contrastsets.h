#pragma once
// Contrast sets on a trained run: for each caption of a split, minimal edits made from its
// dependency tree (parse/contrastedits.h: swap, drop, replace, shuffle), each scored against the
// caption's own image beside the true caption. Accuracy is how often the true caption scores
// above its edit: the order question of Socher et al. 2014 (§1, §6) and of the DT-LSTM paper —
// does the model know who did what to whom — asked on any dataset, as the twin accuracy asks it
// on the Scenes demo's distractor images. Torch-free.
//
// Ties: a pair whose two scores agree to kContrastTieTolerance (relative) is a tie and counts as
// half a win, like a coin flip, so a model that cannot tell the two apart scores exactly 0.5 (a
// bag of words on shuffled words: the same bag, the same vector, up to rounding of its sum).

#include "data/dataset.h"
#include "training/trainingdata.h"
#include "parse/contrastedits.h"

#include <QJsonArray>
#include <QJsonObject>

#include <vector>

namespace gs {

class JobContext;
class TrainedModel;

// Two scores are a tie when |a − b| ≤ kContrastTieTolerance · max(1, |a|, |b|): float sums of the
// same vectors in another order differ in the last bits.
constexpr double kContrastTieTolerance = 1e-5;

struct ContrastOptions {
  std::vector<ContrastKind> kinds = allContrastKinds();
  Split split = Split::Test;
  int maxExamples = 0;   // > 0: a seeded sample of that many captions of the split; 0: all of them
  quint64 seed = 1;      // the sample, the edits (per caption: mixSeed(seed, caption row)), the bootstrap
  int resamples = 1000;  // bootstrap resamples of the 95 % interval
};

struct ContrastPair {
  int caption = -1;    // row in TrainingData::captions
  QString imageId;
  QString original, edited, change;
  double originalScore = 0, editedScore = 0;
  int outcome() const; // 1: the true caption scores higher; 0: a tie; −1: the edit scores higher
};

struct ContrastScore {
  ContrastKind kind = ContrastKind::Swap;
  int asked = 0;   // captions offered to the generator
  int refused = 0; // of those, captions it could not edit
  int wins = 0, ties = 0, losses = 0; // over the edited pairs (asked − refused)
  double accuracy = -1;           // (wins + ties / 2) / pairs, in [0, 1]; −1 without pairs
  double low = -1, high = -1;     // 95 % percentile bootstrap interval of the accuracy
  std::vector<ContrastPair> pairs;
  int pairCount() const { return wins + ties + losses; }
  // {"generator", "asked", "refused", "pairs", "wins", "ties", "losses", "accuracy", "ci_low",
  // "ci_high"} without the pairs; the accuracy and interval are null without pairs.
  QJsonObject toJson() const;
};

struct ContrastResult {
  Split split = Split::Test;
  int captions = 0; // captions asked (the split's, or the sample)
  std::vector<ContrastScore> scores; // one per requested kind, in the request's order
  // One record per generator (ContrastScore::toJson with "split" and "captions"), in order.
  QJsonArray toJson() const;
  const ContrastScore *find(ContrastKind kind) const;
};

// Parses the asked captions that have no parse (and, for replace, up to kNounSampleCaptions
// training captions for the noun frequencies) through the parse cache, makes the edits, embeds
// the true captions and the edits (the edits parsed again for tree models) and scores each
// against its own image. Honours `job`'s cancel and reports progress. Throws
// std::invalid_argument naming evaluateContrast for no kinds, a kind twice, or data whose
// features the run cannot read; a split without captions gives scores without pairs.
// Cost: one parse per new caption, two caption embeddings per pair, O(resamples · pairs) for the
// interval.
ContrastResult evaluateContrast(const TrainedModel &model, const TrainingData &data, const ContrastOptions &options,
                                JobContext *job = nullptr);

// Keeps the scores (without their pairs) in the run's result.json (TrainResult::contrast), written
// atomically, replacing any earlier ones. Throws std::runtime_error naming the file when the run has
// no result yet.
void recordContrast(const QString &runDir, const ContrastResult &result);

// The training captions counted for replace's noun frequencies at most (a seeded sample beyond it).
constexpr int kNounSampleCaptions = 20000;

// Both scores and the 95 % interval from per-pair outcomes: the percentile bootstrap (Efron &
// Tibshirani 1993, §13.3), `resamples` resamples with replacement drawn from `seed`.
void scoreContrast(ContrastScore &score, int resamples, quint64 seed);

// The generated pairs for export: one record per pair, every generator in order (generator,
// caption, image, original, edited, change, both scores, outcome "win"/"tie"/"loss").
QJsonArray contrastPairsJson(const ContrastResult &result);
QByteArray contrastPairsCsv(const ContrastResult &result);

}  // namespace gs
