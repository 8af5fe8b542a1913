#include "analysis/detail/spectral.h"

#include "analysis/detail/threadpool.h"
#include "analysis/tsne.h"
#include "engine/jobcontext.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

namespace gs::detail {

namespace {

constexpr int kBlock = 4;           // two wanted vectors and two guards, for convergence
constexpr int kMaxIterations = 1000; // an initial layout, not a solution: stop here even if not converged
constexpr double kRitzTolerance = 1e-5; // residual norm of each wanted (unit) Ritz vector

using Block = std::array<std::vector<double>, kBlock>;

double dot(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// Projects out the trivial vector, then modified Gram–Schmidt; a vector that vanishes is refilled
// from the generator (rare: only when the block spans less than kBlock dimensions).
void orthonormalise(Block &x, const std::vector<double> &trivial, std::mt19937 &rng) {
  const auto uniform = [&rng] { return 2.0 * rng() / 4294967295.0 - 1.0; }; // [-1, 1], the same with any library
  for (int v = 0; v < kBlock; ++v) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      const double t = dot(x[std::size_t(v)], trivial);
      for (std::size_t i = 0; i < trivial.size(); ++i) x[std::size_t(v)][i] -= t * trivial[i];
      for (int u = 0; u < v; ++u) {
        const double p = dot(x[std::size_t(v)], x[std::size_t(u)]);
        for (std::size_t i = 0; i < trivial.size(); ++i) x[std::size_t(v)][i] -= p * x[std::size_t(u)][i];
      }
      const double norm = std::sqrt(dot(x[std::size_t(v)], x[std::size_t(v)]));
      if (norm > 1e-12) {
        for (double &e : x[std::size_t(v)]) e /= norm;
        break;
      }
      for (double &e : x[std::size_t(v)]) e = uniform();
    }
  }
}

// Eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations: eigenvalues on the
// diagonal of a, eigenvectors in the columns of v.
void jacobi(std::array<std::array<double, kBlock>, kBlock> &a, std::array<std::array<double, kBlock>, kBlock> &v) {
  for (int i = 0; i < kBlock; ++i)
    for (int j = 0; j < kBlock; ++j) v[std::size_t(i)][std::size_t(j)] = i == j;
  for (int sweep = 0; sweep < 50; ++sweep) {
    double off = 0;
    for (int p = 0; p < kBlock; ++p)
      for (int q = p + 1; q < kBlock; ++q) off += a[std::size_t(p)][std::size_t(q)] * a[std::size_t(p)][std::size_t(q)];
    if (off < 1e-30) return;
    for (int p = 0; p < kBlock; ++p)
      for (int q = p + 1; q < kBlock; ++q) {
        const double apq = a[std::size_t(p)][std::size_t(q)];
        if (std::abs(apq) < 1e-300) continue;
        const double theta = (a[std::size_t(q)][std::size_t(q)] - a[std::size_t(p)][std::size_t(p)]) / (2 * apq);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (int k = 0; k < kBlock; ++k) { // rotate columns p, q
          const double akp = a[std::size_t(k)][std::size_t(p)], akq = a[std::size_t(k)][std::size_t(q)];
          a[std::size_t(k)][std::size_t(p)] = c * akp - s * akq;
          a[std::size_t(k)][std::size_t(q)] = s * akp + c * akq;
        }
        for (int k = 0; k < kBlock; ++k) { // rotate rows p, q
          const double apk = a[std::size_t(p)][std::size_t(k)], aqk = a[std::size_t(q)][std::size_t(k)];
          a[std::size_t(p)][std::size_t(k)] = c * apk - s * aqk;
          a[std::size_t(q)][std::size_t(k)] = s * apk + c * aqk;
        }
        for (int k = 0; k < kBlock; ++k) {
          const double vkp = v[std::size_t(k)][std::size_t(p)], vkq = v[std::size_t(k)][std::size_t(q)];
          v[std::size_t(k)][std::size_t(p)] = c * vkp - s * vkq;
          v[std::size_t(k)][std::size_t(q)] = s * vkp + c * vkq;
        }
      }
  }
}

}  // namespace

int connectedComponents(const SparseMatrix &graph, std::vector<int> *label) {
  std::vector<int> own(std::size_t(graph.n), -1);
  std::vector<int> &comp = label ? *label : own;
  comp.assign(std::size_t(graph.n), -1);
  int count = 0;
  std::vector<int> stack;
  for (int s = 0; s < graph.n; ++s) {
    if (comp[std::size_t(s)] >= 0) continue;
    comp[std::size_t(s)] = count;
    stack.push_back(s);
    while (!stack.empty()) {
      const int u = stack.back();
      stack.pop_back();
      for (int e = graph.rowStart[std::size_t(u)]; e < graph.rowStart[std::size_t(u) + 1]; ++e) {
        const int w = graph.cols[std::size_t(e)];
        if (comp[std::size_t(w)] < 0) {
          comp[std::size_t(w)] = count;
          stack.push_back(w);
        }
      }
    }
    ++count;
  }
  return count;
}

