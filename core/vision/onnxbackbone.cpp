// ONNX networks through OpenCV's dnn module (readNetFromONNX), tapping a configurable layer.

#include "vision/detail/backbone.h"

#include <opencv2/dnn.hpp>

#include <QFileInfo>
#include <QStringList>

#include <stdexcept>

namespace gs::vision {

namespace {

[[noreturn]] void fail(const QString &file, const QString &reason) {
  throw std::runtime_error(QStringLiteral("%1: %2").arg(file, reason).toStdString());
}

class OnnxBackbone : public Backbone {
public:
  explicit OnnxBackbone(const BackboneSpec &spec) : m_spec(spec), m_file(spec.path) {
    m_input = spec.input;
    if (!QFileInfo(m_file).isFile()) fail(m_file, QStringLiteral("model file not found"));
    try {
      m_net = cv::dnn::readNetFromONNX(m_file.toStdString());
    } catch (const cv::Exception &error) {
      fail(m_file, QStringLiteral("cannot load ONNX network: %1").arg(QString::fromStdString(error.err)));
    }
    if (m_net.empty()) fail(m_file, QStringLiteral("cannot load ONNX network: no layers"));
    std::vector<std::string> names = m_net.getLayerNames();
    m_layer = spec.layer;
    if (m_layer.isEmpty()) {
      // Default: the input of the classifier, i.e. the output of the layer before the last fully
      // connected (InnerProduct/Gemm) layer — the penultimate features.
      for (int i = static_cast<int>(names.size()) - 1; i > 0 && m_layer.isEmpty(); --i) {
        const QString type = QString::fromStdString(m_net.getLayer(names[i])->type);
        if (type.startsWith(QLatin1String("InnerProduct")) || type.startsWith(QLatin1String("Gemm")))
          m_layer = QString::fromStdString(names[i - 1]);
      }
      if (m_layer.isEmpty()) m_layer = QString::fromStdString(names.back()); // no classifier: the output
    } else if (m_layer != QLatin1String("output") &&
               std::find(names.begin(), names.end(), m_layer.toStdString()) == names.end()) {
      QStringList tail;
      for (std::size_t i = names.size() >= 5 ? names.size() - 5 : 0; i < names.size(); ++i)
        tail << QString::fromStdString(names[i]);
      fail(m_file, QStringLiteral("no layer named '%1' in the network (%2 layers; the last are: %3)")
                       .arg(m_layer)
                       .arg(names.size())
                       .arg(tail.join(QStringLiteral(", "))));
    }
  }

  int dim() const override { return m_dim; }

  std::unique_ptr<Backbone> clone() const override {
    auto copy = std::make_unique<OnnxBackbone>(m_spec);
    copy->m_dim = m_dim;
    copy->m_batchOneOnly = m_batchOneOnly;
    copy->m_singleShape = m_singleShape;
    return copy;
  }

  cv::Mat forward(const cv::Mat &blob) override {
    const int n = blob.size[0];
    cv::Mat out;
    // Some exported networks (e.g. the ONNX zoo's int8 MobileNetV2) fix the batch size at 1 in a
    // reshape: after the first batched failure, run the images one by one.
    if (n > 1 && !m_batchOneOnly) {
      try {
        out = run(blob);
      } catch (const cv::Exception &) {
        m_batchOneOnly = true;
      }
    }
    if (out.empty() && n == 1) {
      out = runChecked(blob);
    } else if (out.empty()) {
      std::vector<cv::Mat> rows;
      for (int i = 0; i < n; ++i) {
        const int shape[] = {1, blob.size[1], blob.size[2], blob.size[3]};
        const cv::Mat one(4, shape, CV_32F, const_cast<float *>(blob.ptr<float>(i)));
        cv::Mat single = runChecked(one);
        std::vector<int> rowShape(single.size.p, single.size.p + single.dims);
        rowShape[0] = 1;
        rows.push_back(single.reshape(1, 1).clone());
        if (i == 0) m_singleShape = rowShape;
      }
      cv::Mat stacked;
      cv::vconcat(rows, stacked);
      std::vector<int> shape = m_singleShape;
      shape[0] = n;
      out = stacked.reshape(1, static_cast<int>(shape.size()), shape.data());
    }
    if (out.depth() != CV_32F)
      fail(m_file, QStringLiteral("layer '%1' gives non-float (quantised) output; tap a dequantised layer with --layer")
                       .arg(m_layer));
    if (out.dims < 2 || out.size[0] != n)
      fail(m_file, QStringLiteral("layer '%1' output does not have one row per image").arg(m_layer));
    cv::Mat features;
    if (out.dims == 4) { // N×C×H×W: global average over H×W
      const int c = out.size[1], hw = out.size[2] * out.size[3];
      cv::Mat flat(n * c, hw, CV_32F, out.ptr<float>());
      cv::reduce(flat, features, 1, cv::REDUCE_AVG);
      features = features.reshape(1, n);
    } else if (out.dims == 2) {
      features = out.clone();
    } else {
      fail(m_file, QStringLiteral("layer '%1' gives a %2-D output; a vector or a C×H×W map is needed")
                       .arg(m_layer)
                       .arg(out.dims));
    }
    if (m_dim == 0) m_dim = features.cols;
    if (features.cols != m_dim)
      fail(m_file, QStringLiteral("layer '%1' changed its output size (%2, was %3)").arg(m_layer).arg(features.cols).arg(m_dim));
    return features;
  }

