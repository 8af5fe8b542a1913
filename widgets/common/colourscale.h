#pragma once
// Maps a node quantity to a colour for the tree views and their legend: a sequential scale
// (viridis stops; luminance rises with the value) for norms and similarities, a diverging one
// (blue–white–red, symmetric about zero) for a single unit's activation. Kept apart from the
// painting so the mapping can be tested.

#include <QColor>

#include <vector>

namespace gs {

class ColourScale {
public:
  enum Kind { Sequential, Diverging };

  ColourScale() = default;
  ColourScale(double lo, double hi, Kind kind);
  // The range of `values` (finite ones); diverging scales get ±max|v| so zero stays white.
  static ColourScale fitted(const std::vector<double> &values, Kind kind);

  double lo() const { return m_lo; }
  double hi() const { return m_hi; }
  Kind kind() const { return m_kind; }
  // 0 at lo, 1 at hi, clamped; 0.5 for a degenerate range or a non-finite value.
  double position(double value) const;
  QColor colour(double value) const;
  static QColor colourAt(double position, Kind kind); // position in [0, 1]

private:
  double m_lo = 0, m_hi = 1;
  Kind m_kind = Sequential;
};

// A text colour readable on `background` (black or white by luminance).
QColor contrastingText(const QColor &background);

}  // namespace gs
