#include "analysis/detail/fftrepulsion.h"

#include "analysis/detail/threadpool.h"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <mutex>
#include <stdexcept>

namespace gs::detail {

namespace {

constexpr int kCharges = 4; // [1, y₁, y₂, ‖y‖²]

// FFTW's planner is not thread-safe (its execute functions are); two maps laid out at once
// (the Map and its compared run) each plan, so planning and destroying plans is serialised.
std::mutex &plannerMutex() {
  static std::mutex mutex;
  return mutex;
}

struct FftwBuffer {
  void *data = nullptr;
  explicit FftwBuffer(std::size_t bytes) : data(fftw_malloc(bytes)) {
    if (!data) throw std::bad_alloc();
  }
  ~FftwBuffer() { fftw_free(data); }
  FftwBuffer(const FftwBuffer &) = delete;
  FftwBuffer &operator=(const FftwBuffer &) = delete;
};

// Where each point sits on the node grid: its box's first node and its Lagrange weights on that
// box's p nodes per axis.
struct NodeWeights {
  std::vector<int> firstNode;  // (column, row) of the box's first node, per point
  std::vector<double> weights; // per point: p column weights, then p row weights
};

// Each point's box and its Lagrange weights on the box's p nodes per axis (nodes at (k + ½)/p of
// the box): w_k(t) = Π_{l≠k} (t − s_l) / (s_k − s_l).
NodeWeights nodeWeights(const double *y, int n, int p, double lo, double boxWidth, int boxes, ThreadPool &pool) {
  std::vector<double> s(static_cast<std::size_t>(p)), denominator(static_cast<std::size_t>(p), 1.0);
  for (int k = 0; k < p; ++k) s[std::size_t(k)] = (k + 0.5) / p;
  for (int k = 0; k < p; ++k)
    for (int l = 0; l < p; ++l)
      if (l != k) denominator[std::size_t(k)] *= s[std::size_t(k)] - s[std::size_t(l)];
  NodeWeights at;
  at.firstNode.resize(std::size_t(n) * 2);
  at.weights.resize(std::size_t(n) * 2 * p);
  pool.parallelFor(n, [&](int begin, int end) {
    for (int i = begin; i < end; ++i)
      for (int axis = 0; axis < 2; ++axis) {
        const double u = (y[2 * std::size_t(i) + axis] - lo) / boxWidth;
        const int box = std::clamp(int(std::floor(u)), 0, boxes - 1);
        const double t = u - box;
        at.firstNode[2 * std::size_t(i) + axis] = box * p;
        double *w = &at.weights[(2 * std::size_t(i) + axis) * p];
        for (int k = 0; k < p; ++k) {
          double numerator = 1;
          for (int l = 0; l < p; ++l)
            if (l != k) numerator *= t - s[std::size_t(l)];
          w[k] = numerator / denominator[std::size_t(k)];
        }
      }
  });
  return at;
}

// Charge c of point i: [1, y₁, y₂, ‖y‖²].
double charge(const double *y, int c, int i) {
  const double a = y[2 * std::size_t(i)], b = y[2 * std::size_t(i) + 1];
  switch (c) {
  case 0: return 1.0;
  case 1: return a;
  case 2: return b;
  default: return a * a + b * b;
  }
}

}  // namespace

int smoothFftSize(int n) {
  for (int m = std::max(1, n);; ++m) {
    int r = m;
    for (int f : {2, 3, 5, 7})
      while (r % f == 0) r /= f;
    if (r == 1) return m;
  }
}

// The M × M real grids (M = 2·p·B: the node grid zero-padded to twice its size, so that the
// circular convolution of the FFT equals the linear one for every pair of nodes) and their
// half-spectra; one per charge plus the kernel's. All buffers come from fftw_malloc, so one pair of
// plans serves them all through fftw_execute_dft_r2c / _c2r (same size and alignment).
struct FftRepulsion::Grid {
  int m = 0;
  std::vector<std::unique_ptr<FftwBuffer>> real, spectrum; // kCharges + 1 (the last is the kernel)
  fftw_plan forward = nullptr, inverse = nullptr;

