#include "dataset/datasetfiltermodel.h"

#include "dataset/thumbnailmodel.h"

namespace gs {

DatasetFilterModel::DatasetFilterModel(QObject *parent) : QSortFilterProxyModel(parent) {}

void DatasetFilterModel::setSplitFilter(std::optional<Split> split) {
  if (split == m_split) return;
  m_split = split;
  invalidate();
}

void DatasetFilterModel::setMatches(std::optional<std::vector<char>> matches) {
  if (matches == m_matches) return;
  m_matches = std::move(matches);
  invalidate();
}

bool DatasetFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const {
  if (m_matches && (sourceRow < 0 || std::size_t(sourceRow) >= m_matches->size() || !(*m_matches)[std::size_t(sourceRow)])) return false;
  return !m_split || sourceModel()->index(sourceRow, 0, sourceParent).data(ThumbnailModel::SplitRole).toInt() == int(*m_split);
}

}  // namespace gs
