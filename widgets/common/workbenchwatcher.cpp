#include "common/workbenchwatcher.h"

#include "analysis/jointspace.h"
#include "common/workbenchstate.h"
#include "data/dataset.h"
#include "io/npy.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace gs {

WorkbenchWatcher::WorkbenchWatcher(WorkbenchState &state, QObject *parent) : QObject(parent), m_state(state) {
  m_settle.setSingleShot(true);
  m_settle.setInterval(kSettleMs);
  connect(&m_settle, &QTimer::timeout, this, &WorkbenchWatcher::judgeChanges);
  connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &WorkbenchWatcher::changed);
  connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &WorkbenchWatcher::changed);
  connect(&m_state, &WorkbenchState::datasetChanged, this, &WorkbenchWatcher::watchDataset);
  connect(&m_state, &WorkbenchState::runChanged, this, &WorkbenchWatcher::watchRun);
  connect(&m_state, &WorkbenchState::jointSpaceChanged, this, &WorkbenchWatcher::watchFeatures);
  watchDataset();
  watchRun();
  watchFeatures();
}

// The folder of an image file. Loaders give absolute, clean paths, whose folder is the text before
// the last slash; QFileInfo, for anything else, costs a few microseconds a path (0.3 s at COCO's
// 123,287 images, on the GUI thread).
QString WorkbenchWatcher::folderOf(const QString &path) {
  const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
  const bool clean = slash > 0 && path.startsWith(QLatin1Char('/')) && !path.contains(QLatin1String("/./")) &&
                     !path.contains(QLatin1String("/../")) && !path.contains(QLatin1String("//"));
  return clean ? path.left(slash) : QFileInfo(path).absolutePath();
}

WorkbenchWatcher::Stamp WorkbenchWatcher::stampOf(const QString &path) {
  const QFileInfo info(path);
  return info.exists() ? Stamp{info.size(), info.lastModified().toMSecsSinceEpoch()} : Stamp{};
}

// The watches follow what the three parts want, one path watched once however many want it; a
// path that came back (a file replaced by a rename drops its watch) is watched again.
void WorkbenchWatcher::rewatch(QSet<QString> &watched, const QSet<QString> &wanted) {
  watched = wanted;
  const QSet<QString> all = m_datasetPaths + m_runPaths + m_featurePaths;
  QStringList current = m_watcher.files() + m_watcher.directories();
  QStringList drop;
  for (const QString &path : current)
    if (!all.contains(path)) drop << path;
  if (!drop.isEmpty()) m_watcher.removePaths(drop);
  current = m_watcher.files() + m_watcher.directories();
  const QSet<QString> have(current.begin(), current.end());
  QStringList add;
  for (const QString &path : all)
    if (!have.contains(path) && QFileInfo::exists(path)) add << path;
  if (!add.isEmpty()) m_watcher.addPaths(add);
}

void WorkbenchWatcher::watchDataset() {
  m_imageOfPath.clear();
  m_imagesOfFolder.clear();
  m_stamps.clear();
  QSet<QString> wanted;
  const std::shared_ptr<const Dataset> dataset = m_state.dataset();
  if (dataset) {
    const bool perFile = int(dataset->images.size()) <= kMaxWatchedImages;
    for (int i = 0; i < int(dataset->images.size()); ++i) {
      const QString &path = dataset->images[std::size_t(i)].path;
      const QString folder = folderOf(path);
      m_imagesOfFolder[folder] << i;
      m_imageOfPath.insert(path, i);
      wanted.insert(folder);
      if (!perFile) continue;
      m_stamps.insert(path, stampOf(path));
      wanted.insert(path);
    }
  }
  rewatch(m_datasetPaths, wanted);
}

void WorkbenchWatcher::watchRun() {
  m_runDir = m_state.runDir().isEmpty() ? QString() : QDir::cleanPath(QFileInfo(m_state.runDir()).absoluteFilePath());
  m_runGone = false;
  QSet<QString> wanted;
  if (!m_runDir.isEmpty()) wanted << m_runDir << QFileInfo(m_runDir).absolutePath();
  rewatch(m_runPaths, wanted);
}

void WorkbenchWatcher::watchFeatures() {
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  const QString folder = space ? space->featuresFolder() : QString();
  m_featureStamps.clear();
  QSet<QString> wanted;
  if (!folder.isEmpty()) {
    const QDir dir(folder);
    for (const QString &name : {QStringLiteral("features.npy"), QStringLiteral("manifest.json")}) {
      wanted << dir.filePath(name);
      m_featureStamps.insert(dir.filePath(name), stampOf(dir.filePath(name)));
    }
    wanted << QDir::cleanPath(dir.absolutePath());
  }
  rewatch(m_featurePaths, wanted);
}

