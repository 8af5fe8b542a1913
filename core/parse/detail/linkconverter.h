#pragma once
// Link Grammar linkage → Stanford basic dependencies (de Marneffe et al. 2006), without any
// Link Grammar type: the parser copies the linkage into these plain structs, so the conversion
// can be tested on hand-written linkages. The link-type table is linktable.cpp.

#include <QString>
#include <QStringList>

#include <vector>

namespace gs::detail {

struct LgWord {
  QString form;   // as written in the caption
  QString spelling; // as Link Grammar read it, where that differs ("'s" for "s", "you" for "u"); else empty
  QString suffix; // Link Grammar's subscript without the dot ("n", "v-d", "a"); "" when none
  bool null = false; // left unlinked by a null-link (partial) parse
  bool commonLower = false; // capitalised, and its lower-case form is in the dictionary ("Office", "Marines")
};

struct LgLink {
  int left = 0;  // word index; -1 = LEFT-WALL
  int right = 0; // word index; words.size() = RIGHT-WALL
  QString label; // e.g. "Ss*s", "MVp", "Ds**c"
};

struct Dependencies {
  std::vector<int> heads; // 0-based head of each word, -1 for the root
  QStringList relations;  // Stanford basic relation of each word
  QStringList upos;       // Universal part-of-speech of each word
};

// O(W + L) apart from the cycle checks (O(W) each). Always returns a tree (one root).
Dependencies convertLinkage(const std::vector<LgWord> &words, const std::vector<LgLink> &links);

// A flagged last resort when no linkage exists: the last noun (or last word) is the root and
// every other word depends on it as `dep` (punctuation: `punct`). Part of speech from word lists.
Dependencies fallbackDependencies(const std::vector<LgWord> &words);

// What the word lists see: the spelling Link Grammar read, else the form.
inline const QString &readSpelling(const LgWord &word) { return word.spelling.isEmpty() ? word.form : word.spelling; }

// Universal part of speech from Link Grammar's subscript and closed word lists (links refine it).
QString guessUpos(const LgWord &word);

}  // namespace gs::detail
