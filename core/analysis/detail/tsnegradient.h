#pragma once
// The t-SNE gradient split as van der Maaten 2014 §5.2 writes it:
//   ∂C/∂y_i = 4 (F_attr − F_rep),  F_attr = Σ_j p_ij q̃_ij (y_i − y_j),
//   F_rep = Σ_j q̃_ij² (y_i − y_j) / Z,  q̃_ij = (1 + ‖y_i − y_j‖²)⁻¹,  Z = Σ_{k≠l} q̃_kl.
// F_attr is sparse (P has O(N·K) entries); F_rep is estimated with the Barnes–Hut quad-tree, or
// computed exactly in O(N²) when theta = 0. Like the reference implementation (bhtsne) we return
// F_attr − F_rep, i.e. the gradient / 4; the factor is folded into the learning rate (so a
// learning rate of 200 means what it means in bhtsne and FIt-SNE).

#include "analysis/detail/calibration.h"

#include <vector>

namespace gs::detail {

class ThreadPool;
class FftRepulsion;

// Writes (F_attr·exaggeration − F_rep) into grad (n × 2) and returns Z. Per-point results are
// written in place and Z is summed in index order, so the answer does not depend on the pool.
// With fft given, F_rep and Z come from its interpolation (Linderman et al. 2019) and theta is unused.
double tsneGradient(const SparseMatrix &P, const double *y, int n, double theta, double exaggeration, ThreadPool &pool,
                    double *grad, FftRepulsion *fft = nullptr);

// KL(P‖Q) = Σ p_ij log(p_ij / q_ij) with q_ij = q̃_ij / Z, over P's nonzeros: O(N·K).
double klDivergence(const SparseMatrix &P, const double *y, double z, ThreadPool &pool);

// Exact Z = Σ_{i≠j} q̃_ij: O(N²).
double exactNormaliser(const double *y, int n, ThreadPool &pool);

}  // namespace gs::detail
