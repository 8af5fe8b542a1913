#pragma once
// The working state of one linkage conversion (convertLinkage): candidate heads with priorities,
// what the link families record for the later rewrites, and the tree operations they share.
//
// One class whose members are defined by job across files, as Clang's Sema is:
//   linkconverter.cpp       the walk over the links, the table lookup, the order of the passes
//   linkconversion.cpp      the tree operations (propose, attach, dominates …)
//   linktable.cpp           which handler, head side and relation each link type has
//   linkindexes.cpp         the links other rules consult, indexed before the walk
//   subjectlinks.cpp        subjects and objects (S family, O)
//   determinerlinks.cpp     determiners, possessives and predeterminers (D family, YS/YP, AL)
//   nounmodifierlinks.cpp   adjectives, compounds and names (A, AN, G, GN)
//   modifierlinks.cpp       modifiers of nouns and verbs, adverbs (M, MV, E family)
//   prepositionlinks.cpp    OF links: quantities ("hundreds of") and fixed prepositions ("because of")
//   idiomlinks.cpp          Link Grammar's idioms (multi-word expressions)
//   verblinks.cpp           predicates, auxiliaries and the content-head promotion (P, I, PP, T)
//   relativelinks.cpp       relative clauses and direct questions (R, RS, B, Q)
//   clauselinks.cpp         complementizers, openers and subordinate participles (CV, CO, C)
//   coordinationlinks.cpp   coordination, joined clauses and punctuation (…J, X)
//   rootselection.cpp       breaking cycles, choosing the root, re-rooting
//   nulllinkrepairs.cpp     what a partial (null-link) parse left unlinked, time stamps
//   posrefinement.cpp       the part of speech the final relations imply

#include "parse/detail/linkconverter.h"

#include <QSet>
#include <QString>
#include <QStringList>

#include <map>
#include <utility>
#include <vector>

namespace gs::detail {

struct LinkRule;

// Leading upper-case letters of a link label are its type ("MVp" → "MV", "Ss*s" → "S").
QString linkType(const QString &label);

// One link as the head rules read it: its two words, its type ("MV"), subscript ("p") and the
// subscript's first letter, and whether its left word is a form of "be".
struct TypedLink {
  int l, r;
  QString type, sub, lc;
  bool leftBe;
};

class LinkConversion {
public:
  LinkConversion(const std::vector<LgWord> &words, const std::vector<LgLink> &links);

  Dependencies run();

  // The link families' handlers, which the link table names (one per rule that needs more than a
  // plain arc). Each reads the rule's head side, relation and priority where it proposes that arc.
  void subjectArc(const TypedLink &t, const LinkRule &rule);
  void objectArc(const TypedLink &t, const LinkRule &rule);
  void determinerArc(const TypedLink &t, const LinkRule &rule);
  void possessiveMarkerArc(const TypedLink &t, const LinkRule &rule);
  void notePredeterminer(const TypedLink &t, const LinkRule &rule);
  void adjectiveArc(const TypedLink &t, const LinkRule &rule);
  void compoundOrNameArc(const TypedLink &t, const LinkRule &rule);
  void nounModifierArc(const TypedLink &t, const LinkRule &rule);
  void verbModifierArc(const TypedLink &t, const LinkRule &rule);
  void adverbArc(const TypedLink &t, const LinkRule &rule);
  void ofArc(const TypedLink &t, const LinkRule &rule);
  void predicativeArc(const TypedLink &t, const LinkRule &rule);
  void auxiliaryArc(const TypedLink &t, const LinkRule &rule);
  void relativeArc(const TypedLink &t, const LinkRule &rule);
  void noteRelativeVerb(const TypedLink &t, const LinkRule &rule);
  void objectRelativeArc(const TypedLink &t, const LinkRule &rule);
  void questionArc(const TypedLink &t, const LinkRule &rule);
  void noteClauseVerb(const TypedLink &t, const LinkRule &rule);
  void noteOpener(const TypedLink &t, const LinkRule &rule);
  void noteClauseSubject(const TypedLink &t, const LinkRule &rule);
  void coordinationArc(const TypedLink &t, const LinkRule &rule);
  void punctuationArc(const TypedLink &t, const LinkRule &rule);

private:
  struct Promotion {
    int function, content;
    QString relation;
  };

