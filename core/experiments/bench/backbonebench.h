#pragma once
// `groundscope-cli bench features` without --dataset: images/s of each backbone kind extracting
// the same Scenes demo images (128 px) into fresh folders, nothing cached (every image decoded), as
// ratios against the concept CNN at one crop measured in the same run: the concept CNN with 10
// crops and with regions, its own features as a precomputed .npy, the example TorchScript CNN
// (224 px) and, when given, an ONNX network. The concept CNN trains first; its training is
// reported, not timed. Also what `bench features --dataset` reports as its baseline
// (featurebench.h). Torch-free.

#include "experiments/bench/featurebench.h"

#include <QString>

#include <functional>
#include <vector>

namespace gs {

struct BackboneBenchRow {
  QString name; // "concept-cnn", "concept-cnn 10-crop", "npy", "onnx (FILE)", …
  int dim = 0;
  double imagesPerSecond = 0;
};

struct BackboneBenchResult {
  int images = 0;
  std::vector<BackboneBenchRow> rows; // the baseline (concept-cnn, 1 crop) first
  double conceptCnnTrainingSeconds = 0;
  // A row's speed over the baseline's; 0 when the baseline measured nothing.
  double ratio(const BackboneBenchRow &row) const;
};

// Called after each row is measured (progress for a long benchmark).
using BackboneBenchProgress = std::function<void(const BackboneBenchRow &row)>;

// `images` of the Scenes demo (made in the cache when missing, at least 1,000) through each
// backbone; `onnxPath` empty leaves ONNX out. Throws std::runtime_error when its temporary folder
// or files cannot be written, and as extractFeatures does.
BackboneBenchResult benchBackbones(int images, const QString &onnxPath, const BackboneBenchProgress &measured = {});

// The network-only figure with the most images/s: the limit the whole pipeline is measured
// against; an empty Limit without figures.
FeatureBenchResult::Limit networkOnlyLimit(const FeatureBenchResult &result);

}  // namespace gs
