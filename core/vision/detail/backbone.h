#pragma once
// The one interface every pixel-based backbone implements: a normalised N×3×S×S blob in, an N×D
// float feature matrix out. (Precomputed .npy features need no pixels and are read directly.)

#include "vision/backbonespec.h"
#include "vision/classhead.h"

#include <opencv2/core.hpp>

#include <memory>

class QJsonObject;

namespace gs {
class Dataset;
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
  // The tapped layer's spatial map before forward() pools it: N×C×H×W CV_32F, for a blob of any
  // size the network accepts (makeImageBlob). forward()'s pooling is the global average of this map,
  // so roiAlign's average over a box is the same feature for part of the image. Throws
  // std::runtime_error naming the model file when the tap gives no map (a vector, or quantised
  // values); the default is a backbone without one.
  virtual cv::Mat forwardMap(const cv::Mat &blob);
  // A second, independent copy of the same network for another thread, or null when the backbone
  // has none (then one thread runs it). OpenCV dnn's networks are not safe to run from two threads,
  // and on one image at a time its own parallel layers leave the second core mostly idle, so
  // extraction in RoIAlign mode runs one copy per core on different images.
  virtual std::unique_ptr<Backbone> clone() const { return nullptr; }
  // The network's classifier as a linear layer over forward()'s pooled features (classhead.h),
  // read from its last fully connected layer; an 8-bit layer's per-class scale and offset are
  // fitted to the network's own outputs on `samples` (makeImageBlob blobs, one image each). Throws
  // std::runtime_error naming the model file when the network ends in no such layer; the default
  // is a backbone without one.
  virtual ClassHead classHead(const std::vector<cv::Mat> &samples);

protected:
  InputSpec m_input;
};

// ONNX through OpenCV dnn, or TorchScript. Throws std::runtime_error "<file>: <reason>" when the
// file is missing or fails to load, or the configured layer/method does not exist.
std::unique_ptr<Backbone> openOnnxBackbone(const BackboneSpec &spec);
std::unique_ptr<Backbone> openTorchScriptBackbone(const BackboneSpec &spec);

// The spec extractFeatures runs: the concept CNN's own input size in place of the spec's.
BackboneSpec extractionSpec(BackboneSpec spec);
// The network extractFeatures runs for an extractionSpec: ONNX, TorchScript, or the concept CNN
// trained on `dataset` (or loaded from `folder` or the shared cache), what training did in
// `trained`. Throws std::invalid_argument for precomputed (.npy) features.
// The concept CNN reads its training images through `decoded` when given (decodedcache.h).
class DecodedImageCache;
std::unique_ptr<Backbone> openPixelBackbone(const Dataset &dataset, const BackboneSpec &spec, const QString &folder, JobContext *job,
                                            QJsonObject *trained = nullptr, const DecodedImageCache *decoded = nullptr);

}  // namespace gs::vision
