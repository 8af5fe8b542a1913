#include "evaluation/correlation.h"

#include "evaluation/quantile.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace gs {

double pearson(const std::vector<double> &x, const std::vector<double> &y) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (x.size() != y.size() || x.size() < 2) return nan;
  const double n = double(x.size());
  const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n, my = std::accumulate(y.begin(), y.end(), 0.0) / n;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    sxy += (x[k] - mx) * (y[k] - my);
    sxx += (x[k] - mx) * (x[k] - mx);
    syy += (y[k] - my) * (y[k] - my);
  }
  return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : nan;
}

std::vector<double> averageRanks(const std::vector<double> &values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(values.size());
  for (std::size_t start = 0; start < order.size();) {
    std::size_t end = start + 1;
    while (end < order.size() && values[order[end]] == values[order[start]]) ++end;
    const double rank = 0.5 * double(start + 1 + end); // mean of positions start+1 … end
    for (std::size_t k = start; k < end; ++k) ranks[order[k]] = rank;
    start = end;
  }
  return ranks;
}

double spearman(const std::vector<double> &x, const std::vector<double> &y) {
  if (x.size() != y.size()) return std::numeric_limits<double>::quiet_NaN();
  return pearson(averageRanks(x), averageRanks(y));
}

CorrelationInterval correlationInterval(const std::vector<double> &x, const std::vector<double> &y, CorrelationKind kind,
                                        int resamples, double confidence, unsigned long long seed) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (x.size() != y.size() || x.size() < 2 || resamples < 1) return {nan, nan};
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<std::size_t> pick(0, x.size() - 1);
  std::vector<double> values, xs(x.size()), ys(y.size());
  for (int r = 0; r < resamples; ++r) {
    for (std::size_t k = 0; k < x.size(); ++k) {
      const std::size_t i = pick(random);
      xs[k] = x[i];
      ys[k] = y[i];
    }
    const double value = kind == CorrelationKind::Pearson ? pearson(xs, ys) : spearman(xs, ys);
    if (std::isfinite(value)) values.push_back(value);
  }
  if (values.size() * 2 < std::size_t(resamples)) return {nan, nan};
  std::sort(values.begin(), values.end());
  const double tail = (1 - confidence) / 2;
  return {quantileOfSorted(values, tail), quantileOfSorted(values, 1 - tail)};
}

}  // namespace gs
