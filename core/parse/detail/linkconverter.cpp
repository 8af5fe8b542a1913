#include "parse/detail/linkconverter.h"

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

// How a linkage becomes a Stanford basic dependency tree.
//
// Link Grammar links are undirected and typed; its constituent tree is a coarse rendering of the
// same links (it nests "at night" inside the object NP even when the linkage holds the verb's MVp
// link, and labels verbless fragments VP). So the heads come from the links: each link type has a
// head side and a relation (the link table, linktable.cpp), the way the Stanford converter's head
// rules pick the head child of a phrase. Where a word gets several candidate heads (LG allows
// cycles such as MVp(ride, at) + Mp(bikes, at)), the higher-priority link wins: verb attachment
// over noun attachment, as the DT-RNN paper's example "Students ride bikes at night" wants
// (at → ride).
// Then the content-head rewrites de Marneffe et al. 2006 describe: auxiliaries, passive and copula
// hang under the main predicate; the first conjunct heads a coordination; complementizers and
// relative pronouns hang under their clause's verb.

// This file is the walk: the passes in their order, every link read once, its type looked up in the
// link table; the families' handlers and rewrites live in their own files (linkconversion.h).

namespace gs::detail {

Dependencies convertLinkage(const std::vector<LgWord> &words, const std::vector<LgLink> &links) {
  return LinkConversion(words, links).run();
}

Dependencies fallbackDependencies(const std::vector<LgWord> &words) {
  Dependencies deps;
  const int n = static_cast<int>(words.size());
  int root = -1;
  for (int i = 0; i < n; ++i) {
    deps.upos << guessUpos(words[static_cast<std::size_t>(i)]);
    if (deps.upos.back() == QLatin1String("VERB") && root < 0) root = i;
  }
  if (root < 0)
    for (int i = n - 1; i >= 0 && root < 0; --i)
      if (isNominal(deps.upos[i])) root = i;
  if (root < 0) root = 0;
  for (int i = 0; i < n; ++i) {
    deps.heads.push_back(i == root ? -1 : root);
    deps.relations << (i == root ? QStringLiteral("root") : deps.upos[i] == QLatin1String("PUNCT") ? QStringLiteral("punct") : QStringLiteral("dep"));
  }
  return deps;
}

Dependencies LinkConversion::run() {
  proposeArcs();
  proposeIdioms();
  breakCycles();
  rewriteQuantities();
  rewriteFixedOf();
  attachPredeterminers();
  rewriteCompositionalIdioms();
  markIndirectObjects();
  rewritePossessives();
  promoteFunctionWords();
  rewriteRelatives();
  rewriteObjectRelatives();
  rewriteClauses();
  rewriteSubordinateParticiples();
  rewriteCoordination();
  chooseRootAndAttachOrphans();
  raiseModifiersToTheHeadNoun();
  breakLeftoverCycles();
  attachTimestamps();
  refinePos();
  markPrepositionalClauses();
  return {m_heads, m_rel, m_upos};
}

// The links other rules consult (names, OF / J / D links, question words, appositive names) are
// indexed first; then every link proposes its arc, in the order Link Grammar lists them.
void LinkConversion::proposeArcs() {
  collectGivenNameChains();
  indexOfPrepositionAndDeterminerLinks();
  collectQuestionWords();
  collectAppositiveNames();
  for (const LgLink &link : m_links) proposeArc(link);
}

// One link: the walls' links and idiom links are recorded for later rewrites; a link between two
// words proposes the arc its type's head rule gives.
void LinkConversion::proposeArc(const LgLink &link) {
  const int n = size();
  const int l = link.left, r = link.right;
  QString type = linkType(link.label);
  QString sub = link.label.mid(type.size());
  // The wall's WV (the main verb, LG 5.x) reads as W with subscript V, like Wd and Wi.
  if (l < 0 && type == QLatin1String("WV")) {
    type = QStringLiteral("W");
    sub = QLatin1Char('V') + sub;
  }
  if (r >= n || r < 0) return; // RIGHT-WALL
  // Idiom links (_IBJC, _IBJD …: "in front of", "next to") chain the words of a multi-word
  // expression to its last word, which carries the expression's own links.
  if (link.label.startsWith(QLatin1String("_I")) && l >= 0) {
    m_idiomNext[l] = r;
    return;
  }
  // A clause joined to the sentence by a conjunction or comma (Xx(wall, and) + WV(and, have),
  // "He was killed and they have all the reasons"): the joiner's WV names the clause's verb.
  if (l >= 0 && type.startsWith(QLatin1Char('W'))) {
    if (type == QLatin1String("WV") || (type == QLatin1String("W") && sub.startsWith(QLatin1Char('V')))) m_joinedClauses.push_back({l, r});
    return;
  }
  if (l < 0) { // LEFT-WALL
    noteLeftWallLink(r, type, sub);
    return;
  }
  proposeWordArc({l, r, type, sub, sub.left(1), beForms().contains(m_lower[l])});
}

// A link from the left wall names a root candidate, an initial conjunction or punctuation.
void LinkConversion::noteLeftWallLink(int r, const QString &type, const QString &sub) {
  const bool joiner = type == QLatin1String("X") && !isPunctuation(m_words[u(r)].form) && m_upos[r] == QLatin1String("CCONJ");
  if (joiner) {
    // Xx(wall, and): a conjunction joining two clauses (joinClauses makes it their cc).
  } else if (type == QLatin1String("X") || isPunctuation(m_words[u(r)].form)) {
    m_wallPunct.push_back(r);
  } else if (type == QLatin1String("W") && sub.startsWith(QLatin1Char('c'))) {
    m_initialConjunctions.push_back(r); // "But will diplomacy work?": cc of the root
  } else if (type == QLatin1String("W")) {
    // WV marks the main verb; Wa/Wi/Wq/Wg… a fragment or imperative head; Wd the subject.
    const int priority = sub.startsWith(QLatin1Char('V')) ? 3 : sub.startsWith(QLatin1Char('d')) ? 1 : 2;
    m_rootCandidates.push_back({priority, r});
  }
}

// A link between two words: the rule of its type gives the arc, directly (a plain arc) or through
// its family's handler; a type no rule knows gives a `dep` at priority 1.
void LinkConversion::proposeWordArc(const TypedLink &t) {
  const LinkRule *rule = findLinkRule(t.type);
  if (!rule) propose(t.r, t.l, QStringLiteral("dep"), 1);
  else if (rule->handler) (this->*rule->handler)(t, *rule);
  else if (rule->relation) proposeRuleArc(t, *rule);
}

}  // namespace gs::detail
