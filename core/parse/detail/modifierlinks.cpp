// Modifiers of nouns (M) and verbs (MV), and adverbs (the E family): the relation comes from the
// link's subscript or the adverb itself. (MX, N, EB are plain arcs of the link table.)

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

// M links: what follows a noun and modifies it, read from the subscript (Mp a preposition, Mg / Mv
// a participle, Ma an adjective, Mr a relative clause).
void LinkConversion::nounModifierArc(const TypedLink &t, const LinkRule &rule) {
  const QString &lc = t.lc;
  const QString rel = lc == QLatin1String("p") ? QStringLiteral("prep")
                      : (lc == QLatin1String("g") || lc == QLatin1String("v")) ? QStringLiteral("partmod")
                      : lc == QLatin1String("a") ? QStringLiteral("amod")
                      : lc == QLatin1String("r") ? QStringLiteral("rcmod")
                                                 : QString::fromLatin1(rule.relation);
  proposeRuleArc(t, rule, rel);
}

// MV links: what modifies a verb (MVp / MVx a preposition; MVs, MVi, MVg a clause; else an adverb).
void LinkConversion::verbModifierArc(const TypedLink &t, const LinkRule &rule) {
  const QString &lc = t.lc;
  const QString rel = (lc == QLatin1String("p") || lc == QLatin1String("x")) ? QStringLiteral("prep")
                      : (lc == QLatin1String("s") || lc == QLatin1String("i") || lc == QLatin1String("g"))
                          ? QStringLiteral("advcl")
                          : QString::fromLatin1(rule.relation);
  proposeRuleArc(t, rule, rel);
}

// E-family links: an adverb before the word it modifies; "not", "n't" and "never" are its negation.
void LinkConversion::adverbArc(const TypedLink &t, const LinkRule &rule) {
  const QString &lower = m_lower[t.l];
  const bool neg = lower == QLatin1String("not") || lower == QLatin1String("n't") || lower == QLatin1String("never");
  proposeRuleArc(t, rule, neg ? QStringLiteral("neg") : QString::fromLatin1(rule.relation));
}

}  // namespace gs::detail
