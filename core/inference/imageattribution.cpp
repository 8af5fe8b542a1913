// The image side of ScoreExplainer: concepts, regions and grid cells occluded one at a time.

#include "inference/attribution.h"

#include "engine/jobcontext.h"
#include "inference/detail/explainerstate.h"
#include "inference/regiongrounding.h"
#include "training/modelregistry.h"
#include "training/runs/runfolder.h"
#include "vision/occlusiongrid.h"

#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <map>

namespace gs {

using namespace detail;

namespace {

ImageAttribution attributionHeader(const ScoreExplainer &explainer, int image, const QString &caption, ImageAreaKind kind) {
  ImageAttribution out;
  out.model = explainer.modelName();
  out.caption = caption;
  out.imageId = explainer.data().imageIds.at(image);
  out.kind = kind;
  return out;
}

// Huang et al. §3.2: p_c of each concept set to 0 in the row [x | p] the gate of Eq. 2 fuses.
torch::Tensor conceptVersions(const TrainingData &data, const torch::Tensor &row) {
  const int k = data.conceptCount();
  auto versions = row.repeat({k, 1});
  for (int c = 0; c < k; ++c) versions[c][data.contextDim + c] = 0.0f;
  return versions;
}

Box conceptBox(const TrainingData &data, int image, int concept) {
  const std::size_t k = std::size_t(data.conceptCount());
  if (data.conceptRegion.size() < (std::size_t(image) + 1) * k || data.conceptBoxOffsets.empty()) return {};
  const int region = data.conceptRegion[std::size_t(image) * k + std::size_t(concept)];
  const std::size_t at = std::size_t(data.conceptBoxOffsets[std::size_t(image)] + region);
  return at < data.conceptBoxes.size() ? data.conceptBoxes[at] : Box{};
}

// Each candidate region's share of the phrase–region match Σ_p max_r s(v_r, h_p): what the match
// loses when the region is taken away and each phrase that chose it falls back to its next best.
std::vector<AttributedArea> regionShares(const std::vector<GroundedPhrase> &phrases, double *match) {
  std::map<int, AttributedArea> byRegion;
  *match = 0;
  for (const GroundedPhrase &phrase : phrases) {
    if (phrase.regions.empty()) continue;
    *match += phrase.regions.front().score;
    for (const RankedRegion &r : phrase.regions) {
      AttributedArea &area = byRegion[r.region];
      area.name = QStringLiteral("region %1").arg(r.region);
      area.box = r.box;
    }
    const double fallback = phrase.regions.size() > 1 ? phrase.regions[1].score : 0.0;
    byRegion[phrase.regions.front().region].contribution += phrase.regions.front().score - fallback;
  }
  std::vector<AttributedArea> out;
  for (auto &[region, area] : byRegion) {
    area.occludedScore = *match - area.contribution;
    out.push_back(area);
  }
  return out;
}

}  // namespace

bool ScoreExplainer::hasImageParts() const {
  const ModelKind kind = modelNamed(modelName()).kind;
  return (kind == ModelKind::Concepts && m_impl->data->hasConcepts()) || (kind == ModelKind::HmLstm && m_impl->data->hasRegions());
}

ImageAttribution ScoreExplainer::explainImageParts(int image, const QString &caption) const {
  Impl &d = *m_impl;
  d.checkImage(image);
  const ModelKind kind = modelNamed(modelName()).kind;
  const QString imageId = d.data->imageIds.at(image);
  if (kind == ModelKind::HmLstm) {
    if (d.data->regionCount(image) < 2)
      throw std::invalid_argument(QStringLiteral("image %1 has no candidate regions").arg(imageId).toStdString());
    std::lock_guard<std::mutex> lock(d.mutex);
  const SingleThreadedTorch oneThread;
    if (!d.grounder) d.grounder = std::make_unique<RegionGrounder>(d.model, *d.data);
    const std::vector<GroundedPhrase> phrases = d.grounder->ground(imageId, caption);
    if (phrases.empty()) throw std::invalid_argument("the caption has no noun phrase to match a region with");
    ImageAttribution out = attributionHeader(*this, image, caption, ImageAreaKind::Region);
    out.areas = regionShares(phrases, &out.score);
    out.scoreName = QStringLiteral("phrase–region match");
    return out;
  }
  if (kind != ModelKind::Concepts || !d.data->hasConcepts())
    throw std::invalid_argument(QStringLiteral("%1 reads the whole image only: occlude a grid over the photo instead").arg(modelName()).toStdString());
  std::lock_guard<std::mutex> lock(d.mutex);
  const SingleThreadedTorch oneThread;
  const ExplainedSentence sentence = d.read(caption);
  const torch::NoGradGuard noGrad;
  const RankedScores original = d.rank(image, {sentence.encoded});
  const RankedScores occluded = d.rankVersions(image, conceptVersions(*d.data, d.featureRow(image)), sentence.encoded);
  ImageAttribution out = attributionHeader(*this, image, sentence.caption.raw, ImageAreaKind::Concept);
  out.score = original.scores.front();
  out.rank = original.ranks.front();
  out.candidates = original.candidates;
  out.scoreName = QStringLiteral("s(image, sentence)");
  for (int c = 0; c < d.data->conceptCount(); ++c)
    out.areas.push_back({d.data->conceptNames.at(c), conceptBox(*d.data, image, c), out.score - occluded.scores[std::size_t(c)],
                         occluded.scores[std::size_t(c)], occluded.ranks[std::size_t(c)]});
  std::stable_sort(out.areas.begin(), out.areas.end(),
                   [](const AttributedArea &a, const AttributedArea &b) { return std::abs(a.contribution) > std::abs(b.contribution); });
  return out;
}

ImageAttribution ScoreExplainer::explainGrid(int image, const QString &caption, const Dataset &dataset, int rows, int columns,
                                             JobContext *job) const {
  Impl &d = *m_impl;
  d.checkImage(image);
  if (modelNamed(modelName()).kind == ModelKind::Concepts)
    throw std::invalid_argument("the concepts model reads concept scores of image regions as well: occlude its concepts instead");
  const QString path = std::size_t(image) < std::size_t(d.data->imagePaths.size()) ? d.data->imagePaths.at(image) : QString();
  if (path.isEmpty())
    throw std::invalid_argument(QStringLiteral("image %1 has no photo on disk").arg(d.data->imageIds.at(image)).toStdString());
  const TrainingSource source = RunFolder(d.model.runDir()).source();
  QTemporaryDir scratch; // the concept CNN's weights are copied here when the run's feature folder is unknown
  const QString folder = source.featuresDir.isEmpty() ? scratch.path() : source.featuresDir;
  const OccludedFeatures occluded = extractOccludedFeatures(dataset, path, BackboneSpec::parse(source.backbone), folder,
                                                            cropModeOf(source.crops, CropSource::Images), rows, columns, job);
  if (occluded.dim != d.data->featureDim)
    throw std::runtime_error(QStringLiteral("%1: the backbone gives %2-d features, the run was trained on %3-d")
                                 .arg(source.backbone).arg(occluded.dim).arg(d.data->featureDim).toStdString());
  std::lock_guard<std::mutex> lock(d.mutex);
  const SingleThreadedTorch oneThread;
  const ExplainedSentence sentence = d.read(caption);
  const torch::NoGradGuard noGrad;
  const auto versions = torch::from_blob(const_cast<float *>(occluded.features.data()),
                                         {std::int64_t(occluded.cells.size()) + 1, occluded.dim}, torch::kFloat).clone();
  const RankedScores ranked = d.rankVersions(image, versions, sentence.encoded);
  ImageAttribution out = attributionHeader(*this, image, sentence.caption.raw, ImageAreaKind::GridCell);
  // The photo as the backbone reads it now is the reference, so every difference comes from the cell.
  out.score = ranked.scores.front();
  out.rank = ranked.ranks.front();
  out.candidates = ranked.candidates;
  out.gridRows = occluded.rows;
  out.gridColumns = occluded.columns;
  out.imageWidth = occluded.width;
  out.imageHeight = occluded.height;
  out.scoreName = QStringLiteral("s(image, sentence)");
  for (std::size_t k = 0; k < occluded.cells.size(); ++k)
    out.areas.push_back({QStringLiteral("cell %1,%2").arg(int(k) / columns + 1).arg(int(k) % columns + 1), occluded.cells[k],
                         out.score - ranked.scores[k + 1], ranked.scores[k + 1], ranked.ranks[k + 1]});
  return out;
}

}  // namespace gs
