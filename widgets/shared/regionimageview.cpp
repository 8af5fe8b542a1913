#include "shared/regionimageview.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace gs {

RegionImageView::RegionImageView(QWidget *parent) : QWidget(parent) {
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  setObjectName(QStringLiteral("regionImage"));
}

void RegionImageView::setFigure(RegionFigure figure) {
  m_figure = std::move(figure);
  update();
}

void RegionImageView::setStyle(const FigureStyle &style) {
  m_style = style;
  update();
}

RegionFigureLayout RegionImageView::currentLayout() const {
  return layoutRegionFigure(m_figure, m_style, QRectF(rect()).adjusted(2, 2, -2, -2), const_cast<RegionImageView *>(this));
}

std::optional<FigureBox> RegionImageView::boxAt(const QPointF &pos) const {
  const RegionFigureLayout layout = currentLayout();
  std::optional<FigureBox> best;
  double bestArea = 0;
  for (std::size_t p = 0; p < layout.images.size() && p < m_figure.panels.size(); ++p)
    for (const FigureBox &box : m_figure.panels[p].boxes) {
      const QRectF r = figureBoxRect(m_figure, box.box, layout.images[p]).adjusted(-2, -2, 2, 2);
      const double area = r.width() * r.height();
      if (r.contains(pos) && (!best || area < bestArea)) {
        best = box;
        bestArea = area;
      }
    }
  return best;
}

QRectF RegionImageView::rectOf(FigureBox::Kind kind, int index, int panel) const {
  const RegionFigureLayout layout = currentLayout();
  if (panel < 0 || panel >= int(layout.images.size()) || panel >= int(m_figure.panels.size())) return {};
  for (const FigureBox &box : m_figure.panels[std::size_t(panel)].boxes)
    if (box.kind == kind && box.index == index) return figureBoxRect(m_figure, box.box, layout.images[std::size_t(panel)]);
  return {};
}

QSize RegionImageView::sizeHint() const { return {480, 400}; }

QSize RegionImageView::minimumSizeHint() const { return {200, 160}; }

void RegionImageView::paintEvent(QPaintEvent *) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().color(QPalette::Base));
  FigureStyle style = m_style;
  style.background = palette().color(QPalette::Base);
  style.text = palette().color(QPalette::Text);
  paintRegionFigure(painter, m_figure, style, currentLayout());
}

void RegionImageView::mouseMoveEvent(QMouseEvent *event) {
  const std::optional<FigureBox> box = boxAt(event->position());
  const int kind = box ? int(box->kind) : -1, index = box ? box->index : -1;
  if (kind != m_hoverKind || index != m_hoverIndex) {
    m_hoverKind = kind;
    m_hoverIndex = index;
    Q_EMIT boxHovered(kind, index);
  }
  setCursor(box ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void RegionImageView::mousePressEvent(QMouseEvent *event) {
  if (event->button() != Qt::LeftButton) return;
  if (const std::optional<FigureBox> box = boxAt(event->position())) Q_EMIT boxClicked(int(box->kind), box->index);
}

void RegionImageView::leaveEvent(QEvent *event) {
  if (m_hoverKind != -1) {
    m_hoverKind = m_hoverIndex = -1;
    Q_EMIT boxHovered(-1, -1);
  }
  QWidget::leaveEvent(event);
}

bool RegionImageView::event(QEvent *event) {
  if (event->type() == QEvent::ToolTip) {
    auto *help = static_cast<QHelpEvent *>(event);
    const std::optional<FigureBox> box = boxAt(help->pos());
    const QString text = box && m_toolTip ? m_toolTip(*box) : QString();
    if (text.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(help->globalPos(), text, this);
    return true;
  }
  return QWidget::event(event);
}

}  // namespace gs
