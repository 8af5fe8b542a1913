#pragma once
// The state behind a ScoreExplainer: its own copy of the run's model, the candidate images'
// embeddings, and the steps every explanation shares (reading a sentence, ranking an image for a
// set of sentences or of image features, occluding).

#include "training/detail/embedder.h"
#include "inference/attribution.h"
#include "inference/detail/explainedsentence.h"
#include "parse/captionparser.h"
#include "inference/regiongrounding.h"

#include <QHash>
#include "inference/trainedmodel.h"

#include <mutex>

namespace gs {

namespace detail {
// Scores of one image against several sentences (or of several versions of an image against one
// sentence), with the image's rank among the candidates for each.
struct RankedScores {
  std::vector<double> scores;
  std::vector<int> ranks;
  int candidates = 0;
  std::vector<std::pair<int, double>> top; // the first sentence's best images: (image row, score)
};
}  // namespace detail

namespace detail {
// One sentence is too little work to share out: on a busy machine the intra-op threads spend
// more time waiting for each other than computing (OpenMP's spinning dominated a profile of the
// caption lab). The calling thread runs torch single-threaded while the guard lives; OpenMP's
// thread count is per calling thread, so other jobs keep theirs.
class SingleThreadedTorch {
public:
  SingleThreadedTorch();
  ~SingleThreadedTorch();
  SingleThreadedTorch(const SingleThreadedTorch &) = delete;
  SingleThreadedTorch &operator=(const SingleThreadedTorch &) = delete;

private:
  int m_previous;
};
}  // namespace detail

struct ScoreExplainer::Impl {
  Impl(const QString &runDir, std::shared_ptr<const TrainingData> data, Split split);

  void checkImage(int image) const;
  detail::ExplainedSentence read(const QString &caption) const;
  // A sentence parsed as training parsed its captions (collapsed dependencies and the constituency
  // tree), by a parser kept open: parseCaptions would load Link Grammar's dictionary on every call.
  SharedParse parse(const QString &text) const;
  torch::Tensor featureRow(int image) const; // [1, featureDim]
  // The image against each encoded sentence.
  detail::RankedScores rank(int image, const std::vector<detail::EncodedCaption> &sentences, int top = 0) const;
  // Versions of the image's feature row ([versions, featureDim]) against one sentence; the image's
  // rank when its row is replaced by each version.
  detail::RankedScores rankVersions(int image, const torch::Tensor &versions, const detail::EncodedCaption &sentence) const;
  void occlude(int image, const detail::ExplainedSentence &sentence, OcclusionKind kind, SentenceAttribution &out) const;
  // The image's score in each of K settings (`own` [K]) ranked against the candidates' (`others`
  // [candidates, K]); the image does not count against itself where it is a candidate.
  detail::RankedScores rankAmongCandidates(int image, const torch::Tensor &others, const torch::Tensor &own) const;

  TrainedModel model;
  std::shared_ptr<const TrainingData> data;
  Split split;
  SentenceUnitKind unit = SentenceUnitKind::Word;
  std::vector<detail::JointModel> members; // empty for closed-form models (CCA)
  std::vector<int> candidates;             // image rows of the split
  torch::Tensor candidateEmbeddings;       // [candidates, d]
  std::unique_ptr<RegionGrounder> grounder; // the HM-LSTM's phrase–region scores, made on first use
  mutable std::mutex mutex;                // gradients swap embedding tables: one explanation at a time
  mutable std::mutex parserMutex;
  mutable std::unique_ptr<CaptionParser> parser; // made on first use
  mutable QHash<QString, SharedParse> parsed; // the sentences parsed so far
};

}  // namespace gs