  cv::Mat forwardMap(const cv::Mat &blob) override {
    cv::Mat out = runChecked(blob);
    if (out.depth() != CV_32F || out.dims != 4 || out.size[0] != blob.size[0])
      fail(m_file, QStringLiteral("layer '%1' gives no float N×C×H×W map to pool regions from; tap a convolutional layer with --layer, "
                                  "or use --region-pooling crop")
                       .arg(m_layer));
    return out;
  }

  ClassHead classHead(const std::vector<cv::Mat> &samples) override {
    const std::vector<std::string> names = m_net.getLayerNames();
    for (auto it = names.rbegin(); it != names.rend(); ++it) {
      const cv::Ptr<cv::dnn::Layer> layer = m_net.getLayer(*it);
      if (!QString::fromStdString(layer->type).startsWith(QLatin1String("InnerProduct")) || layer->blobs.empty()) continue;
      const cv::Mat &weights = layer->blobs[0];
      if (weights.depth() == CV_32F) return exactHead(layer->blobs);
      if (weights.depth() == CV_8S) return fittedHead(weights, names.back(), samples);
      fail(m_file, QStringLiteral("classifier '%1' has weights of a type other than float or 8-bit").arg(QString::fromStdString(*it)));
    }
    fail(m_file, QStringLiteral("the network ends in no fully connected classifier to score regions with"));
  }

private:
  static ClassHead exactHead(const std::vector<cv::Mat> &blobs) {
    ClassHead head;
    head.classes = blobs[0].size[0];
    head.dim = int(blobs[0].total() / std::size_t(head.classes));
    head.weights.assign(blobs[0].ptr<float>(), blobs[0].ptr<float>() + blobs[0].total());
    head.bias.assign(std::size_t(head.classes), 0.f);
    if (blobs.size() > 1 && blobs[1].depth() == CV_32F && int(blobs[1].total()) == head.classes)
      head.bias.assign(blobs[1].ptr<float>(), blobs[1].ptr<float>() + head.classes);
    head.origin = QStringLiteral("exact");
    return head;
  }

