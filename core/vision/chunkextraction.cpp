// The batched path: each chunk's prepared images forwarded options.batchSize at a time, crops
// averaged, and each image's region features beside them.

#include "vision/detail/chunkextraction.h"

#include "engine/jobcontext.h"
#include "vision/detail/backbone.h"
#include "vision/detail/imageinput.h"
#include "vision/detail/preparedqueue.h"

namespace gs::vision {

FeatureChunk extractChunk(const Dataset &dataset, int begin, int end, Backbone &backbone, const ExtractOptions &options,
                          const DecodedImageCache &decoded, JobContext *job) {
  FeatureChunk chunk;
  const InputSpec &input = backbone.input();
  std::vector<cv::Mat> pendingBlobs;
  const int cropsPerImage = cropCount(options.crops);
  const auto flush = [&] {
    if (pendingBlobs.empty()) return;
    const int images = static_cast<int>(pendingBlobs.size());
    const cv::Mat features = backbone.forward(stackBlobs(pendingBlobs.data(), images));
    for (int k = 0; k < images; ++k) {
      cv::Mat mean;
      cv::reduce(features.rowRange(k * cropsPerImage, (k + 1) * cropsPerImage), mean, 0, cv::REDUCE_AVG);
      chunk.features.insert(chunk.features.end(), mean.ptr<float>(), mean.ptr<float>() + mean.cols);
    }
    pendingBlobs.clear();
  };
  PreparedQueue queue(dataset, begin, end, input, options, decoded, options.prepareThreads);
  for (int i = begin; i < end; ++i) {
    if (job) job->checkpoint();
    const ImageRecord &record = dataset.images[i];
    PreparedImage prepared = queue.take(i);
    if (!prepared.reason.isEmpty()) {
      chunk.skipped.push_back({record.id, record.path, prepared.reason});
      continue;
    }
    chunk.ids << record.id;
    if (options.regions) {
      for (const cv::Rect &box : prepared.boxes)
        chunk.regionBoxes.insert(chunk.regionBoxes.end(), {float(box.x), float(box.y), float(box.width), float(box.height)});
      const cv::Mat features = regionFeatures(backbone, prepared, options.regionPooling);
      chunk.regionFeatures.append(features.ptr<float>(), features.ptr<float>() + features.total());
      chunk.regionCounts.push_back(static_cast<int>(prepared.boxes.size()));
    }
    pendingBlobs.push_back(prepared.blob);
    if (static_cast<int>(pendingBlobs.size()) >= options.batchSize) flush();
  }
  flush();
  return chunk;
}

}  // namespace gs::vision
