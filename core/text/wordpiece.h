#pragma once
// BERT's tokenizer (Devlin et al. 2019; WordPiece from Wu et al. 2016, Sec. 4.1), as BERT- and
// ALIGN-style text encoders were trained with it: a basic split into words and punctuation, then
// each word spelled greedily with the vocabulary's longest pieces.

#include "text/texttokenizer.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace gs {

// BERT's basic tokenisation. Drops NUL, U+FFFD and control characters, turns whitespace into
// spaces, puts spaces around CJK ideographs (Chinese is split per character), splits on
// whitespace; with `lowerCase` lower-cases each word and strips its accents (NFD, then drops the
// non-spacing marks: "Café" → "cafe"); then makes each punctuation character a word of its own
// (ASCII 33–47, 58–64, 91–96, 123–126, which BERT counts although "$" or "^" are no Unicode
// punctuation, and every Unicode P* character). The text is put in NFC first, so a decomposed
// "é" meets a cased vocabulary's composed one. O(length of text).
QStringList bertBasicTokens(const QString &text, bool lowerCase);

class WordPieceTokenizer : public TextTokenizer {
public:
  // Reads spec.vocabularyFile, BERT's vocab.txt: one token per line, its id the 0-based line
  // number, "##" marking a piece that continues a word. Throws std::runtime_error naming the file
  // when it cannot be read, is empty or lacks one of the spec's special tokens, and
  // "FILE:LINE: …" for a token listed twice.
  explicit WordPieceTokenizer(const TokenizerSpec &spec);

  int vocabularySize() const override { return m_size; }

protected:
  Subwords subwords(const QString &text) const override;

private:
  void appendWord(const QString &word, Subwords &out) const;

  QHash<QString, std::int64_t> m_ids;
  int m_size = 0;
  bool m_lowerCase = true;
  std::optional<std::int64_t> m_unknown;
  QString m_unknownPiece;
};

}  // namespace gs
