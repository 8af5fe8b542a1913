#pragma once
// What the dependency arc view and the constituency tree view share: the tree, per-node fill
// colours and tooltips set by the panel, hover and click reporting, a selected node, and a
// size hint equal to the laid-out figure so a scroll area shows all of it.

#include "shared/treelayout.h"

#include <QWidget>

namespace gs {

class TreeViewBase : public QWidget {
  Q_OBJECT
public:
  explicit TreeViewBase(QWidget *parent = nullptr);

  void setTree(const ViewTree &tree);
  const ViewTree &tree() const { return m_tree; }
  // One colour per node (empty: the neutral fill); invalid colours also mean neutral.
  void setNodeColours(std::vector<QColor> colours);
  // One tooltip per node (empty: "word (label)").
  void setNodeToolTips(std::vector<QString> tips);
  void setSelectedNode(int node);
  int selectedNode() const { return m_selected; }

  // The node whose box holds `pos` (-1: none), the box of a node (empty when not drawn).
  virtual int nodeAt(const QPointF &pos) const = 0;
  virtual QRectF nodeRect(int node) const = 0;
  QString toolTipOf(int node) const;
  QString toolTipAt(const QPoint &pos) const { return toolTipOf(nodeAt(pos)); }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override { return sizeHint(); }

Q_SIGNALS:
  void nodeHovered(int node); // -1 when the pointer leaves the nodes
  void nodeClicked(int node);

protected:
  virtual void relayout() = 0; // recompute the layout from m_tree and font(); sets m_size
  bool event(QEvent *event) override;
  void mouseMoveEvent(QMouseEvent *event) override;
  void mousePressEvent(QMouseEvent *event) override;
  void leaveEvent(QEvent *event) override;
  void changeEvent(QEvent *event) override;

  QColor fillOf(int node) const;
  // A node's rounded box: fill, readable text, outline (thicker when selected or hovered).
  void paintNodeBox(QPainter &painter, int node, const QRectF &box, const QString &text, bool bold) const;

  ViewTree m_tree;
  QSizeF m_size;

private:
  std::vector<QColor> m_colours;
  std::vector<QString> m_tips;
  int m_selected = -1;
  int m_hovered = -1;
};

}  // namespace gs
