#include "rankedlistmodel.h"

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
    for (int row = 0; row < rowCount(); ++row)
      if (m_list.rows[std::size_t(row)].imagePath == path) {
        const QModelIndex i = createIndex(row, 0);
        Q_EMIT dataChanged(i, i, {Qt::DecorationRole});
      }
  });
  connect(&m_watcher, &QFutureWatcherBase::finished, this, &RankedListModel::thumbnailsLoaded);
}

RankedListModel::~RankedListModel() {
  m_watcher.cancel();
  m_watcher.waitForFinished();
}

void RankedListModel::setList(const RankedList &list) {
  beginResetModel();
  m_list = list;
  endResetModel();
  loadThumbnails();
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

void RankedListModel::loadThumbnails() {
  m_watcher.cancel();
  QStringList paths;
  QSet<QString> seen;
  for (const RankedRow &row : m_list.rows)
    if (!row.imagePath.isEmpty() && !m_thumbnails.contains(row.imagePath) && !seen.contains(row.imagePath)) {
      seen.insert(row.imagePath);
      paths << row.imagePath;
    }
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
  case Qt::DecorationRole: return m_thumbnails.value(row.imagePath, m_placeholder);
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