  explicit Grid(int size) : m(size) {
    const std::size_t realCount = std::size_t(m) * m, complexCount = std::size_t(m) * (m / 2 + 1);
    for (int c = 0; c <= kCharges; ++c) {
      real.push_back(std::make_unique<FftwBuffer>(realCount * sizeof(double)));
      spectrum.push_back(std::make_unique<FftwBuffer>(complexCount * sizeof(fftw_complex)));
    }
    std::lock_guard<std::mutex> lock(plannerMutex());
    // FFTW_ESTIMATE: planning takes microseconds and does not touch the arrays; measuring plans
    // (FFTW_MEASURE) would cost seconds at every new size for a few percent per transform.
    forward = fftw_plan_dft_r2c_2d(m, m, realData(0), spectrumData(0), FFTW_ESTIMATE);
    inverse = fftw_plan_dft_c2r_2d(m, m, spectrumData(0), realData(0), FFTW_ESTIMATE);
    if (!forward || !inverse) throw std::runtime_error("FFTW could not plan a transform of the t-SNE grid");
  }
  ~Grid() {
    std::lock_guard<std::mutex> lock(plannerMutex());
    if (forward) fftw_destroy_plan(forward);
    if (inverse) fftw_destroy_plan(inverse);
  }
  double *realData(int c) { return static_cast<double *>(real[std::size_t(c)]->data); }
  fftw_complex *spectrumData(int c) { return static_cast<fftw_complex *>(spectrum[std::size_t(c)]->data); }

  // Pass 1, one task per grid: spread charge c onto the nodes (task c, points in index order, so the
  // sums do not depend on the schedule), or fill the kernel grid (task kCharges); then each grid's
  // forward transform.
  void spreadAndTransform(const double *y, int n, int p, const NodeWeights &at, int nodes, double nodeSpacing, ThreadPool &pool) {
    const std::size_t cells = std::size_t(m) * m;
    pool.parallelFor(kCharges + 1, [&](int begin, int end) {
      for (int c = begin; c < end; ++c) {
        double *g = realData(c);
        std::fill(g, g + cells, 0.0);
        if (c == kCharges) fillKernel(g, nodes, nodeSpacing);
        else spreadCharge(g, c, y, n, p, at);
        fftw_execute_dft_r2c(forward, g, spectrumData(c));
      }
    });
  }

  // The kernel K = (1 + d²)⁻² at every node offset: offsets (dr, dc) with |d| < nodes sit at
  // (dr mod m, dc mod m).
  void fillKernel(double *g, int nodes, double nodeSpacing) const {
    for (int r = 0; r < m; ++r) {
      const double dr = (r <= nodes ? r : m - r) * nodeSpacing;
      for (int col = 0; col < m; ++col) {
        const double dc = (col <= nodes ? col : m - col) * nodeSpacing;
        const double q = 1.0 / (1.0 + dr * dr + dc * dc);
        g[std::size_t(r) * m + col] = q * q;
      }
    }
  }

  // Charge c of every point, in index order, onto the p × p nodes of its box.
  void spreadCharge(double *g, int c, const double *y, int n, int p, const NodeWeights &at) const {
    for (int i = 0; i < n; ++i) {
      const double value = charge(y, c, i);
      const double *wc = &at.weights[2 * std::size_t(i) * p], *wr = wc + p;
      const int c0 = at.firstNode[2 * std::size_t(i)], r0 = at.firstNode[2 * std::size_t(i) + 1];
      for (int k = 0; k < p; ++k) {
        double *row = g + std::size_t(r0 + k) * m + c0;
        const double rowValue = wr[k] * value;
        for (int l = 0; l < p; ++l) row[l] += rowValue * wc[l];
      }
    }
  }

  // Pass 2: multiply each charge's spectrum by the kernel's and transform back (unnormalised: FFTW's
  // inverse multiplies by m², divided out when the potentials are read).
  void convolveWithKernel(ThreadPool &pool) {
    const std::size_t spectrumCells = std::size_t(m) * (m / 2 + 1);
    pool.parallelFor(kCharges, [&](int begin, int end) {
      for (int c = begin; c < end; ++c) {
        auto *g = reinterpret_cast<std::complex<double> *>(spectrumData(c));
        const auto *kernel = reinterpret_cast<const std::complex<double> *>(spectrumData(kCharges));
        for (std::size_t k = 0; k < spectrumCells; ++k) g[k] *= kernel[k];
        fftw_execute_dft_c2r(inverse, spectrumData(c), realData(c));
      }
    });
  }

