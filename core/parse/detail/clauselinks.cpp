// Clauses: complementizers ("that", "when", "because": C and CV links), openers ("In the park, …":
// CO links) and subordinate participles ("while directing traffic").

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

void LinkConversion::noteClauseVerb(const TypedLink &t, const LinkRule &) { m_clauseVerb[t.l] = t.r; }

void LinkConversion::noteOpener(const TypedLink &t, const LinkRule &) { m_openers.push_back({t.l, t.r}); }

void LinkConversion::noteClauseSubject(const TypedLink &t, const LinkRule &) { m_clauseSubject[t.l] = t.r; }

// "while directing traffic" (MVs(has, while) + Mgp(while, directing)): the participle heads the
// adverbial clause, the subordinator is its mark — as for a finite clause.
void LinkConversion::rewriteSubordinateParticiples() {
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
void LinkConversion::rewriteClauses() {
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

}  // namespace gs::detail
