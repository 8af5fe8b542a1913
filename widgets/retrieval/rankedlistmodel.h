#pragma once
// A ranked retrieval list as a Qt model for the Retrieval panel's views: rank, image id, caption,
// score, relevance (highlighted) and a thumbnail. Thumbnails are decoded off the GUI thread
// (QtConcurrent::mapped, scaled while decoding) and cached by path, so re-ranking the same split
// shows them at once; until one arrives the row shows a grey placeholder. Those of the first
// kEagerThumbnails rows load with the list; the others when a view first asks for them (a row
// scrolled into sight), so a list of a million captions loads the thumbnails it shows, not a
// million (bench_retrievaldock).

#include "figures/rankedlisthtml.h"

#include <QAbstractListModel>
#include <QFutureWatcher>
#include <QHash>
#include <QImage>
#include <QPixmap>
#include <QSet>
#include <QStringList>

namespace gs {

class RankedListModel : public QAbstractListModel {
  Q_OBJECT
public:
  enum Role {
    RankRole = Qt::UserRole + 1,
    SourceRowRole, // the row in the list's source (JointSpace image or caption row)
    ScoreRole,
    RelevantRole,
    ImageIdRole,
    CaptionRole,
  };

  static constexpr int kEagerThumbnails = 256;

  explicit RankedListModel(int thumbnailSize = 96, QObject *parent = nullptr);
  ~RankedListModel() override;

  void setList(const RankedList &list); // each row's RankedRow::row is its source row

  void clear();
  const RankedList &list() const { return m_list; }
  int sourceRow(int row) const;
  int rowOfSourceRow(int sourceRow) const; // -1 when absent

  int thumbnailSize() const { return m_thumbnailSize; }
  int loadedThumbnails() const { return int(m_thumbnails.size()); } // for tests
  bool loadingThumbnails() const { return m_watcher.isRunning(); }

  int rowCount(const QModelIndex &parent = {}) const override;
  QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
  void thumbnailsLoaded();

private:
  void loadThumbnails(); // the requested paths not yet cached, in one batch
  void request(const QString &path) const;

  RankedList m_list;
  int m_thumbnailSize;
  QHash<QString, QPixmap> m_thumbnails; // by image path
  QPixmap m_placeholder;
  QFutureWatcher<std::pair<QString, QImage>> m_watcher; // results carry their path
  mutable QStringList m_requested; // paths asked for and not loaded yet, in the order asked
  mutable QSet<QString> m_requestedSet;
  mutable bool m_loadScheduled = false;
};

}  // namespace gs