  // Pass 3: interpolate the four potentials back to each point, then the forces (into rep) and Z's
  // terms, whose sum is returned.
  double readForces(const double *y, int n, int p, const NodeWeights &at, ThreadPool &pool, double *rep) {
    const double scale = 1.0 / double(std::size_t(m) * m);
    std::vector<double> zTerms(static_cast<std::size_t>(n));
    pool.parallelFor(n, [&](int begin, int end) {
      for (int i = begin; i < end; ++i) {
        double phi[kCharges];
        potentialsAt(i, p, at, scale, phi);
        const double a = y[2 * std::size_t(i)], b = y[2 * std::size_t(i) + 1];
        rep[2 * std::size_t(i)] = a * phi[0] - phi[1];
        rep[2 * std::size_t(i) + 1] = b * phi[0] - phi[2];
        zTerms[std::size_t(i)] = (1 + a * a + b * b) * phi[0] - 2 * (a * phi[1] + b * phi[2]) + phi[3];
      }
    });
    double z = 0;
    for (double t : zTerms) z += t;
    return z;
  }

  // φ₁…φ₄ at point i: its box's nodes of each transformed grid, weighted as its charges were spread.
  void potentialsAt(int i, int p, const NodeWeights &at, double scale, double *phi) {
    const double *wc = &at.weights[2 * std::size_t(i) * p], *wr = wc + p;
    const int c0 = at.firstNode[2 * std::size_t(i)], r0 = at.firstNode[2 * std::size_t(i) + 1];
    for (int c = 0; c < kCharges; ++c) {
      const double *g = realData(c);
      double sum = 0;
      for (int k = 0; k < p; ++k) {
        const double *row = g + std::size_t(r0 + k) * m + c0;
        double rowSum = 0;
        for (int l = 0; l < p; ++l) rowSum += wc[l] * row[l];
        sum += wr[k] * rowSum;
      }
      phi[c] = sum * scale;
    }
  }
};

FftRepulsion::FftRepulsion(FftRepulsionOptions options) : m_options(options) {
  if (m_options.interpolationPoints < 1 || m_options.minBoxes < 1 || !(m_options.boxesPerUnit > 0))
    throw std::invalid_argument("FftRepulsion: interpolation points, boxes and boxes per unit must be positive");
}

FftRepulsion::~FftRepulsion() = default;

double FftRepulsion::repulsion(const double *y, int n, ThreadPool &pool, double *rep) {
  const int p = m_options.interpolationPoints;
  // The bounding square of the layout (one width for both axes, as the paper's boxes are square).
  double lo = y[0], hi = y[0];
  for (std::size_t k = 0; k < std::size_t(n) * 2; ++k) {
    lo = std::min(lo, y[k]);
    hi = std::max(hi, y[k]);
  }
  double width = hi - lo;
  if (!(width > 0)) width = 1; // all points at one place: any box will do
  m_boxes = smoothFftSize(std::max(m_options.minBoxes, int(std::ceil(width * m_options.boxesPerUnit))));
  const int nodes = p * m_boxes; // per axis
  const int m = 2 * nodes;       // smooth, since m_boxes is
  if (!m_grid || m_grid->m != m) m_grid = std::make_unique<Grid>(m);
  Grid &grid = *m_grid;
  const double boxWidth = width / m_boxes, nodeSpacing = boxWidth / p;

  const NodeWeights at = nodeWeights(y, n, p, lo, boxWidth, m_boxes, pool);
  grid.spreadAndTransform(y, n, p, at, nodes, nodeSpacing, pool);
  grid.convolveWithKernel(pool);
  const double z = grid.readForces(y, n, p, at, pool, rep);
  return z - n; // the sums included each point's own term, K_ii (1 + 0) = 1
}

}  // namespace gs::detail
