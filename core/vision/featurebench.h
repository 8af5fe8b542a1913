#pragma once
// `groundscope-cli bench features --dataset PATH --backbone SPEC` (issue 20): where feature
// extraction spends its time, and how close the whole pipeline comes to the network alone.
//   1. per-image cost of each stage on one thread, one image at a time (decode, crops + blob, network);
//   2. the network-only limit: every image preprocessed into memory first, then only forward passes,
//      at each batch size — the best of them is the baseline;
//   3. the pipeline (extractFeatures, writing a cache) at each batch size, with images prepared
//      ahead on one helper thread, and the old way (prepared inline, on the network's thread); the
//      best batch also with two preparing threads (decode-bound networks);
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
  struct Limit {
    int batch = 0;
    double imagesPerSecond = 0;
  };
  std::vector<Limit> networkOnly; // stage 2, per batch size
  struct Pipeline {
    int batch = 0;
    int prepareThreads = 0;
    double imagesPerSecond = 0;
    double maxDifference = 0; // against batch 1, inline
  };
  std::vector<Pipeline> pipelines; // stage 3
  int openCvThreads = 0;
};

// Each network-only and pipeline figure is the best of `repeats` runs: on a shared 2-core machine
// single runs of a second or two vary by ±20 %, and the best is the least disturbed.
FeatureBenchResult benchFeaturePipeline(const Dataset &dataset, const BackboneSpec &spec, const std::vector<int> &batches,
                                        JobContext *job = nullptr, int repeats = 3);

}  // namespace gs
