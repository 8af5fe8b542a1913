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

}  // namespace gs::vision
