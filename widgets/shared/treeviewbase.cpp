#include "shared/treeviewbase.h"

#include "common/canvaspalette.h"

#include "common/colourscale.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace gs {

namespace {
const QColor kNeutralFill(246, 246, 240);  // node boxes when nothing is coloured
const QColor kHighlight(230, 120, 0);       // selected / hovered node outline
const QColor kNounPhrase(40, 110, 200);     // H-LSTM noun-phrase nodes' outline
}  // namespace

TreeViewBase::TreeViewBase(QWidget *parent) : QWidget(parent) {
  setMouseTracking(true);
  setAutoFillBackground(true);
  setBackgroundRole(QPalette::Base); // white on a light palette, dark on a dark one
}

void TreeViewBase::setTree(const ViewTree &tree) {
  m_tree = tree;
  m_colours.clear();
  m_tips.clear();
  m_selected = m_hovered = -1;
  relayout();
  updateGeometry();
  resize(sizeHint());
  update();
}

void TreeViewBase::setNodeColours(std::vector<QColor> colours) {
  m_colours = std::move(colours);
  update();
}

void TreeViewBase::setNodeToolTips(std::vector<QString> tips) { m_tips = std::move(tips); }

void TreeViewBase::setSelectedNode(int node) {
  m_selected = node;
  update();
}

QString TreeViewBase::toolTipOf(int node) const {
  if (node < 0 || node >= int(m_tree.nodes.size())) return {};
  if (node < int(m_tips.size()) && !m_tips[std::size_t(node)].isEmpty()) return m_tips[std::size_t(node)];
  const ViewTree::Node &n = m_tree.nodes[std::size_t(node)];
  if (n.word.isEmpty()) return n.label;
  return n.label.isEmpty() ? n.word : QStringLiteral("%1 (%2)").arg(n.word, n.label);
}

QSize TreeViewBase::sizeHint() const {
  return QSize(int(std::ceil(m_size.width())), int(std::ceil(m_size.height()))).expandedTo(QSize(40, 20));
}

bool TreeViewBase::event(QEvent *event) {
  if (event->type() == QEvent::ToolTip) {
    auto *help = static_cast<QHelpEvent *>(event);
    const QString tip = toolTipAt(help->pos());
    if (tip.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(help->globalPos(), tip, this, nodeRect(nodeAt(help->pos())).toAlignedRect());
    return true;
  }
  return QWidget::event(event);
}

void TreeViewBase::mouseMoveEvent(QMouseEvent *event) {
  const int node = nodeAt(event->position());
  if (node != m_hovered) {
    m_hovered = node;
    update();
    Q_EMIT nodeHovered(node);
  }
  QWidget::mouseMoveEvent(event);
}

void TreeViewBase::mousePressEvent(QMouseEvent *event) {
  const int node = nodeAt(event->position());
  if (event->button() == Qt::LeftButton && node >= 0) {
    setSelectedNode(node);
    Q_EMIT nodeClicked(node);
  }
  QWidget::mousePressEvent(event);
}

void TreeViewBase::leaveEvent(QEvent *event) {
  if (m_hovered >= 0) {
    m_hovered = -1;
    update();
    Q_EMIT nodeHovered(-1);
  }
  QWidget::leaveEvent(event);
}

void TreeViewBase::changeEvent(QEvent *event) {
  if (event->type() == QEvent::FontChange) {
    relayout();
    updateGeometry();
    update();
  }
  QWidget::changeEvent(event);
}

QColor TreeViewBase::fillOf(int node) const {
  if (node >= 0 && node < int(m_colours.size()) && m_colours[std::size_t(node)].isValid()) return m_colours[std::size_t(node)];
  // Uncoloured node boxes: a shade off the canvas, light or dark.
  const CanvasColours c = CanvasColours::of(palette());
  return c.dark ? blend(c.background, c.text, 0.18) : kNeutralFill;
}

void TreeViewBase::paintNodeBox(QPainter &painter, int node, const QRectF &box, const QString &text, bool bold) const {
  const QColor fill = fillOf(node);
  const bool marked = node == m_selected || node == m_hovered;
  const bool nounPhrase = node >= 0 && node < int(m_tree.nodes.size()) && m_tree.nodes[std::size_t(node)].nounPhrase;
  painter.setPen(QPen(marked ? kHighlight : nounPhrase ? kNounPhrase : CanvasColours::of(palette()).line, marked || nounPhrase ? 2.5 : 1));
  painter.setBrush(fill);
  painter.drawRoundedRect(box, 4, 4);
  QFont f = font();
  f.setBold(bold);
  painter.setFont(f);
  painter.setPen(contrastingText(fill));
  painter.drawText(box, Qt::AlignCenter, text);
}

}  // namespace gs
