#pragma once
// Which network turns images into feature vectors, and how its input is prepared. Torch- and
// OpenCV-free: the CLI, the GUI and training describe a backbone with this alone.

#include "io/enumnames.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <array>

namespace gs {

enum class BackboneKind {
  ConceptCnn,  // built in: trained on the dataset's own images and captions (Huang et al. 2018)
  Onnx,        // an ONNX file run through OpenCV's dnn module
  TorchScript, // a TorchScript module (torch::jit::load)
  Npy          // precomputed features: an N×D .npy file and an image-id list
};

QString backboneKindName(BackboneKind kind); // "concept-cnn", "onnx", "torchscript", "npy"

// The backbone a run uses when nobody names one (BackboneSpec::parse syntax): the concept CNN,
// which needs no download and trains on the dataset's own images and captions.
QString defaultBackbone();

// How an image becomes the network's input tensor (N×3×H×W float): resize the shortest side to
// `resizeShort`, crop `inputSize`×`inputSize` (centre, or 10 crops), scale pixel values by
// `scale`, subtract `mean`, divide by `std` (per channel, in the network's colour order).
struct InputSpec {
  int inputSize = 224;
  int resizeShort = 256;   // 256 for 224: the papers' (and torchvision's) setting
  bool rgb = true;         // channel order the network expects (OpenCV decodes BGR)
  double scale = 1.0 / 255.0;
  std::array<double, 3> mean{0.485, 0.456, 0.406};
  std::array<double, 3> std{0.229, 0.224, 0.225};
};

// Preprocessing and layer presets for common ImageNet networks and dual encoders' image towers.
struct BackbonePreset {
  QString name;
  QString description;
  InputSpec input;
  QString layer; // layer to tap; empty: the input of the classifier (penultimate features)
};
// "torchvision" (ResNet, MobileNet, DenseNet… exported from torchvision: RGB, mean/std),
// "resnet", "mobilenet" (aliases of torchvision), "mobilenetv2-int8" (the ONNX zoo's
// mobilenetv2-12-int8 with its pooled-map layer), "vgg" and "googlenet" (Caffe: BGR, mean
// subtraction on 0–255), "inception" (299 input, mean/std 0.5), "clip" and "siglip" (the image
// towers of those dual encoders: 224 from a 224 short side, their own mean/std).
QList<BackbonePreset> backbonePresets();
// The named preset; throws std::invalid_argument listing the known names when unknown.
BackbonePreset backbonePreset(const QString &name);
// A preset guessed from a model file name (e.g. "vgg16.onnx" → vgg); "torchvision" when none fits.
BackbonePreset presetForFile(const QString &path);

// Which words become concepts: every word but the function words (the first reading of Huang et
// al. §3.2), or content words: the parser's nouns, verbs, adjectives and numbers without the
// caption-style words (conceptvocabulary.h).
enum class ConceptWords { Words, Content };
template <> const std::vector<EnumName<ConceptWords>> &enumTable<ConceptWords>(); // "words", "content"

// The concept CNN's training loss: Huang et al.'s Eq. 1 (the multi-label logistic loss), or the
// focal loss (Lin et al. 2017) FL = −(1 − p_t)^γ log p_t. Most of an image's K concepts are absent
// and soon easy, and the logistic loss keeps pushing every easy pair towards certainty; the focal
// factor stops that, which leaves the network less over-confident (Mukhoti et al. 2020): its scores
// on the warped region crops it never saw in training do not saturate. Class-balanced weighting
// (Cui et al. 2019) was the other choice: it raises the weight of rare positives, which moves
// scores up, the wrong way for absent concepts already scored near 1.
enum class ConceptLoss { Logistic, Focal };
template <> const std::vector<EnumName<ConceptLoss>> &enumTable<ConceptLoss>(); // "logistic", "focal"

// Options of the built-in concept CNN (Huang et al. 2018, Sec. 3.2).
struct ConceptCnnOptions {
  int inputSize = 64;       // the demo's 128-px images at half size: shapes and colours survive
  int featureDim = 256;     // penultimate layer: the image feature
  int maxConcepts = 256;    // K, the concept vocabulary size (the paper's K = 256)
  int minImages = 3;        // a concept must occur in at least this many training images
  // 24 epochs: on the demo the colour concepts are learnt in a few epochs, the shapes (small, on
  // textured backgrounds, at 64 px) only later; fewer epochs leave the shape features near chance.
  int epochs = 24;
  int batchSize = 32;
  double learningRate = 2e-3;
  quint64 seed = 1;
  // The concepts model's own network sets these; the defaults are the network every other model's
  // image features come from, whose cache key they leave unchanged (toJson writes them only when
  // they differ from these).
  ConceptWords words = ConceptWords::Words;
  double minAgreement = 1.2;    // Content: caption-style words below this lift are dropped
  double maxCaptionShare = 0.5; // Content: so are words in a larger share of all captions
  ConceptLoss loss = ConceptLoss::Logistic;
  double focalGamma = 2.0;      // γ of the focal loss (Lin et al.'s choice)
  QJsonObject toJson() const;
};

struct BackboneSpec {
  BackboneKind kind = BackboneKind::ConceptCnn;
  QString path;     // model file (onnx / torchscript) or the .npy file
  QString idsPath;  // npy: the image-id list, one per line (default: beside the .npy, see idsFileFor)
  InputSpec input;
  // Layer (ONNX: a layer name; TorchScript: a method name) whose output is the feature; empty:
  // ONNX taps the input of the last fully connected layer, TorchScript calls forward(). 4-D outputs
  // (N×C×H×W) are averaged over H×W.
  QString layer;
  QString presetName;
  ConceptCnnOptions concept;

  // "concept-cnn", "concept-cnn:grid" (the last convolutional maps averaged over a 2×2 grid: a
  // global context that keeps the layout the penultimate layer's global pooling discards, as a
  // VGGNet's fully connected layers keep it from their 7×7 maps), "onnx:FILE", "torchscript:FILE",
  // "npy:FILE"; ONNX/TorchScript get the preset
  // guessed from the file name. Throws std::invalid_argument with the accepted forms.
  static BackboneSpec parse(const QString &text);
  void applyPreset(const BackbonePreset &preset);
  QString describe() const;
  QJsonObject toJson() const; // everything that changes the features (for the cache key)
};

// The id list for an .npy feature file when BackboneSpec::idsPath is empty: the first of
// <stem>.ids.txt, <stem>.txt, <stem>_ids.txt that exists beside it (else <stem>.ids.txt).
QString idsFileFor(const QString &npyPath);

}  // namespace gs
