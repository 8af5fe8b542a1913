#include "analysis/detail/umapcurve.h"

#include <cmath>
#include <vector>

namespace gs::detail {

// Levenberg–Marquardt on the two parameters with the analytic Jacobian:
// ∂Φ/∂a = −x^{2b} Φ², ∂Φ/∂b = −2a x^{2b} ln x · Φ² (both 0 at x = 0).
CurveParameters fitCurve(double minDist, double spread) {
  constexpr int kSamples = 300;
  std::vector<double> x(kSamples), y(kSamples);
  for (int i = 0; i < kSamples; ++i) {
    x[std::size_t(i)] = 3 * spread * i / (kSamples - 1);
    y[std::size_t(i)] = x[std::size_t(i)] < minDist ? 1.0 : std::exp(-(x[std::size_t(i)] - minDist) / spread);
  }
  const auto residuals = [&](double a, double b, double *jaa, double *jab, double *jbb, double *ga, double *gb) {
    double cost = 0;
    *jaa = *jab = *jbb = *ga = *gb = 0;
    for (int i = 0; i < kSamples; ++i) {
      const double xi = x[std::size_t(i)];
      const double p = xi > 0 ? std::pow(xi, 2 * b) : 0.0;
      const double phi = 1 / (1 + a * p);
      const double r = phi - y[std::size_t(i)];
      const double da = -p * phi * phi;
      const double db = xi > 0 ? -2 * a * p * std::log(xi) * phi * phi : 0.0;
      cost += r * r;
      *jaa += da * da;
      *jab += da * db;
      *jbb += db * db;
      *ga += da * r;
      *gb += db * r;
    }
    return cost;
  };
  CurveParameters c;
  double lambda = 1e-3;
  double jaa = 0, jab = 0, jbb = 0, ga = 0, gb = 0;
  double cost = residuals(c.a, c.b, &jaa, &jab, &jbb, &ga, &gb);
  for (int iter = 0; iter < 200; ++iter) {
    // (JᵀJ + λ diag(JᵀJ)) δ = −Jᵀr
    const double m11 = jaa * (1 + lambda), m22 = jbb * (1 + lambda), m12 = jab;
    const double det = m11 * m22 - m12 * m12;
    if (!(std::abs(det) > 0)) break;
    const double da = (-ga * m22 + gb * m12) / det, db = (-gb * m11 + ga * m12) / det;
    const double a = c.a + da, b = c.b + db;
    double naa = 0, nab = 0, nbb = 0, nga = 0, ngb = 0;
    const double next = a > 0 && b > 0 ? residuals(a, b, &naa, &nab, &nbb, &nga, &ngb) : INFINITY;
    if (next < cost) {
      const bool converged = cost - next < 1e-15 * (1 + cost);
      c = {a, b};
      cost = next;
      jaa = naa, jab = nab, jbb = nbb, ga = nga, gb = ngb;
      lambda /= 10;
      if (converged) break;
    } else {
      lambda *= 10;
      if (lambda > 1e12) break;
    }
  }
  return c;
}

}  // namespace gs::detail
