#include "inference/trainedmodel.h"

#include "training/modelregistry.h"

#include "training/detail/importedembedder.h"
#include "training/detail/phrasegrounding.h"

#include "training/detail/runfiles.h"
#include "training/trainingsource.h"

#include <numeric>

namespace gs {

using namespace detail;

namespace {
torch::Tensor rowsTensor(const std::vector<float> &values, int rows) {
  if (rows <= 0 || values.size() % std::size_t(rows) != 0)
    throw std::invalid_argument("TrainedModel: a matrix of " + std::to_string(values.size()) + " values cannot have " +
                                std::to_string(rows) + " rows");
  return torch::from_blob(const_cast<float *>(values.data()), {rows, std::int64_t(values.size() / rows)}).clone();
}

std::vector<float> toVector(const torch::Tensor &t) {
  const auto c = t.contiguous().to(torch::kFloat);
  return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
}

// The data as a model's encoders read it: `input` itself, or, for a tree model meeting captions
// without parses, a copy in `storage` with them attached.
const TrainingData &withParses(const TrainingData &input, bool trees, TrainingData &storage) {
  if (!trees || hasParses(input)) return input;
  storage = input;
  attachParses(storage);
  return storage;
}

void requireFeatureDim(const TrainingData &data, int expected) {
  if (data.featureDim != expected)
    throw std::invalid_argument("TrainedModel: the run expects " + std::to_string(expected) + "-d image features, got " +
                                std::to_string(data.featureDim));
}
}  // namespace

TrainedModel TrainedModel::open(const QString &runDir) {
  TrainedModel m;
  m.m_runDir = runDir;
  const RunFolder run(runDir);
  m.m_config = run.config();
  m.m_featureDim = run.featureDim();
  m.m_vocabulary = std::make_shared<Vocabulary>(readVocabulary(run));
  m.m_trees = readTreeVocabulary(run, m.m_config);
  m.m_embedder = openEmbedder(run, m.m_config, *m.m_vocabulary, m.m_featureDim, m.m_trees.get());
  m.m_dim = int(m.m_embedder->images(torch::zeros({1, m.m_featureDim})).size(1));
  return m;
}

TrainingData TrainedModel::prepareData(const Dataset *openDataset, JobContext *job) const {
  TrainingSource source = RunFolder(m_runDir).source();
  requestInputsOf(m_config, source);
  return prepareTrainingData(source, openDataset, job);
}

std::vector<float> TrainedModel::embedCaptions(const std::vector<TrainingCaption> &captions) const {
  if (captions.empty()) return {};
  const std::vector<EncodedCaption> encoded =
      encodeCaptions(*m_vocabulary, m_trees ? withParses(captions) : captions, m_trees.get());
  std::vector<int> rows(captions.size());
  std::iota(rows.begin(), rows.end(), 0);
  return toVector(m_embedder->captions(encoded, rows));
}

bool TrainedModel::readsAnyWordOf(const QStringList &tokens, const QString &raw) const {
  const ModelKind kind = modelNamed(m_config.modelName()).kind;
  if (kind == ModelKind::CharGru || kind == ModelKind::CharLstm) return !raw.trimmed().isEmpty();
  if (kind == ModelKind::Imported) {
    const auto *imported = dynamic_cast<const ImportedEmbedder *>(m_embedder.get());
    return imported && imported->canEmbed(raw);
  }
  for (const QString &token : tokens)
    if (m_vocabulary->index(token) > Vocabulary::kUnk) return true;
  return false;
}

std::vector<float> TrainedModel::embedImages(const std::vector<float> &features, int count) const {
  const auto x = rowsTensor(features, count);
  if (x.size(1) != m_featureDim)
    throw std::invalid_argument("TrainedModel: the run expects " + std::to_string(m_featureDim) +
                                "-d image features, got " + std::to_string(x.size(1)));
  return toVector(m_embedder->images(x));
}

std::vector<float> TrainedModel::score(const std::vector<float> &imageEmbeddings, int images,
                                       const std::vector<float> &captionEmbeddings, int captions) const {
  return toVector(m_embedder->score(rowsTensor(imageEmbeddings, images), rowsTensor(captionEmbeddings, captions)));
}

ScoreKind TrainedModel::scoreKind() const { return m_embedder->scoreKind(); }

RetrievalMetrics TrainedModel::evaluate(const TrainingData &input, Split split) const {
  requireFeatureDim(input, m_featureDim);
  TrainingData storage;
  const TrainingData &data = withParses(input, m_trees != nullptr, storage);
  return evaluateSplit(*m_embedder, data, encodeCaptions(*m_vocabulary, data.captions, m_trees.get()), split);
}

TrainedModel::EvaluatedSplit TrainedModel::evaluateWithIntervals(const TrainingData &input, Split split, int resamples) const {
  requireFeatureDim(input, m_featureDim);
  TrainingData storage;
  const TrainingData &data = withParses(input, m_trees != nullptr, storage);
  std::vector<int> captionImage;
  const std::vector<float> similarity =
      splitSimilarity(*m_embedder, data, encodeCaptions(*m_vocabulary, data.captions, m_trees.get()), split, captionImage);
  const int images = int(data.imagesIn(split).size()), captions = int(captionImage.size());
  return {evaluateRetrieval(similarity, images, captions, captionImage),
          retrievalIntervals(similarity, images, captions, captionImage, resamples)};
}

GroundingMetrics TrainedModel::evaluateGrounding(const TrainingData &input, Split split) const {
  auto *joint = dynamic_cast<JointEmbedder *>(m_embedder.get());
  if (!m_config.needsRegions() || !joint)
    throw std::invalid_argument("TrainedModel: model " + m_config.modelName().toStdString() + " does not learn regions");
  if (!input.hasRegions()) throw std::invalid_argument("TrainedModel: the data has no image regions");
  TrainingData storage;
  const TrainingData &data = withParses(input, m_trees != nullptr, storage);
  const std::vector<EncodedCaption> encoded = encodeCaptions(*m_vocabulary, data.captions, m_trees.get());
  JointModel model = joint->members().front();
  return detail::evaluateGrounding(model, data, encoded, indexPhrases(data, encoded), split);
}

}  // namespace gs
