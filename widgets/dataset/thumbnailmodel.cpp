#include "dataset/thumbnailmodel.h"

#include <QFileInfo>
#include <QPainter>

namespace gs {

namespace {
constexpr int kDefaultCacheKiB = 48 * 1024; // thumbnail cache bound (see setCacheLimit)

QPixmap paintPlaceholder(QSize box, const QColor &fill, const QColor &ink, const QString &text, bool cross) {
  QPixmap pixmap(box);
  pixmap.fill(Qt::transparent);
  QPainter p(&pixmap);
  p.setRenderHint(QPainter::Antialiasing);
  const QRectF r = QRectF(QPointF(0, 0), QSizeF(box)).adjusted(1.5, 1.5, -1.5, -1.5);
  p.setPen(QPen(ink, 1));
  p.setBrush(fill);
  p.drawRoundedRect(r, 4, 4);
  if (cross) {
    p.setPen(QPen(ink, 2));
    const QRectF c = r.adjusted(r.width() * 0.35, r.height() * 0.2, -r.width() * 0.35, -r.height() * 0.45);
    p.drawLine(c.topLeft(), c.bottomRight());
    p.drawLine(c.topRight(), c.bottomLeft());
  }
  p.setPen(ink);
  p.drawText(r.adjusted(0, cross ? r.height() * 0.5 : 0, 0, 0), Qt::AlignCenter, text);
  return pixmap;
}
}  // namespace

ThumbnailModel::ThumbnailModel(QSize box, QObject *parent) : QAbstractListModel(parent), m_loader(box) {
  m_cache.setMaxCost(kDefaultCacheKiB);
  connect(&m_loader, &ThumbnailLoader::thumbnailReady, this, &ThumbnailModel::onThumbnailReady);
}

void ThumbnailModel::setDataset(std::shared_ptr<const Dataset> dataset) {
  beginResetModel();
  m_loader.clear();
  m_cache.clear();
  m_unreadable.clear();
  m_dataset = std::move(dataset);
  endResetModel();
}

int ThumbnailModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() || !m_dataset ? 0 : int(m_dataset->images.size());
}

QPixmap ThumbnailModel::cachedThumbnail(int row) const {
  const QPixmap *p = m_cache.object(row);
  return p ? *p : QPixmap();
}

void ThumbnailModel::forgetThumbnail(int row) {
  if (!m_dataset || row < 0 || row >= int(m_dataset->images.size())) return;
  m_cache.remove(row);
  m_unreadable.erase(row);
  const QModelIndex changed = index(row);
  Q_EMIT dataChanged(changed, changed, {Qt::DecorationRole, Qt::ToolTipRole});
}

ThumbnailModel::ThumbnailState ThumbnailModel::thumbnailState(int row) const {
  if (m_cache.contains(row)) return Ready;
  if (m_unreadable.count(row)) return Unreadable;
  if (m_loader.isPending(row)) return Pending;
  return Missing;
}

QVariant ThumbnailModel::data(const QModelIndex &index, int role) const {
  if (!m_dataset || !index.isValid() || index.row() >= int(m_dataset->images.size())) return {};
  const int row = index.row();
  const ImageRecord &image = m_dataset->images[std::size_t(row)];
  switch (role) {
  case Qt::DisplayRole:
    return QString(image.id + QLatin1Char('\n') + splitName(image.split));
  case Qt::DecorationRole: {
    if (const QPixmap *p = m_cache.object(row)) return *p;
    if (m_unreadable.count(row)) return unreadablePlaceholder();
    m_loader.request(row, image.path); // decoded on the loader's threads, never here
    return placeholder();
  }
  case Qt::ToolTipRole: {
    QString tip = image.id + QStringLiteral(" (") + splitName(image.split) + QStringLiteral(")\n") + image.path;
    tip += QLatin1Char('\n') + tr("%n caption(s)", nullptr, int(image.captions.size()));
    if (m_unreadable.count(row))
      tip += QLatin1Char('\n') + (QFileInfo::exists(image.path) ? tr("The image file cannot be decoded.")
                                                                 : tr("The image file is missing."));
    return tip;
  }
  case ImageIndexRole:
    return row;
  case ImageIdRole:
    return image.id;
  case SplitRole:
    return int(image.split);
  case ThumbnailStateRole:
    return int(thumbnailState(row));
  default:
    return {};
  }
}

void ThumbnailModel::onThumbnailReady(int key, const QImage &image) {
  if (!m_dataset || key < 0 || key >= int(m_dataset->images.size())) return;
  if (image.isNull()) {
    m_unreadable.insert(key);
  } else {
    auto *pixmap = new QPixmap(QPixmap::fromImage(image));
    m_cache.insert(key, pixmap, std::max<qsizetype>(1, image.sizeInBytes() / 1024));
  }
  const QModelIndex i = index(key);
  Q_EMIT dataChanged(i, i, {Qt::DecorationRole, Qt::ToolTipRole, ThumbnailStateRole});
}

QPixmap ThumbnailModel::placeholder() const {
  if (m_placeholder.isNull())
    m_placeholder = paintPlaceholder(m_loader.box(), QColor(236, 236, 236), QColor(150, 150, 150),
                                     QStringLiteral("…"), false);
  return m_placeholder;
}

QPixmap ThumbnailModel::unreadablePlaceholder() const {
  if (m_unreadablePixmap.isNull())
    m_unreadablePixmap = paintPlaceholder(m_loader.box(), QColor(253, 228, 228), QColor(170, 40, 40),
                                          tr("unreadable"), true);
  return m_unreadablePixmap;
}

}  // namespace gs
