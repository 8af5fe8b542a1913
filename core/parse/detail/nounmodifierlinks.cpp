// Noun modifiers: adjectives (A), noun compounds and names (AN, G, GN), and the raising of a
// determiner or adjective from a pre-modifier to the noun its phrase is headed by.

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

// A links: an adjective, or a number ("3 dogs"), before its noun.
void LinkConversion::adjectiveArc(const TypedLink &t, const LinkRule &rule) {
  proposeRuleArc(t, rule, isNumber(m_lower[t.l]) ? QStringLiteral("num") : QString::fromLatin1(rule.relation));
}

// AN, G and GN links: noun compounds, the parts of a name, and a common noun beside a name.
void LinkConversion::compoundOrNameArc(const TypedLink &t, const LinkRule &rule) {
  const int l = t.l, r = t.r;
  const QString &type = t.type;
  // G links join the parts of a name: "nn:name" until the style rewrite (UD makes it flat).
  // GN joins a common noun to the name it describes: "cleric Muqtada al-Sadr" — the name heads, the
  // noun is a compound; "the militant group Hamas" — the determined noun heads, the name is its appos.
  // But a name ending in a common noun ("the European Union", "the interim Governing Council")
  // is headed by that noun, the determiner's word being its modifier (raiseModifiersToTheHeadNoun).
  if (type == QLatin1String("GN") && m_determined.contains(l) && !m_words[u(r)].commonLower) {
    propose(r, l, QStringLiteral("appos"), rule.priority);
    m_upos[r] = QStringLiteral("PROPN");
    return;
  }
  const bool adjective = type == QLatin1String("AN") && m_words[u(l)].suffix.startsWith(QLatin1Char('a'));
  // A capitalised sequence ending in a word the dictionary knows as a common noun ("US Marines",
  // "Oval Office", "Art Museum") is a compound headed by that noun; otherwise a name ("Muqtada
  // al-Sadr"), which UD writes flat under its first word.
  // A given name first ("Jim.m Lobe") makes it a person's name whatever follows.
  const bool commonHead = m_words[u(r)].commonLower && !m_givenNameChains.contains(r);
  proposeRuleArc(t, rule, adjective ? QStringLiteral("amod") : type == QLatin1String("G") && !commonHead ? QStringLiteral("nn:name") : QString::fromLatin1(rule.relation));
  if (type == QLatin1String("G")) m_upos[l] = m_upos[r] = QStringLiteral("PROPN");
  else if (type == QLatin1String("GN")) m_upos[r] = QStringLiteral("PROPN");
}

// A determiner (and an adjective) modifies its noun phrase's head (UD and Stanford alike): when it hangs on a
// pre-modifier ("the spiritual leader", "the peace endeavors", "the top three cartoons": a null
// link chained through the modifier, or Link Grammar's DD to the first noun of a compound), it
// moves up the modifiers to the noun they modify.
void LinkConversion::raiseModifiersToTheHeadNoun() {
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

}  // namespace gs::detail
