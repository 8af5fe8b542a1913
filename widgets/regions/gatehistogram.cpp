#include "regions/gatehistogram.h"

#include <QPainter>

#include <algorithm>
#include <numeric>

namespace gs {

GateHistogram::GateHistogram(QWidget *parent) : QWidget(parent) {
  setObjectName(QStringLiteral("gateHistogram"));
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void GateHistogram::setGate(const std::vector<float> &gate) {
  m_counts.assign(gate.empty() ? 0 : kBins, 0);
  for (float t : gate) ++m_counts[std::size_t(std::clamp(int(t * kBins), 0, kBins - 1))];
  m_mean = gate.empty() ? 0 : std::accumulate(gate.begin(), gate.end(), 0.0) / double(gate.size());
  update();
}

QSize GateHistogram::sizeHint() const { return {260, 90}; }

void GateHistogram::paintEvent(QPaintEvent *) {
  QPainter painter(this);
  const QFontMetrics metrics = fontMetrics();
  const QRect plot = rect().adjusted(4, 4, -4, -metrics.height() - 4);
  painter.setPen(palette().color(QPalette::Mid));
  painter.drawLine(plot.bottomLeft(), plot.bottomRight());
  painter.setPen(palette().color(QPalette::Text));
  painter.drawText(QRect(plot.left(), plot.bottom() + 2, plot.width(), metrics.height()), Qt::AlignLeft, QStringLiteral("0 context"));
  painter.drawText(QRect(plot.left(), plot.bottom() + 2, plot.width(), metrics.height()), Qt::AlignRight, QStringLiteral("concepts 1"));
  if (m_counts.empty()) return;
  const int most = std::max(1, *std::max_element(m_counts.begin(), m_counts.end()));
  const double w = double(plot.width()) / kBins;
  for (int b = 0; b < kBins; ++b) {
    const double h = double(plot.height()) * m_counts[std::size_t(b)] / most;
    painter.fillRect(QRectF(plot.left() + b * w + 1, plot.bottom() - h, w - 2, h), palette().color(QPalette::Highlight));
  }
  // The mean as a vertical rule.
  const double x = plot.left() + m_mean * plot.width();
  painter.setPen(QPen(palette().color(QPalette::Text), 1.5, Qt::DashLine));
  painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
}

}  // namespace gs
