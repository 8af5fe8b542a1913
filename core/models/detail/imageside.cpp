#include "models/detail/imageside.h"

namespace gs::detail {

namespace nn = torch::nn;
namespace F = torch::nn::functional;

namespace {
constexpr double kLeakiness = 0.01; // DT-LSTM §4: "The 'leakiness' of the Twin network ReLU units was 0.01"
}

ImageSideImpl::ImageSideImpl(const ImageSideOptions &options) : kind(options.kind), conceptDim(options.conceptDim) {
  const std::int64_t featureDim = options.featureDim, embedDim = options.embedDim;
  if (kind == ImageSideKind::Concepts) {
    fusion = register_module("fusion", ConceptFusion(featureDim - conceptDim, conceptDim, embedDim, options.input, options.fusion));
    return;
  }
  // Socher's W_I has no bias: v_i = W_I z_i.
  first = register_module("first", nn::Linear(nn::LinearOptions(featureDim, embedDim).bias(kind != ImageSideKind::Linear)));
  if (kind == ImageSideKind::HmLstm) norm = register_module("norm", nn::BatchNorm1d(embedDim));
  if (kind == ImageSideKind::Twin) second = register_module("second", nn::Linear(embedDim, embedDim));
}

torch::Tensor ImageSideImpl::forward(const torch::Tensor &features) {
  if (fusion) return fuse(features, nullptr);
  auto v = first(features);
  switch (kind) {
  case ImageSideKind::Linear: return v;
  case ImageSideKind::Twin: return F::leaky_relu(second(v), F::LeakyReLUFuncOptions().negative_slope(kLeakiness));
  case ImageSideKind::HmLstm: v = norm(v); break;
  case ImageSideKind::Merkx: break;
  case ImageSideKind::Concepts: break; // handled above
  }
  return F::normalize(v, F::NormalizeFuncOptions().dim(1));
}

torch::Tensor ImageSideImpl::fuse(const torch::Tensor &features, torch::Tensor *gate) {
  const std::int64_t contextDim = features.size(1) - conceptDim;
  return fusion(features.narrow(1, 0, contextDim), features.narrow(1, contextDim, conceptDim), gate);
}

torch::Tensor ImageSideImpl::gateOf(const torch::Tensor &features) {
  torch::Tensor gate;
  if (fusion) fuse(features, &gate);
  return gate;
}

TwinColumnImpl::TwinColumnImpl(std::int64_t inputDim, std::int64_t embedDim) {
  first = register_module("first", nn::Linear(inputDim, embedDim));
  second = register_module("second", nn::Linear(embedDim, embedDim));
}

torch::Tensor TwinColumnImpl::forward(const torch::Tensor &x) {
  return F::leaky_relu(second(first(x)), F::LeakyReLUFuncOptions().negative_slope(kLeakiness));
}

}  // namespace gs::detail

namespace gs {

std::shared_ptr<detail::ImageSideImpl> makeImageSide(const ImageSideOptions &options) {
  return std::make_shared<detail::ImageSideImpl>(options);
}

}  // namespace gs
