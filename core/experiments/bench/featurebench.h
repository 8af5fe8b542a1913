#pragma once
// `groundscope-cli bench features --dataset PATH --backbone SPEC`: where feature
// extraction spends its time, and how close the whole pipeline comes to the network alone.
//   1. per-image cost of each stage on one thread, one image at a time (decode, crops + blob, network);
//   2. the network-only limit: every image preprocessed into memory first, then only forward passes,
//      at each batch size — the best of them is the baseline;
//   3. the pipeline (extractFeatures, writing a cache) at each batch size, with images prepared
//      ahead on one helper thread, and the old way (prepared inline, on the network's thread); the
//      best batch also with two preparing threads (decode-bound networks); all of them decoding
//      every image. For a network small enough for the decoded-image cache (the concept CNN) the best
//      network-only limit's batch with the cache cold (an empty folder: each image decoded and
//      stored) and warm (every image read from it), as `features` runs after its first feature set
//      or training; the warm runs alternate with runs of the network alone, which count towards
//      the limit (the best of all of them);
//   4. the largest difference of any feature from the one-image-at-a-time inline features.
// Torch-free header. ONNX, TorchScript and the concept CNN (trained on the dataset first, untimed).

#include "data/dataset.h"
#include "vision/backbonespec.h"

#include <QString>

#include <vector>

namespace gs {

class JobContext;

struct FeatureBenchResult {
  int images = 0;           // images measured (decodable ones)
  double decodeMs = 0, prepareMs = 0, networkMs = 0; // per image, stage 1
  // Decoded-image cache (small networks only, else 0): reading an image from a filled cache, and
  // its crops + normalisation from the stored (already resized) image, per image.
  double cachedReadMs = 0, cachedPrepareMs = 0;
  struct Limit {
    int batch = 0;
    double imagesPerSecond = 0;
  };
  std::vector<Limit> networkOnly; // stage 2, per batch size
  enum class Decoded { Always, CacheCold, CacheWarm }; // where the pipeline's pixels come from
  struct Pipeline {
    int batch = 0;
    int prepareThreads = 0;
    Decoded decoded = Decoded::Always;
    double imagesPerSecond = 0;
    double maxDifference = 0; // against batch 1, inline
  };
  std::vector<Pipeline> pipelines; // stage 3
  int openCvThreads = 0;
};

// Each network-only and pipeline figure is the best of `repeats` runs, or of as many as take
// `minSeconds` (at most 50) when that is more: on a shared 2-core machine single runs vary by ±20 %, and the
// best is the least disturbed. Dirty pages are written back (sync) before each, untimed.
FeatureBenchResult benchFeaturePipeline(const Dataset &dataset, const BackboneSpec &spec, const std::vector<int> &batches,
                                        JobContext *job = nullptr, int repeats = 3, double minSeconds = 1.0);

}  // namespace gs
