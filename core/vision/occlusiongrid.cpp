#include "vision/occlusiongrid.h"

#include "engine/jobcontext.h"
#include "vision/detail/backbone.h"
#include "vision/detail/imageinput.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

// The colour that normalises to zero: the network's mean, in the decoded image's BGR order.
cv::Scalar meanColour(const InputSpec &input) {
  const auto channel = [&](int c) { return input.mean[std::size_t(c)] / input.scale; };
  return input.rgb ? cv::Scalar(channel(2), channel(1), channel(0)) : cv::Scalar(channel(0), channel(1), channel(2));
}

std::vector<cv::Rect> gridCells(const cv::Mat &image, int rows, int columns) {
  std::vector<cv::Rect> cells;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      const int x0 = c * image.cols / columns, x1 = (c + 1) * image.cols / columns;
      const int y0 = r * image.rows / rows, y1 = (r + 1) * image.rows / rows;
      cells.emplace_back(x0, y0, x1 - x0, y1 - y0);
    }
  return cells;
}

}  // namespace

OccludedFeatures extractOccludedFeatures(const Dataset &dataset, const QString &imagePath, const BackboneSpec &specIn,
                                         const QString &featureFolder, CropMode crops, int rows, int columns,
                                         JobContext *job) {
  if (rows < 1 || columns < 1 || rows > 32 || columns > 32)
    throw std::invalid_argument(QStringLiteral("occlusion grid: %1 × %2 cells; 1 to 32 a side").arg(rows).arg(columns).toStdString());
  if (cropsFromMap(crops))
    throw std::invalid_argument("occlusion grid: crops pooled from the map are not occluded here; the grid runs the network on crops");
  if (specIn.kind == BackboneKind::Npy)
    throw std::invalid_argument(QStringLiteral("occlusion grid: the run's features were precomputed (%1): there is no network to run on the occluded photo")
                                    .arg(specIn.describe())
                                    .toStdString());
  QString reason;
  const cv::Mat image = vision::loadImage(imagePath, &reason);
  if (image.empty()) throw std::runtime_error(QStringLiteral("%1: %2").arg(imagePath, reason).toStdString());
  const BackboneSpec spec = vision::extractionSpec(specIn);
  const std::unique_ptr<vision::Backbone> network = vision::openPixelBackbone(dataset, spec, featureFolder, job);
  OccludedFeatures out;
  out.width = image.cols;
  out.height = image.rows;
  out.rows = rows;
  out.columns = columns;
  const std::vector<cv::Rect> cells = gridCells(image, rows, columns);
  for (const cv::Rect &cell : cells) out.cells.push_back(Box{float(cell.x), float(cell.y), float(cell.width), float(cell.height)});
  const cv::Scalar grey = meanColour(spec.input);
  const int total = int(cells.size()) + 1, views = cropCount(crops);
  constexpr int kBatch = 16; // photos per network call, as extraction batches them
  for (int first = 0; first < total; first += kBatch) {
    if (job) job->checkpoint();
    std::vector<cv::Mat> blobs;
    for (int k = first; k < std::min(total, first + kBatch); ++k) {
      cv::Mat version = image.clone();
      if (k > 0) cv::rectangle(version, cells[std::size_t(k - 1)], grey, cv::FILLED);
      blobs.push_back(vision::makeBlob(vision::makeCrops(version, spec.input, crops), spec.input));
    }
    const cv::Mat features = network->forward(vision::stackBlobs(blobs.data(), int(blobs.size()))); // (photos · views) × D
    for (std::size_t b = 0; b < blobs.size(); ++b) {
      cv::Mat mean; // several crops: their average, as extraction does
      cv::reduce(features.rowRange(int(b) * views, int(b + 1) * views), mean, 0, cv::REDUCE_AVG, CV_32F);
      out.dim = mean.cols;
      out.features.insert(out.features.end(), mean.ptr<float>(0), mean.ptr<float>(0) + mean.cols);
    }
    const int done = std::min(total, first + kBatch);
    if (job) job->setItemProgress(done, total, QStringLiteral("occluding cells of the photo (%1 of %2)").arg(done).arg(total));
  }
  return out;
}

}  // namespace gs
