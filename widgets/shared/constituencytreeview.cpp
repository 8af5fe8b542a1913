#include "shared/constituencytreeview.h"

#include "common/canvaspalette.h"

#include <QPainter>

namespace gs {

namespace {
const QColor kEdge(110, 110, 130);
}  // namespace

ConstituencyTreeView::ConstituencyTreeView(QWidget *parent) : TreeViewBase(parent) { relayout(); }

void ConstituencyTreeView::relayout() {
  m_layout = layoutConstituency(m_tree, font());
  m_size = m_layout.size;
}

int ConstituencyTreeView::nodeAt(const QPointF &pos) const {
  for (const ConstituencyLayout::Node &n : m_layout.nodes)
    if (n.node >= 0 && n.box.contains(pos)) return n.node;
  return -1;
}

QRectF ConstituencyTreeView::nodeRect(int node) const {
  return node >= 0 && node < int(m_layout.nodes.size()) ? m_layout.nodes[std::size_t(node)].box : QRectF();
}

void ConstituencyTreeView::paintEvent(QPaintEvent *) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(QPen(CanvasColours::of(palette()).dark ? kEdge.lighter(170) : kEdge, 1.2));
  for (int v = 0; v < int(m_layout.nodes.size()); ++v) {
    const ConstituencyLayout::Node &n = m_layout.nodes[std::size_t(v)];
    if (n.node < 0) continue;
    for (int c : m_tree.nodes[std::size_t(v)].children) {
      if (c < 0 || c >= int(m_layout.nodes.size()) || m_layout.nodes[std::size_t(c)].node < 0) continue;
      const QRectF &child = m_layout.nodes[std::size_t(c)].box;
      p.drawLine(QPointF(n.box.center().x(), n.box.bottom()), QPointF(child.center().x(), child.top()));
    }
  }
  for (const ConstituencyLayout::Node &n : m_layout.nodes)
    if (n.node >= 0) paintNodeBox(p, n.node, n.box, n.text, !n.leaf);
}

}  // namespace gs
