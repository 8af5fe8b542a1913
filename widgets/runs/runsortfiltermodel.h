#pragma once
// The run table as the Runs view shows it: the rows a RunFilter (runfilter.h) matches, sorted by
// any column — numerically where the column holds numbers (RunTableModel::SortRole), by text
// otherwise, rows without a value last in either direction. With seeds grouped, the source model
// groups only the matching runs, so each group's figures are over the runs shown.

#include "training/runs/runfilter.h"

#include <QSortFilterProxyModel>

namespace gs {

class RunTableModel;

class RunSortFilterModel : public QSortFilterProxyModel {
  Q_OBJECT
public:
  explicit RunSortFilterModel(RunTableModel &runs, QObject *parent = nullptr);

  void setFilter(const RunFilter &filter);
  const RunFilter &filter() const { return m_filter; }
  void setGroupSeeds(bool grouped);
  // The folders of the runs in the shown rows, in the shown order.
  QStringList shownRunDirs() const;
  int shownRunCount() const;

protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
  bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
  RunTableModel &m_runs;
  RunFilter m_filter;
};

}  // namespace gs
