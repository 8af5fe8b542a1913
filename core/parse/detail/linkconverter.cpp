#include "parse/detail/linkconverter.h"

#include "parse/detail/wordclasses.h"

#include <QSet>

#include <QRegularExpression>

#include <algorithm>
#include <map>

// How a linkage becomes a Stanford basic dependency tree.
//
// Link Grammar links are undirected and typed; its constituent tree is a coarse rendering of the
// same links (it nests "at night" inside the object NP even when the linkage holds the verb's MVp
// link, and labels verbless fragments VP). So the heads come from the links: each link type has a
// head side and a relation (the rules proposeWordArc tries in order), the way the Stanford
// converter's head rules pick the head child of a phrase. Where a word gets several candidate
// heads (LG allows cycles such as MVp(ride, at) + Mp(bikes, at)), the higher-priority link wins:
// verb attachment over noun attachment, as the DT-RNN paper's example "Students ride bikes at
// night" wants (at → ride).
// Then the content-head rewrites de Marneffe et al. 2006 describe: auxiliaries, passive and copula
// hang under the main predicate; the first conjunct heads a coordination; complementizers and
// relative pronouns hang under their clause's verb.

namespace gs::detail {

namespace {

bool haveFormsOf(const QString &lower) {
  return lower == QLatin1String("have") || lower == QLatin1String("has") || lower == QLatin1String("had") ||
         lower == QLatin1String("having") || lower == QLatin1String("'ve") || lower == QLatin1String("'d");
}

const QStringList &relativePronouns() {
  static const QStringList list{QStringLiteral("which"), QStringLiteral("that"), QStringLiteral("who"), QStringLiteral("whom")};
  return list;
}

// Leading upper-case letters of a link label are its type ("MVp" → "MV", "Ss*s" → "S").
QString linkType(const QString &label) {
  int i = 0;
  while (i < label.size() && label[i].isUpper()) ++i;
  return label.left(i);
}

// The working state of one conversion: candidate heads with priorities, then rewrites.
class Converter {
public:
  Converter(const std::vector<LgWord> &words, const std::vector<LgLink> &links) : m_words(words), m_links(links) {
    const std::size_t n = words.size();
    m_heads.assign(n, -1);
    m_priority.assign(n, -1);
    m_rel = QStringList();
    for (std::size_t i = 0; i < n; ++i) {
      m_rel << QStringLiteral("dep");
      m_lower << readSpelling(words[i]).toLower();
      m_upos << guessUpos(words[i]);
    }
  }

  Dependencies run() {
    proposeArcs();
    proposeIdioms();
    breakCycles();
    rewriteQuantities();
    rewriteFixedOf();
    for (const auto &[predet, det] : m_predeterminers)
      if (valid(m_heads[u(det)]) && m_heads[u(predet)] < 0) attach(predet, m_heads[u(det)], QStringLiteral("predet"));
    rewriteCompositionalIdioms();
    markIndirectObjects();
    rewritePossessives();
    std::sort(m_promotions.begin(), m_promotions.end(), [](const Promotion &a, const Promotion &b) { return a.function < b.function; });
    for (const Promotion &p : m_promotions) {
      // "there is no proof": the verb stays the head and its object is the subject (expl + nsubj).
      if (p.relation == QLatin1String("cop") && m_expletiveVerbs.contains(p.function) && m_heads[u(p.content)] == p.function) {
        m_rel[p.content] = QStringLiteral("nsubj");
        continue;
      }
      promote(p.function, p.content, p.relation);
    }
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
    // A participle hanging on a preposition is its clausal object ("by depicting the Holocaust",
    // "for protecting his clan"): Stanford's pcomp, which the UD style turns into advcl / acl + mark.
    for (int i = 0; i < size(); ++i)
      if (m_rel[i] == QLatin1String("partmod") && valid(m_heads[u(i)]) && m_upos[m_heads[u(i)]] == QLatin1String("ADP") && m_heads[u(i)] < i)
        m_rel[i] = QStringLiteral("pcomp");
    return {m_heads, m_rel, m_upos};
  }

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

  void propose(int dep, int head, const QString &rel, int priority) {
    if (const auto it = m_appositiveOf.find(dep); it != m_appositiveOf.end() && head != it->second) dep = it->second;
    if (!valid(dep) || !valid(head) || dep == head) return;
    const int old = m_heads[u(dep)];
    const bool better = priority > m_priority[u(dep)] ||
                        (priority == m_priority[u(dep)] && old >= 0 && std::abs(head - dep) < std::abs(old - dep));
    if (!better) return;
    m_heads[u(dep)] = head;
    m_rel[dep] = rel;
    m_priority[u(dep)] = priority;
  }

  // Is `node` inside the subtree of `top` (following heads up from node)?
  bool dominates(int top, int node) const {
    for (int guard = 0; node >= 0 && guard <= size(); ++guard) {
      if (node == top) return true;
      node = m_heads[u(node)];
    }
    return false;
  }

  // Attach dep under head without ever making a cycle: when head sits inside dep's subtree,
  // head first moves up to dep's old place (the usual re-rooting of a dependency tree).
  void attach(int dep, int head, const QString &rel) {
    if (!valid(dep) || dep == head) return;
    if (valid(head) && dominates(dep, head)) {
      m_heads[u(head)] = m_heads[u(dep)];
      m_rel[head] = m_rel[dep];
    }
    m_heads[u(dep)] = head;
    m_rel[dep] = rel;
  }

  // One link as the head rules read it: its two words, its type ("MV"), subscript ("p") and the
  // subscript's first letter, and whether its left word is a form of "be".
  struct TypedLink {
    int l, r;
    QString type, sub, lc;
    bool leftBe;
  };

  // The links other rules consult (names, OF / J / D links, question words, appositive names) are
  // indexed first; then every link proposes its arc, in the order Link Grammar lists them.
  void proposeArcs() {
    collectGivenNameChains();
    indexOfPrepositionAndDeterminerLinks();
    collectQuestionWords();
    collectAppositiveNames();
    for (const LgLink &link : m_links) proposeArc(link);
  }

  // Names that start with a given name ("Jim.m Lobe") are a person's: every later word of such a
  // G-link chain is remembered, so the name is not read as a compound headed by a common noun.
  void collectGivenNameChains() {
    const int n = size();
    std::map<int, int> nameLeft; // G links: word → the name word before it
    for (const LgLink &link : m_links)
      if (link.left >= 0 && link.right < n && linkType(link.label) == QLatin1String("G")) nameLeft[link.right] = link.left;
    for (const auto &[word, left] : nameLeft) {
      int first = left;
      for (int guard = 0; nameLeft.count(first) && guard < n; ++guard) first = nameLeft.at(first);
      const QString &suffix = m_words[u(first)].suffix;
      if (suffix == QLatin1String("m") || suffix == QLatin1String("f")) m_givenNameChains.insert(word);
    }
  }

  // OF links ("hundreds of"), J links (a preposition's object) and determiner links, which the
  // rules for D and GN links and the later rewrites look up.
  void indexOfPrepositionAndDeterminerLinks() {
    for (const LgLink &link : m_links)
    {
      const QString t = linkType(link.label);
      if (link.left >= 0 && t == QLatin1String("OF")) {
        m_ofWords.insert(link.left);
        m_ofLink[link.left] = link.right;
      }
      if (link.left >= 0 && t == QLatin1String("J")) m_prepObject[link.left] = link.right;
      if (link.left >= 0 && (t == QLatin1String("D") || t == QLatin1String("DD") || t == QLatin1String("DG") || t == QLatin1String("DT")))
        m_determined.insert(link.right);
    }
  }

