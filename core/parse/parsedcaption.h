#pragma once
// One caption parsed: its tokens, a dependency tree and a constituency tree over the same
// tokens, and how the parse went (complete linkage, partial null-link parse, or fallback).

#include "parse/tree.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

// Which dependency conventions the relations follow.
//  Stanford:  Stanford basic dependencies (de Marneffe et al. 2006): prep + pobj, function-word heads
//             for prepositions, content heads for auxiliaries and copulas with adjectives/nouns.
//  Collapsed: Stanford collapsed prepositions as SDT-RNN uses them: the object of "on" attaches to the
//             preposition's head as prep_on, conjuncts as conj_and; the preposition token stays in the
//             tree as a leaf under its object, labelled `case`, so every token keeps its node.
//  Universal: Universal Dependencies v2 style for evaluation against UD treebanks: content heads
//             (case, obl, nmod, cop with predicate PPs), UD relation names (obj, nsubj:pass, compound…).
enum class DependencyStyle { Stanford, Collapsed, Universal };

QString styleName(DependencyStyle style);             // "stanford", "collapsed", "ud"
bool styleFromName(const QString &name, DependencyStyle *style);

enum class ParseQuality {
  Complete, // Link Grammar found a linkage with every word linked
  Partial,  // only null-link linkages: some words were left out and attached by repair rules
  Fallback  // no linkage at all (or the time limit hit first): a flat tree, flagged
};
QString qualityName(ParseQuality quality);

struct ParsedCaption {
  QString text;                 // the caption as given
  QStringList tokens;           // the tree's tokens, as written in the caption (punctuation kept)
  QStringList upos;             // Universal POS of each token
  QStringList xpos;             // Link Grammar's subscript of each token ("n", "v-d", ""…)
  std::vector<int> offsets;     // start of each token in `text` (QString index)
  Tree dependency;              // one node per token
  Tree constituency;            // tokens as leaves under S, NP, VP, PP…
  DependencyStyle style = DependencyStyle::Stanford;
  ParseQuality quality = ParseQuality::Complete;
  bool timedOut = false;        // the per-sentence time limit expired
  int nullCount = 0;            // words Link Grammar left unlinked
  bool fragment = false;        // linked completely only inside a frame: "there is/are …", "I …", "it is …" (see captionparser.cpp)
  int segments = 1;             // pieces linked one by one and joined (run-on text; see detail/sentencepieces.h)
};

// For each tree token, the index of the word token it belongs to in `wordTokens` (a Karpathy-style
// tokenisation of the same caption: lower-cased, punctuation dropped, e.g. gs::tokenize), or -1
// (punctuation). Aligns by letters and digits, so it holds whatever the two tokenisers split.
std::vector<int> alignTokens(const QStringList &treeTokens, const QStringList &wordTokens);

}  // namespace gs
