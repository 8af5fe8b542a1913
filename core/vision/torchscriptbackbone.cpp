// TorchScript modules (torch::jit::load). The feature is forward()'s output, or the output of the
// method named by BackboneSpec::layer; N×C×H×W outputs are averaged over H×W.

#include "vision/detail/backbone.h"
#include "vision/detail/cvtensor.h"

#include <torch/script.h>

#include <QFileInfo>
#include <QStringList>

#include <stdexcept>

namespace gs::vision {

namespace {

[[noreturn]] void failTorchScript(const QString &file, const QString &reason) {
  throw std::runtime_error(QStringLiteral("%1: %2").arg(file, reason).toStdString());
}

class TorchScriptBackbone : public Backbone {
public:
  explicit TorchScriptBackbone(const BackboneSpec &spec) : m_file(spec.path) {
    m_input = spec.input;
    if (!QFileInfo(m_file).isFile()) failTorchScript(m_file, QStringLiteral("model file not found"));
    try {
      m_module = torch::jit::load(m_file.toStdString(), torch::kCPU);
    } catch (const c10::Error &error) {
      failTorchScript(m_file, QStringLiteral("cannot load TorchScript module: %1").arg(QString::fromStdString(error.what_without_backtrace())));
    } catch (const std::exception &error) {
      failTorchScript(m_file, QStringLiteral("cannot load TorchScript module: %1").arg(QString::fromUtf8(error.what())));
    }
    m_module.eval();
    m_method = spec.layer.isEmpty() ? QStringLiteral("forward") : spec.layer;
    if (!m_module.find_method(m_method.toStdString())) {
      QStringList methods;
      for (const auto &method : m_module.get_methods()) methods << QString::fromStdString(method.name());
      failTorchScript(m_file, QStringLiteral("the module has no method '%1' (it has: %2)").arg(m_method, methods.join(QStringLiteral(", "))));
    }
  }

  int dim() const override { return m_dim; }

  cv::Mat forward(const cv::Mat &blob) override {
    torch::InferenceMode guard; // thread-local: opened on the job's own thread
    c10::IValue result;
    try {
      result = m_module.get_method(m_method.toStdString())({blobToTensor(blob)});
    } catch (const std::exception &error) {
      failTorchScript(m_file, QStringLiteral("%1() failed: %2").arg(m_method, QString::fromUtf8(error.what()).section(QLatin1Char('\n'), 0, 2)));
    }
    if (!result.isTensor()) failTorchScript(m_file, QStringLiteral("%1() does not return a tensor").arg(m_method));
    cv::Mat features;
    try {
      features = tensorToFeatures(result.toTensor());
    } catch (const std::exception &error) {
      failTorchScript(m_file, QStringLiteral("%1() output: %2").arg(m_method, QString::fromUtf8(error.what())));
    }
    if (features.rows != blob.size[0]) failTorchScript(m_file, QStringLiteral("%1() output does not have one row per image").arg(m_method));
    if (m_dim == 0) m_dim = features.cols;
    if (features.cols != m_dim) failTorchScript(m_file, QStringLiteral("%1() changed its output size").arg(m_method));
    return features;
  }

  cv::Mat forwardMap(const cv::Mat &blob) override {
    torch::InferenceMode guard;
    c10::IValue result;
    try {
      result = m_module.get_method(m_method.toStdString())({blobToTensor(blob)});
    } catch (const std::exception &error) {
      failTorchScript(m_file, QStringLiteral("%1() failed: %2").arg(m_method, QString::fromUtf8(error.what()).section(QLatin1Char('\n'), 0, 2)));
    }
    if (!result.isTensor() || result.toTensor().dim() != 4 || result.toTensor().size(0) != blob.size[0])
      failTorchScript(m_file, QStringLiteral("%1() gives no N×C×H×W map to pool regions from; name a method that returns the last "
                                  "convolutional maps with --layer, or use --region-pooling crop")
                       .arg(m_method));
    const torch::Tensor map = result.toTensor().to(torch::kFloat).contiguous();
    const int shape[] = {int(map.size(0)), int(map.size(1)), int(map.size(2)), int(map.size(3))};
    return cv::Mat(4, shape, CV_32F, map.data_ptr<float>()).clone();
  }

private:
  QString m_file;
  QString m_method;
  torch::jit::Module m_module;
  int m_dim = 0;
};

}  // namespace

std::unique_ptr<Backbone> openTorchScriptBackbone(const BackboneSpec &spec) {
  return std::make_unique<TorchScriptBackbone>(spec);
}

}  // namespace gs::vision
