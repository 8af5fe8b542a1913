#pragma once
// The only place that talks to Link Grammar's C API (kept out of public headers).

#include "parse/detail/linkconverter.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gs::detail {

struct LinkGrammarWord {
  QString text;   // Link Grammar's word string, e.g. "ride.v", "[in]" (null word), "well-dressed[!].v-d"
  int start = 0;  // [start, end) in the parsed input (QString indices)
  int end = 0;
};

struct LinkGrammarResult {
  std::vector<LinkGrammarWord> words; // without the walls; empty when no linkage was found
  std::vector<LgLink> links;          // word indices as in `words`; -1 LEFT-WALL, words.size() RIGHT-WALL
  QString constituents;               // SINGLE_LINE constituent string
  int nullCount = 0;
  bool timedOut = false;
};

QString linkGrammarVersion();

// One parsing context: owns its Parse_Options; shares the process-wide dictionary.
class LinkGrammarSession {
public:
  LinkGrammarSession();
  ~LinkGrammarSession();
  LinkGrammarSession(const LinkGrammarSession &) = delete;
  LinkGrammarSession &operator=(const LinkGrammarSession &) = delete;

  void setTimeLimit(int seconds);
  // allowNulls: when no complete linkage exists, retry allowing null links (partial parses).
  LinkGrammarResult parse(const QString &input, bool allowNulls = true);
  // Whether the English dictionary has this exact word (a lookup, no parse).
  bool isKnownWord(const QString &word) const;
  // The subscripts of the dictionary's entries for this word ("best": "a", "e", "v", …); "" for an
  // entry without one.
  QStringList subscriptsOf(const QString &word) const;

private:
  void *m_options = nullptr; // Parse_Options (an opaque pointer type in Link Grammar)
};

}  // namespace gs::detail