std::vector<double> spectralLayout(const SparseMatrix &graph, int seed, ThreadPool &pool, JobContext *job) {
  const int n = graph.n;
  std::vector<double> scale(static_cast<std::size_t>(n)), trivial(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    double degree = 0;
    for (int e = graph.rowStart[std::size_t(i)]; e < graph.rowStart[std::size_t(i) + 1]; ++e) degree += graph.values[std::size_t(e)];
    scale[std::size_t(i)] = degree > 0 ? 1 / std::sqrt(degree) : 0;
    trivial[std::size_t(i)] = std::sqrt(degree);
  }
  const double trivialNorm = std::sqrt(dot(trivial, trivial));
  for (double &t : trivial) t /= trivialNorm > 0 ? trivialNorm : 1;
  // y = (x + D^{-1/2} W D^{-1/2} x) / 2, rows on the pool.
  const auto apply = [&](const std::vector<double> &x, std::vector<double> &y) {
    pool.parallelFor(n, [&](int begin, int end) {
      for (int i = begin; i < end; ++i) {
        double s = 0;
        for (int e = graph.rowStart[std::size_t(i)]; e < graph.rowStart[std::size_t(i) + 1]; ++e)
          s += graph.values[std::size_t(e)] * scale[std::size_t(graph.cols[std::size_t(e)])] * x[std::size_t(graph.cols[std::size_t(e)])];
        y[std::size_t(i)] = 0.5 * (x[std::size_t(i)] + scale[std::size_t(i)] * s);
      }
    });
  };
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  const auto uniform = [&rng] { return 2.0 * rng() / 4294967295.0 - 1.0; };
  Block x, y;
  for (int v = 0; v < kBlock; ++v) {
    x[std::size_t(v)].resize(std::size_t(n));
    y[std::size_t(v)].resize(std::size_t(n));
    for (double &e : x[std::size_t(v)]) e = uniform();
  }
  orthonormalise(x, trivial, rng);
  std::array<std::array<double, kBlock>, kBlock> h{}, u{};
  std::array<int, kBlock> order{0, 1, 2, 3};
  for (int iter = 1; iter <= kMaxIterations; ++iter) {
    if (job) job->checkpoint();
    for (int v = 0; v < kBlock; ++v) apply(x[std::size_t(v)], y[std::size_t(v)]);
    std::swap(x, y);
    orthonormalise(x, trivial, rng);
    if (iter % 10 != 0 && iter != kMaxIterations) continue;
    // Rayleigh–Ritz: rotate the block onto the eigenvectors of its projection.
    for (int v = 0; v < kBlock; ++v) apply(x[std::size_t(v)], y[std::size_t(v)]);
    for (int p = 0; p < kBlock; ++p)
      for (int q = 0; q < kBlock; ++q) h[std::size_t(p)][std::size_t(q)] = dot(x[std::size_t(p)], y[std::size_t(q)]);
    for (int p = 0; p < kBlock; ++p) // symmetrise against rounding
      for (int q = p + 1; q < kBlock; ++q)
        h[std::size_t(p)][std::size_t(q)] = h[std::size_t(q)][std::size_t(p)] = 0.5 * (h[std::size_t(p)][std::size_t(q)] + h[std::size_t(q)][std::size_t(p)]);
    jacobi(h, u);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return h[std::size_t(a)][std::size_t(a)] > h[std::size_t(b)][std::size_t(b)]; });
    Block rotated;
    for (int v = 0; v < kBlock; ++v) {
      rotated[std::size_t(v)].assign(std::size_t(n), 0.0);
      for (int w = 0; w < kBlock; ++w) {
        const double c = u[std::size_t(w)][std::size_t(order[std::size_t(v)])];
        for (int i = 0; i < n; ++i) rotated[std::size_t(v)][std::size_t(i)] += c * x[std::size_t(w)][std::size_t(i)];
      }
    }
    // Converged when both wanted Ritz pairs satisfy ‖M v − λ v‖ < tolerance (M v = (M X) u).
    bool converged = true;
    for (int v = 0; v < 2 && converged; ++v) {
      const double lambda = h[std::size_t(order[std::size_t(v)])][std::size_t(order[std::size_t(v)])];
      double residual = 0;
      for (int i = 0; i < n; ++i) {
        double mv = 0;
        for (int w = 0; w < kBlock; ++w) mv += u[std::size_t(w)][std::size_t(order[std::size_t(v)])] * y[std::size_t(w)][std::size_t(i)];
        const double r = mv - lambda * rotated[std::size_t(v)][std::size_t(i)];
        residual += r * r;
      }
      converged = std::sqrt(residual) < kRitzTolerance;
    }
    x = std::move(rotated);
    if (converged) break;
  }
  std::vector<double> layout(std::size_t(n) * 2);
  for (int v = 0; v < 2; ++v) {
    const std::vector<double> &e = x[std::size_t(v)];
    std::size_t largest = 0;
    for (std::size_t i = 1; i < e.size(); ++i)
      if (std::abs(e[i]) > std::abs(e[largest])) largest = i;
    const double sign = e.empty() || e[largest] >= 0 ? 1.0 : -1.0;
    for (int i = 0; i < n; ++i) layout[std::size_t(i) * 2 + std::size_t(v)] = sign * e[std::size_t(i)];
  }
  return layout;
}

