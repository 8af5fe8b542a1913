// OF links and what they become: "of" after a word ("hundreds of", "afraid of") is its preposition;
// a quantity heads its phrase ("hundreds of demonstrators"); "because of", "instead of" are one
// preposition. (J and ON, a preposition's object, are plain arcs of the link table.)

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

// "hundreds of", "afraid of", "think of": the word takes "of" as a preposition; "because of",
// "instead of" are one preposition (rewriteFixedOf).
void LinkConversion::ofArc(const TypedLink &t, const LinkRule &rule) {
  proposeRuleArc(t, rule);
  if (fixedExpression({t.l, t.r})) m_fixedOf.push_back({t.l, t.r});
}

// "A group of tourists stand", "hundreds of demonstrators came": Link Grammar's subject link goes
// to the noun after "of" (it agrees with the verb), but the quantity word heads the phrase
// (Stanford and UD alike): it takes the noun's place, the noun stays the object of "of".
void LinkConversion::rewriteQuantities() {
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
void LinkConversion::rewriteFixedOf() {
  for (const auto &[first, of] : m_fixedOf) {
    if (m_heads[u(of)] != first) continue;
    const int head = m_heads[u(first)];
    if (head < 0) continue;
    attach(of, head, QStringLiteral("prep"));
    attach(first, of, QStringLiteral("mwe"));
    m_upos[first] = QStringLiteral("ADP");
  }
}

}  // namespace gs::detail
