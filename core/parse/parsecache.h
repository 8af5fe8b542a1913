#pragma once
// The on-disk cache of parsed captions: one JSON-lines file per cache name and style, each line a
// caption text and its parse under one parser version; written atomically. Held in memory as
// CompactParse, so a cache of MS-COCO's 617,000 captions costs a few hundred megabytes.

#include "parse/compactparse.h"
#include "parse/parsedcaption.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

namespace gs {

QJsonObject parsedCaptionToJson(const ParsedCaption &parsed);
// Throws std::invalid_argument when the object does not hold a consistent parse.
ParsedCaption parsedCaptionFromJson(const QJsonObject &json);

class ParseCache {
public:
  // <userCacheDir("parses")>/<name>-<style>.jsonl; entries of another parser version are ignored.
  ParseCache(const QString &name, DependencyStyle style);
  const QString &path() const { return m_path; }

  void load(); // a missing or unreadable file is an empty cache; bad lines are skipped
  const CompactParse *find(const QString &text) const;
  void insert(const CompactParse &parsed);
  void save() const; // atomically (gs::writeFileAtomically)
  int size() const { return static_cast<int>(m_entries.size()); }

private:
  QString m_path;
  QString m_version;
  QHash<QString, CompactParse> m_entries; // every caption of a dataset: held compact
};

}  // namespace gs