  // A direct question's wh-phrase: the wall's Wq / Ws / Wj word ("What did he say", "Which one";
  // after a first "And", that word's),
  // or the noun its wh-determiner picks ("What foods do you eat": Dmcw).
  void collectQuestionWords() {
    const int n = size();
    for (const LgLink &link : m_links)
      if (link.left <= 0 && link.right < n && linkType(link.label) == QLatin1String("W") && link.label.size() > 1 && // wall, or Wc's "And"
          QStringLiteral("qsj").contains(link.label.at(1)))
        m_questionWords.insert(link.right);
    for (const LgLink &link : m_links)
      if (link.left >= 0 && link.right < n && m_questionWords.contains(link.left) && linkType(link.label) == QLatin1String("D") &&
          link.label.contains(QLatin1Char('w')))
        m_questionWords.insert(link.right);
  }

  // "the militant group Hamas": the determined noun heads and the name is its appositive, so the
  // arc Link Grammar gives the name (Os from "joined", S to "claimed") belongs to the noun.
  void collectAppositiveNames() {
    const int n = size();
    for (const LgLink &link : m_links)
      if (link.left >= 0 && link.right < n && linkType(link.label) == QLatin1String("GN") && m_determined.contains(link.left) &&
          !m_words[u(link.right)].commonLower)
        m_appositiveOf[link.right] = link.left;
  }

