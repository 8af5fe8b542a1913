#pragma once
// Where an input that Link Grammar links only partially splits into pieces that link better.
//
// Web text runs sentences together: "Nice people ... I hear .", "They offer good portions , it 's
// enough food", "Here 's a tip : do n't get married". Link Grammar's dictionary links one sentence
// and leaves the joins (and often whole clauses) unlinked. Split at the separator between them, each
// side links on its own; the caption parser then joins the pieces' trees (parataxis, or conj after
// a coordinating conjunction), as UD annotates such run-ons.

#include "parse/detail/linkconverter.h"

#include <QString>

#include <functional>
#include <vector>

namespace gs::detail {

struct SentencePiece {
  int from = 0; // [from, to) in the input (QString indices), without the surrounding spaces
  int to = 0;
};

struct SentencePieces {
  std::vector<SentencePiece> pieces;     // in input order; one piece = the input unsplit
  std::vector<SentencePiece> separators; // the separator tokens between consecutive pieces
};

// The separators tried, strongest first: "..." ";" ":" "--" "-" "!" "?" "." then ",". Only whole
// space-delimited tokens count, never the first or last token of a span.
bool isPieceSeparator(const QString &token);

// `unlinked(from, to)` is how many words Link Grammar leaves unlinked in that span (callers cache
// it: it costs a parse). Greedy, top down: the span splits at the separator whose two sides leave
// the fewest words unlinked together, when that is no more than the span alone (a tie still splits:
// each side links on its own, which EWT dev and test both scored higher); each side that still has
// unlinked words splits again. At most `maxSeparators` separators are tried per span (the
// strongest), so a span costs at most 2 · maxSeparators parses.
SentencePieces splitIntoPieces(const QString &input, const std::function<int(int, int)> &unlinked, int maxSeparators = 8);

// The pieces' trees as one tree over their words in input order, one separator word (PUNCT) between
// consecutive pieces. `parts[k]` is piece k's dependencies, `firstWords[k]` its first word. The head
// piece is the first of more than one word that is neither a subordinate clause (one whose first
// word is the `mark` of its root: "If you go , …") nor a phrase opening with a preposition ("In
// an unrelated incident , …"): pieces before it hang on its root (a subordinate clause as advcl,
// anything else as dep); every later piece is parataxis of it, or conj when it opens with
// and / but / or / so (which its own tree already holds as cc); a separator is punct of the piece
// after it (the UD style re-attaches punctuation by its own rule).
Dependencies joinPieces(const std::vector<Dependencies> &parts, const QStringList &firstWords);

}  // namespace gs::detail
