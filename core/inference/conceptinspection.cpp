#include "inference/conceptinspection.h"

#include "data/imagelookup.h"

#include "training/detail/embedder.h"
#include "inference/detail/singlejointmodel.h"
#include "inference/trainedmodel.h"
#include "training/runs/runfolder.h"
#include "training/trainingsource.h"
#include "vision/conceptvocabulary.h"

#include <QHash>

#include <algorithm>
#include <numeric>

namespace gs {

using namespace detail;

struct ConceptInspector::Impl : InspectedModel {
  TrainingData data;
  torch::Tensor features;             // [images, contextDim + K]
  std::vector<EncodedCaption> encoded; // every caption of the data, for the nearest captions

  int rowOf(const QString &imageId) const {
    return findImage(data.imageIds, imageId);
  }
};

namespace {

void requireConceptsModel(const TrainConfig &config, const QString &runDir) {
  if (!config.readsConcepts())
    throw std::runtime_error(QStringLiteral("%1 holds a '%2' run; concept inspection needs a concepts run")
                                 .arg(runDir, config.modelName())
                                 .toStdString());
}

}  // namespace

ConceptInspector::ConceptInspector(const QString &runDir, JobContext *job) : m_impl(std::make_unique<Impl>()) {
  const RunFolder run(runDir);
  requireConceptsModel(run.config(), runDir);
  TrainingData data = prepareTrainingData(run.source(), job);
  if (!data.hasConcepts()) throw std::runtime_error(runDir.toStdString() + ": its data has no concept scores");
  open(TrainedModel::open(runDir), std::move(data));
}

void ConceptInspector::open(const TrainedModel &model, TrainingData data) {
  Impl &d = *m_impl;
  static_cast<InspectedModel &>(d) = inspectedModel(model);
  d.data = std::move(data);
  d.features = featureTensor(d.data);
  d.encoded = encodeCaptions(d.vocabulary, d.data.captions);
}

ConceptInspector::~ConceptInspector() = default;

const TrainingData &ConceptInspector::data() const { return m_impl->data; }

ConceptInspection ConceptInspector::inspect(const QString &imageId, int topConcepts, int nearest) const {
  const Impl &d = *m_impl;
  const int row = d.rowOf(imageId);
  ConceptInspection out;
  out.imageId = imageId;
  const int k = d.data.conceptCount();
  const float *p = d.data.imageFeatures.data() + std::size_t(row) * d.data.featureDim + d.data.contextDim;
  std::vector<int> order(static_cast<std::size_t>(k));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [p](int a, int b) { return p[a] > p[b]; });
  for (int n = 0; n < std::min(topConcepts, k); ++n) {
    const int c = order[std::size_t(n)];
    const int region = d.data.conceptRegion[std::size_t(row) * k + c];
    out.concepts.push_back({d.data.conceptNames.at(c), p[c], region, d.data.conceptBoxes[std::size_t(d.data.conceptBoxOffsets[std::size_t(row)] + region)]});
  }
  torch::NoGradGuard noGrad;
  JointModel model = d.model;
  const auto x = d.features.narrow(0, row, 1);
  const auto t = model->imageSide->gateOf(x);
  if (t.defined()) {
    out.gated = true;
    out.gate.assign(t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
    out.meanGate = t.mean().item<double>();
  }
  // The captions of the image's split, ranked by the run's score.
  const std::vector<int> rows = d.data.captionsIn(d.data.imageSplits[std::size_t(row)]);
  if (!rows.empty() && nearest > 0) {
    const auto scores = d.embedder->score(d.embedder->images(x), d.embedder->captions(d.encoded, rows)).squeeze(0).contiguous();
    std::vector<int> rank(rows.size());
    std::iota(rank.begin(), rank.end(), 0);
    const float *s = scores.data_ptr<float>();
    std::stable_sort(rank.begin(), rank.end(), [s](int a, int b) { return s[a] > s[b]; });
    for (int n = 0; n < std::min<int>(nearest, int(rank.size())); ++n) {
      const TrainingCaption &caption = d.data.captions[std::size_t(rows[std::size_t(rank[std::size_t(n)])])];
      out.nearest.push_back({caption.raw, s[rank[std::size_t(n)]], caption.image == row});
    }
  }
  return out;
}

std::vector<double> ConceptInspector::meanGates(Split split) const {
  const Impl &d = *m_impl;
  const std::vector<int> rows = d.data.imagesIn(split);
  std::vector<double> out;
  if (rows.empty()) return out;
  torch::NoGradGuard noGrad;
  JointModel model = d.model;
  std::vector<std::int64_t> index(rows.begin(), rows.end());
  const auto t = model->imageSide->gateOf(d.features.index_select(0, torch::tensor(index, torch::kInt64)));
  if (!t.defined()) return out;
  const auto means = t.mean(1).contiguous();
  out.assign(means.data_ptr<float>(), means.data_ptr<float>() + means.numel());
  return out;
}

bool ConceptInspector::canGenerate() const { return bool(m_impl->model->generator); }

QString ConceptInspector::generate(const QString &imageId, int maxWords) const {
  const Impl &d = *m_impl;
  if (!canGenerate())
    throw std::runtime_error("this run was trained without sentence generation (generation_weight 0): it has no generator");
  torch::NoGradGuard noGrad;
  JointModel model = d.model;
  const auto v = model->embedImages(d.features.narrow(0, d.rowOf(imageId), 1));
  QStringList words;
  for (std::int64_t w : model->generator->greedy(v[0], maxWords)) words << d.vocabulary.words().value(int(w), QStringLiteral("<unk>"));
  return words.join(QLatin1Char(' '));
}

namespace {

// Which of the K concepts each of `images`' captions mention (images × K, row-major).
std::vector<char> mentionedConcepts(const TrainingData &data, const std::vector<int> &images) {
  const int k = data.conceptCount();
  QHash<QString, int> conceptOfLemma;
  for (int c = 0; c < k; ++c) conceptOfLemma.insert(conceptLemma(data.conceptNames[c]), c);
  std::vector<int> rowOf(std::size_t(data.imageCount()), -1);
  for (std::size_t r = 0; r < images.size(); ++r) rowOf[std::size_t(images[r])] = int(r);
  std::vector<char> present(images.size() * std::size_t(k), 0);
  for (const TrainingCaption &caption : data.captions) {
    const int row = rowOf[std::size_t(caption.image)];
    if (row < 0) continue;
    for (const QString &token : caption.tokens) {
      const int c = isFunctionWord(token) ? -1 : conceptOfLemma.value(conceptLemma(token), -1);
      if (c >= 0) present[std::size_t(row) * k + c] = 1;
    }
  }
  return present;
}

}  // namespace

std::vector<int> mentionedConceptCounts(const TrainingData &data, Split split) {
  if (!data.hasConcepts()) throw std::invalid_argument("mentioned concepts: the data has no concepts");
  const std::vector<int> images = data.imagesIn(split);
  const std::vector<char> present = mentionedConcepts(data, images);
  std::vector<int> counts(images.size(), 0);
  for (std::size_t i = 0; i < present.size(); ++i) counts[i / std::size_t(data.conceptCount())] += present[i];
  return counts;
}

Calibration conceptCalibration(const TrainingData &data, Split split, int bins) {
  if (!data.hasConcepts()) throw std::invalid_argument("concept calibration: the data has no concept scores");
  const std::vector<int> images = data.imagesIn(split);
  if (images.empty()) throw std::invalid_argument("concept calibration: the split has no image");
  const int k = data.conceptCount();
  const std::vector<char> present = mentionedConcepts(data, images);
  std::vector<float> scores;
  scores.reserve(present.size());
  for (int image : images) {
    const float *p = data.imageFeatures.data() + std::size_t(image) * data.featureDim + data.contextDim;
    scores.insert(scores.end(), p, p + k);
  }
  return calibrate(scores, present, bins);
}

}  // namespace gs
