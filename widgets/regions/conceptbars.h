#pragma once
// A concepts run's reading of one image: its top concepts as horizontal bars of p ∈ [0, 1]
// (Huang et al. §3.2's multi-regional scores), each in the colour of the box that gave its maximum;
// pointing at a bar lights that box up in the picture. Painted, no item per bar.

#include <QColor>
#include <QWidget>

#include <vector>

namespace gs {

class ConceptBars : public QWidget {
  Q_OBJECT
public:
  struct Bar {
    QString name;
    double score = 0;
    QColor colour;
    QString detail; // tooltip: region and box
  };
  explicit ConceptBars(QWidget *parent = nullptr);
  void setBars(std::vector<Bar> bars);
  const std::vector<Bar> &bars() const { return m_bars; }
  int barAt(const QPoint &pos) const; // -1: none
  QRect barRect(int index) const;
  QSize sizeHint() const override;

Q_SIGNALS:
  void barHovered(int index); // -1 when the pointer leaves the bars

protected:
  void paintEvent(QPaintEvent *event) override;
  void mouseMoveEvent(QMouseEvent *event) override;
  void leaveEvent(QEvent *event) override;
  bool event(QEvent *event) override;

private:
  int rowHeight() const;
  std::vector<Bar> m_bars;
  int m_hovered = -1;
};

}  // namespace gs
