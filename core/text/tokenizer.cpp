#include "text/tokenizer.h"

namespace gs {

namespace {

bool isWordChar(QChar c) { return c.isLetterOrNumber() || c.category() == QChar::Mark_NonSpacing; }

// A joiner ('-', '.', ',' or an apostrophe) stays inside a token only between two word
// characters: "t-shirt", "2.5", "1,000". Hyphens and number punctuation are kept; apostrophes are
// dropped from the token ("man's" → "mans"). Anything else separates tokens.
bool isJoiner(QChar c) {
  return c == QLatin1Char('-') || c == QLatin1Char('.') || c == QLatin1Char(',') || c == QLatin1Char('\'') ||
         c == QChar(0x2019);
}

}  // namespace

QStringList tokenize(const QString &caption) {
  QStringList tokens;
  const QString text = caption.toLower();
  QString current;
  const int n = int(text.size());
  for (int i = 0; i < n; ++i) {
    const QChar c = text.at(i);
    if (isWordChar(c)) {
      current += c;
      continue;
    }
    if (isJoiner(c) && !current.isEmpty() && i + 1 < n && isWordChar(text.at(i + 1))) {
      const bool digits = current.back().isDigit() && text.at(i + 1).isDigit();
      if (c == QLatin1Char('-')) {
        current += c;
        continue;
      }
      if ((c == QLatin1Char('.') || c == QLatin1Char(',')) && digits) {
        current += c;
        continue;
      }
      if (c == QLatin1Char('\'') || c == QChar(0x2019)) continue; // drop the apostrophe, keep the word whole
    }
    if (!current.isEmpty()) {
      tokens << current;
      current.clear();
    }
  }
  if (!current.isEmpty()) tokens << current;
  return tokens;
}

}  // namespace gs