  int size() const { return static_cast<int>(m_words.size()); }
  bool valid(int i) const { return i >= 0 && i < size(); }
  std::size_t u(int i) const { return static_cast<std::size_t>(i); }
  int resolved(int w) const {
    for (int guard = 0; m_replaced.count(w) && guard < size(); ++guard) w = m_replaced.at(w);
    return w;
  }

  // linkconversion.cpp: the tree operations.
  void propose(int dep, int head, const QString &rel, int priority);
  void proposeRuleArc(const TypedLink &t, const LinkRule &rule);
  void proposeRuleArc(const TypedLink &t, const LinkRule &rule, const QString &rel);
  bool dominates(int top, int node) const;
  void attach(int dep, int head, const QString &rel);
  std::vector<int> childrenOf(int w) const;
  bool hasSubject(int w) const;
  int rootOf(int w) const;
  int subtree(int top) const;

  // linkconverter.cpp: the walk.
  void proposeArcs();
  void proposeArc(const LgLink &link);
  void noteLeftWallLink(int r, const QString &type, const QString &sub);
  void proposeWordArc(const TypedLink &t);

  // linkindexes.cpp
  void collectGivenNameChains();
  void indexOfPrepositionAndDeterminerLinks();
  void collectQuestionWords();
  void collectAppositiveNames();

  // The rewrites, each in its family's file.
  void markIndirectObjects();
  void rewritePossessives();
  void attachPredeterminers();
  void raiseModifiersToTheHeadNoun();
  void rewriteQuantities();
  void rewriteFixedOf();
  void proposeIdioms();
  bool fixedExpression(const std::vector<int> &group) const;
  void rewriteCompositionalIdioms();
  void promoteFunctionWords();
  void promote(int function, int content, const QString &relation);
  void rewriteRelatives();
  void rewriteObjectRelatives();
  void rewriteSubordinateParticiples();
  void rewriteClauses();
  void rewriteCoordination();
  void joinClauses(int root);
  void lowerPunctuationHeads();

  // rootselection.cpp
  void breakCycles();
  void chooseRootAndAttachOrphans();
  int rerootPreposition(int root);
  void raiseMainClause(int root);
  void breakLeftoverCycles();

  // nulllinkrepairs.cpp
  void attachNullModifiers(int root);
  void attachNullFunctionWords(int root);
  void repairNullPrepositions(int root);
  void attachTimestamps();

  // posrefinement.cpp
  void refinePos();
  void markPrepositionalClauses();

  const std::vector<LgWord> &m_words;
  const std::vector<LgLink> &m_links;
  std::vector<int> m_heads;
  std::vector<int> m_priority;
  QStringList m_rel, m_lower, m_upos;
  std::vector<std::pair<int, int>> m_rootCandidates; // (priority, word)
  std::vector<int> m_wallPunct;
  std::vector<std::pair<int, int>> m_joinedClauses; // (joiner, the clause's verb)
  std::vector<std::pair<int, int>> m_predeterminers; // ("all", "the")
  std::vector<Promotion> m_promotions;
  std::vector<std::pair<int, int>> m_possessiveMarkers; // ('s, the possessed noun)
  std::map<int, int> m_idiomNext; // idiom links: word → the next word of its expression
  std::vector<std::vector<int>> m_compositionalIdioms;
  std::map<int, int> m_objectRelative; // relative pronoun → its clause's verb (B links)
  QSet<int> m_ofWords;                  // words with an OF link ("hundreds of")
  std::vector<std::pair<int, int>> m_fixedOf; // ("because", "of")
  std::map<int, int> m_ofLink;          // quantity word → its "of"
  std::map<int, int> m_prepObject;      // preposition → the object of its J link
  QSet<int> m_determined;               // words with a determiner
  QSet<int> m_givenNameChains;          // later words of a name that starts with a given name
  std::map<int, int> m_possessor, m_clauseVerb, m_clauseSubject, m_relativeVerb, m_replaced;
  std::map<int, int> m_appositiveOf; // name → the determined noun it is the appositive of (GN)
  std::map<int, std::vector<int>> m_conjLeft, m_conjRight, m_objects;
  std::vector<std::pair<int, int>> m_openers;
  QSet<int> m_expletiveVerbs;
  QSet<int> m_questionWords; // a direct question's wh-word (or wh-determined noun)
  std::vector<int> m_initialConjunctions;
};

}  // namespace gs::detail