  // One link: the walls' links and idiom links are recorded for later rewrites; a link between two
  // words proposes the arc its type's head rule gives.
  void proposeArc(const LgLink &link) {
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
  void noteLeftWallLink(int r, const QString &type, const QString &sub) {
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

  // The head rules, one per link type, like the Stanford converter's head-finding table: the first
  // rule whose type matches decides the arc (each group below answers whether one of its rules
  // matched, and the groups are tried in this order); an unknown type gives a `dep` at priority 1.
  void proposeWordArc(const TypedLink &t) {
    if (proposeSubjectOrObjectArc(t) || proposeNounModifierArc(t) || proposeModifierArc(t) || proposeComplementArc(t) ||
        proposeQuestionOrRelativeArc(t) || proposeCoordinationOrPunctuationArc(t))
      return;
    propose(t.r, t.l, QStringLiteral("dep"), 1);
  }

  // S-family links (subjects, expletives, inverted subjects) and O links (objects, or a copula's
  // attribute).
  bool proposeSubjectOrObjectArc(const TypedLink &t) {
    const int l = t.l, r = t.r;
    const QString &type = t.type, &sub = t.sub;
    const bool leftBe = t.leftBe;
    if (type == QLatin1String("S") || type == QLatin1String("SX") || type == QLatin1String("SF") || type == QLatin1String("SFI") ||
        type == QLatin1String("SI") || type == QLatin1String("SXI")) {
      // Sj: "let [me] know" — the object of let is the infinitive's subject only semantically; UD
      // (and Stanford) keep it let's obj, which the O link gives.
      if (type == QLatin1String("S") && sub.startsWith(QLatin1Char('j'))) return true;
      const bool inverted = type.endsWith(QLatin1Char('I'));
      const bool expletive = type.startsWith(QLatin1String("SF"));
      const QString rel = expletive ? QStringLiteral("expl") : QStringLiteral("nsubj");
      inverted ? propose(r, l, rel, 6) : propose(l, r, rel, 6);
      // "there is no proof" keeps the verb as head; an expletive "it" before a noun phrase ("It 's
      // this sort of interest that keeps …") is a cleft, whose predicate heads as any copula's.
      if (expletive && m_lower[inverted ? r : l] == QLatin1String("there")) m_expletiveVerbs.insert(inverted ? l : r);
    } else if (type == QLatin1String("O")) {
      // "is sitting" linked as be + gerund object (Ost): a progressive all the same.
      const bool gerund = m_words[u(r)].suffix.startsWith(QLatin1Char('g')) && m_lower[r].endsWith(QLatin1String("ing"));
      if (leftBe && gerund) {
        propose(r, l, QStringLiteral("xcomp"), 5);
        m_promotions.push_back({l, r, QStringLiteral("aux")});
      } else if (leftBe || sub.startsWith(QLatin1String("st"))) {
        propose(r, l, QStringLiteral("attr"), 5);
        if (leftBe) m_promotions.push_back({l, r, QStringLiteral("cop")});
      } else {
        propose(r, l, QStringLiteral("dobj"), 5);
        m_objects[l].push_back(r);
      }
    } else {
      return false;
    }
    return true;
  }

  // What modifies a noun inside its phrase: determiners (D), adjectives (A), compounds and names
  // (AN, G, GN), negation (N) and number compounds (NN, ND, NI…).
  bool proposeNounModifierArc(const TypedLink &t) {
    const int l = t.l, r = t.r;
    const QString &type = t.type;
    if (type == QLatin1String("D") || type == QLatin1String("DD") || type == QLatin1String("DG") ||
        type == QLatin1String("DT") || type == QLatin1String("DP")) {
      // "hundreds of demonstrators" (Dmc + OFd + Jd): the quantity heads, "of demonstrators" modifies it.
      if (m_ofWords.contains(l)) return true;
      QString rel = QStringLiteral("det");
      if (isNumber(m_lower[l])) rel = QStringLiteral("num");
      else if (possessivePronouns().contains(m_lower[l])) rel = QStringLiteral("poss");
      else if (m_lower[l] == QLatin1String("'s") || m_lower[l] == QLatin1String("'")) m_possessiveMarkers.push_back({l, r});
      // D also links quantifying adjectives ("many", "other", "several"): amod in both schemes.
      else if (!determiners().contains(m_lower[l]) && !pronouns().contains(m_lower[l])) rel = QStringLiteral("amod");
      propose(l, r, rel, 5);
    } else if (type == QLatin1String("A")) {
      propose(l, r, isNumber(m_lower[l]) ? QStringLiteral("num") : QStringLiteral("amod"), 5);
    } else if (type == QLatin1String("AN") || type == QLatin1String("G") || type == QLatin1String("GN")) {
      proposeCompoundOrNameArc(t);
    } else if (type == QLatin1String("N")) {
      propose(r, l, QStringLiteral("neg"), 5);
    } else if (type.startsWith(QLatin1Char('N'))) { // NN, ND, NI…: number compounds
      propose(l, r, QStringLiteral("num"), 4);
    } else {
      return false;
    }
    return true;
  }

  // AN, G and GN links: noun compounds, the parts of a name, and a common noun beside a name.
  void proposeCompoundOrNameArc(const TypedLink &t) {
    const int l = t.l, r = t.r;
    const QString &type = t.type;
    // G links join the parts of a name: "nn:name" until the style rewrite (UD makes it flat).
    // GN joins a common noun to the name it describes: "cleric Muqtada al-Sadr" — the name heads, the
    // noun is a compound; "the militant group Hamas" — the determined noun heads, the name is its appos.
    // But a name ending in a common noun ("the European Union", "the interim Governing Council")
    // is headed by that noun, the determiner's word being its modifier (raiseModifiersToTheHeadNoun).
    if (type == QLatin1String("GN") && m_determined.contains(l) && !m_words[u(r)].commonLower) {
      propose(r, l, QStringLiteral("appos"), 5);
      m_upos[r] = QStringLiteral("PROPN");
      return;
    }
    const bool adjective = type == QLatin1String("AN") && m_words[u(l)].suffix.startsWith(QLatin1Char('a'));
    // A capitalised sequence ending in a word the dictionary knows as a common noun ("US Marines",
    // "Oval Office", "Art Museum") is a compound headed by that noun; otherwise a name ("Muqtada
    // al-Sadr"), which UD writes flat under its first word.
    // A given name first ("Jim.m Lobe") makes it a person's name whatever follows.
    const bool commonHead = m_words[u(r)].commonLower && !m_givenNameChains.contains(r);
    propose(l, r, adjective ? QStringLiteral("amod") : type == QLatin1String("G") && !commonHead ? QStringLiteral("nn:name") : QStringLiteral("nn"), 5);
    if (type == QLatin1String("G")) m_upos[l] = m_upos[r] = QStringLiteral("PROPN");
    else if (type == QLatin1String("GN")) m_upos[r] = QStringLiteral("PROPN");
  }

  // Modifiers of nouns and verbs (M, MX, MV), prepositional objects (J, ON, OF), numbers after a
  // noun (TM, NM), superlatives (L), predeterminers (AL), adverbs (EB, E…); PH and ZZZ give no arc.
  bool proposeModifierArc(const TypedLink &t) {
    const int l = t.l, r = t.r;
    const QString &type = t.type, &lc = t.lc;
    if (type == QLatin1String("M")) {
      const QString rel = lc == QLatin1String("p") ? QStringLiteral("prep")
                          : (lc == QLatin1String("g") || lc == QLatin1String("v")) ? QStringLiteral("partmod")
                          : lc == QLatin1String("a") ? QStringLiteral("amod")
                          : lc == QLatin1String("r") ? QStringLiteral("rcmod")
                                                     : QStringLiteral("dep");
      propose(r, l, rel, 3);
    } else if (type == QLatin1String("MX")) {
      propose(r, l, QStringLiteral("appos"), 3);
    } else if (type == QLatin1String("MV")) {
      const QString rel = (lc == QLatin1String("p") || lc == QLatin1String("x")) ? QStringLiteral("prep")
                          : (lc == QLatin1String("s") || lc == QLatin1String("i") || lc == QLatin1String("g"))
                              ? QStringLiteral("advcl")
                              : QStringLiteral("advmod");
      propose(r, l, rel, 4);
    } else if (type == QLatin1String("J") || type == QLatin1String("ON")) {
      // ON: "on Tuesday" — the day is the preposition's object like any J.
      propose(r, l, QStringLiteral("pobj"), 5);
    } else if (type == QLatin1String("OF")) {
      // "hundreds of", "afraid of", "think of": the word takes "of" as a preposition; "because of",
      // "instead of" are one preposition (rewriteFixedOf).
      propose(r, l, QStringLiteral("prep"), 4);
      if (fixedExpression({l, r})) m_fixedOf.push_back({l, r});
    } else if (type == QLatin1String("TM") || type == QLatin1String("NM")) {
      // "May 5", "Room 5": the number after the noun.
      propose(r, l, QStringLiteral("num"), 4);
    } else if (type == QLatin1String("L")) {
      // "the best": the determiner of a superlative.
      propose(l, r, QStringLiteral("det"), 4);
    } else if (type == QLatin1String("AL")) {
      // "all the reasons": ALx(all, the) — a predeterminer of the noun "the" determines.
      m_predeterminers.push_back({l, r});
    } else if (type == QLatin1String("PH") || type == QLatin1String("ZZZ")) {
      // PH: a/an agreement with the next sound, no dependency; ZZZ: quotation marks (punctuation).

    } else if (type == QLatin1String("EB")) {
      propose(r, l, QStringLiteral("advmod"), 4);
    } else if (type.startsWith(QLatin1Char('E'))) {
      const bool neg = m_lower[l] == QLatin1String("not") || m_lower[l] == QLatin1String("n't") || m_lower[l] == QLatin1String("never");
      propose(l, r, neg ? QStringLiteral("neg") : QStringLiteral("advmod"), 4);
    } else {
      return false;
    }
    return true;
  }

  // Predicates and complements: P (predicative prepositions, adjectives and participles), I / PP / T
  // (infinitives and perfects, whose first verb is an auxiliary), IV / TO, clausal complements
  // (TH, TS, QI), the links the clause rewrites read (CV, CO, C) and particles (K).
  bool proposeComplementArc(const TypedLink &t) {
    const int l = t.l, r = t.r;
    const QString &type = t.type;
    if (type == QLatin1String("P")) {
      proposePredicativeArc(t);
    } else if (type == QLatin1String("I") && bareInfinitiveVerbs().contains(m_lower[l])) {
      propose(r, l, QStringLiteral("xcomp"), 5); // "let me know": know is let's complement, let no auxiliary
    } else if (type == QLatin1String("PP") || type == QLatin1String("T") || type == QLatin1String("I")) {
      propose(r, l, QStringLiteral("xcomp"), 5);
      m_promotions.push_back({l, r, QStringLiteral("aux")});
    } else if (type == QLatin1String("IV") || type == QLatin1String("TO")) {
      propose(r, l, QStringLiteral("xcomp"), 4);
    } else if (type == QLatin1String("TH") || type == QLatin1String("TS") || type == QLatin1String("QI")) {
      propose(r, l, QStringLiteral("ccomp"), 4);
    } else if (type == QLatin1String("CV")) {
      m_clauseVerb[l] = r;
    } else if (type == QLatin1String("CO")) {
      m_openers.push_back({l, r});
    } else if (type == QLatin1String("C")) {
      m_clauseSubject[l] = r;
    } else if (type == QLatin1String("K")) {
      propose(r, l, QStringLiteral("prt"), 5);
    } else {
      return false;
    }
    return true;
  }

  // P links: a predicative preposition (Pp), or an adjective or participle after a verb whose left
  // word is then an auxiliary, passive auxiliary or copula (promoted by the content-head rewrite).
  void proposePredicativeArc(const TypedLink &t) {
    const int l = t.l, r = t.r;
    const QString &lc = t.lc;
    const bool leftBe = t.leftBe;
    if (lc == QLatin1String("p")) {
      propose(r, l, QStringLiteral("prep"), 5);
      if (leftBe) m_predicatePrep.insert(r);
      return;
    }
    // Link Grammar sometimes links a progressive "-ing" as a predicative adjective (Pa): still aux.
    const bool progressive = lc == QLatin1String("g") ||
                             (m_words[u(r)].suffix.startsWith(QLatin1Char('g')) && m_lower[r].endsWith(QLatin1String("ing")));
    // "had opposed" can come as Pv (LG reads the participle as passive-like): a perfect aux all the same.
    const bool perfect = lc == QLatin1String("v") && haveFormsOf(m_lower[l]);
    // "was killed.v-d" linked as a predicative adjective (Pa): the verb's participle makes it a passive.
    const bool participle = lc == QLatin1String("a") && leftBe && m_words[u(r)].suffix.startsWith(QLatin1String("v-d"));
    const QString rel = perfect || progressive ? QStringLiteral("aux")
                        : lc == QLatin1String("v") || participle ? QStringLiteral("auxpass") : QStringLiteral("cop");
    const bool auxiliary = leftBe || perfect || (lc == QLatin1String("v") && m_lower[l].startsWith(QLatin1String("g")));
    propose(r, l, lc == QLatin1String("a") ? QStringLiteral("acomp") : QStringLiteral("xcomp"), 5);
    if (auxiliary) m_promotions.push_back({l, r, rel});
  }

  // R, Q and B links: a direct question's wh-word first (an object or adverb of the verb), then
  // relative clauses (R, RS, B), which rewriteRelatives and rewriteObjectRelatives finish.
  bool proposeQuestionOrRelativeArc(const TypedLink &t) {
    const int l = t.l, r = t.r;
    const QString &type = t.type;
    if (type == QLatin1String("R") && m_questionWords.contains(l)) {
      // Rw(what, do) in "What do you eat": a question, not a relative clause; the B or Q link
      // below places the wh-word, the auxiliary goes under the verb by its I link.
    } else if (type == QLatin1String("Q") && m_questionWords.contains(l)) {
      // Qw(where, do): "Where do you live" — a wh-adverb modifies the verb, "Who did you see" is its object.
      propose(l, r, whAdverbs().contains(m_lower[l]) ? QStringLiteral("advmod") : QStringLiteral("dobj"), 4);
    } else if (type == QLatin1String("B") && m_questionWords.contains(l)) {
      propose(l, r, QStringLiteral("dobj"), 6); // Bsw(what, say): the question's object
    } else if (type == QLatin1String("R")) {
      propose(r, l, QStringLiteral("rcmod"), 3);
    } else if (type == QLatin1String("RS")) {
      m_relativeVerb[l] = r;
    } else if (type == QLatin1String("B")) {
      // "…, which Sharon had opposed": the pronoun is the clause's object (rewriteObjectRelatives).
      if (relativePronouns().contains(m_lower[l])) m_objectRelative[l] = r;
      propose(r, l, QStringLiteral("rcmod"), 2);
    } else {
      return false;
    }
    return true;
  }

  // Coordination (SJ, VJ, AJ, MJ, RJ…), punctuation (X), possessive markers (YS, YP); Q, QU, CP and
  // CQ give no arc.
  bool proposeCoordinationOrPunctuationArc(const TypedLink &t) {
    const int l = t.l, r = t.r;
    const QString &type = t.type, &lc = t.lc;
    if (type.size() == 2 && type.endsWith(QLatin1Char('J'))) { // SJ, VJ, AJ, MJ, RJ…: coordination
      if (lc == QLatin1String("l")) {
        m_conjLeft[r].push_back(l);
        propose(l, r, QStringLiteral("conj"), 7);
      } else {
        m_conjRight[l].push_back(r);
        propose(r, l, QStringLiteral("conj"), 7);
      }
    } else if (type == QLatin1String("X")) {
      if (isPunctuation(m_words[u(l)].form) && !isPunctuation(m_words[u(r)].form)) propose(l, r, QStringLiteral("punct"), 2);
      else propose(r, l, QStringLiteral("punct"), 2);
    } else if (type == QLatin1String("YS") || type == QLatin1String("YP")) {
      m_possessor[r] = l;
      propose(r, l, QStringLiteral("possessive"), 6);
    } else if (type == QLatin1String("Q") || type == QLatin1String("QU") || type == QLatin1String("CP") || type == QLatin1String("CQ")) {
      // Q: question inversion (wh-word or wall to the auxiliary): no head-dependent relation.
      // Quotation marks and quotation verbs: punctuation is attached at the end.
    } else {
      return false;
    }
    return true;
  }

  // Link Grammar's idioms: a multi-word preposition ("in front of", "along with", "out of") chains
  // its words as mwe to the last, which carries the links; a capitalised one ("United States") is a
  // name headed by its last word; any other ("a few", "at least") keeps the weakest reading, the
  // next word under the previous one, for the other links to override.
  void proposeIdioms() {
    for (const auto &[start, next] : m_idiomNext) {
      bool isStart = true;
      for (const auto &[a, b] : m_idiomNext) isStart = isStart && b != start;
      if (!isStart) continue;
      std::vector<int> group{start};
      for (auto it = m_idiomNext.find(start); it != m_idiomNext.end() && group.size() <= m_idiomNext.size(); it = m_idiomNext.find(it->second))
        group.push_back(it->second);
      const int last = group.back();
      bool capitalised = true;
      for (int w : group) capitalised = capitalised && !m_words[u(w)].form.isEmpty() && m_words[u(w)].form.at(0).isUpper();
      const bool prepositional = prepositions().contains(m_lower[last]) && !determiners().contains(m_lower[group.front()]);
      if (prepositional && !fixedExpression(group)) {
        m_compositionalIdioms.push_back(group);
        continue;
      }
      for (std::size_t k = 0; k + 1 < group.size(); ++k) {
        if (prepositional)
          propose(group[k], group[k + 1], QStringLiteral("mwe"), 6);
        else if (capitalised)
          propose(group[k], last, QStringLiteral("nn"), 5);
        else
          propose(group[k + 1], group[k], QStringLiteral("dep"), 1);
      }
    }
  }

  // The multi-word prepositions UD (EWT) treats as one word, `fixed` ("because of", "such as");
  // others ("in front of", "next to", "on top of") are read word by word.
  bool fixedExpression(const std::vector<int> &group) const {
    static const QStringList fixed{QStringLiteral("according to"), QStringLiteral("such as"), QStringLiteral("because of"),
                                   QStringLiteral("due to"), QStringLiteral("instead of"), QStringLiteral("rather than"),
                                   QStringLiteral("as well as"), QStringLiteral("prior to"), QStringLiteral("as to"),
                                   QStringLiteral("as of"), QStringLiteral("up to"), QStringLiteral("out of"),
                                   QStringLiteral("off of")};
    QStringList words;
    for (int w : group) words << m_lower[w];
    return fixed.contains(words.join(QLatin1Char(' ')));
  }

  // "in front of a fence" as Stanford's basic converter reads it: prep(gov, in), pobj(in, front),
  // prep(front, of), pobj(of, fence); "next to the wall": advmod(gov, next), prep(next, to).
  void rewriteCompositionalIdioms() {
    for (const std::vector<int> &group : m_compositionalIdioms) {
      const int last = group.back();
      int content = -1;
      for (int w : group)
        if (w != last && !prepositions().contains(m_lower[w]) && content < 0) content = w;
      const int gov = m_heads[u(last)];
      if (content < 0 || !valid(gov)) continue;
      const QString rel = m_rel[last];
      const int before = content > group.front() ? group.front() : -1;
      if (before >= 0) {
        attach(before, gov, rel);
        attach(content, before, QStringLiteral("pobj"));
        m_upos[before] = QStringLiteral("ADP");
      } else {
        attach(content, gov, QStringLiteral("advmod"));
      }
      attach(last, content, QStringLiteral("prep"));
      m_upos[last] = QStringLiteral("ADP");
    }
  }

  // "A group of tourists stand", "hundreds of demonstrators came": Link Grammar's subject link goes
  // to the noun after "of" (it agrees with the verb), but the quantity word heads the phrase
  // (Stanford and UD alike): it takes the noun's place, the noun stays the object of "of".
  void rewriteQuantities() {
    for (const auto &[quantity, of] : m_ofLink) {
      const auto object = m_prepObject.find(of);
      if (object == m_prepObject.end()) continue;
      const int noun = object->second;
      if (!valid(noun) || m_heads[u(noun)] == of || (m_heads[u(quantity)] >= 0 && m_heads[u(quantity)] != noun)) continue;
      const int head = m_heads[u(noun)];
      if (head >= 0) attach(quantity, head, m_rel[noun]);
      else m_rootCandidates.push_back({3, quantity});
      attach(of, quantity, QStringLiteral("prep"));
      attach(noun, of, QStringLiteral("pobj"));
    }
  }

  // "stopped because of the rain" (MVa(stopped, because) + OFw(because, of)): "of" takes the
  // expression's place as the preposition, "because" is its mwe (Stanford; UD: case + fixed).
  void rewriteFixedOf() {
    for (const auto &[first, of] : m_fixedOf) {
      if (m_heads[u(of)] != first) continue;
      const int head = m_heads[u(first)];
      if (head < 0) continue;
      attach(of, head, QStringLiteral("prep"));
      attach(first, of, QStringLiteral("mwe"));
      m_upos[first] = QStringLiteral("ADP");
    }
  }

  // LG linkages can hold cycles (a word linked from two sides); keep the higher-priority arcs.
  void breakCycles() {
    for (int i = 0; i < size(); ++i) {
      int slow = i;
      std::vector<int> path;
      for (int guard = 0; slow >= 0 && guard <= size(); ++guard) {
        path.push_back(slow);
        slow = m_heads[u(slow)];
        if (slow == i) {
          int weakest = i;
          for (int p : path)
            if (m_priority[u(p)] < m_priority[u(weakest)]) weakest = p;
          m_heads[u(weakest)] = -1;
          m_priority[u(weakest)] = -1;
          break;
        }
      }
    }
  }

  // "gives the boy a ball": two O links from one verb; the nearer object is the indirect one.
  void markIndirectObjects() {
    for (auto &[verb, objects] : m_objects) {
      std::vector<int> kept;
      for (int o : objects)
        if (m_heads[u(o)] == verb && m_rel[o] == QLatin1String("dobj")) kept.push_back(o);
      if (kept.size() < 2) continue;
      std::sort(kept.begin(), kept.end());
      m_rel[kept.front()] = QStringLiteral("iobj");
    }
  }

  // "the dog 's owner": Ds('s, owner) + YS(dog, 's) → poss(owner, dog), possessive(dog, 's).
  void rewritePossessives() {
    for (const auto &[marker, noun] : m_possessiveMarkers) {
      const auto it = m_possessor.find(marker);
      if (it == m_possessor.end()) continue;
      if (!valid(noun)) continue;
      attach(it->second, noun, QStringLiteral("poss"));
      attach(marker, it->second, QStringLiteral("possessive"));
    }
  }

  // The content word takes the function word's place; the function word and its dependents hang
  // under the content word (auxiliaries, passive, copula: de Marneffe et al. 2006 §3).
  void promote(int function, int content, const QString &relation) {
    function = resolved(function);
    content = resolved(content);
    if (!valid(function) || !valid(content) || function == content) return;
    const int oldHead = m_heads[u(function)];
    const QString oldRel = m_rel[function];
    for (int i = 0; i < size(); ++i)
      if (i != content && m_heads[u(i)] == function) m_heads[u(i)] = content;
    if (oldHead >= 0 && oldHead != content && !dominates(content, oldHead)) {
      m_heads[u(content)] = oldHead;
      m_rel[content] = oldRel;
    } else if (m_heads[u(content)] == function) {
      m_heads[u(content)] = -1;
    }
    m_heads[u(function)] = content;
    m_rel[function] = relation;
    m_replaced[function] = content;
    if (relation == QLatin1String("auxpass"))
      for (int i = 0; i < size(); ++i)
        if (m_heads[u(i)] == content && m_rel[i] == QLatin1String("nsubj")) m_rel[i] = QStringLiteral("nsubjpass");
  }

  // "the man who is running": R(man, who) + RS(who, is) → rcmod(man, running), nsubj(running, who).
  void rewriteRelatives() {
    for (const auto &[pronoun, verbLink] : m_relativeVerb) {
      const int verb = resolved(verbLink);
      const int noun = m_heads[u(pronoun)];
      if (!valid(verb) || !valid(noun) || dominates(verb, noun)) continue;
      attach(verb, noun, QStringLiteral("rcmod"));
      attach(pronoun, verb, QStringLiteral("nsubj"));
    }
  }

  // Object relatives: B(which, had) + MXr/R(process, which) → rcmod(process, opposed), dobj(opposed, which).
  void rewriteObjectRelatives() {
    for (const auto &[pronoun, verbLink] : m_objectRelative) {
      const int verb = resolved(verbLink);
      const int noun = m_heads[u(pronoun)];
      if (!valid(verb) || !valid(noun) || noun == verb || dominates(verb, noun)) continue;
      attach(verb, noun, QStringLiteral("rcmod"));
      attach(pronoun, verb, QStringLiteral("dobj"));
    }
  }

  // "while directing traffic" (MVs(has, while) + Mgp(while, directing)): the participle heads the
  // adverbial clause, the subordinator is its mark — as for a finite clause.
  void rewriteSubordinateParticiples() {
    static const QStringList subordinators{QStringLiteral("while"), QStringLiteral("whilst"), QStringLiteral("when"), QStringLiteral("before"),
                                           QStringLiteral("after"), QStringLiteral("since"), QStringLiteral("though"),
                                           QStringLiteral("although"), QStringLiteral("once"), QStringLiteral("until"), QStringLiteral("if")};
    for (int w = 0; w < size(); ++w) {
      if (!subordinators.contains(m_lower[w]) || !valid(m_heads[u(w)])) continue;
      int verb = -1;
      for (int k = w + 1; k < size() && verb < 0; ++k)
        if (m_heads[u(k)] == w && m_upos[k] == QLatin1String("VERB") &&
            (m_rel[k] == QLatin1String("partmod") || m_rel[k] == QLatin1String("xcomp") || m_rel[k] == QLatin1String("dep")))
          verb = k;
      if (verb < 0) continue;
      attach(verb, m_heads[u(w)], QStringLiteral("advcl"));
      attach(w, verb, QStringLiteral("mark"));
      m_upos[w] = QStringLiteral("SCONJ");
    }
  }

  // Complementizers ("that", "when", "because"): the clause's verb takes their place and they
  // become its mark (advmod for wh-adverbs); openers ("In the park, …") attach to the main verb.
  void rewriteClauses() {
    std::map<int, int> clauses;
    for (const auto &[comp, subject] : m_clauseSubject) {
      const int verb = m_heads[u(subject)];
      if (valid(verb)) clauses[comp] = resolved(verb);
    }
    for (const auto &[comp, verb] : m_clauseVerb) clauses[comp] = resolved(verb);
    for (const auto &[comp, verb] : clauses) {
      if (!valid(verb) || verb == comp) continue;
      // A verb or adjective with a bare clausal complement ("Hope this helps", "I think he left",
      // "I am sure they are": Ce + CV from the word itself, the "that" left out) is no
      // complementizer: the clause is its ccomp.
      const QString &suffix = m_words[u(comp)].suffix;
      if (suffix.startsWith(QLatin1Char('v')) || suffix == QLatin1String("a") || suffix.startsWith(QLatin1String("a-"))) {
        if (!dominates(verb, comp)) attach(verb, comp, QStringLiteral("ccomp"));
        continue;
      }
      const int oldHead = m_heads[u(comp)];
      QString rel = m_rel[comp];
      if (rel != QLatin1String("ccomp") && rel != QLatin1String("rcmod")) rel = QStringLiteral("advcl");
      if (oldHead >= 0 && !dominates(verb, oldHead)) attach(verb, oldHead, rel);
      else if (oldHead < 0) { m_heads[u(verb)] = -1; m_replaced[comp] = verb; }
      attach(comp, verb, whAdverbs().contains(m_lower[comp]) ? QStringLiteral("advmod") : QStringLiteral("mark"));
      m_upos[comp] = whAdverbs().contains(m_lower[comp]) ? QStringLiteral("ADV") : QStringLiteral("SCONJ");
    }
    for (const auto &[opener, subject] : m_openers) {
      const int verb = m_heads[u(subject)];
      if (!valid(verb) || m_heads[u(opener)] >= 0 || dominates(opener, verb)) continue;
      const QString &pos = m_upos[opener];
      attach(opener, verb, pos == QLatin1String("CCONJ") ? QStringLiteral("cc") : pos == QLatin1String("ADP") || prepositions().contains(m_lower[opener]) ? QStringLiteral("prep")
                           : pos == QLatin1String("VERB") ? QStringLiteral("advcl") : QStringLiteral("advmod"));
    }
  }

  // "triangles and a star": SJl(triangles, and) + SJr(and, star) → the first conjunct takes the
  // conjunction's place; cc(triangles, and), conj(triangles, star).
  void rewriteCoordination() {
    // Inner coordinations first ("a dog , a cat and a bird": the comma's pair is the left conjunct
    // of "and"), so conjuncts are looked up through the words they replaced.
    for (auto &[conjunction, lefts] : m_conjLeft) {
      std::vector<int> all;
      for (int w : lefts) all.push_back(resolved(w));
      const auto rights = m_conjRight.find(conjunction);
      if (rights != m_conjRight.end())
        for (int w : rights->second) all.push_back(resolved(w));
      std::sort(all.begin(), all.end());
      all.erase(std::unique(all.begin(), all.end()), all.end());
      if (all.empty()) continue;
      const int first = all.front();
      const int oldHead = m_heads[u(conjunction)];
      const QString oldRel = m_rel[conjunction];
      for (int i = 0; i < size(); ++i)
        if (m_heads[u(i)] == conjunction && std::find(all.begin(), all.end(), i) == all.end() && i != first)
          m_heads[u(i)] = first;
      if (oldHead >= 0 && !dominates(first, oldHead)) {
        m_heads[u(first)] = oldHead;
        m_rel[first] = oldRel;
      } else {
        m_heads[u(first)] = -1;
      }
      m_replaced[conjunction] = first;
      m_heads[u(conjunction)] = first;
      const bool comma = isPunctuation(m_words[u(conjunction)].form);
      m_rel[conjunction] = comma ? QStringLiteral("punct") : QStringLiteral("cc");
      m_upos[conjunction] = comma ? QStringLiteral("PUNCT") : QStringLiteral("CCONJ");
      for (std::size_t k = 1; k < all.size(); ++k) attach(all[k], first, QStringLiteral("conj"));
    }
  }

  void chooseRootAndAttachOrphans() {
    // "Read the entire article ; there 's a punchline": the wall's WV and the joiner's WV both name
    // the second clause's verb; the first clause's head is the wall's other W link (Wg "Read").
    for (auto &[priority, word] : m_rootCandidates) {
      if (priority != 3) continue;
      for (const auto &[joiner, verb] : m_joinedClauses)
        if (verb == word && joiner < word)
          for (const auto &[otherPriority, other] : m_rootCandidates)
            if (other != word && other < joiner && otherPriority >= 1) priority = 0;
    }
    int root = -1, best = -1;
    for (const auto &[priority, word] : m_rootCandidates) {
      const int w = resolved(word);
      if (valid(w) && m_heads[u(w)] < 0 && priority > best) {
        best = priority;
        root = w;
      }
    }
    if (root < 0) // no wall link survived: the headless non-null verb, else the largest headless subtree
      for (int pass = 0; pass < 2 && root < 0; ++pass)
        for (int i = 0; i < size(); ++i)
          if (m_heads[u(i)] < 0 && !m_words[u(i)].null && !isPunctuation(m_words[u(i)].form) &&
              (pass == 1 || m_upos[i] == QLatin1String("VERB")) && (root < 0 || subtree(i) > subtree(root)))
            root = i;
    if (root < 0) root = 0;
    repairNullPrepositions(root);
    root = rootOf(root);
    joinClauses(root);
    attachNullModifiers(root);
    attachNullFunctionWords(root);
    for (int i = 0; i < size(); ++i) {
      if (i == root || m_heads[u(i)] >= 0) continue;
      m_heads[u(i)] = root;
      m_rel[i] = isPunctuation(m_words[u(i)].form) ? QStringLiteral("punct") : QStringLiteral("dep");
    }
    for (int p : m_wallPunct)
      if (p != root) attach(p, root, QStringLiteral("punct"));
    for (int c : m_initialConjunctions)
      if (c != root && (m_heads[u(c)] < 0 || m_heads[u(c)] == root)) attach(c, root, QStringLiteral("cc"));
    m_heads[u(root)] = -1;
    m_rel[root] = QStringLiteral("root");
    lowerPunctuationHeads();
    root = rootOf(root);
    root = rerootPreposition(root);
    raiseMainClause(root);
  }

  // A preposition never heads a sentence, yet partial linkages leave one as root: "From the AP
  // [comes] this story", "In … incidents , some eleven Iraqis were killed …", "x@y.com on
  // 08/15/2000". The root moves to its dependent verb with a subject (else any dependent verb),
  // else to the nominal before it, else to its object; the preposition (with its object) then
  // modifies the new root as a prep.
  int rerootPreposition(int root) {
    if (m_upos[root] != QLatin1String("ADP")) return root;
    const std::vector<int> children = childrenOf(root);
    int heir = -1;
    for (int pass = 0; pass < 2 && heir < 0; ++pass)
      for (int c : children)
        if (heir < 0 && m_upos[c] == QLatin1String("VERB") && (pass == 1 || hasSubject(c))) heir = c;
    for (int c : children)
      if (heir < 0 && c < root && isNominal(m_upos[c])) heir = c;
    for (int c : children)
      if (heir < 0 && m_rel[c] == QLatin1String("pobj")) heir = c;
    if (heir < 0) return root;
    const bool object = m_rel[heir] == QLatin1String("pobj");
    for (int c : children) // what follows the preposition stays with it when it keeps its object
      if (c != heir && (c < root || (!object && m_rel[c] != QLatin1String("pobj")))) m_heads[u(c)] = heir;
    m_heads[u(heir)] = -1;
    m_rel[heir] = QStringLiteral("root");
    m_heads[u(root)] = heir;
    m_rel[root] = object ? QStringLiteral("dep") : QStringLiteral("prep"); // under its own object: no prep to be
    return heir;
  }

  // Link Grammar reads a colon as a verb ("Excerpt :", "Team 2 : Coach : Doug Sewell": ":.v" with
  // an S link from the word before and an O link to the one after). Punctuation heads nothing in
  // either style: its first dependent on its left (else its first dependent) takes its place and
  // relation, its other dependents hang on that word (appos for a nominal after it, else
  // parataxis), and the mark becomes its punct.
  void lowerPunctuationHeads() {
    for (int p = 0; p < size(); ++p) {
      if (!isPunctuation(m_words[u(p)].form)) continue;
      const std::vector<int> children = childrenOf(p);
      if (children.empty()) continue;
      int heir = children.front();
      for (int c : children)
        if (c < p) heir = c; // the nearest on the left
      if (heir > p) heir = children.front();
      m_heads[u(heir)] = m_heads[u(p)];
      m_rel[heir] = m_rel[p] == QLatin1String("punct") ? QStringLiteral("dep") : m_rel[p];
      for (int c : children) {
        if (c == heir) continue;
        m_heads[u(c)] = heir;
        if (isPunctuation(m_words[u(c)].form)) m_rel[c] = QStringLiteral("punct");
        else if (c > p) m_rel[c] = isNominal(m_upos[c]) ? QStringLiteral("appos") : QStringLiteral("parataxis");
      }
      m_heads[u(p)] = heir;
      m_rel[p] = QStringLiteral("punct");
      m_upos[p] = QStringLiteral("PUNCT");
    }
  }

  // "As you know , we are in the process …", "If you would like , we can set up a call": Link
  // Grammar's wall picks the opening subordinate clause's verb, and the main clause hangs under it
  // (ccomp, parataxis, conj, dep). When the root is marked by a subordinator that opens the
  // sentence, its first later clausal dependent with a subject of its own becomes the root, the
  // subordinate clause its advcl, and what followed that clause (final punctuation) goes with it.
  void raiseMainClause(int root) {
    static const QStringList subordinators{QStringLiteral("as"), QStringLiteral("if"), QStringLiteral("until"), QStringLiteral("when"),
                                           QStringLiteral("because"), QStringLiteral("although"), QStringLiteral("though"), QStringLiteral("since"),
                                           QStringLiteral("while"), QStringLiteral("once"), QStringLiteral("unless"), QStringLiteral("after"),
                                           QStringLiteral("before"), QStringLiteral("whereas")};
    static const QStringList clausal{QStringLiteral("ccomp"), QStringLiteral("parataxis"), QStringLiteral("conj"), QStringLiteral("dep")};
    int mark = -1;
    for (int i = 0; i < root && mark < 0; ++i) {
      if (m_heads[u(i)] == root && subordinators.contains(m_lower[i]) &&
          (m_rel[i] == QLatin1String("mark") || (m_rel[i] == QLatin1String("advmod") && m_lower[i].endsWith(QLatin1String("though")))))
        mark = i; // Link Grammar reads "though" / "although" as adverbs
      else if (m_rel[i] != QLatin1String("cc") && !isPunctuation(m_words[u(i)].form)) break; // the subordinator must open the sentence
    }
    if (mark < 0) return;
    int main = -1;
    for (int c = root + 1; c < size() && main < 0; ++c)
      if (m_heads[u(c)] == root && clausal.contains(m_rel[c]) && hasSubject(c)) main = c;
    if (main < 0) return;
    for (int i = main + 1; i < size(); ++i)
      if (m_heads[u(i)] == root) m_heads[u(i)] = main;
    m_heads[u(main)] = -1;
    m_rel[main] = QStringLiteral("root");
    m_heads[u(root)] = main;
    m_rel[root] = QStringLiteral("advcl");
  }

  // E-mail headers and signatures write "04/26/2001 07:17 AM": the date heads the stamp (EWT: the
  // time is its list item, AM the time's modifier); Link Grammar heads it by "AM". The stamp keeps
  // the head and relation its top word had.
  void attachTimestamps() {
    static const QRegularExpression date(QStringLiteral("^\\d{1,2}/\\d{1,2}/\\d{2,4}$"));
    static const QRegularExpression time(QStringLiteral("^\\d{1,2}:\\d{2}(:\\d{2})?$"));
    for (int d = 0; d + 1 < size(); ++d) {
      if (!date.match(m_words[u(d)].form).hasMatch() || !time.match(m_words[u(d + 1)].form).hasMatch()) continue;
      const int last = d + 2 < size() && (m_lower[d + 2] == QLatin1String("am") || m_lower[d + 2] == QLatin1String("pm")) ? d + 2 : d + 1;
      const auto inStamp = [&](int w) { return w >= d && w <= last; };
      int top = d;
      for (int w = d; w <= last; ++w)
        if (!inStamp(m_heads[u(w)])) top = w;
      const int head = m_heads[u(top)];
      const QString rel = m_rel[top];
      for (int i = 0; i < size(); ++i)
        if (!inStamp(i) && inStamp(m_heads[u(i)])) m_heads[u(i)] = d;
      m_heads[u(d)] = head;
      m_rel[d] = rel;
      m_heads[u(d + 1)] = d;
      m_rel[d + 1] = QStringLiteral("dep");
      if (last > d + 1) {
        m_heads[u(last)] = d + 1;
        m_rel[last] = QStringLiteral("dep");
      }
    }
  }

  // The rewrites keep the heads a tree, but linkages as tangled as "The one time I actually booked
  // through a travel agent I did not get …" (Osn to the "I" of a second clause, CV back) can still
  // close a loop between two of them. A word whose head chain does not reach the root is on or under
  // a loop: the first loop word found hangs on the root as `dep`, and the check repeats.
  void breakLeftoverCycles() {
    int root = -1;
    for (int i = 0; i < size() && root < 0; ++i)
      if (m_heads[u(i)] < 0) root = i;
    if (root < 0) return;
    for (int i = 0; i < size(); ++i) {
      int w = i;
      for (int steps = 0; w >= 0 && steps <= size(); ++steps) w = m_heads[u(w)];
      if (w < 0) continue;
      // w is on the loop (size() + 1 steps from i cannot all lie before it)
      m_heads[u(w)] = root;
      m_rel[w] = QStringLiteral("dep");
    }
  }

  // A determiner (and an adjective) modifies its noun phrase's head (UD and Stanford alike): when it hangs on a
  // pre-modifier ("the spiritual leader", "the peace endeavors", "the top three cartoons": a null
  // link chained through the modifier, or Link Grammar's DD to the first noun of a compound), it
  // moves up the modifiers to the noun they modify.
  void raiseModifiersToTheHeadNoun() {
    static const QStringList modifiers{QStringLiteral("amod"), QStringLiteral("nn"), QStringLiteral("num"), QStringLiteral("nn:name")};
    static const QStringList compounds{QStringLiteral("nn")};
    for (int d = 0; d < size(); ++d) {
      // An adjective modifies the compound's head too ("horrible [tap] water", "the closing [stock]
      // price"): Link Grammar's A link goes to the first noun. Compounds themselves stay as linked
      // ("electricity spot price" has no single reading; raising them lost points on EWT dev).
      const bool adjective = m_rel[d] == QLatin1String("amod");
      if (m_rel[d] != QLatin1String("det") && !adjective) continue;
      const QStringList &through = adjective ? compounds : modifiers;
      for (int guard = 0; guard < size(); ++guard) {
        const int h = m_heads[u(d)];
        if (!valid(h) || h <= d || !through.contains(m_rel[h])) break;
        const int up = m_heads[u(h)];
        if (!valid(up) || up <= h) break;
        const QString &pos = m_upos[up];
        if (pos != QLatin1String("NOUN") && pos != QLatin1String("PROPN") && pos != QLatin1String("NUM")) break;
        m_heads[u(d)] = up;
      }
    }
  }

  // Unlinked determiners, adjectives and numbers modify the noun that follows them (within a few
  // words, not across punctuation or a verb): better than hanging them on the root as `dep`.
  void attachNullModifiers(int root) {
    for (int i = 0; i < size(); ++i) {
      if (i == root || m_heads[u(i)] >= 0 || !m_words[u(i)].null) continue;
      const QString &pos = m_upos[i];
      const bool det = pos == QLatin1String("DET") || possessivePronouns().contains(m_lower[i]);
      if (!det && pos != QLatin1String("ADJ") && pos != QLatin1String("NUM")) continue;
      for (int j = i + 1; j < size() && j <= i + 4; ++j) {
        const QString &next = m_upos[j];
        if (next == QLatin1String("PUNCT") || next == QLatin1String("VERB") || next == QLatin1String("AUX") || next == QLatin1String("ADP")) break;
        if (next != QLatin1String("NOUN") && next != QLatin1String("PROPN")) continue;
        if (dominates(i, j)) break;
        attach(i, j, possessivePronouns().contains(m_lower[i]) ? QStringLiteral("poss")
                     : det ? QStringLiteral("det") : pos == QLatin1String("NUM") ? QStringLiteral("num") : QStringLiteral("amod"));
        break;
      }
    }
  }

  // What attachNullModifiers left of the unlinked determiners, adjectives, pronouns and
  // prepositions belongs, far more often than not, to the word right after it (EWT dev: "[a] good
  // portions", "[the] kids", "[I] ve been", "[at] 7"): it hangs there, a pronoun before a verb as
  // its subject, a preposition as a dependent of its object (the UD reading: case). Anything else
  // unlinked still goes to the root.
  void attachNullFunctionWords(int root) {
    for (int i = 0; i + 1 < size(); ++i) {
      if (i == root || m_heads[u(i)] >= 0 || !m_words[u(i)].null) continue;
      const QString &pos = m_upos[i];
      if (pos != QLatin1String("DET") && pos != QLatin1String("ADJ") && pos != QLatin1String("PRON") && pos != QLatin1String("ADP")) continue;
      int next = i + 1;
      while (next < size() && isPunctuation(m_words[u(next)].form)) ++next;
      if (next >= size() || next > i + 2 || dominates(i, next)) continue;
      const QString &nextPos = m_upos[next];
      QString rel = QStringLiteral("dep");
      if (pos == QLatin1String("DET")) rel = QStringLiteral("det");
      else if (pos == QLatin1String("ADJ")) rel = QStringLiteral("amod");
      else if (pos == QLatin1String("PRON") && (nextPos == QLatin1String("VERB") || nextPos == QLatin1String("AUX"))) rel = QStringLiteral("nsubj");
      attach(i, next, rel);
    }
  }

  // Each joined clause's verb is a conj of the root (with the conjunction as cc), or parataxis
  // when only a comma joins it; the joiner hangs on the root as Stanford's basic trees have it
  // (the UD rewrite moves cc to the conjunct after it).
  void joinClauses(int root) {
    static const QStringList conjunctions{QStringLiteral("and"), QStringLiteral("but"), QStringLiteral("or"), QStringLiteral("so"),
                                          QStringLiteral("yet"), QStringLiteral("nor")};
    for (const auto &[joiner, verbLink] : m_joinedClauses) {
      const int verb = resolved(verbLink);
      if (!valid(verb) || rootOf(verb) == root || dominates(verb, root) || joiner < root) continue;
      int cc = conjunctions.contains(m_lower[joiner]) ? joiner : -1;
      if (cc < 0 && joiner + 1 < size() && conjunctions.contains(m_lower[joiner + 1]) && (m_heads[u(joiner + 1)] < 0 || m_rel[joiner + 1] == QLatin1String("dep")))
        cc = joiner + 1;
      attach(verb, root, cc >= 0 ? QStringLiteral("conj") : QStringLiteral("parataxis"));
      if (cc >= 0) {
        attach(cc, root, QStringLiteral("cc"));
        m_upos[cc] = QStringLiteral("CCONJ");
      }
      if (cc != joiner && isPunctuation(m_words[u(joiner)].form)) attach(joiner, root, QStringLiteral("punct"));
    }
  }

  std::vector<int> childrenOf(int w) const {
    std::vector<int> children;
    for (int i = 0; i < size(); ++i)
      if (m_heads[u(i)] == w) children.push_back(i);
    return children;
  }

  bool hasSubject(int w) const {
    static const QStringList subjects{QStringLiteral("nsubj"), QStringLiteral("nsubjpass"), QStringLiteral("expl"), QStringLiteral("csubj")};
    for (int i = 0; i < size(); ++i)
      if (m_heads[u(i)] == w && subjects.contains(m_rel[i])) return true;
    return false;
  }

  int rootOf(int w) const {
    for (int guard = 0; m_heads[u(w)] >= 0 && guard <= size(); ++guard) w = m_heads[u(w)];
    return w;
  }

  int subtree(int top) const {
    int count = 0;
    for (int i = 0; i < size(); ++i) count += dominates(top, i) ? 1 : 0;
    return count;
  }

  // A preposition the partial parse left unlinked ("Airplane [in] dive position."): its object is
  // the noun phrase that follows (the head of the next nominal run), and it modifies the nominal
  // just before it; the tree is re-rooted when the object was the fragment's root.
  void repairNullPrepositions(int root) {
    for (int p = 1; p + 1 < size(); ++p) {
      if (!m_words[u(p)].null || !prepositions().contains(m_lower[p])) continue;
      int end = p + 1;
      while (end < size() && (isNominal(m_upos[end]) || m_upos[end] == QLatin1String("ADJ") || m_upos[end] == QLatin1String("DET")))
        ++end;
      if (end == p + 1) continue;
      int object = end - 1; // the run's head: its last nominal
      while (object > p && !isNominal(m_upos[object])) --object;
      const int left = p - 1;
      if (object <= p || (!isNominal(m_upos[left]) && m_upos[left] != QLatin1String("VERB"))) continue;
      if (dominates(object, left) && object == rootOf(object)) { // re-root at the left nominal
        m_heads[u(left)] = -1;
        m_rel[left] = QStringLiteral("root");
        root = left;
      }
      attach(p, left, QStringLiteral("prep"));
      attach(object, p, QStringLiteral("pobj"));
      m_upos[p] = QStringLiteral("ADP");
    }
    (void)root;
  }

  void refinePos() {
    for (int i = 0; i < size(); ++i) {
      const QString &rel = m_rel[i];
      QString &pos = m_upos[i];
      if (rel == QLatin1String("aux") || rel == QLatin1String("auxpass") || rel == QLatin1String("cop"))
        pos = m_lower[i] == QLatin1String("to") ? QStringLiteral("PART") : QStringLiteral("AUX");
      else if (rel == QLatin1String("det") && pos != QLatin1String("PRON")) pos = QStringLiteral("DET");
      else if (rel == QLatin1String("num")) pos = QStringLiteral("NUM");
      else if (rel == QLatin1String("possessive") || rel == QLatin1String("neg")) pos = QStringLiteral("PART");
      else if (rel == QLatin1String("cc")) pos = QStringLiteral("CCONJ");
      else if (rel == QLatin1String("amod")) pos = QStringLiteral("ADJ");
      else if (rel == QLatin1String("pobj")) {
        const int h = m_heads[u(i)];
        if (valid(h) && m_upos[h] != QLatin1String("VERB")) m_upos[h] = QStringLiteral("ADP");
      } else if (rel == QLatin1String("nn") && pos != QLatin1String("PROPN")) pos = QStringLiteral("NOUN");
      else if (rel == QLatin1String("punct")) pos = QStringLiteral("PUNCT");
      if (pos == QLatin1String("PUNCT") && isPunctuation(m_words[u(i)].form) && rel != QLatin1String("root"))
        m_rel[i] = QStringLiteral("punct");
    }
  }

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
  QSet<int> m_predicatePrep;
  QSet<int> m_expletiveVerbs;
  QSet<int> m_questionWords; // a direct question's wh-word (or wh-determined noun)
  std::vector<int> m_initialConjunctions;
};

}  // namespace

Dependencies convertLinkage(const std::vector<LgWord> &words, const std::vector<LgLink> &links) {
  return Converter(words, links).run();
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

}  // namespace gs::detail
