#include "vision/detail/cvtensor.h"

#include <stdexcept>

namespace gs::vision {

torch::Tensor blobToTensor(const cv::Mat &blob) {
  if (blob.depth() != CV_32F || !blob.isContinuous())
    throw std::invalid_argument("blobToTensor: a continuous CV_32F blob is needed");
  std::vector<int64_t> shape;
  for (int i = 0; i < blob.dims; ++i) shape.push_back(blob.size[i]);
  if (blob.channels() > 1) shape.push_back(blob.channels());
  // from_blob borrows the Mat's buffer: clone so the tensor owns its data.
  return torch::from_blob(const_cast<float *>(blob.ptr<float>()), shape, torch::kFloat32).clone();
}

cv::Mat tensorToFeatures(const torch::Tensor &tensor) {
  torch::Tensor t = tensor.detach().to(torch::kCPU, torch::kFloat32);
  if (t.dim() == 4) t = t.mean({2, 3});
  if (t.dim() != 2)
    throw std::runtime_error("output has " + std::to_string(t.dim()) +
                             " dimensions; an N×D vector or an N×C×H×W map is needed");
  t = t.contiguous();
  cv::Mat view(static_cast<int>(t.size(0)), static_cast<int>(t.size(1)), CV_32F, t.data_ptr<float>());
  return view.clone();
}

}  // namespace gs::vision
