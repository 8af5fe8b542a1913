#pragma once
// Region features from one feature map per image (Fast R-CNN's idea, He et al. 2017's RoIAlign):
// the network runs once on the whole image and each box is pooled from the map it left, instead of
// cropping, warping and running the network once per box.
//
// The map is read as Mask R-CNN's RoIAlign reads it: bilinearly interpolated between the cell
// centres, with the half-cell offset of aligned=True (a map cell covers the input pixels of its
// stride, its value sits at the cell's centre), and clamped to the border cells outside them. Each
// output bin is the exact average of that interpolated map over the bin (Jiang et al. 2018's
// Precise RoI Pooling), the limit RoIAlign's sampling points approach: no sampling ratio to choose,
// and a box over the whole image averages every cell with the same weight, so its feature equals
// the network's own global average pooling of the map. OpenCV only; no torch.

#include <opencv2/core.hpp>

#include <vector>

namespace gs::vision {

// The weight of each of the `cells` cells of one map axis in the average of the interpolated map
// over [from, to] (cell-centre coordinates: cell i's centre at i; the first cell's value held below
// 0, the last's above cells − 1). The weights sum to 1; a zero-length interval gives the
// interpolation weights at that point.
std::vector<double> axisAverageWeights(double from, double to, int cells);

// map: 1×C×H×W or C×H×W CV_32F, computed from an input of `inputSize` pixels (W×H); boxes in those
// input pixels. Returns boxes × (C·grid·grid) CV_32F: per box, per channel, the grid × grid bins
// (row-major) each averaging its part of the box. grid ≥ 1. Throws std::invalid_argument for a map
// of another shape or type.
cv::Mat roiAlign(const cv::Mat &map, const std::vector<cv::Rect2d> &boxes, cv::Size inputSize, int grid = 1);

}  // namespace gs::vision
