#pragma once
// An "Open recent" list (datasets, runs): most recent first, no duplicates, bounded, kept in
// QSettings under its own key.

#include <QSettings>
#include <QStringList>

#include <utility>

namespace gs {

class RecentDatasets {
public:
  static constexpr int kMaxEntries = 10; // as many as a menu shows comfortably

  explicit RecentDatasets(QSettings &settings, QString key = QStringLiteral("datasets/recent"))
      : m_settings(settings), m_key(std::move(key)) {}

  QStringList paths() const;
  // Moves `path` to the front (adding it if new) and drops the oldest beyond kMaxEntries.
  void add(const QString &path);
  void remove(const QString &path);
  void clear();

private:
  void store(const QStringList &paths);
  QSettings &m_settings;
  QString m_key;
};

}  // namespace gs
