// Determiners, possessives and predeterminers: D-family links (det, and num, poss or amod for the
// words D also links), possessive markers (YS, YP: "the dog 's owner") and predeterminers (AL).

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

// D, DD, DG, DT and DP links: the determiner hangs on its noun.
void LinkConversion::determinerArc(const TypedLink &t, const LinkRule &rule) {
  const int l = t.l, r = t.r;
  // "hundreds of demonstrators" (Dmc + OFd + Jd): the quantity heads, "of demonstrators" modifies it.
  if (m_ofWords.contains(l)) return;
  QString rel = QString::fromLatin1(rule.relation);
  if (isNumber(m_lower[l])) rel = QStringLiteral("num");
  else if (possessivePronouns().contains(m_lower[l])) rel = QStringLiteral("poss");
  else if (m_lower[l] == QLatin1String("'s") || m_lower[l] == QLatin1String("'")) m_possessiveMarkers.push_back({l, r});
  // D also links quantifying adjectives ("many", "other", "several"): amod in both schemes.
  else if (!determiners().contains(m_lower[l]) && !pronouns().contains(m_lower[l])) rel = QStringLiteral("amod");
  proposeRuleArc(t, rule, rel);
}

// YS and YP: the possessor's marker, which rewritePossessives turns round with its D link.
void LinkConversion::possessiveMarkerArc(const TypedLink &t, const LinkRule &rule) {
  m_possessor[t.r] = t.l;
  proposeRuleArc(t, rule);
}

// "all the reasons": ALx(all, the) — a predeterminer of the noun "the" determines.
void LinkConversion::notePredeterminer(const TypedLink &t, const LinkRule &) { m_predeterminers.push_back({t.l, t.r}); }

// The predeterminer hangs on the noun its determiner ended up on.
void LinkConversion::attachPredeterminers() {
  for (const auto &[predet, det] : m_predeterminers)
    if (valid(m_heads[u(det)]) && m_heads[u(predet)] < 0) attach(predet, m_heads[u(det)], QStringLiteral("predet"));
}

// "the dog 's owner": Ds('s, owner) + YS(dog, 's) → poss(owner, dog), possessive(dog, 's).
void LinkConversion::rewritePossessives() {
  for (const auto &[marker, noun] : m_possessiveMarkers) {
    const auto it = m_possessor.find(marker);
    if (it == m_possessor.end()) continue;
    if (!valid(noun)) continue;
    attach(it->second, noun, QStringLiteral("poss"));
    attach(marker, it->second, QStringLiteral("possessive"));
  }
}

}  // namespace gs::detail
