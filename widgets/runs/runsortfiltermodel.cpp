#include "runs/runsortfiltermodel.h"

#include "runs/runtablemodel.h"

namespace gs {

RunSortFilterModel::RunSortFilterModel(RunTableModel &runs, QObject *parent) : QSortFilterProxyModel(parent), m_runs(runs) {
  setSourceModel(&runs);
  setSortRole(RunTableModel::SortRole);
}

void RunSortFilterModel::setFilter(const RunFilter &filter) {
  m_filter = filter;
  if (m_runs.groupSeeds()) m_runs.setGroupSeeds(true, m_filter); // regroups the matching runs
  invalidateFilter();
}

void RunSortFilterModel::setGroupSeeds(bool grouped) { m_runs.setGroupSeeds(grouped, m_filter); }

QStringList RunSortFilterModel::shownRunDirs() const {
  QStringList dirs;
  for (int row = 0; row < rowCount(); ++row) dirs << data(index(row, 0), RunTableModel::RunDirsRole).toStringList();
  return dirs;
}

int RunSortFilterModel::shownRunCount() const {
  int count = 0;
  for (int row = 0; row < rowCount(); ++row) count += int(m_runs.runsOfRow(mapToSource(index(row, 0)).row()).size());
  return count;
}

bool RunSortFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &) const {
  if (m_runs.groupSeeds()) return true; // the groups hold matching runs only
  return m_filter.matches(m_runs.runs()[std::size_t(m_runs.runsOfRow(sourceRow).front())]);
}

bool RunSortFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const {
  const QVariant a = left.data(RunTableModel::SortRole);
  const QVariant b = right.data(RunTableModel::SortRole);
  // Rows without a value go last whichever way the column is sorted.
  if (!a.isValid() || !b.isValid()) return a.isValid() == (sortOrder() == Qt::AscendingOrder) && a.isValid() != b.isValid();
  const bool numbers = a.typeId() == QMetaType::Double && b.typeId() == QMetaType::Double;
  if (numbers) return a.toDouble() < b.toDouble();
  const int order = QString::compare(a.toString(), b.toString(), Qt::CaseInsensitive);
  return order != 0 ? order < 0 : left.row() < right.row();
}

}  // namespace gs
