#pragma once
// Word and character indices for the text encoders. Index 0 pads, index 1 is <unk>.
// Words come from the training captions only (validation and test words stay unknown, as in
// the papers); characters are UTF-8 bytes, so no character is ever unknown.

#include <QJsonObject>
#include <QStringList>

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace gs::detail {

class Vocabulary {
public:
  static constexpr std::int64_t kPad = 0; // padding index, never a word
  static constexpr std::int64_t kUnk = 1; // words not seen in training (or rarer than minCount)
  static constexpr int kCharacters = 256 + 1; // UTF-8 bytes shifted by one, 0 = padding

  // Words with at least minCount occurrences, most frequent first (ties alphabetical), so the
  // same captions always give the same indices.
  static Vocabulary build(const std::vector<QStringList> &captions, int minCount);
  // The same from the words' counts, for captions counted without being held.
  static Vocabulary fromCounts(const std::map<QString, int> &counts, int minCount);

  int size() const { return int(m_words.size()); }
  const QStringList &words() const { return m_words; }
  std::int64_t index(const QString &word) const;
  // Word ids of a caption; an empty caption becomes one <unk>, so every sequence has a length.
  std::vector<std::int64_t> encodeWords(const QStringList &tokens) const;
  static std::vector<std::int64_t> encodeCharacters(const QString &raw);

  QJsonObject toJson() const;
  static Vocabulary fromJson(const QJsonObject &json); // throws std::runtime_error on a malformed object

private:
  QStringList m_words; // index → word
  std::unordered_map<QString, std::int64_t> m_index;
};

}  // namespace gs::detail
