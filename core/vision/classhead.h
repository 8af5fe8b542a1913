#pragma once
// A backbone's ImageNet classifier as one linear layer over the pooled features a feature set
// holds: logits = W·x + b. Region rows are averages of the tapped map over their box (RoIAlign), the
// same pooling the network applies to the whole image before its classifier, so W·x + b gives a
// box's class scores without running the network again. What R-CNN-style scored proposals and the
// label prior of phrase grounding read. Torch- and OpenCV-free.

#include <QString>

#include <vector>

namespace gs {

struct ClassHead {
  int classes = 0, dim = 0;
  std::vector<float> weights; // classes × dim, row-major
  std::vector<float> bias;    // classes
  // How W and b were obtained: "exact" (a float classifier's own weights) or "fitted" (an 8-bit
  // classifier's integer weights, each class's scale and offset fitted to the network's own outputs).
  QString origin;
  double fitR2 = 1.0; // of the fitted logits against the network's, on the fitting samples
  bool empty() const { return classes == 0; }
  std::vector<float> logits(const float *feature) const;
  // Softmax of the logits: each class's probability for a box.
  std::vector<float> probabilities(const float *feature) const;
};

// classhead.npy in a feature set's folder: where extraction leaves the head of its network.
QString classHeadPath(const QString &featureFolder);
// Writes W | b as a classes × (dim + 1) .npy with the origin and fit in a .json beside it,
// atomically. Throws std::runtime_error naming the file.
void saveClassHead(const ClassHead &head, const QString &path);
// Throws std::runtime_error naming the file when it is missing or malformed.
ClassHead loadClassHead(const QString &path);

}  // namespace gs
