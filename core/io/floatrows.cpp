#include "io/floatrows.h"

#include <algorithm>
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

bool FloatRows::operator==(const FloatRows &other) const {
  return size() == other.size() && std::equal(begin(), end(), other.begin());
}

FloatRows FloatRows::slice(std::size_t first, std::size_t count) const {
  if (first > size() || count > size() - first)
    throw std::out_of_range("FloatRows::slice: values [" + std::to_string(first) + ", " + std::to_string(first + count) +
                            ") of " + std::to_string(size()));
  if (!m_window) return FloatRows(std::vector<float>(begin() + first, begin() + first + count));
  return window(m_source, std::size_t(m_window - m_source.data()) + first, count);
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
