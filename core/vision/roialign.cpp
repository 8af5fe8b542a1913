#include "vision/detail/roialign.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace gs::vision {

namespace {

// Antiderivative of the hat function max(0, 1 − |x|).
double hatIntegral(double x) {
  if (x <= -1) return 0;
  if (x <= 0) return 0.5 * (x + 1) * (x + 1);
  if (x <= 1) return 1 - 0.5 * (1 - x) * (1 - x);
  return 1;
}

// Antiderivative (from 0) of the first cell's basis: 1 below 0, 1 − t on [0, 1], 0 above.
double edgeIntegral(double t) {
  if (t <= 0) return t;
  if (t <= 1) return t - 0.5 * t * t;
  return 0.5;
}

// The basis functions at one point: linear interpolation between the two nearest centres.
std::vector<double> pointWeights(double t, int cells) {
  std::vector<double> weights(std::size_t(cells), 0.0);
  const double clamped = std::clamp(t, 0.0, double(cells - 1));
  const int low = std::min(int(std::floor(clamped)), cells - 1);
  const double fraction = clamped - low;
  weights[std::size_t(low)] += 1 - fraction;
  if (fraction > 0) weights[std::size_t(low + 1)] += fraction;
  return weights;
}

}  // namespace

std::vector<double> axisAverageWeights(double from, double to, int cells) {
  if (cells < 1) throw std::invalid_argument("axisAverageWeights: a map axis needs at least one cell");
  if (to < from) std::swap(from, to);
  if (cells == 1) return {1.0};
  const double length = to - from;
  if (length < 1e-9) return pointWeights(from, cells);
  std::vector<double> weights(static_cast<std::size_t>(cells));
  // Basis i is the hat centred on i, except the two ends, which also hold their value outward.
  weights[0] = edgeIntegral(to) - edgeIntegral(from);
  const double last = cells - 1;
  weights[std::size_t(cells - 1)] = edgeIntegral(last - from) - edgeIntegral(last - to);
  for (int i = 1; i + 1 < cells; ++i) weights[std::size_t(i)] = hatIntegral(to - i) - hatIntegral(from - i);
  for (double &w : weights) w /= length;
  return weights;
}

cv::Mat roiAlign(const cv::Mat &map, const std::vector<cv::Rect2d> &boxes, cv::Size inputSize, int grid) {
  if (map.type() != CV_32F || (map.dims != 4 && map.dims != 3) || (map.dims == 4 && map.size[0] != 1))
    throw std::invalid_argument("roiAlign: expected a 1×C×H×W or C×H×W float map");
  if (grid < 1 || inputSize.width < 1 || inputSize.height < 1) throw std::invalid_argument("roiAlign: bad grid or input size");
  const int offset = map.dims - 3;
  const int channels = map.size[offset], height = map.size[offset + 1], width = map.size[offset + 2];
  const cv::Mat cells(channels, height * width, CV_32F, const_cast<float *>(map.ptr<float>())); // C × HW
  // Input pixel x lies at map coordinate x · W / inputWidth; cell centres at integers after the
  // half-cell offset.
  const double sx = double(width) / inputSize.width, sy = double(height) / inputSize.height;
  cv::Mat weights(int(boxes.size()) * grid * grid, height * width, CV_32F); // one row per (box, bin)
  for (std::size_t b = 0; b < boxes.size(); ++b) {
    const cv::Rect2d &box = boxes[b];
    const double x0 = box.x * sx - 0.5, y0 = box.y * sy - 0.5;
    const double binW = box.width * sx / grid, binH = box.height * sy / grid;
    for (int gy = 0; gy < grid; ++gy) {
      const std::vector<double> wy = axisAverageWeights(y0 + gy * binH, y0 + (gy + 1) * binH, height);
      for (int gx = 0; gx < grid; ++gx) {
        const std::vector<double> wx = axisAverageWeights(x0 + gx * binW, x0 + (gx + 1) * binW, width);
        float *row = weights.ptr<float>(int(b) * grid * grid + gy * grid + gx);
        for (int i = 0; i < height; ++i)
          for (int j = 0; j < width; ++j) row[i * width + j] = float(wy[std::size_t(i)] * wx[std::size_t(j)]);
      }
    }
  }
  cv::Mat pooled; // (boxes · bins) × C
  cv::gemm(weights, cells, 1.0, cv::noArray(), 0.0, pooled, cv::GEMM_2_T);
  // → boxes × (C · bins): channel-major within a box, as a C×grid×grid map flattens.
  cv::Mat out(int(boxes.size()), channels * grid * grid, CV_32F);
  for (std::size_t b = 0; b < boxes.size(); ++b)
    for (int bin = 0; bin < grid * grid; ++bin) {
      const float *source = pooled.ptr<float>(int(b) * grid * grid + bin);
      float *target = out.ptr<float>(int(b));
      for (int c = 0; c < channels; ++c) target[c * grid * grid + bin] = source[c];
    }
  return out;
}

}  // namespace gs::vision
