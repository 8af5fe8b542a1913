#pragma once
// Filters a ThumbnailModel by split and by the images a search matched (ImageSearchIndex::matches).
// A change re-filters every row and tells the view once (a layout change), not once per run of rows
// shown or hidden: at 123,287 images a search shows and hides thousands of scattered runs.

#include "data/dataset.h"

#include <QSortFilterProxyModel>

#include <optional>
#include <vector>

namespace gs {

class DatasetFilterModel : public QSortFilterProxyModel {
  Q_OBJECT
public:
  explicit DatasetFilterModel(QObject *parent = nullptr);

  // nullopt: all splits.
  void setSplitFilter(std::optional<Split> split);
  std::optional<Split> splitFilter() const { return m_split; }
  // One flag per source row (1: matched), or nullopt: no search, every row.
  void setMatches(std::optional<std::vector<char>> matches);

protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
  std::optional<Split> m_split;
  std::optional<std::vector<char>> m_matches;
};

}  // namespace gs
