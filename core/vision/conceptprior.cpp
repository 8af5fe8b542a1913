#include "vision/conceptprior.h"

#include "text/imagenetclasses.h"
#include "vision/classhead.h"
#include "vision/detail/bagpooling.h"

#include <torch/torch.h>

#include <algorithm>
#include <stdexcept>

namespace gs {

int ConceptPrior::covered() const {
  return int(std::count_if(classes.begin(), classes.end(), [](const std::vector<int> &c) { return !c.empty(); }));
}

namespace {

// E_r[q_k(x_r)] for every concept (concepts × classes): the classifier's probabilities renormalised
// within the concept's classes, less the probabilities over all classes, averaged over the regions.
// Regions are gathered a few thousand at a time, so the logits stay small and the features are
// read where they lie.
torch::Tensor expectedClassWeights(const torch::Tensor &w, const torch::Tensor &b, const RegionBags &bags,
                                   const std::vector<std::vector<int>> &classes) {
  std::vector<torch::Tensor> indices(classes.size()); // undefined for concepts that name no class
  for (std::size_t k = 0; k < classes.size(); ++k)
    if (!classes[k].empty()) indices[k] = torch::tensor(std::vector<long>(classes[k].begin(), classes[k].end()), torch::kLong);
  torch::Tensor q = torch::zeros({long(classes.size()), w.size(0)}, torch::kDouble);
  constexpr long kChunk = 4096;
  double regions = 0;
  vision::forEachRegionChunk(bags, kChunk, [&](const torch::Tensor &chunk) {
    regions += double(chunk.size(0));
    const torch::Tensor p = torch::softmax(torch::addmm(b, chunk, w.t()), 1).to(torch::kDouble);
    const torch::Tensor all = p.sum(0);
    for (std::size_t k = 0; k < classes.size(); ++k) {
      if (!indices[k].defined()) continue;
      const torch::Tensor within = p.index_select(1, indices[k]);
      const torch::Tensor renormalised = (within / within.sum(1, true).clamp_min(1e-30)).sum(0);
      q[long(k)] -= all;
      q[long(k)].index_add_(0, indices[k], renormalised);
    }
  });
  return q / regions;
}

}  // namespace

ConceptPrior conceptPriorOf(const ClassHead &head, const ClassCoverage &coverage, const QStringList &names, const RegionBags &bags) {
  if (head.dim != bags.dim)
    throw std::invalid_argument(QStringLiteral("concept prior: the classifier takes %1 features, the regions have %2").arg(head.dim).arg(bags.dim).toStdString());
  ConceptPrior prior;
  prior.dim = bags.dim;
  prior.concepts = int(names.size());
  for (const QString &name : names) prior.classes.push_back(coverage.classesOf(name));
  prior.weights.assign(std::size_t(prior.concepts) * std::size_t(prior.dim), 0.0f);
  if (prior.empty() || bags.features.empty()) return prior;
  const torch::Tensor w = torch::from_blob(const_cast<float *>(head.weights.data()), {head.classes, head.dim}, torch::kFloat);
  const torch::Tensor b = torch::from_blob(const_cast<float *>(head.bias.data()), {head.classes}, torch::kFloat);
  const torch::Tensor g = expectedClassWeights(w, b, bags, prior.classes).to(torch::kFloat).mm(w).contiguous();
  std::copy(g.data_ptr<float>(), g.data_ptr<float>() + g.numel(), prior.weights.begin());
  return prior;
}

}  // namespace gs
