// PCA by subspace (block power) iteration on the covariance, applied implicitly: C·V = Xcᵀ(Xc·V)/n
// with Xc the centred data, then Gram–Schmidt. Cost O(n·dim·c) per iteration, O(n·c + dim·c) memory.

#include "analysis/tsne.h"

#include "analysis/detail/threadpool.h"
#include "engine/jobcontext.h"


#include <QString>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

constexpr int kMaxIterations = 300;   // subspace iterations (converges at rate λ_{c+1}/λ_c)
constexpr double kTolerance = 1e-8;   // change of the axes between iterations (1 − |cos|: ~1e-4 rad)
constexpr int kUnits = 64;            // row blocks: partial sums per block, added in block order

[[noreturn]] void fail(const QString &message) {
  throw std::invalid_argument(QStringLiteral("pcaProject: %1").arg(message).toStdString());
}

// Orthonormalises the c columns of V (dim × c, column-major) in place, modified Gram–Schmidt.
// A column that vanishes is replaced by a unit vector orthogonal to the earlier ones.
void orthonormalise(std::vector<double> &V, int dim, int c) {
  for (int a = 0; a < c; ++a) {
    double *va = V.data() + std::size_t(a) * dim;
    for (int attempt = 0; attempt <= dim; ++attempt) {
      for (int b = 0; b < a; ++b) {
        const double *vb = V.data() + std::size_t(b) * dim;
        double dot = 0;
        for (int k = 0; k < dim; ++k) dot += va[k] * vb[k];
        for (int k = 0; k < dim; ++k) va[k] -= dot * vb[k];
      }
      double norm = 0;
      for (int k = 0; k < dim; ++k) norm += va[k] * va[k];
      norm = std::sqrt(norm);
      if (norm > 1e-300) {
        for (int k = 0; k < dim; ++k) va[k] /= norm;
        break;
      }
      for (int k = 0; k < dim; ++k) va[k] = k == (a + attempt) % dim ? 1.0 : 0.0;
    }
  }
}

}  // namespace

std::vector<float> pcaProject(const std::vector<float> &points, int n, int dim, int components, JobContext *job,
                              int threads) {
  if (dim <= 0) fail(QStringLiteral("dimension must be positive (got %1)").arg(dim));
  if (n <= 0) fail(QStringLiteral("no points (n = %1)").arg(n));
  if (components <= 0 || components > dim)
    fail(QStringLiteral("components must be in 1..%1 (got %2)").arg(dim).arg(components));
  if (points.size() != std::size_t(n) * std::size_t(dim))
    fail(QStringLiteral("points has %1 values, expected n × dim = %2").arg(points.size()).arg(qint64(n) * dim));
  for (std::size_t k = 0; k < points.size(); ++k)
    if (!std::isfinite(points[k]))
      fail(QStringLiteral("non-finite value (%1) at row %2, column %3")
               .arg(double(points[k]))
               .arg(k / std::size_t(dim))
               .arg(k % std::size_t(dim)));
  const int c = components;
  std::vector<double> mean(std::size_t(dim), 0.0);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < dim; ++k) mean[std::size_t(k)] += points[std::size_t(i) * dim + k];
  for (double &m : mean) m /= n;
  const auto centred = [&](int i, int k) { return double(points[std::size_t(i) * dim + k]) - mean[std::size_t(k)]; };

  // Start from a fixed pseudo-random block (deterministic), orthonormalised.
  std::vector<double> V(std::size_t(dim) * c), W(V.size()), proj(std::size_t(n) * c);
  std::vector<double> partial(std::size_t(kUnits) * dim * c);
  detail::ThreadPool pool(threads);
  const auto rowsOf = [n](int unit) { return std::pair<int, int>(int((long long)n * unit / kUnits), int((long long)n * (unit + 1) / kUnits)); };
  unsigned state = 2463534242u;
  for (double &v : V) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    v = double(state) / 4294967296.0 - 0.5;
  }
  orthonormalise(V, dim, c);
  for (int iter = 0; iter < kMaxIterations; ++iter) {
    if (job) job->checkpoint();
    // proj = Xc·V (n × c), then W = Xcᵀ·proj (dim × c), over blocks of rows in parallel: each block
    // writes its own rows of proj and its own partial W, summed in block order (the result does not
    // depend on the thread count).
    pool.parallelFor(kUnits, [&](int firstUnit, int lastUnit) {
      for (int unit = firstUnit; unit < lastUnit; ++unit) {
        const auto [begin, end] = rowsOf(unit);
        double *w = partial.data() + std::size_t(unit) * dim * c;
        std::fill(w, w + std::size_t(dim) * c, 0.0);
        for (int i = begin; i < end; ++i)
          for (int a = 0; a < c; ++a) {
            double s = 0;
            for (int k = 0; k < dim; ++k) s += centred(i, k) * V[std::size_t(a) * dim + k];
            proj[std::size_t(i) * c + a] = s;
            for (int k = 0; k < dim; ++k) w[std::size_t(a) * dim + k] += centred(i, k) * s;
          }
      }
    });
    std::fill(W.begin(), W.end(), 0.0);
    for (int unit = 0; unit < kUnits; ++unit)
      for (std::size_t k = 0; k < W.size(); ++k) W[k] += partial[std::size_t(unit) * dim * c + k];
    orthonormalise(W, dim, c);
    double change = 0;
    for (int a = 0; a < c; ++a) {
      double dot = 0;
      for (int k = 0; k < dim; ++k) dot += W[std::size_t(a) * dim + k] * V[std::size_t(a) * dim + k];
      change = std::max(change, 1 - std::fabs(dot));
    }
    V.swap(W);
    if (change < kTolerance) break;
  }
  // Sign convention: each axis's largest-magnitude coordinate is positive.
  for (int a = 0; a < c; ++a) {
    double *va = V.data() + std::size_t(a) * dim;
    int best = 0;
    for (int k = 1; k < dim; ++k)
      if (std::fabs(va[k]) > std::fabs(va[best])) best = k;
    if (va[best] < 0)
      for (int k = 0; k < dim; ++k) va[k] = -va[k];
  }
  std::vector<float> out(std::size_t(n) * c);
  for (int i = 0; i < n; ++i)
    for (int a = 0; a < c; ++a) {
      double s = 0;
      for (int k = 0; k < dim; ++k) s += centred(i, k) * V[std::size_t(a) * dim + k];
      out[std::size_t(i) * c + a] = float(s);
    }
  return out;
}

}  // namespace gs
