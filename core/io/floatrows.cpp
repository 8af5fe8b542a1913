#include "io/floatrows.h"

#include <stdexcept>
#include <string>

namespace gs {

FloatRows &FloatRows::operator=(std::initializer_list<float> values) {
  *this = FloatRows(values);
  return *this;
}

FloatRows FloatRows::window(const NpyMatrix &matrix, std::size_t first, std::size_t count) {
  const auto total = std::size_t(matrix.rows() * matrix.cols());
  if (first > total || count > total - first)
    throw std::out_of_range("FloatRows::window: values [" + std::to_string(first) + ", " + std::to_string(first + count) +
                            ") of a matrix of " + std::to_string(total));
  FloatRows rows;
  if (count == 0) return rows;
  rows.m_source = matrix;
  rows.m_window = matrix.data() + first;
  rows.m_windowSize = count;
  return rows;
}

std::vector<float> &FloatRows::owned() {
  if (m_window) {
    m_owned.assign(m_window, m_window + m_windowSize);
    m_window = nullptr;
    m_windowSize = 0;
    m_source = NpyMatrix();
  }
  return m_owned;
}

}  // namespace gs
