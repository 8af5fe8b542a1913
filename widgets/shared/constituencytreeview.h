#pragma once
// A constituency tree drawn top-down: phrase labels (S, NP, VP…; "•" for a CT-RNN binarisation
// node) above their children, the words along the bottom row in sentence order.

#include "shared/treeviewbase.h"

namespace gs {

class ConstituencyTreeView : public TreeViewBase {
  Q_OBJECT
public:
  explicit ConstituencyTreeView(QWidget *parent = nullptr);
  const ConstituencyLayout &treeLayout() const { return m_layout; }
  int nodeAt(const QPointF &pos) const override;
  QRectF nodeRect(int node) const override;

protected:
  void relayout() override;
  void paintEvent(QPaintEvent *event) override;

private:
  ConstituencyLayout m_layout;
};

}  // namespace gs
