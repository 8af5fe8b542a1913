#pragma once
// The strings parses are made of (words, parts of speech, relations, phrase labels), each held
// once for the whole process and named by a 32-bit id. A caption's parse keeps ids, so 600,000
// parsed captions share one copy of "dog" and one of "nsubj" instead of holding their own.
//
// The pool only grows: its size is the number of distinct strings ever interned (a dataset's
// vocabulary plus a few hundred tags), which is what a vocabulary costs anyway. Thread-safe: the
// parse workers intern while other threads expand.

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace gs::detail {

class StringPool {
public:
  static StringPool &parses(); // the pool every CompactParse uses

  std::uint32_t intern(const QString &text);
  // Appends the ids of `texts` to `ids` under one lock.
  void internAll(const QStringList &texts, std::vector<std::uint32_t> &ids);
  // The strings of ids[first, first + count), sharing the pool's data (no copy of the characters).
  QStringList strings(const std::uint32_t *ids, int count) const;
  std::size_t size() const;

private:
  StringPool() = default;
  std::uint32_t internLocked(const QString &text);
  struct Impl;
  Impl &impl() const;
};

}  // namespace gs::detail
