#pragma once
// Byte-level byte-pair encoding (Sennrich et al. 2016; on bytes, Radford et al. 2019), in the two
// flavours imported text towers use:
//  - gpt2-bpe (GPT-2, RoBERTa): the text is cut into words with GPT-2's pattern, a word keeps its
//    leading space, which its bytes turn into "Ġ" ("Ġdog");
//  - clip-bpe (CLIP): lower-cased, whitespace collapsed, cut with CLIP's pattern (numbers digit by
//    digit), and each word's last symbol marked "</w>" ("dog</w>"), so merges know word ends.
// Each word's UTF-8 bytes become printable characters (GPT-2's table: the printable Latin-1
// bytes stand for themselves, the other bytes for U+0100 onwards), then merges join adjacent
// symbols in the order the merges file ranks them.

#include "text/texttokenizer.h"

#include <QHash>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace gs {

class ByteBpeTokenizer : public TextTokenizer {
public:
  // spec.kind is clip-bpe or gpt2-bpe. Reads vocab.json (token → id) and merges.txt ("first
  // second" per line, rank = order; a first line "#version…" is a header), or for clip-bpe without
  // a vocabulary file CLIP's own bpe_simple_vocab_16e6.txt.gz (gzip or plain), from which the
  // vocabulary is built as CLIP builds it. Throws std::runtime_error naming the file: it cannot be
  // read or inflated, vocab.json is no object of non-negative integer ids, the vocabulary lacks a
  // special token or one of the byte symbols (unless the spec names an unknown token), and
  // "FILE:LINE: …" for a merge that is not two symbols or whose result vocab.json lacks.
  explicit ByteBpeTokenizer(const TokenizerSpec &spec);

  int vocabularySize() const override { return m_size; }

  // The symbols of one word (already mapped to byte characters, with "</w>" on the last for CLIP)
  // after every merge applies.
  QStringList merged(QStringList symbols) const;

protected:
  Subwords subwords(const QString &text) const override;

private:
  void readVocabularyAndMerges(const QString &vocabularyFile, const QString &mergesFile);
  void buildClipVocabulary(const QString &mergesFile);
  void addMerge(const QStringList &pair);
  void requireByteSymbols(const QString &file) const;
  void appendWord(const QString &word, Subwords &out) const;

  bool m_clip = false;
  bool m_lowerCase = true;
  QRegularExpression m_pattern;
  QHash<QString, std::int64_t> m_ids;
  QHash<QString, int> m_ranks; // "first second" → rank, 0 merges first
  int m_size = 0;
  std::optional<std::int64_t> m_unknown;
  QString m_unknownPiece;
};

}  // namespace gs
