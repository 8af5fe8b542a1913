#pragma once
// A dependency tree drawn as arcs over the words (Socher et al. 2014, Fig. 1): the words in a
// row, an arc above them from each head to its dependent with an arrowhead at the dependent and
// the relation at the arc's top, and a "root" arrow down to the root word. Nodes are the words.

#include "shared/treeviewbase.h"

namespace gs {

class DependencyArcView : public TreeViewBase {
  Q_OBJECT
public:
  explicit DependencyArcView(QWidget *parent = nullptr);
  const ArcLayout &arcLayout() const { return m_layout; }
  int nodeAt(const QPointF &pos) const override;
  QRectF nodeRect(int node) const override;

protected:
  void relayout() override;
  void paintEvent(QPaintEvent *event) override;

private:
  ArcLayout m_layout;
};

}  // namespace gs
