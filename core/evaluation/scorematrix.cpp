#include "evaluation/scorematrix.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace gs {

// Each kind sums only what it needs (in double, as before): the Analysis dock scores every pair of
// a split's items for the modality gap (900 million pairs at COCO's 5K test split), and summing all
// four quantities for every kind took twice to four times as long.
float scoreOf(const float *a, const float *b, int dim, ScoreKind kind) {
  switch (kind) {
  case ScoreKind::InnerProduct: {
    double dot = 0;
    for (int d = 0; d < dim; ++d) dot += double(a[d]) * b[d];
    return float(dot);
  }
  case ScoreKind::Cosine: {
    double dot = 0, aa = 0, bb = 0;
    for (int d = 0; d < dim; ++d) {
      dot += double(a[d]) * b[d];
      aa += double(a[d]) * a[d];
      bb += double(b[d]) * b[d];
    }
    return aa > 0 && bb > 0 ? float(dot / std::sqrt(aa * bb)) : 0.f;
  }
  case ScoreKind::NegativeSquaredL2: {
    double squared = 0;
    for (int d = 0; d < dim; ++d) {
      const double diff = double(a[d]) - b[d];
      squared += diff * diff;
    }
    return float(-squared);
  }
  }
  return 0.f;
}

namespace {

void checkRows(const char *what, const std::vector<float> &rows, int count, int dim) {
  if (count < 0 || dim <= 0 || rows.size() != std::size_t(count) * std::size_t(dim))
    throw std::invalid_argument(std::string("scoreMatrix: ") + what + " has " + std::to_string(rows.size()) +
                                " values, expected " + std::to_string(count) + " × " + std::to_string(dim));
}

}  // namespace

std::vector<float> scoreMatrix(const std::vector<float> &a, int rowsA, const std::vector<float> &b, int rowsB, int dim,
                               ScoreKind kind) {
  checkRows("a", a, rowsA, dim);
  checkRows("b", b, rowsB, dim);
  std::vector<float> result(std::size_t(rowsA) * std::size_t(rowsB));
  for (int i = 0; i < rowsA; ++i)
    for (int j = 0; j < rowsB; ++j)
      result[std::size_t(i) * rowsB + j] = scoreOf(a.data() + std::size_t(i) * dim, b.data() + std::size_t(j) * dim, dim, kind);
  return result;
}

std::vector<float> l2Normalised(const std::vector<float> &rows, int count, int dim) {
  checkRows("rows", rows, count, dim);
  std::vector<float> out(rows);
  for (int r = 0; r < count; ++r) {
    float *row = out.data() + std::size_t(r) * dim;
    double squares = 0;
    for (int d = 0; d < dim; ++d) squares += double(row[d]) * row[d];
    if (squares <= 0) continue;
    const double norm = std::sqrt(squares);
    for (int d = 0; d < dim; ++d) row[d] = float(row[d] / norm);
  }
  return out;
}

}  // namespace gs
