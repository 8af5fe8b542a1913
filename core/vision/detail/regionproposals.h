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
// descending detection score, each kept unless its IoU with a kept box other than the whole image
// exceeds `nmsIoU`, until `keep` boxes besides the whole image are kept. Returns indices into
// `boxes`. Throws std::invalid_argument when the two vectors differ in length.
// A box's detection score is its `objectness` (the classifier's highest class probability) times
// its share of the image's area raised to kSizePriorExponent. An ImageNet classifier is most sure
// of small crops of textures and parts; captions name people, animals and scenes, which fill much
// of a photo. On the phrase-box validation set (tests/data/flickr8k-phrase-boxes-dev.tsv, 132 boxes
// on 45 dev photos) the 19 boxes plus the whole image reach 76.5 % of the phrases with this score
// and NMS at 0.4, against 53.0 % with the class probability alone at 0.5 (R-CNN's). The exponent
// and the threshold were chosen there over 0.25–2 and 0.3–0.6; area alone reached 75.8 %, so the
// size prior, not the classifier, carries most of the gain.
constexpr double kSizePriorExponent = 1.5;
constexpr double kScoredNmsIoU = 0.4;
std::vector<int> selectScoredRegions(const std::vector<cv::Rect> &boxes, const std::vector<float> &objectness, int keep,
                                     double nmsIoU = kScoredNmsIoU);

}  // namespace gs::vision
