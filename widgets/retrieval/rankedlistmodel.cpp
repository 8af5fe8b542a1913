#include "retrieval/rankedlistmodel.h"

#include <QColor>
#include <QFont>
#include <QSet>
#include <QtConcurrent/QtConcurrentMap>

namespace gs {

namespace {
const QColor kRelevantBackground(0xd8, 0xf0, 0xd8); // light green: the query's true match(es)

} // namespace

RankedListModel::RankedListModel(int thumbnailSize, QObject *parent)
    : QAbstractListModel(parent), m_thumbnailSize(thumbnailSize), m_placeholder(thumbnailSize, thumbnailSize) {
  m_placeholder.fill(QColor(0xe0, 0xe0, 0xe0));
  connect(&m_watcher, &QFutureWatcherBase::resultReadyAt, this, [this](int index) {
    const auto [path, image] = m_watcher.resultAt(index);
    // A file that cannot be decoded keeps the placeholder (and is not tried again).
    m_thumbnails.insert(path, image.isNull() ? m_placeholder : QPixmap::fromImage(image));
  });
  connect(&m_watcher, &QFutureWatcherBase::finished, this, [this] {
    // One repaint for the batch: views redraw only the rows they show, whatever the list's length.
    if (rowCount() > 0) Q_EMIT dataChanged(index(0), index(rowCount() - 1), {Qt::DecorationRole});
    if (!m_requested.isEmpty()) loadThumbnails(); // asked for while this batch loaded
    else Q_EMIT thumbnailsLoaded();
  });
}

RankedListModel::~RankedListModel() {
  m_watcher.cancel();
  m_watcher.waitForFinished();
}

void RankedListModel::setList(const RankedList &list) {
  beginResetModel();
  m_list = list;
  endResetModel();
  m_requested.clear();
  m_requestedSet.clear();
  for (std::size_t i = 0; i < m_list.rows.size() && i < std::size_t(kEagerThumbnails); ++i) request(m_list.rows[i].imagePath);
  if (m_requested.isEmpty()) Q_EMIT thumbnailsLoaded();
}

void RankedListModel::clear() { setList({}); }

int RankedListModel::sourceRow(int row) const {
  return row >= 0 && row < int(m_list.rows.size()) ? m_list.rows[std::size_t(row)].row : -1;
}

int RankedListModel::rowOfSourceRow(int sourceRow) const {
  for (std::size_t i = 0; i < m_list.rows.size(); ++i)
    if (m_list.rows[i].row == sourceRow) return int(i);
  return -1;
}

void RankedListModel::request(const QString &path) const {
  if (path.isEmpty() || m_thumbnails.contains(path) || m_requestedSet.contains(path)) return;
  m_requestedSet.insert(path);
  m_requested << path;
  if (m_loadScheduled) return;
  m_loadScheduled = true;
  // From data() (const, inside a paint): the batch starts once the event loop is back.
  QMetaObject::invokeMethod(const_cast<RankedListModel *>(this), [this] {
    m_loadScheduled = false;
    if (!m_watcher.isRunning()) const_cast<RankedListModel *>(this)->loadThumbnails();
  }, Qt::QueuedConnection);
}

void RankedListModel::loadThumbnails() {
  QStringList paths;
  for (const QString &path : std::as_const(m_requested))
    if (!m_thumbnails.contains(path)) paths << path;
  m_requested.clear();
  m_requestedSet.clear();
  if (paths.isEmpty()) {
    Q_EMIT thumbnailsLoaded();
    return;
  }
  const int size = m_thumbnailSize;
  m_watcher.setFuture(QtConcurrent::mapped(paths, [size](const QString &path) { return std::pair(path, loadThumbnail(path, size)); }));
}

int RankedListModel::rowCount(const QModelIndex &parent) const {
  return parent.isValid() ? 0 : int(m_list.rows.size());
}

QVariant RankedListModel::data(const QModelIndex &index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const RankedRow &row = m_list.rows[std::size_t(index.row())];
  const bool captions = m_list.kind == RankedList::Kind::Captions;
  switch (role) {
  case Qt::DisplayRole:
    if (captions)
      return tr("%1. %2%3  (%4)")
          .arg(row.rank)
          .arg(row.relevant ? QStringLiteral("✓ ") : QString(), row.caption)
          .arg(row.score, 0, 'f', 3);
    return tr("%1. %2\n%3").arg(row.rank).arg(row.imageId).arg(row.score, 0, 'f', 3);
  case Qt::ToolTipRole:
    return captions ? tr("Rank %1, score %2\n%3\nimage %4").arg(row.rank).arg(row.score).arg(row.caption, row.imageId)
                    : tr("Rank %1, score %2\n%3").arg(row.rank).arg(row.score).arg(row.imagePath);
  case Qt::DecorationRole: {
    const auto cached = m_thumbnails.constFind(row.imagePath);
    if (cached != m_thumbnails.constEnd()) return *cached;
    request(row.imagePath); // a row in sight: its thumbnail loads with the next batch
    return m_placeholder;
  }
  case Qt::BackgroundRole: return row.relevant ? QVariant(kRelevantBackground) : QVariant();
  case Qt::FontRole:
    if (row.relevant) {
      QFont font;
      font.setBold(true);
      return font;
    }
    return {};
  case RankRole: return row.rank;
  case SourceRowRole: return sourceRow(index.row());
  case ScoreRole: return row.score;
  case RelevantRole: return row.relevant;
  case ImageIdRole: return row.imageId;
  case CaptionRole: return row.caption;
  default: return {};
  }
}

}  // namespace gs
