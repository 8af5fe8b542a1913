#pragma once
// The Training dock's "At epoch k" table: one row per shown run with its validation recalls (R@1,
// R@5, R@10 both ways), rsum, training loss and, where the data has twins, twin accuracy at the
// epoch picked on the curves. A run without that epoch shows dashes. Compact (a few rows high) and
// closable, so the dock still fits a 1366×768 screen.

#include "training/trainingevents.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

class QLabel;
class QTableWidget;

namespace gs {

class AtEpochTable : public QWidget {
  Q_OBJECT
public:
  explicit AtEpochTable(QWidget *parent = nullptr);

  struct Run {
    QString label;
    QColor colour;
    const std::vector<EpochEvent> *epochs = nullptr; // the caller's; read during setEpoch only
  };
  // Fills the table for `epoch` (1-based) and shows it; epoch ≤ 0 hides it.
  void setEpoch(int epoch, const std::vector<Run> &runs);
  int epoch() const { return m_epoch; }
  QTableWidget *table() const { return m_table; }

private:
  QLabel *m_title;
  QTableWidget *m_table;
  int m_epoch = 0;
};

}  // namespace gs
