#include "models/detail/conceptfusion.h"

namespace gs::detail {

namespace nn = torch::nn;
namespace F = torch::nn::functional;

namespace {
nn::Linear noBias(std::int64_t in, std::int64_t out) { return nn::Linear(nn::LinearOptions(in, out).bias(false)); }
torch::Tensor l2(const torch::Tensor &v) { return F::normalize(v, F::NormalizeFuncOptions().dim(1)); }
}  // namespace

ConceptFusionImpl::ConceptFusionImpl(std::int64_t contextDim, std::int64_t conceptDim, std::int64_t embedDim,
                                     ImageInputKind input_, ConceptFusionKind fusion_)
    : input(input_), fusion(fusion_) {
  if (input != ImageInputKind::Context) {
    if (conceptDim < 1) throw std::invalid_argument("concept fusion: no concept scores in the image features");
    wl = register_module("w_l", noBias(conceptDim, embedDim));
  }
  if (input != ImageInputKind::Concepts) {
    if (contextDim < 1) throw std::invalid_argument("concept fusion: no global context in the image features");
    wg = register_module("w_g", noBias(contextDim, embedDim));
  }
  if (input == ImageInputKind::Both && fusion == ConceptFusionKind::Gate) {
    ul = register_module("u_l", noBias(conceptDim, embedDim));
    ug = register_module("u_g", noBias(contextDim, embedDim));
  }
}

torch::Tensor ConceptFusionImpl::forward(const torch::Tensor &x, const torch::Tensor &p, torch::Tensor *gate) {
  switch (input) {
  case ImageInputKind::Concepts: return l2(wl(p));
  case ImageInputKind::Context: return l2(wg(x));
  case ImageInputKind::Both: break;
  }
  const auto pHat = l2(wl(p)), xHat = l2(wg(x));
  if (fusion == ConceptFusionKind::Sum) return pHat + xHat;
  const auto t = torch::sigmoid(ul(p) + ug(x));
  if (gate) *gate = t;
  return t * pHat + (1 - t) * xHat;
}

}  // namespace gs::detail
