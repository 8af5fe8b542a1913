#pragma once
// The "Open recent" list: most recent first, no duplicates, bounded, kept in QSettings.

#include <QSettings>
#include <QStringList>

namespace gs {

class RecentDatasets {
public:
  static constexpr int kMaxEntries = 10; // as many as a menu shows comfortably

  explicit RecentDatasets(QSettings &settings) : m_settings(settings) {}

  QStringList paths() const;
  // Moves `path` to the front (adding it if new) and drops the oldest beyond kMaxEntries.
  void add(const QString &path);
  void remove(const QString &path);
  void clear();

private:
  void store(const QStringList &paths);
  QSettings &m_settings;
};

}  // namespace gs
