// Subjects and objects: the S family (subjects, expletives, inverted subjects) and O links
// (objects, or a copula's attribute), and the indirect object of a verb with two objects.

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

#include <algorithm>

namespace gs::detail {

// S-family links: the row gives the head side (the verb, which follows an inverted subject: SI, SXI,
// SFI) and the relation (expl for SF, SFI).
void LinkConversion::subjectArc(const TypedLink &t, const LinkRule &rule) {
  // Sj: "let [me] know" — the object of let is the infinitive's subject only semantically; UD
  // (and Stanford) keep it let's obj, which the O link gives.
  if (t.type == QLatin1String("S") && t.sub.startsWith(QLatin1Char('j'))) return;
  proposeRuleArc(t, rule);
  // "there is no proof" keeps the verb as head; an expletive "it" before a noun phrase ("It 's
  // this sort of interest that keeps …") is a cleft, whose predicate heads as any copula's.
  const bool expletive = qstrcmp(rule.relation, "expl") == 0;
  const bool inverted = rule.head == LinkHead::Left;
  if (expletive && m_lower[inverted ? t.r : t.l] == QLatin1String("there")) m_expletiveVerbs.insert(inverted ? t.l : t.r);
}

// O links: the verb's object; after a form of "be" its attribute (or a progressive's participle).
void LinkConversion::objectArc(const TypedLink &t, const LinkRule &rule) {
  const int l = t.l, r = t.r;
  // "is sitting" linked as be + gerund object (Ost): a progressive all the same.
  const bool gerund = m_words[u(r)].suffix.startsWith(QLatin1Char('g')) && m_lower[r].endsWith(QLatin1String("ing"));
  if (t.leftBe && gerund) {
    proposeRuleArc(t, rule, QStringLiteral("xcomp"));
    m_promotions.push_back({l, r, QStringLiteral("aux")});
  } else if (t.leftBe || t.sub.startsWith(QLatin1String("st"))) {
    proposeRuleArc(t, rule, QStringLiteral("attr"));
    if (t.leftBe) m_promotions.push_back({l, r, QStringLiteral("cop")});
  } else {
    proposeRuleArc(t, rule);
    m_objects[l].push_back(r);
  }
}

// "gives the boy a ball": two O links from one verb; the nearer object is the indirect one.
void LinkConversion::markIndirectObjects() {
  for (auto &[verb, objects] : m_objects) {
    std::vector<int> kept;
    for (int o : objects)
      if (m_heads[u(o)] == verb && m_rel[o] == QLatin1String("dobj")) kept.push_back(o);
    if (kept.size() < 2) continue;
    std::sort(kept.begin(), kept.end());
    m_rel[kept.front()] = QStringLiteral("iobj");
  }
}

}  // namespace gs::detail
