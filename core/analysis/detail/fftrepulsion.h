#pragma once
// t-SNE's repulsive forces by FFT-accelerated interpolation (Linderman, Rachh, Hoskins, Steinerberger
// & Kluger 2019, "Fast interpolation-based t-SNE for improved visualization of single-cell RNA-seq
// data", Nature Methods 16 — "FIt-SNE"; its Supplementary Note 1 gives the scheme):
//   the layout's bounding square is cut into B × B boxes with p equispaced interpolation nodes per
//   box and axis; each point's charges are spread onto the 16 nodes of its box by Lagrange
//   interpolation (p = 3 as the paper: 9 nodes), the node-to-node kernel sums are one convolution on
//   the regular (pB)² grid — a circulant embedding, done with FFTW3 — and the potentials are read back
//   with the same weights. Cost per iteration O(N·p²) + O((pB)² log(pB)); B grows with the layout's
//   width (one box per unit, at least 50), so the grid is fine enough for the kernel everywhere.
// The kernel is the squared Student-t K(y, y') = (1 + ‖y − y'‖²)⁻², with four charges per point
// [1, y₁, y₂, ‖y‖²], which give both sums the gradient needs (the paper's §"Accelerating the
// repulsive forces"):
//   φ₁ = Σ_j K_ij, φ₂ = Σ_j K_ij y_j1, φ₃ = Σ_j K_ij y_j2, φ₄ = Σ_j K_ij ‖y_j‖²
//   F_rep,i·Z = Σ_j q̃_ij² (y_i − y_j) = (y_i1 φ₁ − φ₂, y_i2 φ₁ − φ₃)
//   Z = Σ_{i≠j} q̃_ij = Σ_i [(1 + ‖y_i‖²) φ₁ − 2 y_i·(φ₂, φ₃) + φ₄] − N     (q̃ = K·(1 + d²))

#include <memory>
#include <vector>

namespace gs::detail {

class ThreadPool;

struct FftRepulsionOptions {
  int interpolationPoints = 3; // p, per box and axis (the paper's default)
  int minBoxes = 50;           // boxes per axis at least (FIt-SNE's min_num_intervals)
  double boxesPerUnit = 1;     // boxes per unit of layout width (FIt-SNE's intervals_per_integer)
};

// Holds the FFTW plans and buffers between iterations (re-planned only when the grid size changes).
// Not thread-safe itself; uses the pool inside. Results are the same for any thread count: each
// charge's grid is filled by one task in point order, the per-point sums are written in place.
class FftRepulsion {
public:
  explicit FftRepulsion(FftRepulsionOptions options = {});
  ~FftRepulsion();
  FftRepulsion(const FftRepulsion &) = delete;
  FftRepulsion &operator=(const FftRepulsion &) = delete;

  // Writes Σ_j q̃_ij² (y_i − y_j) (the unnormalised repulsion, n × 2) into rep and returns Z.
  double repulsion(const double *y, int n, ThreadPool &pool, double *rep);

  int boxesPerAxis() const { return m_boxes; } // of the last call (for tests and the bench)

private:
  struct Grid;
  FftRepulsionOptions m_options;
  std::unique_ptr<Grid> m_grid;
  int m_boxes = 0;
};

// The smallest m ≥ n whose prime factors are all 2, 3, 5 or 7 (sizes FFTW transforms fastest).
int smoothFftSize(int n);

}  // namespace gs::detail
