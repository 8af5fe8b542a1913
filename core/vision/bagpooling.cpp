#include "vision/detail/bagpooling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace gs::vision {

namespace {

// Noisy-or's logit log p − log(1 − p) from −log(1 − p) = Σ_r softplus(z_r) (see the header).
torch::Tensor noisyOrLogit(const torch::Tensor &minusLogNone) {
  const torch::Tensor none = minusLogNone.clamp_min(1e-6);
  return torch::log(-torch::expm1(-none)) + none;
}

}  // namespace

torch::Tensor poolBags(const torch::Tensor &logits, const std::vector<long> &sizes, ConceptPooling pooling, double temperature) {
  const long bags = long(sizes.size()), concepts = logits.size(1);
  const long widest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
  if (widest < 1 || *std::min_element(sizes.begin(), sizes.end()) < 1)
    throw std::invalid_argument("poolBags: every bag needs at least one region");
  // Region r of bag b goes to row b · widest + r of the padded [bags · widest, K] logits.
  std::vector<long> slots;
  slots.reserve(std::size_t(logits.size(0)));
  for (long b = 0; b < bags; ++b)
    for (long r = 0; r < sizes[std::size_t(b)]; ++r) slots.push_back(b * widest + r);
  if (long(slots.size()) != logits.size(0)) throw std::invalid_argument("poolBags: the sizes do not add up to the logits' rows");
  const double lowest = -std::numeric_limits<double>::infinity();
  const torch::Tensor padded =
      torch::full({bags * widest, concepts}, lowest, logits.options()).index_copy(0, torch::tensor(slots, torch::kLong), logits).view({bags, widest, concepts});
  if (pooling == ConceptPooling::Max) return std::get<0>(padded.max(1));
  if (pooling == ConceptPooling::NoisyOr) return noisyOrLogit(torch::nn::functional::softplus(padded).sum(1)); // softplus(−∞) = 0
  const torch::Tensor counts = torch::tensor(std::vector<float>(sizes.begin(), sizes.end()), logits.options()).unsqueeze(1);
  return (torch::logsumexp(temperature * padded, 1) - torch::log(counts)) / temperature;
}

torch::Tensor featureMatrix(const RegionBags &bags) {
  return torch::from_blob(const_cast<float *>(bags.features.data()), {long(bags.features.size() / std::size_t(bags.dim)), long(bags.dim)},
                          torch::kFloat);
}

void forEachRegionChunk(const RegionBags &bags, long chunk, const std::function<void(const torch::Tensor &)> &visit) {
  const torch::Tensor x = featureMatrix(bags);
  const std::vector<long> rows = bags.regionRows();
  for (std::size_t from = 0; from < rows.size(); from += std::size_t(chunk)) {
    const std::vector<long> part(rows.begin() + long(from), rows.begin() + long(std::min(rows.size(), from + std::size_t(chunk))));
    visit(x.index_select(0, torch::tensor(part, torch::kLong)));
  }
}

}  // namespace gs::vision
