#pragma once
// The side box of the tree inspector: for the node under the pointer (or the clicked one) its
// word/phrase, relation and position, ‖h‖, the words under it, its similarity to the selected
// image, a heat strip of its hidden units and, for the DT-LSTM, one strip per gate group
// (input i, output o, update u, then a forget gate per child position l1…lp, r1…rp).

#include "inference/treeinspection.h"

#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace gs {

class NodeDetailsView : public QWidget {
  Q_OBJECT
public:
  explicit NodeDetailsView(QWidget *parent = nullptr);

  void showNode(const InspectedTree &tree, int node);
  void showMessage(const QString &message);
  QString text() const; // the summary shown (for tests)
  int stripCount() const { return m_strips; }

  // Names of the DT-LSTM's gate groups: i, o, u, then l1…lp, r1…rp (f1…fk if the count is odd).
  static QStringList gateGroupNames(int groups);

private:
  void clearStrips();
  void addStrip(const QString &name, std::vector<float> values);

  QLabel *m_summary;
  QWidget *m_stripBox;
  QVBoxLayout *m_stripLayout;
  int m_strips = 0;
};

// One line for a node's tooltip: "word (label): ‖h‖ = 1.23, …".
QString inspectedNodeToolTip(const InspectedTree &tree, int node);

}  // namespace gs
