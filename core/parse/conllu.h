#pragma once
// Exports (CoNLL-U for dependency trees, PTB brackets for constituency trees) and the reader and
// attachment scores parse-eval needs.

#include "parse/parsedcaption.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

// One sentence in CoNLL-U: "# text = …" and one line per token with the ten columns
// ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC (LEMMA, FEATS, DEPS are "_": not predicted),
// then a blank line. `sentId` adds "# sent_id = …" when not empty.
QString toConllu(const ParsedCaption &parsed, const QString &sentId = {});

// "(ROOT (S (NP (NOUN Students)) …))": the constituency tree in Penn Treebank brackets.
QString toPtb(const ParsedCaption &parsed);

struct ConlluSentence {
  int line = 0;             // line of the sentence's first token in the file (1-based)
  QString text;             // "# text = …" when present
  QString sentId;           // "# sent_id = …" when present (the caption id in our caption gold set)
  QStringList forms;        // surface tokens (multiword-token ranges and empty nodes skipped)
  std::vector<int> heads;   // 0 = root, else 1-based
  QStringList relations;    // DEPREL
  QStringList misc;         // MISC ("TokenRange=0:3" where the FORM is read from elsewhere)
};

// Reads a CoNLL-U file. Throws std::runtime_error naming the file and line on malformed input.
std::vector<ConlluSentence> readConllu(const QString &path);

struct AttachmentScores {
  int tokens = 0;        // scored tokens (punctuation included, as UD's official scorer does)
  int headCorrect = 0;   // UAS numerator
  int labelCorrect = 0;  // LAS numerator: head and the universal part of the relation right
  double uas() const { return tokens ? double(headCorrect) / tokens : 0; }
  double las() const { return tokens ? double(labelCorrect) / tokens : 0; }
  void add(const AttachmentScores &o) { tokens += o.tokens; headCorrect += o.headCorrect; labelCorrect += o.labelCorrect; }
};

// Scores a parse of the gold sentence's forms (joined by spaces) against the gold tree. Tokens are
// aligned by character position, so a different tokenisation only costs the tokens it splits
// differently: a gold token takes the head of the parsed token its first character falls in.
AttachmentScores scoreAgainst(const ConlluSentence &gold, const ParsedCaption &parsed);
// The same, one entry (tokens = 1) per gold token.
std::vector<AttachmentScores> scorePerToken(const ConlluSentence &gold, const ParsedCaption &parsed);

}  // namespace gs
