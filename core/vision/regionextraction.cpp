// Region features: an image's boxes through the network (crop pooling) or pooled from its one map
// (RoIAlign), and the RoIAlign chunk, one map per image on several copies of the network at once.

#include "vision/detail/chunkextraction.h"

#include "engine/jobcontext.h"
#include "runtime/runtime.h"
#include "vision/detail/backbone.h"
#include "vision/detail/imageinput.h"
#include "vision/detail/preparedqueue.h"
#include "vision/detail/regionproposals.h"
#include "vision/detail/roialign.h"

#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace gs::vision {

namespace {

// One image's rows in RoIAlign mode, computed on any thread: the image's row, its boxes and region
// features, or why it was skipped.
struct MapRows {
  QString skipped;
  std::vector<float> image, boxes, features;
  int regions = 0;
};

// `boxes` (in the pixels of an image of `imageSize`) pooled from `map`, the network's map of `blob`
// (that image resized).
cv::Mat pooledFromMap(const cv::Mat &map, const cv::Mat &blob, cv::Size imageSize, const std::vector<cv::Rect2d> &boxes) {
  const cv::Size input(blob.size[3], blob.size[2]);
  const double fx = double(input.width) / imageSize.width, fy = double(input.height) / imageSize.height;
  std::vector<cv::Rect2d> scaled;
  for (const cv::Rect2d &box : boxes) scaled.emplace_back(box.x * fx, box.y * fy, box.width * fx, box.height * fy);
  return roiAlign(map, scaled, input);
}

std::vector<cv::Rect2d> boxesOf(const std::vector<cv::Rect> &rects) { return {rects.begin(), rects.end()}; }

MapRows mapRowsOf(Backbone &network, PreparedImage prepared, const ClassHead *head, int keep, CropMode crops) {
  MapRows rows;
  if (!prepared.reason.isEmpty()) {
    rows.skipped = prepared.reason;
    return rows;
  }
  const cv::Mat map = network.forwardMap(prepared.regionBlob);
  if (crops == CropMode::TenCrop || crops == CropMode::FiveCrop) throw std::logic_error("crops through the network have no map");
  if (cropsFromMap(crops)) rows.image = mapCropRow(network, prepared.regionBlob, map, prepared.imageSize, crops);
  if (prepared.boxes.empty()) return rows;
  const cv::Mat features = pooledFromMap(map, prepared.regionBlob, prepared.imageSize, boxesOf(prepared.boxes));
  if (crops == CropMode::Center) rows.image.assign(features.ptr<float>(0), features.ptr<float>(0) + features.cols);
  std::vector<int> chosen;
  if (head) {
    chosen = selectScoredRegions(prepared.boxes, objectnessOf(features, *head), keep);
  } else {
    for (int r = 0; r < int(prepared.boxes.size()); ++r) chosen.push_back(r);
  }
  for (int r : chosen) {
    const cv::Rect &box = prepared.boxes[std::size_t(r)];
    rows.boxes.insert(rows.boxes.end(), {float(box.x), float(box.y), float(box.width), float(box.height)});
    rows.features.insert(rows.features.end(), features.ptr<float>(r), features.ptr<float>(r) + features.cols);
  }
  rows.regions = static_cast<int>(chosen.size());
  return rows;
}

}  // namespace

std::vector<float> mapCropRow(Backbone &network, const cv::Mat &blob, const cv::Mat &map, cv::Size imageSize, CropMode mode) {
  const std::vector<cv::Rect2d> crops = fiveCropBoxes(imageSize, network.input());
  cv::Mat pooled = pooledFromMap(map, blob, imageSize, crops);
  if (mode == CropMode::TenCropMap)
    cv::vconcat(pooled, pooledFromMap(network.forwardMap(mirroredBlob(blob)), blob, imageSize, crops), pooled);
  cv::Mat mean;
  cv::reduce(pooled, mean, 0, cv::REDUCE_AVG, CV_32F);
  return {mean.ptr<float>(0), mean.ptr<float>(0) + mean.cols};
}

