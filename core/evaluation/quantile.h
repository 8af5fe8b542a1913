#pragma once
// The value at fraction q in [0, 1] of ascending values, interpolating linearly between neighbours
// (NumPy's default). Every percentile-bootstrap interval in Groundscope reads its bounds this way.
// `sorted` must not be empty. Torch-free.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace gs {

inline double quantileOfSorted(const std::vector<double> &sorted, double q) {
  const double position = q * double(sorted.size() - 1);
  const std::size_t below = std::size_t(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (position - double(below)) * (sorted[above] - sorted[below]);
}

}  // namespace gs
