#pragma once
// From an image file to network input: decoding with every bad case turned into a reason string,
// the papers' crops, region warps, and the normalised N×3×H×W blob.

#include "vision/backbonespec.h"
#include "vision/features.h"

#include <opencv2/core.hpp>

#include <QString>

#include <vector>

namespace gs::vision {

constexpr int kMinImageSide = 8; // smaller images carry no usable content: skipped, reported

// Decodes `path` as 8-bit BGR (grayscale, CMYK, 16-bit and alpha images are converted). Returns an
// empty Mat and sets `reason` for a missing file, an undecodable or truncated image, or one smaller
// than kMinImageSide. Never throws.
cv::Mat loadImage(const QString &path, QString *reason);

// The image resized so its shortest side is max(input.resizeShort, input.inputSize) (bilinear), the
// first step of makeCrops; an image already that size is returned as it is, so makeCrops of a
// resized image gives the same crops as makeCrops of the original (the decoded-image cache).
cv::Mat resizeShortSide(const cv::Mat &image, const InputSpec &input);

// The crops of one image, each input.inputSize square (BGR 8-bit): shortest side resized to
// input.resizeShort, then the centre crop, 5 crops (centre + corners) or 10 (and their mirrors).
std::vector<cv::Mat> makeCrops(const cv::Mat &image, const InputSpec &input, CropMode mode);

// The boxes of makeCrops' centre and four corner crops (in that order) in the pixels of an image
// of `imageSize`: each a square of input.inputSize / max(input.resizeShort, input.inputSize) of the
// shortest side. The set is its own mirror image: flipped left–right, the corners swap places.
std::vector<cv::Rect2d> fiveCropBoxes(cv::Size imageSize, const InputSpec &input);

// A 1×3×H×W blob (makeImageBlob's) flipped left–right.
cv::Mat mirroredBlob(const cv::Mat &blob);

// The pixels inside `box` warped to an input.inputSize square (R-CNN's warp; Huang et al. "resize
// them to square shapes").
cv::Mat warpRegion(const cv::Mat &image, const cv::Rect &box, const InputSpec &input);

// The whole image, its shortest side resized to `shortSide` and its longest to at most
// `maxAspect` times that (bilinear; the aspect ratio kept otherwise), as a 1×3×H×W blob normalised
// like makeBlob: the input of a feature map that regions are pooled from (roialign.h).
cv::Mat makeImageBlob(const cv::Mat &image, const InputSpec &input, int shortSide, double maxAspect = 2.0);

// Square BGR 8-bit crops → N×3×S×S float blob in the network's colour order, scaled and normalised.
cv::Mat makeBlob(const std::vector<cv::Mat> &crops, const InputSpec &input);

// `count` blobs of makeBlob (N_k × 3 × S × S each, same S) stacked into one (Σ N_k) × 3 × S × S batch.
cv::Mat stackBlobs(const cv::Mat *blobs, int count);

}  // namespace gs::vision