std::vector<float> objectnessOf(const cv::Mat &features, const ClassHead &head) {
  if (features.cols != head.dim)
    throw std::runtime_error(QStringLiteral("the classifier head takes %1 features, the regions have %2").arg(head.dim).arg(features.cols).toStdString());
  const cv::Mat weights(head.classes, head.dim, CV_32F, const_cast<float *>(head.weights.data()));
  const cv::Mat bias(1, head.classes, CV_32F, const_cast<float *>(head.bias.data()));
  cv::Mat logits = features * weights.t();
  std::vector<float> objectness(std::size_t(features.rows));
  for (int r = 0; r < logits.rows; ++r) {
    cv::Mat row = logits.row(r) + bias;
    double top = 0;
    cv::minMaxLoc(row, nullptr, &top);
    cv::Mat shifted;
    cv::exp(row - top, shifted);
    objectness[std::size_t(r)] = float(1.0 / cv::sum(shifted)[0]); // softmax at the best class
  }
  return objectness;
}

cv::Mat regionFeatures(Backbone &backbone, const PreparedImage &prepared, RegionPooling pooling) {
  if (pooling != RegionPooling::RoiAlign) return backbone.forward(prepared.regionBlob);
  return pooledFromMap(backbone.forwardMap(prepared.regionBlob), prepared.regionBlob, prepared.imageSize, boxesOf(prepared.boxes));
}

FeatureChunk extractMapChunk(const Dataset &dataset, int begin, int end, const std::vector<Backbone *> &networks,
                             const ExtractOptions &options, const DecodedImageCache &decoded, JobContext *job, const ClassHead *head) {
  PreparedQueue queue(dataset, begin, end, networks.front()->input(), options, decoded, options.prepareThreads);
  std::vector<MapRows> slots(static_cast<std::size_t>(end - begin));
  std::atomic<int> next{begin};
  std::atomic<bool> stop{false};
  std::mutex failureLock;
  std::exception_ptr failure;
  const auto work = [&](Backbone *network, bool answersJob) {
    try {
      for (int i = next++; i < end && !stop; i = next++) {
        if (answersJob && job) job->checkpoint();
        slots[std::size_t(i - begin)] = mapRowsOf(*network, queue.take(i), head, options.maxRegions, options.crops);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(failureLock);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  const int previousThreads = cv::getNumThreads();
  const bool copiesAtOnce = networks.size() > 1;
  if (copiesAtOnce) cv::setNumThreads(1);
  std::vector<std::thread> helpers;
  for (std::size_t k = 1; k < networks.size(); ++k) helpers.emplace_back(work, networks[k], false);
  work(networks.front(), true);
  for (std::thread &t : helpers) t.join();
  if (copiesAtOnce) cv::setNumThreads(previousThreads);
  if (failure) std::rethrow_exception(failure);

  FeatureChunk chunk;
  for (int i = begin; i < end; ++i) {
    MapRows &rows = slots[std::size_t(i - begin)];
    const ImageRecord &record = dataset.images[i];
    if (!rows.skipped.isEmpty()) {
      chunk.skipped.push_back({record.id, record.path, rows.skipped});
      continue;
    }
    chunk.ids << record.id;
    chunk.features.insert(chunk.features.end(), rows.image.begin(), rows.image.end());
    if (!options.regions) continue;
    chunk.regionBoxes.insert(chunk.regionBoxes.end(), rows.boxes.begin(), rows.boxes.end());
    chunk.regionFeatures.append(rows.features.data(), rows.features.data() + rows.features.size());
    chunk.regionCounts.push_back(rows.regions);
  }
  return chunk;
}

std::vector<Backbone *> mapNetworks(Backbone &backbone, const ExtractOptions &options,
                                    std::vector<std::unique_ptr<Backbone>> &copies) {
  std::vector<Backbone *> networks{&backbone};
  if (!rowFromMap(options)) return networks;
  const int wanted = options.mapNetworks > 0 ? options.mapNetworks : runtime::configuredThreads();
  for (int k = 1; k < wanted; ++k) {
    std::unique_ptr<Backbone> copy = backbone.clone();
    if (!copy) break;
    networks.push_back(copy.get());
    copies.push_back(std::move(copy));
  }
  return networks;
}

}  // namespace gs::vision
