#pragma once
// Filters a ThumbnailModel by split and by a search: every word typed must match the image id
// (anywhere in it) or the start of a word of one of the image's captions, case-insensitively.
// Cost per change: one pass over the images (a substring search per image and query word).

#include "data/dataset.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace gs {

class DatasetFilterModel : public QSortFilterProxyModel {
  Q_OBJECT
public:
  explicit DatasetFilterModel(QObject *parent = nullptr);

  // nullopt: all splits.
  void setSplitFilter(std::optional<Split> split);
  std::optional<Split> splitFilter() const { return m_split; }
  void setSearchText(const QString &text);
  QString searchText() const { return m_text; }

protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
  std::optional<Split> m_split;
  QString m_text;
  QStringList m_words; // lower-case query words
};

}  // namespace gs
