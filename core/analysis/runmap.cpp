#include "analysis/runmap.h"

#include "analysis/jointspace.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "training/runs/runfolder.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace gs {

namespace {

// The model's data with the options' preparation, in the order the Map panel sets them.
void prepareModel(MapModel &model, MapData data, const RunMapOptions &options) {
  model.setNormalised(options.normalised);
  model.setCentredModalities(options.centredModalities);
  model.setData(std::move(data));
}

}  // namespace

QString runMapSplitLabel(const RunMapOptions &options) {
  return options.allSplits ? QStringLiteral("all splits") : QStringLiteral("the %1 split").arg(splitName(options.split));
}

QString layoutTitle(const LayoutSequenceOptions &options) {
  if (options.method != LayoutMethod::Tsne) return layoutMethodTitle(options.method);
  switch (options.tsne.method) {
  case TsneMethod::BarnesHut: return QStringLiteral("t-SNE (Barnes-Hut)");
  case TsneMethod::Fft: return QStringLiteral("t-SNE (FFT)");
  case TsneMethod::Exact: return QStringLiteral("t-SNE (exact)");
  case TsneMethod::Auto: break;
  }
  return layoutMethodTitle(LayoutMethod::Tsne);
}

std::vector<MapCluster> labelledClusters(const MapModel &model, int maxLabels) {
  std::vector<MapCluster> clusters;
  for (const MapClusterLevel &level : summariseMap(model))
    if (clusters.empty() || int(level.clusters.size()) <= maxLabels) clusters = level.clusters;
  return clusters;
}

void openRunMap(const QString &runDir, const RunMapOptions &options, RunMap &map, JobContext *job) {
  if (job) job->setProgress(-1, QStringLiteral("embedding %1").arg(runMapSplitLabel(options)));
  const std::shared_ptr<const JointSpace> space =
      options.allSplits ? JointSpace::openAll(runDir, job) : JointSpace::open(runDir, options.split, job);
  map.modelName = space->model();
  MapData data = MapData::fromJointSpace(*space);
  if (!space->datasetPath().isEmpty()) data.addDatasetMetadata(loadDataset(space->datasetPath(), job));
  map.model.setData(std::move(data));
  map.model.setNormalised(options.normalised);
  map.model.setCentredModalities(options.centredModalities);
}

void layOutRunMap(const QString &runDir, const RunMapOptions &options, RunMap &map, JobContext *job) {
  MapModel &model = map.model;
  const int n = model.itemCount(), dim = model.data().dim;
  if (n < 3)
    throw std::runtime_error(
        QStringLiteral("%1: %2 has %3 items, too few to map").arg(runDir, runMapSplitLabel(options)).arg(n).toStdString());
  const std::vector<float> points = model.stackedEmbeddings();
  // Lowered for small splits as the Map panel lowers them.
  std::vector<float> xy = layoutAfter(points, n, dim, fittedToItems(options.layout, n), {}, job).positions;
  if (job) job->setProgress(-1, QStringLiteral("neighbourhood preservation"));
  map.preservation = neighbourhoodPreservation(points, n, dim, xy, std::min(10, n - 1), kMapPreservationSample);
  model.setPositions(std::move(xy));
}

QJsonObject runMapSummary(const RunMap &map) {
  const MapModel &model = map.model;
  const MapModel::ModalityGap gap = model.modalityGap();
  return {{QStringLiteral("preservation"), map.preservation},
          {QStringLiteral("images"), model.imageCount()},
          {QStringLiteral("captions"), model.captionCount()},
          {QStringLiteral("modality_gap"), gap.distance},
          {QStringLiteral("modality_gap_relative"), gap.relative},
          {QStringLiteral("modalities_centred"), model.centredModalities()}};
}

RunMapEpochs layOutRunEpochs(const QString &runDir, const RunMapOptions &options, JobContext &job) {
  if (!RunTrajectory::exists(runDir))
    throw std::runtime_error(
        QStringLiteral("%1: the run recorded no epochs (train it with record_sample above 0)").arg(runDir).toStdString());
  const RunTrajectory trajectory = RunTrajectory::open(runDir);
  RunMapEpochs maps;
  maps.sample = trajectory.sample();
  const int n = maps.sample.itemCount(), dim = maps.sample.dim;
  if (n < 3)
    throw std::runtime_error(
        QStringLiteral("%1: the recorded sample has %2 items, too few to map").arg(runDir).arg(n).toStdString());
  std::optional<Dataset> dataset;
  const QString datasetPath = RunFolder(runDir).source().datasetPath;
  if (!datasetPath.isEmpty()) dataset = loadDataset(datasetPath, &job);
  // Every epoch's model: its data (for colour and search) and the vectors to lay out.
  std::vector<std::vector<float>> frames;
  for (int epoch : trajectory.epochs()) {
    MapData data = MapData::fromTrajectory(maps.sample, trajectory.embeddings(epoch));
    if (dataset) data.addDatasetMetadata(*dataset);
    maps.epochs.emplace_back();
    maps.epochs.back().epoch = epoch;
    prepareModel(maps.epochs.back().model, std::move(data), options);
    frames.push_back(maps.epochs.back().model.stackedEmbeddings());
  }
  const int count = int(frames.size());
  const std::vector<std::vector<float>> layouts =
      alignedLayouts(frames, n, dim, fittedToItems(options.layout, n), &job, [&job, count](int f, const std::vector<float> &) {
        job.setProgress(double(f + 1) / count, QStringLiteral("epoch %1 of %2 laid out").arg(f + 1).arg(count));
      });
  maps.modelName = RunFolder(runDir).config().modelName();
  for (std::size_t f = 0; f < layouts.size(); ++f) {
    RunMapEpoch &epoch = maps.epochs[f];
    epoch.model.setPositions(layouts[f]);
    epoch.preservation = neighbourhoodPreservation(frames[f], n, dim, layouts[f], std::min(10, n - 1), kMapPreservationSample);
    if (f > 0) epoch.moved = meanDisplacement(layouts[f - 1], layouts[f]) / std::max(1e-12, layoutRadius(layouts[f]));
  }
  return maps;
}

double layoutRadius(const std::vector<float> &xy) {
  const std::size_t n = xy.size() / 2;
  double mx = 0, my = 0, sum = 0;
  for (std::size_t i = 0; i < n; ++i) mx += xy[2 * i] / double(n), my += xy[2 * i + 1] / double(n);
  for (std::size_t i = 0; i < n; ++i) sum += std::pow(xy[2 * i] - mx, 2) + std::pow(xy[2 * i + 1] - my, 2);
  return n ? std::sqrt(sum / double(n)) : 0;
}

double meanDisplacement(const std::vector<float> &from, const std::vector<float> &to) {
  const std::size_t n = from.size() / 2;
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += std::hypot(to[2 * i] - from[2 * i], to[2 * i + 1] - from[2 * i + 1]);
  return n ? sum / double(n) : 0;
}

}  // namespace gs
