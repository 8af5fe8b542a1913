#include "common/colourscale.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace gs {

namespace {
// Viridis at five stops: its luminance rises monotonically, so brighter always means larger.
constexpr std::array<QRgb, 5> kSequential{0x440154, 0x3b528b, 0x21918c, 0x5ec962, 0xfde725};
// Moreland's cool–warm diverging map at three stops: red minus blue rises monotonically.
constexpr std::array<QRgb, 3> kDiverging{0x3b4cc0, 0xf7f7f7, 0xb40426};

template <std::size_t N>
QColor interpolate(const std::array<QRgb, N> &stops, double t) {
  const double x = std::clamp(t, 0.0, 1.0) * double(N - 1);
  const std::size_t i = std::min<std::size_t>(N - 2, std::size_t(x));
  const double f = x - double(i);
  const QColor a(stops[i]), b(stops[i + 1]);
  const auto mix = [f](int u, int v) { return int(std::lround(u + (v - u) * f)); };
  return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue())); // 8-bit, as painted
}
}  // namespace

ColourScale::ColourScale(double lo, double hi, Kind kind) : m_lo(lo), m_hi(hi), m_kind(kind) {}

ColourScale ColourScale::fitted(const std::vector<double> &values, Kind kind) {
  double lo = INFINITY, hi = -INFINITY;
  for (double v : values)
    if (std::isfinite(v)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (!std::isfinite(lo)) return ColourScale(0, 1, kind);
  if (kind == Diverging) {
    const double m = std::max(std::abs(lo), std::abs(hi));
    return ColourScale(-m, m, kind);
  }
  return ColourScale(lo, hi, kind);
}

double ColourScale::position(double value) const {
  if (!std::isfinite(value) || !(m_hi > m_lo)) return 0.5;
  return std::clamp((value - m_lo) / (m_hi - m_lo), 0.0, 1.0);
}

QColor ColourScale::colour(double value) const { return colourAt(position(value), m_kind); }

QColor ColourScale::colourAt(double position, Kind kind) {
  return kind == Sequential ? interpolate(kSequential, position) : interpolate(kDiverging, position);
}

QColor contrastingText(const QColor &background) {
  const double luminance = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
  return luminance > 0.5 ? QColor(Qt::black) : QColor(Qt::white);
}

}  // namespace gs
