// The last pass: the part of speech each final relation implies, and the clausal objects of
// prepositions.

#include "parse/detail/linkconversion.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

void LinkConversion::refinePos() {
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

// A participle hanging on a preposition is its clausal object ("by depicting the Holocaust",
// "for protecting his clan"): Stanford's pcomp, which the UD style turns into advcl / acl + mark.
void LinkConversion::markPrepositionalClauses() {
  for (int i = 0; i < size(); ++i)
    if (m_rel[i] == QLatin1String("partmod") && valid(m_heads[u(i)]) && m_upos[m_heads[u(i)]] == QLatin1String("ADP") && m_heads[u(i)] < i)
      m_rel[i] = QStringLiteral("pcomp");
}

}  // namespace gs::detail