std::vector<double> componentLayout(const SparseMatrix &graph, const std::vector<int> &label, int components,
                                    const float *points, int dim, int seed, ThreadPool &pool, JobContext *job) {
  const int n = graph.n;
  // Anchors.
  std::vector<double> anchor(std::size_t(components) * 2, 0.0);
  if (components <= 4) {
    for (int c = 0; c < components; ++c) anchor[std::size_t(c) * 2 + std::size_t(c % 2)] = c < 2 ? 1.0 : -1.0;
  } else {
    std::vector<float> centroid(std::size_t(components) * std::size_t(dim), 0.0f);
    std::vector<int> size(std::size_t(components), 0);
    for (int i = 0; i < n; ++i) {
      ++size[std::size_t(label[std::size_t(i)])];
      for (int k = 0; k < dim; ++k) centroid[std::size_t(label[std::size_t(i)]) * std::size_t(dim) + std::size_t(k)] += points[std::size_t(i) * std::size_t(dim) + std::size_t(k)];
    }
    for (int c = 0; c < components; ++c)
      for (int k = 0; k < dim; ++k) centroid[std::size_t(c) * std::size_t(dim) + std::size_t(k)] /= float(size[std::size_t(c)]);
    const std::vector<float> projected = pcaProject(centroid, components, dim, std::min(2, dim), job, 1);
    const int axes = std::min(2, dim);
    for (int c = 0; c < components; ++c)
      for (int a = 0; a < axes; ++a) anchor[std::size_t(c) * 2 + std::size_t(a)] = projected[std::size_t(c) * std::size_t(axes) + std::size_t(a)];
    double largest = 0;
    for (double v : anchor) largest = std::max(largest, std::abs(v));
    for (double &v : anchor) v /= largest > 0 ? largest : 1.0;
  }
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  const auto uniform = [&rng] { return 2.0 * rng() / 4294967295.0 - 1.0; };
  std::vector<double> layout(std::size_t(n) * 2, 0.0);
  for (int c = 0; c < components; ++c) {
    double range = INFINITY;
    for (int o = 0; o < components; ++o) {
      const double d = std::hypot(anchor[std::size_t(c) * 2] - anchor[std::size_t(o) * 2], anchor[std::size_t(c) * 2 + 1] - anchor[std::size_t(o) * 2 + 1]);
      if (o != c && d > 0) range = std::min(range, d / 2);
    }
    if (!std::isfinite(range)) range = 1.0;
    // The component's subgraph, its nodes renumbered in index order.
    std::vector<int> members, local(std::size_t(n), -1);
    for (int i = 0; i < n; ++i)
      if (label[std::size_t(i)] == c) {
        local[std::size_t(i)] = int(members.size());
        members.push_back(i);
      }
    const int m = int(members.size());
    if (m < 4) {
      for (int i : members)
        for (int a = 0; a < 2; ++a) layout[std::size_t(i) * 2 + std::size_t(a)] = anchor[std::size_t(c) * 2 + std::size_t(a)] + range * uniform();
      continue;
    }
    SparseMatrix sub;
    sub.n = m;
    sub.rowStart.push_back(0);
    for (int i : members) {
      for (int e = graph.rowStart[std::size_t(i)]; e < graph.rowStart[std::size_t(i) + 1]; ++e) {
        sub.cols.push_back(local[std::size_t(graph.cols[std::size_t(e)])]);
        sub.values.push_back(graph.values[std::size_t(e)]);
      }
      sub.rowStart.push_back(int(sub.cols.size()));
    }
    const std::vector<double> own = spectralLayout(sub, seed + c, pool, job);
    double largest = 0;
    for (double v : own) largest = std::max(largest, std::abs(v));
    const double expansion = largest > 0 ? range / largest : 1.0;
    for (int k = 0; k < m; ++k)
      for (int a = 0; a < 2; ++a)
        layout[std::size_t(members[std::size_t(k)]) * 2 + std::size_t(a)] = anchor[std::size_t(c) * 2 + std::size_t(a)] + expansion * own[std::size_t(k) * 2 + std::size_t(a)];
  }
  return layout;
}

}  // namespace gs::detail
