#include "parse/detail/stylerewrite.h"

#include "parse/detail/punctuation.h"

#include <QHash>

#include <algorithm>

namespace gs::detail {

namespace {

std::vector<int> childrenOf(const Dependencies &deps, int head) {
  std::vector<int> kids;
  for (int i = 0; i < static_cast<int>(deps.heads.size()); ++i)
    if (deps.heads[static_cast<std::size_t>(i)] == head) kids.push_back(i);
  return kids;
}

int firstChild(const Dependencies &deps, int head, const char *rel) {
  for (int k : childrenOf(deps, head))
    if (deps.relations[k] == QLatin1String(rel)) return k;
  return -1;
}

bool nominal(const QString &upos) {
  return upos == QLatin1String("NOUN") || upos == QLatin1String("PROPN") || upos == QLatin1String("PRON") ||
         upos == QLatin1String("NUM");
}

// The object (the preposition's first `childRel` dependent) takes the preposition's place: head and
// relation; the preposition's other dependents move to the object. Returns the object, or -1 when
// the preposition has none.
int raiseObject(Dependencies &deps, int prep, const QString &objectRel, const QString &prepRel, const char *childRel = "pobj") {
  const int object = firstChild(deps, prep, childRel);
  if (object < 0) return -1;
  for (int k : childrenOf(deps, prep))
    if (k != object && deps.relations[k] != QLatin1String("fixed")) deps.heads[static_cast<std::size_t>(k)] = object;
  deps.heads[static_cast<std::size_t>(object)] = deps.heads[static_cast<std::size_t>(prep)];
  deps.relations[object] = objectRel;
  deps.heads[static_cast<std::size_t>(prep)] = object;
  deps.relations[prep] = prepRel;
  return object;
}

// A preposition Link Grammar attached without a prepositional link (noun + "of" through Mf/OF
// comes out as `dep`) but with an object is a preposition all the same: Stanford's prep.
void repairPrepositions(Dependencies &deps) {
  const int n = static_cast<int>(deps.heads.size());
  for (int p = 0; p < n; ++p)
    if (deps.relations[p] == QLatin1String("dep") && deps.upos.value(p) == QLatin1String("ADP") && firstChild(deps, p, "pobj") >= 0)
      deps.relations[p] = QStringLiteral("prep");
}

// Multi-word prepositions, collapsed as the Stanford converter does ("in front of" →
// prep_in_front_of): the longest first, so "in front of" is not read as "in" + "front of".
const QList<QStringList> &multiWordPrepositions() {
  static const QList<QStringList> list = [] {
    QList<QStringList> l;
    for (const char *p : {"in front of", "on top of", "in addition to", "next to", "close to", "because of", "instead of",
                          "out of", "ahead of", "according to", "due to", "apart from", "along with", "together with"})
      l << QString::fromLatin1(p).split(QLatin1Char(' '));
    std::stable_sort(l.begin(), l.end(), [](const QStringList &a, const QStringList &b) { return a.size() > b.size(); });
    return l;
  }();
  return list;
}

// Whether one of the words first..last lies on the path from `word` up to the root.
bool dominatedBy(const Dependencies &deps, int word, int first, int last) {
  const int n = static_cast<int>(deps.heads.size());
  for (int guard = 0; word >= 0 && guard <= n; ++guard, word = deps.heads[static_cast<std::size_t>(word)])
    if (word >= first && word <= last) return true;
  return false;
}

// Finds each multi-word preposition whose last word has an object; the object goes under the
// phrase's governor (the first word's head) as prep_<words joined by _>, the phrase's words become
// its case markers, and their other dependents move to it. Returns the words it consumed.
std::vector<char> collapseMultiWord(const QStringList &forms, Dependencies &deps) {
  const int n = static_cast<int>(deps.heads.size());
  std::vector<char> used(static_cast<std::size_t>(n), 0);
  for (int s = 0; s < n; ++s) {
    for (const QStringList &words : multiWordPrepositions()) {
      const int e = s + int(words.size()) - 1;
      if (e >= n) continue;
      bool match = true;
      for (int k = 0; k < words.size() && match; ++k) match = !used[std::size_t(s + k)] && forms[s + k].toLower() == words[k];
      if (!match) continue;
      const int object = firstChild(deps, e, "pobj");
      int governor = deps.heads[static_cast<std::size_t>(s)];
      // The first word may hang inside the phrase ("front" under "in"): climb out of it.
      while (governor >= s && governor <= e) governor = deps.heads[static_cast<std::size_t>(governor)];
      if (object < 0 || governor < 0) continue;
      // When the phrase's words head the governor (Link Grammar read "front" as the main verb of
      // "Two men standing in front of fountain …"), moving the object under the governor would
      // close a cycle: leave such a misparse as it is.
      if (dominatedBy(deps, governor, s, e)) continue;
      for (int w = s; w <= e; ++w)
        for (int k : childrenOf(deps, w))
          if ((k < s || k > e) && k != object) deps.heads[static_cast<std::size_t>(k)] = object;
      deps.heads[static_cast<std::size_t>(object)] = governor;
      deps.relations[object] = QStringLiteral("prep_") + words.join(QLatin1Char('_'));
      for (int w = s; w <= e; ++w) {
        deps.heads[static_cast<std::size_t>(w)] = object;
        deps.relations[w] = QStringLiteral("case");
        used[std::size_t(w)] = 1;
      }
      break;
    }
  }
  return used;
}

// The words of each multi-word expression (Link Grammar's idiom links, "mwe" from each word to the
// next), as {first, …, last}: the last word is the one the rest of the tree links to.
std::vector<std::vector<int>> multiWordExpressions(const Dependencies &deps) {
  const int n = static_cast<int>(deps.heads.size());
  std::vector<std::vector<int>> groups;
  for (int last = 0; last < n; ++last) {
    if (deps.relations[last] == QLatin1String("mwe")) continue;
    std::vector<int> group;
    for (int w = 0; w < n; ++w) {
      int up = w;
      for (int guard = 0; up >= 0 && up != last && deps.relations[up] == QLatin1String("mwe") && guard <= n; ++guard)
        up = deps.heads[static_cast<std::size_t>(up)];
      if (up == last && w != last) group.push_back(w);
    }
    if (group.empty()) continue;
    group.push_back(last);
    std::sort(group.begin(), group.end());
    groups.push_back(group);
  }
  return groups;
}

// Stanford's convention: every other word of the expression is mwe under the last ("because of").
void flattenMultiWord(Dependencies &deps) {
  for (const std::vector<int> &group : multiWordExpressions(deps))
    for (int w : group)
      if (w != group.back()) deps.heads[static_cast<std::size_t>(w)] = group.back();
}

// UD's: the first word takes the expression's place, relation and dependents, the others are
// `fixed` under it; run before prepositions become case markers, so "in front of a fence" ends as
// in = case of fence; front, of = fixed of in.
void fixMultiWord(Dependencies &deps) {
  for (const std::vector<int> &group : multiWordExpressions(deps)) {
    const int first = group.front(), last = group.back();
    const int head = deps.heads[static_cast<std::size_t>(last)];
    const QString rel = deps.relations[last];
    for (int i = 0; i < static_cast<int>(deps.heads.size()); ++i) // outside dependents move to the first word
      if (std::find(group.begin(), group.end(), deps.heads[static_cast<std::size_t>(i)]) != group.end() &&
          std::find(group.begin(), group.end(), i) == group.end())
        deps.heads[static_cast<std::size_t>(i)] = first;
    deps.heads[static_cast<std::size_t>(first)] = head;
    deps.relations[first] = rel;
    for (int w : group)
      if (w != first) {
        deps.heads[static_cast<std::size_t>(w)] = first;
        deps.relations[w] = QStringLiteral("fixed");
      }
  }
}

void collapse(const QStringList &forms, Dependencies &deps) {
  const int n = static_cast<int>(deps.heads.size());
  const std::vector<char> multiWord = collapseMultiWord(forms, deps);
  for (int p = 0; p < n; ++p)
    if (multiWord[std::size_t(p)]) continue;
    else if (deps.relations[p] == QLatin1String("prep") && deps.heads[static_cast<std::size_t>(p)] >= 0)
      raiseObject(deps, p, QStringLiteral("prep_") + forms[p].toLower(), QStringLiteral("case"));
  // conj → conj_<cc word> when the head has a cc dependent (de Marneffe & Manning's collapsed conj).
  for (int h = 0; h < n; ++h) {
    const int cc = firstChild(deps, h, "cc");
    if (cc < 0) continue;
    for (int k : childrenOf(deps, h))
      if (deps.relations[k] == QLatin1String("conj")) deps.relations[k] = QStringLiteral("conj_") + forms[cc].toLower();
  }
}

// "What is your cat 's name ?", "Who is he ?", "How are you ?", "Here are two examples": UD (and
// EWT) take the wh-word (or "here") before the copula as the predicate, so it heads the clause and
// the noun after the copula is its subject. The old head keeps its noun-phrase dependents; the
// clause-level ones (cop, punctuation, coordination, adverbial clauses) move to the new head. Where
// "be" itself heads ("Who is he ?"), it becomes the copula and its dependents move.
void raiseCopularQuestionWord(const QStringList &forms, Dependencies &deps) {
  static const QStringList words{QStringLiteral("what"), QStringLiteral("who"), QStringLiteral("which"), QStringLiteral("where"),
                                 QStringLiteral("how"), QStringLiteral("here")};
  static const QStringList clauseLevel{QStringLiteral("cop"), QStringLiteral("punct"), QStringLiteral("cc"), QStringLiteral("conj"),
                                       QStringLiteral("parataxis"), QStringLiteral("advcl"), QStringLiteral("discourse"), QStringLiteral("mark"),
                                       QStringLiteral("aux"), QStringLiteral("advmod"), QStringLiteral("vocative")};
  static const QStringList beForms{QStringLiteral("is"), QStringLiteral("are"), QStringLiteral("was"), QStringLiteral("were"),
                                   QStringLiteral("'s"), QStringLiteral("'re"), QStringLiteral("am"), QStringLiteral("'m")};
  const auto rootAt = std::find(deps.heads.begin(), deps.heads.end(), -1);
  if (rootAt == deps.heads.end()) return;
  const int r = static_cast<int>(rootAt - deps.heads.begin());
  const bool beHeads = beForms.contains(forms[r].toLower()) && firstChild(deps, r, "cop") < 0; // "Who is he ?"
  const int cop = beHeads ? r : firstChild(deps, r, "cop");
  if (cop < 0 || cop > r) return;
  int wh = -1, subject = -1;
  for (int k : childrenOf(deps, r)) {
    if (k < cop && words.contains(forms[k].toLower()) && childrenOf(deps, k).empty()) wh = k;
    if (k > r && subject < 0 && (deps.relations[k] == QLatin1String("nsubj") || deps.relations[k] == QLatin1String("expl"))) subject = k;
  }
  if (wh < 0 || (beHeads && (subject < 0 || deps.relations[subject] == QLatin1String("expl")))) return;
  // Where "be" heads, all its dependents move; else only the clause-level ones (an advmod after the
  // old head stays: it modifies the noun phrase).
  for (int k : childrenOf(deps, r))
    if (k != wh && (beHeads || (clauseLevel.contains(deps.relations[k]) && (k < r || deps.relations[k] != QLatin1String("advmod")))))
      deps.heads[std::size_t(k)] = wh;
  deps.heads[std::size_t(wh)] = -1;
  deps.relations[wh] = QStringLiteral("root");
  deps.heads[std::size_t(r)] = wh;
  deps.relations[r] = beHeads ? QStringLiteral("cop") : QStringLiteral("nsubj");
  if (beHeads) deps.upos[r] = QStringLiteral("AUX");
}

void universal(const QStringList &forms, Dependencies &deps) {
  const int n = static_cast<int>(deps.heads.size());
  auto H = [&](int i) { return deps.heads[static_cast<std::size_t>(i)]; };
  fixMultiWord(deps);
  // 1. Prepositions become case markers of their objects (obl under predicates, nmod under nominals).
  for (int p = 0; p < n; ++p) {
    if (deps.relations[p] != QLatin1String("prep") || H(p) < 0) continue;
    const int head = H(p);
    const bool underNominal = nominal(deps.upos[head]);
    const int object = raiseObject(deps, p, underNominal ? QStringLiteral("nmod") : QStringLiteral("obl"), QStringLiteral("case"));
    // A preposition before a clause ("by depicting the Holocaust") is its mark; the clause takes
    // the preposition's place as advcl (acl under a nominal), with its other dependents.
    const int clause = object < 0 ? raiseObject(deps, p, underNominal ? QStringLiteral("acl") : QStringLiteral("advcl"), QStringLiteral("mark"), "pcomp") : -1;
    if (clause >= 0) deps.upos[p] = QStringLiteral("SCONJ");
    else if (object < 0) deps.relations[p] = underNominal ? QStringLiteral("nmod") : QStringLiteral("obl");
    // 2. Copula with a predicate PP ("The dog is in the park"): the PP's object heads the clause.
    const QString be = forms[head].toLower();
    static const QStringList beForms{QStringLiteral("is"), QStringLiteral("are"), QStringLiteral("was"), QStringLiteral("were"),
                                     QStringLiteral("be"), QStringLiteral("been"), QStringLiteral("being"), QStringLiteral("am"),
                                     QStringLiteral("'s"), QStringLiteral("'re"), QStringLiteral("'m")};
    // Once: a second PP of the same "be" ("are in the snow in front of a fence") modifies the
    // predicate the first one made, and a copula keeps no dependents.
    // The predicate follows its copula ("For me it is about …": "For me" is no predicate).
    if (object >= 0 && p > head && beForms.contains(be) && deps.relations[head] != QLatin1String("cop") && firstChild(deps, head, "xcomp") < 0 &&
        firstChild(deps, head, "attr") < 0 && firstChild(deps, head, "acomp") < 0 && firstChild(deps, head, "expl") < 0) {
      for (int k : childrenOf(deps, head))
        if (k != object) deps.heads[static_cast<std::size_t>(k)] = object;
      deps.heads[static_cast<std::size_t>(object)] = H(head);
      deps.relations[object] = deps.relations[head];
      deps.heads[static_cast<std::size_t>(head)] = object;
      deps.relations[head] = QStringLiteral("cop");
      deps.upos[head] = QStringLiteral("AUX");
    }
  }
  // "out of the water", "off of a boulder": UD (EWT) marks the object with both words as case.
  for (int w = 0; w < n; ++w) {
    const int h = H(w);
    if (deps.relations[w] != QLatin1String("fixed") || h < 0 || deps.relations[h] != QLatin1String("case")) continue;
    const QString first = forms[h].toLower();
    if (first != QLatin1String("out") && first != QLatin1String("off")) continue;
    deps.heads[static_cast<std::size_t>(w)] = H(h);
    deps.relations[w] = QStringLiteral("case");
    deps.upos[h] = QStringLiteral("ADP");
  }
  // 3. cc attaches to the conjunct that follows it (UD v2), not to the first conjunct.
  for (int c = 0; c < n; ++c) {
    if (deps.relations[c] != QLatin1String("cc") || H(c) < 0) continue;
    int next = -1;
    for (int k : childrenOf(deps, H(c)))
      if (k > c && deps.relations[k] == QLatin1String("conj") && (next < 0 || k < next)) next = k;
    if (next >= 0) deps.heads[static_cast<std::size_t>(c)] = next;
  }
  // 4. Names: UD heads a name by its first word, the others `flat` under it ("John Smith",
  // "Muhammed Usman Saddique"); Link Grammar's G links head it by the last.
  for (int h = 0; h < n; ++h) {
    int first = h;
    for (int k : childrenOf(deps, h))
      if (deps.relations[k] == QLatin1String("nn:name") && k < first) first = k;
    if (first == h) continue;
    for (int k : childrenOf(deps, h))
      if (k != first) deps.heads[static_cast<std::size_t>(k)] = first;
    deps.heads[static_cast<std::size_t>(first)] = H(h);
    deps.relations[first] = deps.relations[h];
    deps.heads[static_cast<std::size_t>(h)] = first;
    deps.relations[h] = QStringLiteral("flat");
    for (int k : childrenOf(deps, first))
      if (deps.relations[k] == QLatin1String("nn:name")) deps.relations[k] = QStringLiteral("flat");
  }
  // 5. Relation names.
  static const QHash<QString, QString> rename{
      {QStringLiteral("nsubjpass"), QStringLiteral("nsubj:pass")}, {QStringLiteral("dobj"), QStringLiteral("obj")},
      {QStringLiteral("auxpass"), QStringLiteral("aux:pass")},     {QStringLiteral("num"), QStringLiteral("nummod")},
      {QStringLiteral("nn"), QStringLiteral("compound")},          {QStringLiteral("nn:name"), QStringLiteral("flat")},          {QStringLiteral("poss"), QStringLiteral("nmod:poss")},
      {QStringLiteral("possessive"), QStringLiteral("case")},      {QStringLiteral("partmod"), QStringLiteral("acl")},
      {QStringLiteral("vmod"), QStringLiteral("acl")},             {QStringLiteral("rcmod"), QStringLiteral("acl:relcl")},
      {QStringLiteral("neg"), QStringLiteral("advmod")},           {QStringLiteral("prt"), QStringLiteral("compound:prt")},
      {QStringLiteral("pobj"), QStringLiteral("obl")},             {QStringLiteral("acomp"), QStringLiteral("xcomp")},
      {QStringLiteral("attr"), QStringLiteral("xcomp")},           {QStringLiteral("prep"), QStringLiteral("obl")},
      {QStringLiteral("predet"), QStringLiteral("det:predet")}};
  for (int i = 0; i < n; ++i) {
    const auto it = rename.constFind(deps.relations[i]);
    if (it != rename.constEnd()) deps.relations[i] = it.value();
    // Infinitival "to" is a mark in UD, not an aux.
    if (deps.relations[i] == QLatin1String("aux") && forms[i].toLower() == QLatin1String("to")) {
      deps.relations[i] = QStringLiteral("mark");
      deps.upos[i] = QStringLiteral("PART");
    }
    if (deps.relations[i] == QLatin1String("nmod:poss") && deps.upos[i] == QLatin1String("DET")) deps.upos[i] = QStringLiteral("PRON");
  }
  raiseCopularQuestionWord(forms, deps);
}

}  // namespace

// Whether following heads from some word never reaches the root.
static bool hasCycle(const Dependencies &deps) {
  const int n = static_cast<int>(deps.heads.size());
  for (int w = 0; w < n; ++w) {
    int up = w, steps = 0;
    while (up >= 0 && steps <= n) up = deps.heads[static_cast<std::size_t>(up)], ++steps;
    if (up >= 0) return true;
  }
  return false;
}

void applyStyle(DependencyStyle style, const QStringList &forms, Dependencies &deps) {
  if (style != DependencyStyle::Universal)
    for (QString &rel : deps.relations)
      if (rel == QLatin1String("nn:name")) rel = QStringLiteral("nn");
  repairPrepositions(deps);
  const Dependencies basic = deps;
  if (style != DependencyStyle::Universal) flattenMultiWord(deps);
  switch (style) {
  case DependencyStyle::Stanford: break;
  case DependencyStyle::Collapsed: collapse(forms, deps); break;
  case DependencyStyle::Universal: universal(forms, deps); break;
  }
  // The rewrites assume a sane basic tree; on a misparse one could still close a cycle, and a
  // caption without a tree is lost to every model. Keep the basic tree then, and say so.
  if (hasCycle(deps)) {
    qWarning("dependency style rewrite closed a cycle in \"%s\"; keeping the basic tree",
             qPrintable(forms.join(QLatin1Char(' '))));
    deps = basic;
  }
  attachPunctuation(forms, deps);
}

}  // namespace gs::detail
