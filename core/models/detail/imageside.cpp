#include "models/detail/imageside.h"

namespace gs::detail {

namespace nn = torch::nn;
namespace F = torch::nn::functional;

namespace {
constexpr double kLeakiness = 0.01; // DT-LSTM §4: "The 'leakiness' of the Twin network ReLU units was 0.01"
}

ImageSideImpl::ImageSideImpl(const std::string &kind_, std::int64_t featureDim, std::int64_t embedDim) : kind(kind_) {
  if (kind != "linear" && kind != "merkx" && kind != "hmlstm" && kind != "twin")
    throw std::invalid_argument("ImageSide: unknown kind '" + kind + "'");
  // Socher's W_I has no bias: v_i = W_I z_i.
  first = register_module("first", nn::Linear(nn::LinearOptions(featureDim, embedDim).bias(kind != "linear")));
  if (kind == "hmlstm") norm = register_module("norm", nn::BatchNorm1d(embedDim));
  if (kind == "twin") second = register_module("second", nn::Linear(embedDim, embedDim));
}

torch::Tensor ImageSideImpl::forward(const torch::Tensor &features) {
  auto v = first(features);
  if (kind == "linear") return v;
  if (kind == "twin") return F::leaky_relu(second(v), F::LeakyReLUFuncOptions().negative_slope(kLeakiness));
  if (kind == "hmlstm") v = norm(v);
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
