// Verbs and auxiliaries: predicates (P), infinitives and perfects (I, PP, T), whose first verb is
// an auxiliary, passive auxiliary or copula, and the content-head rewrite that hangs it under the
// main predicate (de Marneffe et al. 2006 §3). (IV, TO, TH, TS, QI, K are plain arcs.)

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

#include <algorithm>

namespace gs::detail {

namespace {

bool haveFormsOf(const QString &lower) {
  return lower == QLatin1String("have") || lower == QLatin1String("has") || lower == QLatin1String("had") ||
         lower == QLatin1String("having") || lower == QLatin1String("'ve") || lower == QLatin1String("'d");
}

}  // namespace

// P links: a predicative preposition (Pp), or an adjective or participle after a verb whose left
// word is then an auxiliary, passive auxiliary or copula (promoted by the content-head rewrite).
void LinkConversion::predicativeArc(const TypedLink &t, const LinkRule &rule) {
  const int l = t.l, r = t.r;
  const QString &lc = t.lc;
  const bool leftBe = t.leftBe;
  if (lc == QLatin1String("p")) {
    proposeRuleArc(t, rule, QStringLiteral("prep"));
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
  proposeRuleArc(t, rule, lc == QLatin1String("a") ? QStringLiteral("acomp") : QString::fromLatin1(rule.relation));
  if (auxiliary) m_promotions.push_back({l, r, rel});
}

// I, PP and T links: the infinitive or participle is the complement, and the verb before it an
// auxiliary that the content-head rewrite hangs under it.
void LinkConversion::auxiliaryArc(const TypedLink &t, const LinkRule &rule) {
  proposeRuleArc(t, rule);
  // "let me know": know is let's complement, let no auxiliary
  if (t.type == QLatin1String("I") && bareInfinitiveVerbs().contains(m_lower[t.l])) return;
  m_promotions.push_back({t.l, t.r, QStringLiteral("aux")});
}

// The function words, left to right, each under its content word.
void LinkConversion::promoteFunctionWords() {
  std::sort(m_promotions.begin(), m_promotions.end(), [](const Promotion &a, const Promotion &b) { return a.function < b.function; });
  for (const Promotion &p : m_promotions) {
    // "there is no proof": the verb stays the head and its object is the subject (expl + nsubj).
    if (p.relation == QLatin1String("cop") && m_expletiveVerbs.contains(p.function) && m_heads[u(p.content)] == p.function) {
      m_rel[p.content] = QStringLiteral("nsubj");
      continue;
    }
    promote(p.function, p.content, p.relation);
  }
}

// The content word takes the function word's place; the function word and its dependents hang
// under the content word (auxiliaries, passive, copula: de Marneffe et al. 2006 §3).
void LinkConversion::promote(int function, int content, const QString &relation) {
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

}  // namespace gs::detail
