#pragma once
// A run of float32 values that is either a window onto a mapped .npy file (NpyMatrix) or its own
// vector. Training data holds its image and region features this way: at MS-COCO's size the
// regions are 12.6 GB of file and the images 0.6 GB, and a window costs nothing (the system reads the pages a minibatch gathers and may drop
// them again), where a copy would need as much memory as the file.
//
// Reading never copies. Writing (push_back, append, a non-const element) copies a window into a
// vector of its own first, so code that builds small data by hand works as it would on a vector.

#include "io/npy.h"

#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

namespace gs {

class FloatRows {
public:
  FloatRows() = default;
  FloatRows(std::initializer_list<float> values) : m_owned(values) {}
  FloatRows(std::vector<float> values) : m_owned(std::move(values)) {} // NOLINT: a vector is a run of floats
  FloatRows &operator=(std::initializer_list<float> values);

  // values[first, first + count) of `matrix`'s data, kept alive by a copy of the matrix. Throws
  // std::out_of_range when the window leaves the matrix.
  static FloatRows window(const NpyMatrix &matrix, std::size_t first, std::size_t count);

  const float *data() const { return m_window ? m_window : m_owned.data(); }
  std::size_t size() const { return m_window ? m_windowSize : m_owned.size(); }
  bool empty() const { return size() == 0; }
  bool isWindow() const { return m_window != nullptr; }
  float operator[](std::size_t k) const { return data()[k]; }
  const float *begin() const { return data(); }
  const float *end() const { return data() + size(); }
  std::vector<float> toVector() const { return std::vector<float>(begin(), end()); }
  bool operator==(const FloatRows &other) const;
  // values[first, first + count): a window onto the same file when this is a window, else a copy.
  // Throws std::out_of_range when the range leaves the values.
  FloatRows slice(std::size_t first, std::size_t count) const;

  float &operator[](std::size_t k) { return owned()[k]; }
  void push_back(float value) { owned().push_back(value); }
  void append(const float *first, const float *last) {
    std::vector<float> &values = owned();
    values.insert(values.end(), first, last);
  }
  void reserve(std::size_t count) { owned().reserve(count); }
  void pop_back() { owned().pop_back(); }

private:
  std::vector<float> &owned(); // the values as a vector of their own (copied out of a window once)

  std::vector<float> m_owned;
  NpyMatrix m_source; // what the window points into
  const float *m_window = nullptr;
  std::size_t m_windowSize = 0;
};

}  // namespace gs
