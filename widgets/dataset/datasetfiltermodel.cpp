#include "dataset/datasetfiltermodel.h"

#include "dataset/thumbnailmodel.h"

namespace gs {

DatasetFilterModel::DatasetFilterModel(QObject *parent) : QSortFilterProxyModel(parent) {}

void DatasetFilterModel::setSplitFilter(std::optional<Split> split) {
  if (split == m_split) return;
  m_split = split;
  invalidateFilter();
}

void DatasetFilterModel::setSearchText(const QString &text) {
  if (text == m_text) return;
  m_text = text;
  m_words = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  invalidateFilter();
}

bool DatasetFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const {
  const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
  if (m_split && i.data(ThumbnailModel::SplitRole).toInt() != int(*m_split)) return false;
  if (m_words.isEmpty()) return true;
  const QString id = i.data(ThumbnailModel::ImageIdRole).toString();
  const QString captions = i.data(ThumbnailModel::SearchTextRole).toString(); // " w1 w2 … "
  for (const QString &word : m_words) {
    if (id.contains(word, Qt::CaseInsensitive)) continue;
    if (captions.contains(QLatin1Char(' ') + word)) continue; // a caption word starting with it
    return false;
  }
  return true;
}

}  // namespace gs