  // An 8-bit classifier computes, up to rounding, logit_k = a_k · (w_k · x) + c_k with its integer
  // weights w_k: the input's scale, the weights' and the output's (re)quantisation and the bias are
  // one scale a_k and one offset c_k per class. Those two numbers are fitted by least squares to
  // the network's own logits on the samples, with x the tapped map's global average (the input of
  // its classifier).
  ClassHead fittedHead(const cv::Mat &integerWeights, const std::string &outputLayer, const std::vector<cv::Mat> &samples) {
    if (samples.size() < 8) fail(m_file, QStringLiteral("fitting an 8-bit classifier needs at least 8 sample images"));
    cv::Mat w;
    integerWeights.reshape(1, integerWeights.size[0]).convertTo(w, CV_32F);
    cv::Mat products, targets; // samples × classes: w_k · x, and the network's logit_k
    for (const cv::Mat &blob : samples) {
      std::vector<cv::Mat> outs;
      m_net.setInput(blob);
      try {
        m_net.forward(outs, std::vector<std::string>{m_layer.toStdString(), outputLayer});
      } catch (const cv::Exception &error) {
        fail(m_file, QStringLiteral("forward to layer '%1' failed: %2").arg(m_layer, QString::fromStdString(error.err)));
      }
      const cv::Mat pooled = globalAverage(outs[0]);
      if (pooled.cols != w.cols)
        fail(m_file, QStringLiteral("layer '%1' gives %2 features; the classifier takes %3").arg(m_layer).arg(pooled.cols).arg(w.cols));
      products.push_back(cv::Mat(pooled * w.t()));
      targets.push_back(outs[1].reshape(1, 1));
    }
    return fitScaleAndOffset(w, products, targets);
  }

  static cv::Mat globalAverage(const cv::Mat &map) {
    if (map.dims != 4) return map.reshape(1, 1).clone();
    cv::Mat flat(map.size[1], map.size[2] * map.size[3], CV_32F, const_cast<float *>(map.ptr<float>()));
    cv::Mat pooled;
    cv::reduce(flat, pooled, 1, cv::REDUCE_AVG);
    return pooled.reshape(1, 1);
  }

  static ClassHead fitScaleAndOffset(const cv::Mat &w, const cv::Mat &products, const cv::Mat &targets) {
    ClassHead head;
    head.classes = w.rows;
    head.dim = w.cols;
    head.weights.resize(std::size_t(w.total()));
    head.bias.resize(std::size_t(w.rows));
    const int n = products.rows;
    double residual = 0, total = 0;
    const double mean = cv::mean(targets)[0];
    for (int k = 0; k < w.rows; ++k) {
      double sx = 0, sy = 0, sxx = 0, sxy = 0;
      for (int r = 0; r < n; ++r) {
        const double x = products.at<float>(r, k), y = targets.at<float>(r, k);
        sx += x, sy += y, sxx += x * x, sxy += x * y;
      }
      const double spread = n * sxx - sx * sx;
      const double scale = spread > 0 ? (n * sxy - sx * sy) / spread : 0.0, offset = (sy - scale * sx) / n;
      for (int d = 0; d < w.cols; ++d) head.weights[std::size_t(k) * std::size_t(w.cols) + std::size_t(d)] = float(scale * w.at<float>(k, d));
      head.bias[std::size_t(k)] = float(offset);
      for (int r = 0; r < n; ++r) {
        const double y = targets.at<float>(r, k), e = y - (scale * products.at<float>(r, k) + offset);
        residual += e * e, total += (y - mean) * (y - mean);
      }
    }
    head.origin = QStringLiteral("fitted");
    head.fitR2 = total > 0 ? 1.0 - residual / total : 0.0;
    return head;
  }

  cv::Mat run(const cv::Mat &blob) {
    m_net.setInput(blob);
    return (m_layer == QLatin1String("output") ? m_net.forward() : m_net.forward(m_layer.toStdString())).clone();
  }
  cv::Mat runChecked(const cv::Mat &blob) {
    try {
      return run(blob);
    } catch (const cv::Exception &error) {
      fail(m_file, QStringLiteral("forward to layer '%1' failed: %2").arg(m_layer, QString::fromStdString(error.err)));
    }
  }

  BackboneSpec m_spec;
  QString m_file;
  QString m_layer;
  bool m_batchOneOnly = false;
  std::vector<int> m_singleShape;
  cv::dnn::Net m_net;
  int m_dim = 0;
};

}  // namespace

ClassHead Backbone::classHead(const std::vector<cv::Mat> &) {
  throw std::runtime_error("this backbone has no classifier to score regions with: scored proposals need an ONNX network that ends in one");
}

cv::Mat Backbone::forwardMap(const cv::Mat &) {
  throw std::runtime_error("this backbone gives no spatial map to pool regions from: use --region-pooling crop");
}

std::unique_ptr<Backbone> openOnnxBackbone(const BackboneSpec &spec) { return std::make_unique<OnnxBackbone>(spec); }

}  // namespace gs::vision
