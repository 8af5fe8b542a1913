#pragma once
// The one interface every pixel-based backbone implements: a normalised N×3×S×S blob in, an N×D
// float feature matrix out. (Precomputed .npy features need no pixels and are read directly.)

#include "vision/backbonespec.h"

#include <opencv2/core.hpp>

#include <memory>

namespace gs {
class JobContext;
}

namespace gs::vision {

class Backbone {
public:
  virtual ~Backbone() = default;
  const InputSpec &input() const { return m_input; }
  // Feature dimension; known after the first forward() for ONNX networks (0 before).
  virtual int dim() const = 0;
  // blob: makeBlob's N×3×S×S CV_32F. Returns N×D CV_32F. Throws std::runtime_error naming the
  // model file when the network fails or its output is not usable as a feature.
  virtual cv::Mat forward(const cv::Mat &blob) = 0;

protected:
  InputSpec m_input;
};

// ONNX through OpenCV dnn, or TorchScript. Throws std::runtime_error "<file>: <reason>" when the
// file is missing or fails to load, or the configured layer/method does not exist.
std::unique_ptr<Backbone> openOnnxBackbone(const BackboneSpec &spec);
std::unique_ptr<Backbone> openTorchScriptBackbone(const BackboneSpec &spec);

}  // namespace gs::vision
