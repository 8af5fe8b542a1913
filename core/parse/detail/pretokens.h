#pragma once
// What Link Grammar reads of a caption, and where each of its characters came from.

#include <QString>

#include <vector>

namespace gs::detail {

struct PreTokens {
  QString input;              // what Link Grammar parses
  std::vector<int> toCaption; // input index → caption index (size input.size() + 1)
};

// Splits quotes and brackets off words (with a space around them Link Grammar links them as
// punctuation, without it takes '"hello"' for one unknown word); gives URLs, e-mail addresses and
// period runs a stand-in Link Grammar keeps whole, emoticons as they are, informal spellings ("do
// nt", "it s", "u") their standard form. The tokens keep the caption's text: every stand-in
// character maps to its token's start.
PreTokens pretokenize(const QString &caption);

}  // namespace gs::detail
