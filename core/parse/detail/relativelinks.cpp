// Relative clauses and direct questions: R, RS and B links, and a direct question's wh-word (R, Q
// and B links from a question word), which rewriteRelatives and rewriteObjectRelatives finish.

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

namespace {

const QStringList &relativePronouns() {
  static const QStringList list{QStringLiteral("which"), QStringLiteral("that"), QStringLiteral("who"), QStringLiteral("whom")};
  return list;
}

}  // namespace

// R links: a relative clause on its noun.
void LinkConversion::relativeArc(const TypedLink &t, const LinkRule &rule) {
  // Rw(what, do) in "What do you eat": a question, not a relative clause; the B or Q link
  // places the wh-word, the auxiliary goes under the verb by its I link.
  if (m_questionWords.contains(t.l)) return;
  proposeRuleArc(t, rule);
}

// RS links: the relative pronoun's verb, of which rewriteRelatives makes the pronoun the subject.
void LinkConversion::noteRelativeVerb(const TypedLink &t, const LinkRule &) { m_relativeVerb[t.l] = t.r; }

// B links: the question's object (Bsw(what, say)), or an object relative clause.
void LinkConversion::objectRelativeArc(const TypedLink &t, const LinkRule &rule) {
  if (m_questionWords.contains(t.l)) {
    propose(t.l, t.r, QStringLiteral("dobj"), 6);
    return;
  }
  // "…, which Sharon had opposed": the pronoun is the clause's object (rewriteObjectRelatives).
  if (relativePronouns().contains(m_lower[t.l])) m_objectRelative[t.l] = t.r;
  proposeRuleArc(t, rule);
}

// Q links: question inversion (wh-word or wall to the auxiliary) gives no arc, but from a
// question's wh-word: Qw(where, do): "Where do you live" — a wh-adverb modifies the verb, "Who did
// you see" is its object.
void LinkConversion::questionArc(const TypedLink &t, const LinkRule &rule) {
  if (!m_questionWords.contains(t.l)) return;
  proposeRuleArc(t, rule, whAdverbs().contains(m_lower[t.l]) ? QStringLiteral("advmod") : QString::fromLatin1(rule.relation));
}

// "the man who is running": R(man, who) + RS(who, is) → rcmod(man, running), nsubj(running, who).
void LinkConversion::rewriteRelatives() {
  for (const auto &[pronoun, verbLink] : m_relativeVerb) {
    const int verb = resolved(verbLink);
    const int noun = m_heads[u(pronoun)];
    if (!valid(verb) || !valid(noun) || dominates(verb, noun)) continue;
    attach(verb, noun, QStringLiteral("rcmod"));
    attach(pronoun, verb, QStringLiteral("nsubj"));
  }
}

// Object relatives: B(which, had) + MXr/R(process, which) → rcmod(process, opposed), dobj(opposed, which).
void LinkConversion::rewriteObjectRelatives() {
  for (const auto &[pronoun, verbLink] : m_objectRelative) {
    const int verb = resolved(verbLink);
    const int noun = m_heads[u(pronoun)];
    if (!valid(verb) || !valid(noun) || noun == verb || dominates(verb, noun)) continue;
    attach(verb, noun, QStringLiteral("rcmod"));
    attach(pronoun, verb, QStringLiteral("dobj"));
  }
}

}  // namespace gs::detail
