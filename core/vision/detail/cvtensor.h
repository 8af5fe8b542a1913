#pragma once
// All OpenCV ↔ LibTorch conversion in one place (STYLE.md): torch::from_blob borrows memory,
// so every tensor made from a cv::Mat is cloned before the Mat can go away.

#include <opencv2/core.hpp>
#include <torch/torch.h>

namespace gs::vision {

// A continuous CV_32F blob of any rank (e.g. N×3×H×W from makeBlob) → a float tensor of the same
// shape, owning its memory.
torch::Tensor blobToTensor(const cv::Mat &blob);

// A 2-D float tensor (N×D) → a CV_32F N×D Mat owning its memory. 4-D tensors (N×C×H×W) are
// averaged over H×W first; other ranks throw std::runtime_error.
cv::Mat tensorToFeatures(const torch::Tensor &tensor);

}  // namespace gs::vision
