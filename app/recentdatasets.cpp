#include "recentdatasets.h"

#include <QDir>

namespace gs {

namespace {
QString normalised(const QString &path) { return QDir::cleanPath(QDir::fromNativeSeparators(path)); }
}  // namespace

QStringList RecentDatasets::paths() const { return m_settings.value(m_key).toStringList(); }

void RecentDatasets::add(const QString &path) {
  const QString clean = normalised(path);
  QStringList list = paths();
  list.removeAll(clean);
  list.prepend(clean);
  while (list.size() > kMaxEntries) list.removeLast();
  store(list);
}

void RecentDatasets::remove(const QString &path) {
  QStringList list = paths();
  list.removeAll(normalised(path));
  store(list);
}

void RecentDatasets::clear() { store({}); }

void RecentDatasets::store(const QStringList &paths) {
  m_settings.setValue(m_key, paths);
  m_settings.sync();
}

}  // namespace gs
