#include "models/detail/vocabulary.h"

#include <QJsonArray>

#include <algorithm>
#include <map>
#include <stdexcept>

namespace gs::detail {

Vocabulary Vocabulary::build(const std::vector<QStringList> &captions, int minCount) {
  std::map<QString, int> counts;
  for (const QStringList &tokens : captions)
    for (const QString &token : tokens) ++counts[token];
  return fromCounts(counts, minCount);
}

Vocabulary Vocabulary::fromCounts(const std::map<QString, int> &counts, int minCount) {
  std::vector<std::pair<QString, int>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
  Vocabulary v;
  v.m_words << QStringLiteral("<pad>") << QStringLiteral("<unk>");
  for (const auto &[word, count] : sorted)
    if (count >= minCount) v.m_words << word;
  for (int i = 0; i < v.m_words.size(); ++i) v.m_index.emplace(v.m_words[i], i);
  return v;
}

std::int64_t Vocabulary::index(const QString &word) const {
  const auto it = m_index.find(word);
  return it == m_index.end() || it->second < 2 ? kUnk : it->second;
}

std::vector<std::int64_t> Vocabulary::encodeWords(const QStringList &tokens) const {
  std::vector<std::int64_t> ids;
  ids.reserve(tokens.size());
  for (const QString &token : tokens) ids.push_back(index(token));
  if (ids.empty()) ids.push_back(kUnk);
  return ids;
}

std::vector<std::int64_t> Vocabulary::encodeCharacters(const QString &raw) {
  const QByteArray bytes = raw.toUtf8();
  std::vector<std::int64_t> ids;
  ids.reserve(bytes.size());
  for (char byte : bytes) ids.push_back(std::int64_t(static_cast<unsigned char>(byte)) + 1);
  if (ids.empty()) ids.push_back(std::int64_t(' ') + 1);
  return ids;
}

QJsonObject Vocabulary::toJson() const { return {{QStringLiteral("words"), QJsonArray::fromStringList(m_words)}}; }

Vocabulary Vocabulary::fromJson(const QJsonObject &json) {
  const QJsonValue words = json.value(QStringLiteral("words"));
  if (!words.isArray()) throw std::runtime_error("vocabulary: 'words' must be an array");
  Vocabulary v;
  for (const QJsonValue &word : words.toArray()) {
    if (!word.isString()) throw std::runtime_error("vocabulary: every word must be a string");
    v.m_words << word.toString();
  }
  if (v.m_words.size() < 2) throw std::runtime_error("vocabulary: missing <pad> and <unk>");
  for (int i = 0; i < v.m_words.size(); ++i) v.m_index.emplace(v.m_words[i], i);
  return v;
}

}  // namespace gs::detail
