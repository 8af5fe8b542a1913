#pragma once
// A start for the concept detectors from the backbone's own ImageNet classifier, where a concept
// word names ImageNet classes through WordNet (as the label prior of phrase grounding reads them,
// labelprior.h): "dog" covers the 118 dog breeds, "ball" the soccer and tennis balls. A region's
// evidence for such a concept is the log of its classes' probability mass under the classifier,
//   s_k(x) = log Σ_{c ∈ C_k} softmax(W·x + b)_c,
// which is not linear in x. The detectors are linear, so the start is its expected gradient over
// the training regions,
//   g_k = E_r[ Σ_{c ∈ C_k} p_{c|C_k}(x_r) W_c − Σ_c p_c(x_r) W_c ],
// the direction in which the concept's class mass grows; the detector is trained as an offset from
// it, with the weight decay pulling towards it rather than towards zero (a Gaussian prior centred
// on the classifier's direction). Concepts that name no class start from zero as before. Only
// features are read, never the captions, so the start leaks no label into out-of-fold scoring.
// Torch-free interface.

#include "vision/conceptdetectors.h"

#include <QStringList>

#include <vector>

namespace gs {

class ClassCoverage;
struct ClassHead;

struct ConceptPrior {
  int dim = 0, concepts = 0;
  std::vector<float> weights;               // concepts × dim, on the raw features; zero rows: no classes
  std::vector<std::vector<int>> classes;    // per concept, the ImageNet classes its word covers
  // How many concepts name at least one class.
  int covered() const;
  bool empty() const { return covered() == 0; }
};

// The start of every concept in `names` from the classifier `head` over the regions of `bags` (the
// training images'). Throws std::invalid_argument when the head's dimension is not the regions'.
// Cost: regions × classes × dim multiply-adds.
ConceptPrior conceptPriorOf(const ClassHead &head, const ClassCoverage &coverage, const QStringList &names, const RegionBags &bags);

}  // namespace gs