void WorkbenchWatcher::changed(const QString &path) {
  m_changed.insert(path);
  m_settle.start(); // restarted by every change: judged once the writing stops
}

void WorkbenchWatcher::judgeChanges() {
  const QSet<QString> paths = std::exchange(m_changed, {});
  if (!m_runDir.isEmpty() && (paths.contains(m_runDir) || paths.contains(QFileInfo(m_runDir).absolutePath()))) judgeRunFolder();
  QSet<QString> images;
  for (const QString &path : paths) {
    if (m_imageOfPath.contains(path)) images << path;
    for (int i : m_imagesOfFolder.value(path)) images << m_state.dataset()->images[std::size_t(i)].path;
  }
  if (!images.isEmpty()) judgeImages(images);
  for (auto it = m_featureStamps.cbegin(); it != m_featureStamps.cend(); ++it)
    if (paths.contains(it.key()) || paths.contains(QFileInfo(it.key()).absolutePath())) judgeFeatureFile(it.key());
  rewatch(m_datasetPaths, m_datasetPaths); // files replaced by a rename are watched again
}

void WorkbenchWatcher::judgeRunFolder() {
  const bool gone = !QFileInfo(m_runDir).isDir();
  if (gone == m_runGone) return;
  m_runGone = gone;
  if (!gone) {
    Q_EMIT notice(tr("The run folder %1 is back.").arg(QDir::toNativeSeparators(m_runDir)));
    return;
  }
  Q_EMIT runFolderRemoved(m_runDir);
  Q_EMIT notice(tr("The run folder %1 was deleted or moved. The views keep what they show; what reads the run again "
                   "(another epoch, an explanation, opening it) needs the folder back.")
                    .arg(QDir::toNativeSeparators(m_runDir)));
}

// Images whose size or time changed since the dataset was opened (replaced), or that are gone.
// Without a stamp (datasets too large to stamp every file) only a removal is seen.
void WorkbenchWatcher::judgeImages(const QSet<QString> &paths) {
  QStringList replaced, removed;
  for (const QString &path : paths) {
    const Stamp now = stampOf(path);
    const auto old = m_stamps.constFind(path);
    const bool gone = now.size < 0;
    if (old != m_stamps.constEnd() && *old == now) continue;
    if (old == m_stamps.constEnd() && !gone) continue;
    if (old != m_stamps.constEnd()) m_stamps[path] = now;
    else m_stamps.insert(path, now);
    (gone ? removed : replaced) << path;
    Q_EMIT imageChanged(m_imageOfPath.value(path));
  }
  std::sort(replaced.begin(), replaced.end());
  std::sort(removed.begin(), removed.end());
  if (!replaced.isEmpty())
    Q_EMIT notice(tr("%1 changed on disk since the dataset was opened (%2 images in all): the views show the new file "
                     "where they read it again, and the next training extracts its features again.")
                      .arg(QDir::toNativeSeparators(replaced.front()))
                      .arg(replaced.size()));
  if (!removed.isEmpty())
    Q_EMIT notice(tr("%1 was removed from disk (%2 images of the dataset in all): the views show it as missing, and the "
                     "next training skips it.")
                      .arg(QDir::toNativeSeparators(removed.front()))
                      .arg(removed.size()));
}

void WorkbenchWatcher::judgeFeatureFile(const QString &path) {
  const Stamp now = stampOf(path);
  if (now == m_featureStamps.value(path)) return;
  m_featureStamps[path] = now;
  const QString features = QDir(QFileInfo(path).absolutePath()).filePath(QStringLiteral("features.npy"));
  QString problem;
  if (!QFileInfo::exists(path)) problem = tr("%1 was removed").arg(QFileInfo(path).fileName());
  else
    try {
      NpyMatrix::open(features);
    } catch (const std::exception &error) {
      problem = QString::fromUtf8(error.what());
    }
  const QString folder = QDir::toNativeSeparators(QFileInfo(path).absolutePath());
  Q_EMIT notice(problem.isEmpty()
                    ? tr("The feature cache %1 changed on disk. The open run keeps the embeddings it made from it.").arg(folder)
                    : tr("The feature cache %1 is damaged: %2. The open run keeps the embeddings it made from it; the next "
                         "training or extraction with these settings extracts the features again.")
                          .arg(folder, problem));
}

}  // namespace gs
