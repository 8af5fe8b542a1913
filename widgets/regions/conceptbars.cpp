#include "regions/conceptbars.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace gs {

namespace {
constexpr int kNameWidth = 110; // the concept's name, left of its bar
}

ConceptBars::ConceptBars(QWidget *parent) : QWidget(parent) {
  setMouseTracking(true);
  setObjectName(QStringLiteral("conceptBars"));
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ConceptBars::setBars(std::vector<Bar> bars) {
  m_bars = std::move(bars);
  m_hovered = -1;
  updateGeometry();
  update();
}

int ConceptBars::rowHeight() const { return fontMetrics().height() + 6; }

QRect ConceptBars::barRect(int index) const { return QRect(0, index * rowHeight(), width(), rowHeight()); }

int ConceptBars::barAt(const QPoint &pos) const {
  const int row = pos.y() / std::max(1, rowHeight());
  return pos.y() >= 0 && row < int(m_bars.size()) ? row : -1;
}

QSize ConceptBars::sizeHint() const { return {260, std::max(1, int(m_bars.size())) * rowHeight()}; }

void ConceptBars::paintEvent(QPaintEvent *) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  const QFontMetrics metrics = fontMetrics();
  const int barLeft = std::min(kNameWidth, width() / 2), valueWidth = metrics.horizontalAdvance(QStringLiteral("0.000")) + 6;
  const int barSpan = std::max(10, width() - barLeft - valueWidth);
  for (int k = 0; k < int(m_bars.size()); ++k) {
    const Bar &bar = m_bars[std::size_t(k)];
    const QRect row = barRect(k);
    if (k == m_hovered) painter.fillRect(row, palette().color(QPalette::Highlight).lighter(170));
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRect(2, row.top(), barLeft - 6, row.height()), Qt::AlignVCenter | Qt::AlignLeft,
                     metrics.elidedText(bar.name, Qt::ElideRight, barLeft - 6));
    const QRectF fill(barLeft, row.top() + 3, barSpan * std::clamp(bar.score, 0.0, 1.0), row.height() - 6);
    painter.setPen(Qt::NoPen);
    painter.setBrush(bar.colour);
    painter.drawRoundedRect(fill, 2, 2);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRect(barLeft + barSpan + 4, row.top(), valueWidth, row.height()), Qt::AlignVCenter | Qt::AlignLeft,
                     QString::number(bar.score, 'f', 3));
  }
}

void ConceptBars::mouseMoveEvent(QMouseEvent *event) {
  const int bar = barAt(event->position().toPoint());
  if (bar == m_hovered) return;
  m_hovered = bar;
  update();
  Q_EMIT barHovered(bar);
}

void ConceptBars::leaveEvent(QEvent *event) {
  if (m_hovered != -1) {
    m_hovered = -1;
    update();
    Q_EMIT barHovered(-1);
  }
  QWidget::leaveEvent(event);
}

bool ConceptBars::event(QEvent *event) {
  if (event->type() == QEvent::ToolTip) {
    auto *help = static_cast<QHelpEvent *>(event);
    const int bar = barAt(help->pos());
    if (bar >= 0) QToolTip::showText(help->globalPos(), m_bars[std::size_t(bar)].detail, this);
    else QToolTip::hideText();
    return true;
  }
  return QWidget::event(event);
}

}  // namespace gs
