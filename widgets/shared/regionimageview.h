#pragma once
// The Regions dock's picture: a RegionFigure painted to fill the widget (the photo as large as the
// dock allows, sharp at any device pixel ratio since it is drawn from the decoded photo, not a
// scaled pixmap), with the box under the pointer reported (for tooltips and linked highlights) and
// clicks on boxes. Painting is paintRegionFigure's, so the dock shows what its export writes.

#include "figures/regionfigure.h"

#include <QWidget>

#include <functional>
#include <optional>

namespace gs {

class RegionImageView : public QWidget {
  Q_OBJECT
public:
  explicit RegionImageView(QWidget *parent = nullptr);

  void setFigure(RegionFigure figure);
  const RegionFigure &figure() const { return m_figure; }
  void setStyle(const FigureStyle &style);
  const FigureStyle &figureStyle() const { return m_style; }
  // Text shown when pointing at a box (the panel knows scores and feature norms; the view does not).
  void setToolTipProvider(std::function<QString(const FigureBox &)> provider) { m_toolTip = std::move(provider); }

  // The box drawn at `pos` (widget coordinates): the smallest containing it, so nested boxes can
  // all be reached; none when the point is on no box.
  std::optional<FigureBox> boxAt(const QPointF &pos) const;
  // Where a box is drawn (widget coordinates) in panel `panel`; empty when it is not drawn.
  QRectF rectOf(FigureBox::Kind kind, int index, int panel = 0) const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

Q_SIGNALS:
  void boxHovered(int kind, int index); // kind -1: none
  void boxClicked(int kind, int index);

protected:
  void paintEvent(QPaintEvent *event) override;
  void mouseMoveEvent(QMouseEvent *event) override;
  void mousePressEvent(QMouseEvent *event) override;
  void leaveEvent(QEvent *event) override;
  bool event(QEvent *event) override;

private:
  RegionFigureLayout currentLayout() const;

  RegionFigure m_figure;
  FigureStyle m_style;
  std::function<QString(const FigureBox &)> m_toolTip;
  int m_hoverKind = -1, m_hoverIndex = -1;
};

}  // namespace gs
