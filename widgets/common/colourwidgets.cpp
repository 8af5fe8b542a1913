#include "common/colourwidgets.h"

#include <QLinearGradient>
#include <QPainter>

#include <algorithm>

namespace gs {

namespace {
constexpr int kLegendBarWidth = 180; // px: wide enough to read a gradient, narrow beside the tree
constexpr int kStripCellMax = 8;     // px per unit at most; long vectors shrink to the width
constexpr int kStripHeight = 14;
}  // namespace

ColourLegend::ColourLegend(QWidget *parent) : QWidget(parent) {}

void ColourLegend::setScale(const ColourScale &scale, const QString &title) {
  m_scale = scale;
  m_title = title;
  updateGeometry();
  update();
}

QSize ColourLegend::sizeHint() const {
  const QFontMetrics fm(font());
  return QSize(fm.horizontalAdvance(m_title) + kLegendBarWidth + 120, fm.height() + 8);
}

void ColourLegend::paintEvent(QPaintEvent *) {
  QPainter p(this);
  const QFontMetrics fm(font());
  const auto number = [](double v) { return QString::number(v, 'g', 3); };
  int x = 2;
  p.setPen(palette().color(QPalette::WindowText));
  p.drawText(QRect(x, 0, fm.horizontalAdvance(m_title), height()), Qt::AlignVCenter, m_title);
  x += fm.horizontalAdvance(m_title) + 8;
  const QString lo = number(m_scale.lo());
  p.drawText(QRect(x, 0, fm.horizontalAdvance(lo), height()), Qt::AlignVCenter, lo);
  x += fm.horizontalAdvance(lo) + 4;
  const QRect bar(x, 4, std::max(40, std::min(kLegendBarWidth, width() - x - 60)), height() - 8);
  QLinearGradient g(bar.topLeft(), bar.topRight());
  for (int i = 0; i <= 10; ++i) g.setColorAt(i / 10.0, ColourScale::colourAt(i / 10.0, m_scale.kind()));
  p.fillRect(bar, g);
  p.setPen(Qt::gray);
  p.drawRect(bar.adjusted(0, 0, -1, -1));
  p.setPen(palette().color(QPalette::WindowText));
  const QString hi = number(m_scale.hi());
  p.drawText(QRect(bar.right() + 4, 0, fm.horizontalAdvance(hi) + 2, height()), Qt::AlignVCenter, hi);
}

HeatStrip::HeatStrip(QWidget *parent) : QWidget(parent) {}

void HeatStrip::setValues(std::vector<float> values, const ColourScale *scale) {
  m_values = std::move(values);
  if (scale) {
    m_scale = *scale;
  } else {
    m_scale = ColourScale::fitted(std::vector<double>(m_values.begin(), m_values.end()), ColourScale::Diverging);
  }
  setToolTip(m_values.empty() ? QString()
                              : tr("%1 units, from %2 to %3").arg(m_values.size())
                                    .arg(double(*std::min_element(m_values.begin(), m_values.end())), 0, 'g', 3)
                                    .arg(double(*std::max_element(m_values.begin(), m_values.end())), 0, 'g', 3));
  updateGeometry();
  update();
}

QSize HeatStrip::sizeHint() const {
  return QSize(std::clamp(int(m_values.size()) * kStripCellMax, 60, 360), kStripHeight);
}

void HeatStrip::paintEvent(QPaintEvent *) {
  if (m_values.empty()) return;
  QPainter p(this);
  const double cell = std::min<double>(kStripCellMax, double(width()) / double(m_values.size()));
  for (std::size_t i = 0; i < m_values.size(); ++i)
    p.fillRect(QRectF(double(i) * cell, 0, std::max(1.0, cell), height()), m_scale.colour(double(m_values[i])));
  p.setPen(Qt::gray);
  p.drawRect(QRectF(0, 0, cell * double(m_values.size()) - 1, height() - 1));
}

}  // namespace gs
