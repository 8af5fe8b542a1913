#include "experiments/bench/regionpoolingbench.h"

#include "engine/jobcontext.h"
#include "vision/detail/backbone.h"
#include "vision/detail/imageinput.h"
#include "vision/detail/roialign.h"
#include "vision/features.h"

#include <QJsonArray>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

constexpr int kCheckedImages = 20;

// One extraction of region features into a fresh folder: its images/s and its regions per image.
std::pair<double, double> extractOnce(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options, JobContext *job) {
  QTemporaryDir folder;
  if (!folder.isValid()) throw std::runtime_error("bench features: cannot create a temporary folder");
  ExtractOptions fresh = options;
  fresh.outDir = folder.path();
  const FeatureSet set = extractFeatures(dataset, spec, fresh, job);
  const double perImage = set.size() > 0 ? double(set.regionCount()) / set.size() : 0.0;
  return {set.manifest().value(QStringLiteral("images_per_second")).toDouble(), perImage};
}

// RoIAlign of the whole image against the network's own pooling of the same map, on a few images.
void checkWholeImage(const Dataset &dataset, const BackboneSpec &spec, int regionInput, RegionPoolingBenchResult &result) {
  const std::unique_ptr<vision::Backbone> backbone = vision::openPixelBackbone(dataset, vision::extractionSpec(spec), QString(), nullptr);
  for (const ImageRecord &record : dataset.images) {
    if (result.checkedImages >= kCheckedImages) break;
    QString reason;
    const cv::Mat image = vision::loadImage(record.path, &reason);
    if (image.empty()) continue;
    const cv::Mat blob = vision::makeImageBlob(image, backbone->input(), regionInput);
    const cv::Size input(blob.size[3], blob.size[2]);
    const cv::Mat pooled = backbone->forward(blob);
    const cv::Mat aligned = vision::roiAlign(backbone->forwardMap(blob), {cv::Rect2d(0, 0, input.width, input.height)}, input);
    double difference = 0, largest = 0;
    cv::minMaxLoc(cv::abs(pooled - aligned), nullptr, &difference);
    cv::minMaxLoc(cv::abs(pooled), nullptr, &largest);
    result.wholeImageMaxDifference = std::max(result.wholeImageMaxDifference, difference);
    result.largestFeature = std::max(result.largestFeature, largest);
    ++result.checkedImages;
  }
}

}  // namespace

RegionPoolingBenchResult benchRegionPooling(const Dataset &dataset, const BackboneSpec &spec, const RegionPoolingBenchOptions &bench,
                                            int repeats, JobContext *job) {
  if (repeats < 1) throw std::invalid_argument("benchRegionPooling: repeats must be at least 1");
  RegionPoolingBenchResult result;
  result.regionInput = bench.regionInput;
  ExtractOptions options;
  options.regions = true;
  options.maxRegions = bench.maxRegions;
  options.regionInput = bench.regionInput;
  options.reuseDecoded = false;
  const bool scored = bench.proposals == ProposalSearch::Scored;
  // Scored proposals only exist with RoIAlign: the fast preset's two poolings are their baselines.
  options.proposals = scored ? ProposalSearch::Fast : bench.proposals;
  for (int run = 0; run < repeats; ++run) {
    for (const RegionPooling pooling : {RegionPooling::Crop, RegionPooling::RoiAlign}) {
      if (job) job->setProgress(-1, QStringLiteral("%1, run %2 of %3").arg(enumName(pooling)).arg(run + 1).arg(repeats));
      options.regionPooling = pooling;
      const auto [imagesPerSecond, regions] = extractOnce(dataset, spec, options, job);
      double &best = pooling == RegionPooling::Crop ? result.cropImagesPerSecond : result.roiAlignImagesPerSecond;
      best = std::max(best, imagesPerSecond);
      result.regionsPerImage = regions;
    }
    if (!scored) continue;
    if (job) job->setProgress(-1, QStringLiteral("scored, run %1 of %2").arg(run + 1).arg(repeats));
    ExtractOptions scoring = options;
    scoring.proposals = ProposalSearch::Scored;
    scoring.regionPooling = RegionPooling::RoiAlign;
    result.scoredImagesPerSecond = std::max(result.scoredImagesPerSecond, extractOnce(dataset, spec, scoring, job).first);
  }
  result.images = int(dataset.images.size());
  checkWholeImage(dataset, spec, bench.regionInput, result);
  return result;
}

}  // namespace gs
