#pragma once
// `groundscope-cli bench features --dataset PATH --backbone SPEC --regions`: region features by
// cropping each box against pooling every box from one feature map (RoIAlign), on the same images
// in the same run, and the check that makes the two paths' features comparable: RoIAlign over the
// whole image equals the network's own global average pooling of the same map.
// Torch-free header.

#include "data/boxes.h"
#include "data/dataset.h"
#include "vision/backbonespec.h"

namespace gs {

class JobContext;

struct RegionPoolingBenchResult {
  int images = 0;
  double regionsPerImage = 0;                 // the whole image and its proposals, on average
  int regionInput = 0;                        // RoIAlign's shortest side
  double cropImagesPerSecond = 0, roiAlignImagesPerSecond = 0; // extraction only, best of the runs
  // With scored proposals: crop and RoIAlign above run the fast preset (the baselines), and this is
  // RoIAlign with the pool scored by the classifier, in the same run; 0 otherwise.
  double scoredImagesPerSecond = 0;
  // Over the checked images: the largest |RoIAlign(whole image) − global average pool| of any
  // feature, and the largest |feature| for scale.
  int checkedImages = 0;
  double wholeImageMaxDifference = 0, largestFeature = 0;
};

struct RegionPoolingBenchOptions {
  int maxRegions = 19;
  int regionInput = 448; // RoIAlign's shortest side
  ProposalSearch proposals = ProposalSearch::Fast;
};

// Each path's figure is the best of `repeats` extractions (nothing cached; every image decoded).
// Throws what extractFeatures throws, e.g. for a backbone that gives no map.
RegionPoolingBenchResult benchRegionPooling(const Dataset &dataset, const BackboneSpec &spec, const RegionPoolingBenchOptions &options,
                                            int repeats = 1, JobContext *job = nullptr);

}  // namespace gs
