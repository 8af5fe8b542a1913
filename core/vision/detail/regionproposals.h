#pragma once
// Region proposals as Karpathy & Fei-Fei and HM-LSTM (Sec. 3.1) use them: selective search, then
// the top 19 locations plus the whole image.

#include "data/boxes.h"

#include <opencv2/core.hpp>

#include <vector>

namespace gs::vision {

// The whole image first, then up to `maxRegions` selective-search boxes (OpenCV ximgproc, `search`
// preset, on a copy scaled to at most kProposalSide px), in the order selective search ranks them,
// after dropping boxes under kMinRegionFraction of the image side and greedy non-maximum
// suppression at IoU kNmsIoU. Every box lies inside the image. Cost: O(pixels log pixels) for the
// segmentation; for a 200-px photo about 110 ms fast, 13 ms single.
std::vector<cv::Rect> proposeRegions(const cv::Mat &image, int maxRegions, ProposalSearch search = ProposalSearch::Fast);

// The pool scored proposals choose from: the whole image first, then up to `poolSize` boxes of the
// fast selective search in its order, after the same size filter, with near-duplicates (IoU above
// kPoolDuplicateIoU with a box already in the pool) dropped but no other suppression: the
// detector's scores, not selective search's random ranking, decide which boxes stay.
constexpr int kScoredPoolSize = 300;
std::vector<cv::Rect> proposalPool(const cv::Mat &image, int poolSize = kScoredPoolSize);

// R-CNN's detections from a scored pool (HM-LSTM §3.1 after Karpathy: "the top 19 detected
// locations in addition to the whole image"): box 0 (the whole image) first, then the others in
// descending `objectness`, each kept unless its IoU with a kept box other than the whole image
// exceeds `nmsIoU`, until `keep` boxes besides the whole image are kept. Returns indices into
// `boxes`. Throws std::invalid_argument when the two vectors differ in length.
std::vector<int> selectScoredRegions(const std::vector<cv::Rect> &boxes, const std::vector<float> &objectness, int keep,
                                     double nmsIoU = 0.5);

}  // namespace gs::vision
