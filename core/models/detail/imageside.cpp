#include "models/detail/imageside.h"

namespace gs::detail {

namespace nn = torch::nn;
namespace F = torch::nn::functional;

namespace {
constexpr double kLeakiness = 0.01; // DT-LSTM §4: "The 'leakiness' of the Twin network ReLU units was 0.01"
}

ImageSideImpl::ImageSideImpl(ImageSideKind kind_, std::int64_t featureDim, std::int64_t embedDim) : kind(kind_) {
  // Socher's W_I has no bias: v_i = W_I z_i.
  first = register_module("first", nn::Linear(nn::LinearOptions(featureDim, embedDim).bias(kind != ImageSideKind::Linear)));
  if (kind == ImageSideKind::HmLstm) norm = register_module("norm", nn::BatchNorm1d(embedDim));
  if (kind == ImageSideKind::Twin) second = register_module("second", nn::Linear(embedDim, embedDim));
}

torch::Tensor ImageSideImpl::forward(const torch::Tensor &features) {
  auto v = first(features);
  switch (kind) {
  case ImageSideKind::Linear: return v;
  case ImageSideKind::Twin: return F::leaky_relu(second(v), F::LeakyReLUFuncOptions().negative_slope(kLeakiness));
  case ImageSideKind::HmLstm: v = norm(v); break;
  case ImageSideKind::Merkx: break;
  }
  return F::normalize(v, F::NormalizeFuncOptions().dim(1));
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
  return std::make_shared<detail::ImageSideImpl>(options.kind, options.featureDim, options.embedDim);
}

}  // namespace gs
