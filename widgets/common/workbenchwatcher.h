#pragma once
// Notices the files the workbench has open changing on disk under it, and says so in one sentence
// naming the file: the open run's folder deleted or moved, an image of the open dataset replaced
// or removed, the open run's feature cache changed or damaged. The views keep what they loaded;
// the sentence tells the user what still works and what to do.
//
// Watched: the run folder and its parent (a deletion of either is seen), the feature cache's
// features.npy and manifest.json, and the dataset's image folders. Image files themselves are
// watched for datasets of up to kMaxWatchedImages images (a watch per file costs the system a
// handle, and each is stamped with its size and time when the dataset opens); in larger ones only
// an image removed is seen, through its folder. Changes are gathered for kSettleMs, so a file being
// written is judged once, when the writing stops.

#include <QFileSystemWatcher>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

namespace gs {

class WorkbenchState;

class WorkbenchWatcher : public QObject {
  Q_OBJECT
public:
  static constexpr int kMaxWatchedImages = 4096;
  static constexpr int kSettleMs = 250;

  explicit WorkbenchWatcher(WorkbenchState &state, QObject *parent = nullptr);

Q_SIGNALS:
  void runFolderRemoved(const QString &runDir);
  void imageChanged(int datasetImage);
  // A sentence for the user, naming the file and what follows from the change.
  void notice(const QString &text);

private:
  struct Stamp {
    qint64 size = -1;
    qint64 modifiedMs = 0;
    bool operator==(const Stamp &o) const { return size == o.size && modifiedMs == o.modifiedMs; }
  };
  static Stamp stampOf(const QString &path);
  static QString folderOf(const QString &path);
  void watchDataset();
  void watchRun();
  void watchFeatures();
  void rewatch(QSet<QString> &watched, const QSet<QString> &wanted);
  void changed(const QString &path);
  void judgeChanges();
  void judgeRunFolder();
  void judgeImages(const QSet<QString> &paths);
  void judgeFeatureFile(const QString &path);

  WorkbenchState &m_state;
  QFileSystemWatcher m_watcher;
  QTimer m_settle;
  QSet<QString> m_changed;
  QSet<QString> m_datasetPaths, m_runPaths, m_featurePaths; // what each part asked to watch
  QHash<QString, int> m_imageOfPath;                        // image file → dataset image
  QHash<QString, QList<int>> m_imagesOfFolder;              // image folder → its images
  QHash<QString, Stamp> m_stamps;                           // as they were when the dataset opened
  QHash<QString, Stamp> m_featureStamps;
  QString m_runDir;
  bool m_runGone = false;
};

}  // namespace gs
