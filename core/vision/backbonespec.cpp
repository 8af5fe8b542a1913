#include "vision/backbonespec.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

#include <stdexcept>

namespace gs {

QString defaultBackbone() { return backboneKindName(BackboneKind::ConceptCnn); }

QString backboneKindName(BackboneKind kind) {
  switch (kind) {
  case BackboneKind::ConceptCnn: return QStringLiteral("concept-cnn");
  case BackboneKind::Onnx: return QStringLiteral("onnx");
  case BackboneKind::TorchScript: return QStringLiteral("torchscript");
  case BackboneKind::Npy: return QStringLiteral("npy");
  }
  return {};
}

namespace {

InputSpec torchvisionInput() { return {}; }

// Caffe-trained networks (VGG, GoogLeNet): BGR, 0–255, per-channel mean subtracted, no std.
InputSpec caffeInput(std::array<double, 3> meanBgr) {
  InputSpec input;
  input.rgb = false;
  input.scale = 1.0;
  input.mean = meanBgr;
  input.std = {1.0, 1.0, 1.0};
  return input;
}

}  // namespace

QList<BackbonePreset> backbonePresets() {
  InputSpec inception;
  inception.inputSize = 299;
  inception.resizeShort = 342; // 299 * 256/224
  inception.mean = {0.5, 0.5, 0.5};
  inception.std = {0.5, 0.5, 0.5};
  // CLIP's image towers (Radford et al. 2021): 224 centre crop of a 224 short side, its own mean/std.
  InputSpec clip;
  clip.resizeShort = 224;
  clip.mean = {0.48145466, 0.4578275, 0.40821073};
  clip.std = {0.26862954, 0.26130258, 0.27577711};
  // SigLIP's (Zhai et al. 2023): 224 by 224, values scaled to [-1, 1].
  InputSpec siglip;
  siglip.resizeShort = 224;
  siglip.mean = {0.5, 0.5, 0.5};
  siglip.std = {0.5, 0.5, 0.5};
  return {
      {QStringLiteral("torchvision"), QStringLiteral("torchvision ImageNet models: RGB, 224, mean/std"),
       torchvisionInput(), {}},
      {QStringLiteral("resnet"), QStringLiteral("ResNet (torchvision export)"), torchvisionInput(), {}},
      {QStringLiteral("mobilenet"), QStringLiteral("MobileNet (torchvision export)"), torchvisionInput(), {}},
      // The ONNX zoo's quantised MobileNetV2: its classifier is an int8 Gemm, so the float feature
      // is taken from the dequantised 1280×7×7 map before pooling (node 627_DequantizeLinear),
      // averaged here.
      {QStringLiteral("mobilenetv2-int8"), QStringLiteral("ONNX zoo mobilenetv2-12-int8, 1280-d pooled map"),
       torchvisionInput(), QStringLiteral("onnx_node!627_DequantizeLinear")},
      {QStringLiteral("vgg"), QStringLiteral("VGG (Caffe): BGR, mean-subtracted 0-255"),
       caffeInput({103.939, 116.779, 123.68}), {}},
      {QStringLiteral("googlenet"), QStringLiteral("GoogLeNet (Caffe/ONNX zoo): BGR, mean-subtracted 0-255"),
       caffeInput({104.0, 117.0, 123.0}), {}},
      {QStringLiteral("inception"), QStringLiteral("Inception v3: RGB, 299, mean/std 0.5"), inception, {}},
      {QStringLiteral("clip"), QStringLiteral("CLIP image towers: RGB, 224 from a 224 short side, CLIP's mean/std"), clip, {}},
      {QStringLiteral("siglip"), QStringLiteral("SigLIP image towers: RGB, 224 from a 224 short side, mean/std 0.5"), siglip, {}},
  };
}

BackbonePreset backbonePreset(const QString &name) {
  QStringList names;
  for (const BackbonePreset &preset : backbonePresets()) {
    if (preset.name == name) return preset;
    names << preset.name;
  }
  throw std::invalid_argument(
      QStringLiteral("unknown backbone preset '%1' (known: %2)").arg(name, names.join(QStringLiteral(", "))).toStdString());
}

BackbonePreset presetForFile(const QString &path) {
  const QString name = QFileInfo(path).fileName().toLower();
  if (name.contains(QLatin1String("mobilenetv2")) && name.contains(QLatin1String("int8")))
    return backbonePreset(QStringLiteral("mobilenetv2-int8"));
  if (name.contains(QLatin1String("siglip"))) return backbonePreset(QStringLiteral("siglip"));
  if (name.contains(QLatin1String("clip"))) return backbonePreset(QStringLiteral("clip"));
  if (name.contains(QLatin1String("vgg"))) return backbonePreset(QStringLiteral("vgg"));
  if (name.contains(QLatin1String("googlenet"))) return backbonePreset(QStringLiteral("googlenet"));
  if (name.contains(QLatin1String("inception"))) return backbonePreset(QStringLiteral("inception"));
  if (name.contains(QLatin1String("mobilenet"))) return backbonePreset(QStringLiteral("mobilenet"));
  if (name.contains(QLatin1String("resnet"))) return backbonePreset(QStringLiteral("resnet"));
  return backbonePreset(QStringLiteral("torchvision"));
}

template <>
const std::vector<EnumName<ConceptWords>> &enumTable<ConceptWords>() {
  static const std::vector<EnumName<ConceptWords>> table = {{ConceptWords::Words, QStringLiteral("words")},
                                                            {ConceptWords::Content, QStringLiteral("content")}};
  return table;
}

template <>
const std::vector<EnumName<ConceptLoss>> &enumTable<ConceptLoss>() {
  static const std::vector<EnumName<ConceptLoss>> table = {{ConceptLoss::Logistic, QStringLiteral("logistic")},
                                                           {ConceptLoss::Focal, QStringLiteral("focal")}};
  return table;
}

QJsonObject ConceptCnnOptions::toJson() const {
  QJsonObject json{{QStringLiteral("input_size"), inputSize},     {QStringLiteral("feature_dim"), featureDim},
                   {QStringLiteral("max_concepts"), maxConcepts}, {QStringLiteral("min_images"), minImages},
                   {QStringLiteral("epochs"), epochs},            {QStringLiteral("batch_size"), batchSize},
                   {QStringLiteral("learning_rate"), learningRate}, {QStringLiteral("seed"), QString::number(seed)}};
  if (words == ConceptWords::Content) {
    json.insert(QStringLiteral("words"), enumName(words));
    json.insert(QStringLiteral("min_agreement"), minAgreement);
    json.insert(QStringLiteral("max_caption_share"), maxCaptionShare);
  }
  if (loss == ConceptLoss::Focal) {
    json.insert(QStringLiteral("loss"), enumName(loss));
    json.insert(QStringLiteral("focal_gamma"), focalGamma);
  }
  return json;
}

BackboneSpec BackboneSpec::parse(const QString &text) {
  BackboneSpec spec;
  if (text == QLatin1String("concept-cnn") || text == QLatin1String("concept-cnn:grid")) {
    spec.kind = BackboneKind::ConceptCnn;
    if (text.endsWith(QLatin1String(":grid"))) spec.layer = QStringLiteral("grid");
    spec.input.inputSize = spec.concept.inputSize;
    spec.input.resizeShort = spec.concept.inputSize; // whole image: the demo's shapes reach the borders
    spec.input.mean = {0.5, 0.5, 0.5};
    spec.input.std = {0.25, 0.25, 0.25};
    return spec;
  }
  const int colon = text.indexOf(QLatin1Char(':'));
  const QString kind = text.left(colon);
  const QString path = colon > 0 ? text.mid(colon + 1) : QString();
  if (colon > 0 && !path.isEmpty()) {
    spec.path = path;
    if (kind == QLatin1String("onnx") || kind == QLatin1String("torchscript")) {
      spec.kind = kind == QLatin1String("onnx") ? BackboneKind::Onnx : BackboneKind::TorchScript;
      spec.applyPreset(presetForFile(path));
      return spec;
    }
    if (kind == QLatin1String("npy")) {
      spec.kind = BackboneKind::Npy;
      return spec;
    }
  }
  throw std::invalid_argument(
      QStringLiteral("bad backbone '%1' (expected concept-cnn, concept-cnn:grid, onnx:FILE, torchscript:FILE or npy:FILE)")
          .arg(text)
          .toStdString());
}

void BackboneSpec::applyPreset(const BackbonePreset &preset) {
  input = preset.input;
  layer = preset.layer;
  presetName = preset.name;
}

QString BackboneSpec::describe() const {
  if (kind == BackboneKind::ConceptCnn) return layer.isEmpty() ? QStringLiteral("concept-cnn") : QStringLiteral("concept-cnn:") + layer;
  QString text = backboneKindName(kind) + QLatin1Char(':') + path;
  if (!presetName.isEmpty()) text += QStringLiteral(" (preset %1)").arg(presetName);
  if (!layer.isEmpty()) text += QStringLiteral(" layer %1").arg(layer);
  return text;
}

QJsonObject BackboneSpec::toJson() const {
  QJsonObject json{{QStringLiteral("kind"), backboneKindName(kind)}};
  if (kind == BackboneKind::Npy) {
    json.insert(QStringLiteral("path"), QFileInfo(path).absoluteFilePath());
    json.insert(QStringLiteral("ids"), QFileInfo(idsPath.isEmpty() ? idsFileFor(path) : idsPath).absoluteFilePath());
    return json;
  }
  json.insert(QStringLiteral("input_size"), input.inputSize);
  json.insert(QStringLiteral("resize_short"), input.resizeShort);
  json.insert(QStringLiteral("rgb"), input.rgb);
  json.insert(QStringLiteral("scale"), input.scale);
  json.insert(QStringLiteral("mean"), QJsonArray{input.mean[0], input.mean[1], input.mean[2]});
  json.insert(QStringLiteral("std"), QJsonArray{input.std[0], input.std[1], input.std[2]});
  if (kind == BackboneKind::ConceptCnn) {
    json.insert(QStringLiteral("concept_cnn"), concept.toJson());
    if (!layer.isEmpty()) json.insert(QStringLiteral("layer"), layer); // absent for the plain features: old keys hold
  } else {
    json.insert(QStringLiteral("path"), QFileInfo(path).absoluteFilePath());
    json.insert(QStringLiteral("layer"), layer);
  }
  return json;
}

QString idsFileFor(const QString &npyPath) {
  const QFileInfo info(npyPath);
  const QString stem = info.dir().filePath(info.completeBaseName());
  const QStringList candidates{stem + QStringLiteral(".ids.txt"), stem + QStringLiteral(".txt"), stem + QStringLiteral("_ids.txt")};
  for (const QString &candidate : candidates)
    if (QFileInfo::exists(candidate)) return candidate;
  return stem + QStringLiteral(".ids.txt");
}

}  // namespace gs
