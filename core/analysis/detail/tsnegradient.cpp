#include "analysis/detail/tsnegradient.h"

#include "analysis/detail/threadpool.h"
#include "analysis/detail/quadtree.h"
#include "analysis/detail/fftrepulsion.h"

#include <cmath>
#include <optional>

namespace gs::detail {

namespace {

// Σ_j p_ij q̃_ij (y_i − y_j) over row i of P: the attractive force (§5.2), O(nnz of row i).
void attractive(const SparseMatrix &P, const double *y, int i, double &fx, double &fy) {
  const double xi = y[2 * i], yi = y[2 * i + 1];
  double ax = 0, ay = 0;
  for (int e = P.rowStart[std::size_t(i)]; e < P.rowStart[std::size_t(i) + 1]; ++e) {
    const int j = P.cols[std::size_t(e)];
    const double dx = xi - y[2 * j], dy = yi - y[2 * j + 1];
    const double m = P.values[std::size_t(e)] / (1.0 + dx * dx + dy * dy);
    ax += m * dx;
    ay += m * dy;
  }
  fx = ax;
  fy = ay;
}

// Exact Σ_{j≠i} q̃_ij² (y_i − y_j) and Σ_{j≠i} q̃_ij: O(N) per point.
double exactRepulsion(const double *y, int n, int i, double &fx, double &fy) {
  const double xi = y[2 * i], yi = y[2 * i + 1];
  double z = 0, rx = 0, ry = 0;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    const double dx = xi - y[2 * j], dy = yi - y[2 * j + 1];
    const double q = 1.0 / (1.0 + dx * dx + dy * dy);
    z += q;
    rx += q * q * dx;
    ry += q * q * dy;
  }
  fx = rx;
  fy = ry;
  return z;
}

// Σ_j q̃_ij² (y_i − y_j) into rep and Z = Σ q̃_ij, by the quad-tree (visited in its spatial order,
// so consecutive points reuse the same nodes) or exactly without one.
double treeOrExactRepulsion(const double *y, int n, double theta, const std::optional<QuadTree> &tree, const std::vector<int> &order,
                            ThreadPool &pool, double *rep) {
  std::vector<double> zi(static_cast<std::size_t>(n));
  pool.parallelFor(n, [&](int begin, int end) {
    for (int k = begin; k < end; ++k) {
      const int i = tree ? order[std::size_t(k)] : k;
      double fx = 0, fy = 0;
      zi[std::size_t(i)] = tree ? tree->repulsion(i, theta, fx, fy) : exactRepulsion(y, n, i, fx, fy);
      rep[2 * std::size_t(i)] = fx;
      rep[2 * std::size_t(i) + 1] = fy;
    }
  });
  double z = 0;
  for (int i = 0; i < n; ++i) z += zi[std::size_t(i)];
  return z;
}

}  // namespace

double tsneGradient(const SparseMatrix &P, const double *y, int n, double theta, double exaggeration, ThreadPool &pool,
                    double *grad, FftRepulsion *fft) {
  std::vector<double> rep(std::size_t(n) * 2);
  std::optional<QuadTree> tree;
  std::vector<int> order;
  // Pass 1: the quad-tree's build (serial, ~15% of an iteration) overlaps the attractive forces: work
  // unit 0 builds the tree, units 1..kAttractiveUnits are slices of P's rows (index order, as P is
  // stored). With one thread this is simply build, then attraction.
  constexpr int kAttractiveUnits = 64;
  pool.parallelFor(1 + kAttractiveUnits, [&](int begin, int end) {
    for (int unit = begin; unit < end; ++unit) {
      if (unit == 0) {
        if (theta > 0 && !fft) {
          tree.emplace(y, n);
          order = tree->spatialOrder();
        }
        continue;
      }
      const int first = int((long long)n * (unit - 1) / kAttractiveUnits), last = int((long long)n * unit / kAttractiveUnits);
      for (int i = first; i < last; ++i) attractive(P, y, i, grad[2 * i], grad[2 * i + 1]);
    }
  });
  // Pass 2: the repulsion and Z.
  const double z = fft ? fft->repulsion(y, n, pool, rep.data()) : treeOrExactRepulsion(y, n, theta, tree, order, pool, rep.data());
  for (int i = 0; i < n; ++i) {
    grad[2 * i] = exaggeration * grad[2 * i] - rep[2 * std::size_t(i)] / z;
    grad[2 * i + 1] = exaggeration * grad[2 * i + 1] - rep[2 * std::size_t(i) + 1] / z;
  }
  return z;
}

double klDivergence(const SparseMatrix &P, const double *y, double z, ThreadPool &pool) {
  const int n = P.n;
  std::vector<double> rows(static_cast<std::size_t>(n));
  pool.parallelFor(n, [&](int begin, int end) {
    for (int i = begin; i < end; ++i) {
      double sum = 0;
      for (int e = P.rowStart[std::size_t(i)]; e < P.rowStart[std::size_t(i) + 1]; ++e) {
        const int j = P.cols[std::size_t(e)];
        const double dx = y[2 * i] - y[2 * j], dy = y[2 * i + 1] - y[2 * j + 1];
        const double q = 1.0 / (1.0 + dx * dx + dy * dy) / z;
        const double p = P.values[std::size_t(e)];
        if (p > 0) sum += p * std::log(p / q);
      }
      rows[std::size_t(i)] = sum;
    }
  });
  double kl = 0;
  for (double r : rows) kl += r;
  return kl;
}

double exactNormaliser(const double *y, int n, ThreadPool &pool) {
  std::vector<double> zi(static_cast<std::size_t>(n));
  pool.parallelFor(n, [&](int begin, int end) {
    for (int i = begin; i < end; ++i) {
      double z = 0;
      for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        const double dx = y[2 * i] - y[2 * j], dy = y[2 * i + 1] - y[2 * j + 1];
        z += 1.0 / (1.0 + dx * dx + dy * dy);
      }
      zi[std::size_t(i)] = z;
    }
  });
  double z = 0;
  for (double v : zi) z += v;
  return z;
}

}  // namespace gs::detail
