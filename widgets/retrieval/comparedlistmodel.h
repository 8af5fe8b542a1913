#pragma once
// One side of the "A | B" tab (rankcomparison.h) as a table: the rank in this run, the image or
// caption, and its rank in the other run ("B: 7"). The true partners are bold on green, as in the
// single-run lists. Rows show in rank order or "moved most first".

#include "retrieval/rankcomparison.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace gs {

class ComparedListModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { RankColumn, ItemColumn, OtherRankColumn, ColumnCount };
  enum Role {
    ListRowRole = Qt::UserRole + 1, // the row in this side's RankedList
    RankRole,
    OtherRankRole, // 0: below the other list's rows
    CaptionRole,
    ImageIdRole,
  };

  // side 0: run A's list (the other is B), 1: run B's.
  ComparedListModel(int side, QObject *parent = nullptr);

  void setComparison(std::shared_ptr<const RankComparison> comparison);
  void setMovedMostFirst(bool on);
  bool movedMostFirst() const { return m_movedMostFirst; }
  void clear() { setComparison(nullptr); }

  const RankedList *list() const; // null when empty
  std::vector<int> order() const { return m_order; } // list rows in view order
  int listRow(int viewRow) const;     // -1 when out of range
  int viewRowOf(int listRow) const;   // -1 when absent

  int rowCount(const QModelIndex &parent = {}) const override;
  int columnCount(const QModelIndex &parent = {}) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
  void reorder();
  int otherRank(int listRow) const;

  int m_side;
  std::shared_ptr<const RankComparison> m_comparison;
  bool m_movedMostFirst = false;
  std::vector<int> m_order;   // view row → list row
  std::vector<int> m_viewRow; // list row → view row
};

}  // namespace gs
