#pragma once
// A trained run opened for inference: embed captions and image features into its joint space,
// score them, evaluate a split. What `eval`, `embed`, `retrieve` and the GUI use, and the one way
// a run's model is opened: the inspectors (trees, regions, concepts) and the TorchScript export take
// an opened TrainedModel. Torch-free (the parts it holds are forward-declared detail types).

#include "evaluation/grounding.h"
#include "evaluation/retrieval.h"
#include "evaluation/retrievalintervals.h"
#include "evaluation/scorekind.h"
#include "training/trainconfig.h"
#include "training/trainingdata.h"

#include <memory>

namespace gs {

class Dataset;
class JobContext;

namespace detail {
class Embedder;
class Vocabulary;
struct TreeVocabulary;
}  // namespace detail

class TrainedModel {
public:
  // Opens the best model of a run (the snapshot ensemble where the run has one). Throws
  // std::runtime_error naming the file when the folder is not a complete run.
  static TrainedModel open(const QString &runDir);

  const TrainConfig &config() const { return m_config; }
  QString runDir() const { return m_runDir; }

  // The run's data with every input its model reads (parses, regions: requestInputsOf), features
  // from the cache. `openDataset` serves when it was loaded from the run's data path
  // (Dataset::isLoadedFrom), so a caller holding the dataset does not have it read again; otherwise
  // the dataset is loaded. Throws std::runtime_error naming the path when the data is unusable.
  TrainingData prepareData(const Dataset *openDataset = nullptr, JobContext *job = nullptr) const;
  int featureDim() const { return m_featureDim; }

  // Row-major [n, dim()] embeddings.
  std::vector<float> embedCaptions(const std::vector<TrainingCaption> &captions) const;
  std::vector<float> embedImages(const std::vector<float> &features, int count) const;
  int dim() const { return m_dim; }
  // Whether the encoder has anything to read in a sentence: a word of the run's vocabulary (word
  // models; a sentence of unknown words only would embed as <unk> alone), or any character.
  bool readsAnyWordOf(const QStringList &tokens, const QString &raw) const;
  // [images, captions] scores, as the model ranks with them.
  std::vector<float> score(const std::vector<float> &imageEmbeddings, int images,
                           const std::vector<float> &captionEmbeddings, int captions) const;
  // What score() computes, for nearest-neighbour indexes that must rank the same way.
  ScoreKind scoreKind() const;

  RetrievalMetrics evaluate(const TrainingData &data, Split split) const;
  // The same metrics with a 95 % percentile-bootstrap interval of each over the split's queries
  // (retrievalintervals.h), from one scoring of the split.
  struct EvaluatedSplit {
    RetrievalMetrics metrics;
    RetrievalIntervals intervals;
  };
  EvaluatedSplit evaluateWithIntervals(const TrainingData &data, Split split, int resamples = 2000) const;
  // Region–phrase ranking (HM-LSTM §5.2) on `split`; hasGroundTruth false where the data has no
  // phrase boxes. Throws std::invalid_argument for a model without regions or data without them.
  GroundingMetrics evaluateGrounding(const TrainingData &data, Split split) const;

  // The opened run's parts, for core's inspectors and export (detail types: torch stays in core).
  const detail::Vocabulary &vocabulary() const { return *m_vocabulary; }
  const std::shared_ptr<detail::TreeVocabulary> &trees() const { return m_trees; } // null: not a tree model
  const std::shared_ptr<detail::Embedder> &embedder() const { return m_embedder; }

private:
  QString m_runDir;
  TrainConfig m_config;
  int m_featureDim = 0;
  int m_dim = 0;
  std::shared_ptr<detail::Vocabulary> m_vocabulary;
  std::shared_ptr<detail::Embedder> m_embedder;
  std::shared_ptr<detail::TreeVocabulary> m_trees; // tree models only
};

}  // namespace gs
