#pragma once
// The dataset's images as a flat list model for a thumbnail grid: one row per image (row =
// dataset image index), item data only. data(DecorationRole) never decodes: on a cache miss it
// queues the row with the ThumbnailLoader and returns a placeholder; dataChanged follows when the
// thumbnail arrives. Thumbnails live in a bounded LRU cache, so memory stays flat at 30,000 images.

#include "data/dataset.h"
#include "common/thumbnailloader.h"

#include <QAbstractListModel>
#include <QCache>
#include <QPixmap>

#include <memory>
#include <unordered_set>

namespace gs {

class ThumbnailModel : public QAbstractListModel {
  Q_OBJECT
public:
  enum Role {
    ImageIndexRole = Qt::UserRole + 1, // int: dataset image index
    ImageIdRole,                       // QString
    SplitRole,                         // int: gs::Split
    ThumbnailStateRole,                // int: ThumbnailState (does not queue a decode)
  };
  enum ThumbnailState { Missing, Pending, Ready, Unreadable };

  explicit ThumbnailModel(QSize box = QSize(112, 84), QObject *parent = nullptr);

  void setDataset(std::shared_ptr<const Dataset> dataset);
  std::shared_ptr<const Dataset> dataset() const { return m_dataset; }
  ThumbnailLoader &loader() { return m_loader; }
  const ThumbnailLoader &loader() const { return m_loader; }
  // The cached thumbnail of a row (null when not decoded yet); never queues a decode.
  QPixmap cachedThumbnail(int row) const;
  ThumbnailState thumbnailState(int row) const;
  // Drops a row's thumbnail (its file changed on disk): the next paint decodes the file again.
  void forgetThumbnail(int row);

  // Thumbnails kept, in KiB of pixels (default 48 MiB: ~1,300 thumbnails of 112×84, several screens).
  void setCacheLimit(int kib) { m_cache.setMaxCost(kib); }

  int rowCount(const QModelIndex &parent = {}) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

  QPixmap placeholder() const;
  QPixmap unreadablePlaceholder() const;

private:
  void onThumbnailReady(int key, const QImage &image);

  std::shared_ptr<const Dataset> m_dataset;
  mutable ThumbnailLoader m_loader;
  mutable QCache<int, QPixmap> m_cache;
  std::unordered_set<int> m_unreadable;
  mutable QPixmap m_placeholder, m_unreadablePixmap;
};

}  // namespace gs
