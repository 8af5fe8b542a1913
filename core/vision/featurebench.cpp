#include "vision/featurebench.h"

#include "engine/jobcontext.h"
#include "runtime/runtime.h"
#include "vision/detail/backbone.h"
#include "vision/detail/imageinput.h"
#include "vision/features.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

double secondsOf(const QElapsedTimer &timer) { return timer.nsecsElapsed() / 1e9; }

}  // namespace

FeatureBenchResult benchFeaturePipeline(const Dataset &dataset, const BackboneSpec &spec, const std::vector<int> &batches,
                                        JobContext *job, int repeats) {
  if (batches.empty() || repeats < 1) throw std::invalid_argument("bench features: no batch sizes, or repeats < 1");
  cv::setNumThreads(runtime::configuredThreads());
  FeatureBenchResult result;
  result.openCvThreads = cv::getNumThreads();
  if (spec.kind == BackboneKind::Npy) throw std::invalid_argument("bench features --dataset: precomputed (npy) features have no network to time");
  // The concept CNN is trained on the dataset first (or found trained in the cache); not timed.
  QTemporaryDir trainingFolder;
  if (!trainingFolder.isValid()) throw std::runtime_error("bench features: cannot create a temporary folder");
  std::unique_ptr<vision::Backbone> backbone =
      vision::openPixelBackbone(dataset, vision::extractionSpec(spec), trainingFolder.path(), job);
  const InputSpec &input = backbone->input();

  // Stage 1: each image decoded, preprocessed and forwarded alone; the blobs are kept for stage 2.
  if (job) job->setProgress(-1, QStringLiteral("timing the stages one image at a time"));
  std::vector<cv::Mat> blobs;
  double decode = 0, prepare = 0, network = 0;
  QElapsedTimer timer;
  for (const ImageRecord &record : dataset.images) {
    if (job) job->checkpoint();
    QString reason;
    timer.start();
    const cv::Mat image = vision::loadImage(record.path, &reason);
    decode += secondsOf(timer);
    if (image.empty()) continue;
    timer.start();
    cv::Mat blob = vision::makeBlob(vision::makeCrops(image, input, CropMode::Center), input);
    prepare += secondsOf(timer);
    timer.start();
    backbone->forward(blob);
    network += secondsOf(timer);
    blobs.push_back(blob);
  }
  result.images = int(blobs.size());
  if (blobs.empty()) throw std::runtime_error(QStringLiteral("%1: no decodable image").arg(dataset.root).toStdString());
  result.decodeMs = 1000 * decode / result.images;
  result.prepareMs = 1000 * prepare / result.images;
  result.networkMs = 1000 * network / result.images;

  // Stage 2: the network alone on preprocessed blobs in memory, at each batch size.
  for (int batch : batches) {
    if (job) job->setProgress(-1, QStringLiteral("network only, batch %1").arg(batch));
    const auto run = [&](int begin, int count) { backbone->forward(vision::stackBlobs(&blobs[std::size_t(begin)], count)); };
    run(0, std::min(batch, result.images)); // warm-up (allocations, a first-call fallback)
    double best = 0;
    for (int r = 0; r < repeats; ++r) {
      timer.start();
      for (int begin = 0; begin < result.images; begin += batch) {
        if (job) job->checkpoint();
        run(begin, std::min(batch, result.images - begin));
      }
      best = std::max(best, result.images / secondsOf(timer));
    }
    result.networkOnly.push_back({batch, best});
  }

  // Stage 3: the pipeline, writing a fresh cache each time.
  QTemporaryDir work;
  if (!work.isValid()) throw std::runtime_error("bench features: cannot create a temporary folder");
  std::vector<float> reference;
  const auto pipeline = [&](int batch, int threads) {
    if (job) job->setProgress(-1, QStringLiteral("pipeline, batch %1, %2 preparing thread(s)").arg(batch).arg(threads));
    ExtractOptions options;
    options.batchSize = batch;
    options.prepareThreads = threads;
    double best = 0;
    FeatureSet set;
    for (int r = 0; r < repeats; ++r) {
      options.outDir = work.filePath(QStringLiteral("b%1t%2r%3").arg(batch).arg(threads).arg(r)); // nothing cached
      set = extractFeatures(dataset, spec, options, job);
      best = std::max(best, set.manifest().value(QStringLiteral("images_per_second")).toDouble());
    }
    std::vector<float> rows;
    for (int i = 0; i < set.size(); ++i) rows.insert(rows.end(), set.row(i), set.row(i) + set.dim());
    double difference = 0;
    if (reference.empty()) reference = rows;
    else if (rows.size() != reference.size()) difference = INFINITY;
    else
      for (std::size_t k = 0; k < rows.size(); ++k) difference = std::max(difference, double(std::fabs(rows[k] - reference[k])));
    result.pipelines.push_back({batch, threads, best, difference});
  };
  pipeline(1, 0); // the reference features, and the old way
  for (int batch : batches) pipeline(batch, 1);
  pipeline(batches.back(), 0); // the largest batch prepared inline: what the helper thread buys
  // The best batch again with two threads preparing: what a decode-bound network gains from them.
  const auto fastest = std::max_element(result.pipelines.begin() + 1, result.pipelines.end() - 1,
                                        [](const auto &a, const auto &b) { return a.imagesPerSecond < b.imagesPerSecond; });
  pipeline(fastest->batch, 2);
  return result;
}

}  // namespace gs
