#include "shared/dependencyarcview.h"

#include "common/canvaspalette.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace gs {

namespace {
const QColor kLabel(40, 90, 160); // relation names (lighter on a dark canvas)
constexpr double kCorner = 5;    // rounding of the arcs' corners
constexpr double kArrow = 5;     // arrowhead half-width and length

void arrowDown(QPainter &p, double x, double y, const QColor &arc) {
  QPainterPath head;
  head.moveTo(x, y);
  head.lineTo(x - kArrow * 0.8, y - kArrow * 1.4);
  head.lineTo(x + kArrow * 0.8, y - kArrow * 1.4);
  head.closeSubpath();
  p.fillPath(head, arc);
}

void label(QPainter &p, const QRectF &box, const QString &text, const QFont &font, const CanvasColours &c) {
  p.setPen(Qt::NoPen);
  p.setBrush(c.background);
  p.drawRect(box);
  p.setFont(font);
  p.setPen(c.dark ? kLabel.lighter(190) : kLabel);
  p.drawText(box, Qt::AlignCenter, text);
}
}  // namespace

DependencyArcView::DependencyArcView(QWidget *parent) : TreeViewBase(parent) { relayout(); }

void DependencyArcView::relayout() {
  m_layout = layoutArcs(m_tree, font());
  m_size = m_layout.size;
}

int DependencyArcView::nodeAt(const QPointF &pos) const {
  for (const ArcLayout::Word &w : m_layout.words)
    if (w.box.contains(pos)) return w.node;
  return -1;
}

QRectF DependencyArcView::nodeRect(int node) const {
  for (const ArcLayout::Word &w : m_layout.words)
    if (w.node == node) return w.box;
  return {};
}

void DependencyArcView::paintEvent(QPaintEvent *) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const CanvasColours colours = CanvasColours::of(palette());
  const QColor arc = colours.line;
  QFont small = font();
  small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
  for (const ArcLayout::Arc &a : m_layout.arcs) {
    const double s = a.x2 > a.x1 ? 1 : -1;
    const double r = std::min(kCorner, std::abs(a.x2 - a.x1) / 2);
    QPainterPath path;
    path.moveTo(a.x1, a.baseline);
    path.lineTo(a.x1, a.top + r);
    path.quadTo(a.x1, a.top, a.x1 + s * r, a.top);
    path.lineTo(a.x2 - s * r, a.top);
    path.quadTo(a.x2, a.top, a.x2, a.top + r);
    path.lineTo(a.x2, a.baseline - kArrow);
    p.setPen(QPen(arc, 1.3));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    arrowDown(p, a.x2, a.baseline, arc);
  }
  for (const ArcLayout::Arc &a : m_layout.arcs)
    if (!a.label.isEmpty()) label(p, a.labelBox, a.label, small, colours);
  if (m_layout.rootNode >= 0) {
    const double base = m_layout.words.empty() ? 0 : m_layout.words.front().box.top() - 2;
    p.setPen(QPen(arc, 1.3));
    p.drawLine(QPointF(m_layout.rootX, m_layout.rootTop), QPointF(m_layout.rootX, base - kArrow));
    arrowDown(p, m_layout.rootX, base, arc);
    label(p, m_layout.rootLabelBox, QStringLiteral("root"), small, colours);
  }
  for (const ArcLayout::Word &w : m_layout.words) paintNodeBox(p, w.node, w.box, w.text, w.node == m_layout.rootNode);
}

}  // namespace gs
