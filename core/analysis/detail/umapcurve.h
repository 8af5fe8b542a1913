#pragma once
// The low-dimensional similarity of UMAP, Φ(d) = (1 + a·d^{2b})⁻¹ (McInnes et al. 2018 §3.2 and
// its Definition 11), with a and b fitted by least squares to the target curve
// Ψ(d) = 1 for d ≤ min_dist, exp(−(d − min_dist) / spread) beyond — on 300 points of [0, 3·spread]
// from a = b = 1, as umap-learn's find_ab_params does with scipy's curve_fit.

namespace gs::detail {

struct CurveParameters {
  double a = 1, b = 1;
};

CurveParameters fitCurve(double minDist, double spread);

}  // namespace gs::detail
