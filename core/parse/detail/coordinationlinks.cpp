// Coordination and punctuation: conjuncts (SJ, VJ, AJ, MJ, RJ …), clauses joined to the sentence
// (the joiner's WV link), punctuation (X), and punctuation that Link Grammar made a head.

#include "parse/detail/linkconversion.h"
#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

#include <algorithm>

namespace gs::detail {

// Two-letter J links: SJl(triangles, and) and SJr(and, star) — each conjunct on the conjunction,
// which rewriteCoordination then replaces by the first conjunct.
void LinkConversion::coordinationArc(const TypedLink &t, const LinkRule &rule) {
  if (t.lc == QLatin1String("l")) {
    m_conjLeft[t.r].push_back(t.l);
    propose(t.l, t.r, QString::fromLatin1(rule.relation), rule.priority);
  } else {
    m_conjRight[t.l].push_back(t.r);
    proposeRuleArc(t, rule);
  }
}

// X links: the punctuation mark hangs on the word.
void LinkConversion::punctuationArc(const TypedLink &t, const LinkRule &rule) {
  if (isPunctuation(m_words[u(t.l)].form) && !isPunctuation(m_words[u(t.r)].form)) propose(t.l, t.r, QString::fromLatin1(rule.relation), rule.priority);
  else proposeRuleArc(t, rule);
}

// "triangles and a star": SJl(triangles, and) + SJr(and, star) → the first conjunct takes the
// conjunction's place; cc(triangles, and), conj(triangles, star).
void LinkConversion::rewriteCoordination() {
  // Inner coordinations first ("a dog , a cat and a bird": the comma's pair is the left conjunct
  // of "and"), so conjuncts are looked up through the words they replaced.
  for (auto &[conjunction, lefts] : m_conjLeft) {
    std::vector<int> all;
    for (int w : lefts) all.push_back(resolved(w));
    const auto rights = m_conjRight.find(conjunction);
    if (rights != m_conjRight.end())
      for (int w : rights->second) all.push_back(resolved(w));
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    if (all.empty()) continue;
    const int first = all.front();
    const int oldHead = m_heads[u(conjunction)];
    const QString oldRel = m_rel[conjunction];
    for (int i = 0; i < size(); ++i)
      if (m_heads[u(i)] == conjunction && std::find(all.begin(), all.end(), i) == all.end() && i != first)
        m_heads[u(i)] = first;
    if (oldHead >= 0 && !dominates(first, oldHead)) {
      m_heads[u(first)] = oldHead;
      m_rel[first] = oldRel;
    } else {
      m_heads[u(first)] = -1;
    }
    m_replaced[conjunction] = first;
    m_heads[u(conjunction)] = first;
    const bool comma = isPunctuation(m_words[u(conjunction)].form);
    m_rel[conjunction] = comma ? QStringLiteral("punct") : QStringLiteral("cc");
    m_upos[conjunction] = comma ? QStringLiteral("PUNCT") : QStringLiteral("CCONJ");
    for (std::size_t k = 1; k < all.size(); ++k) attach(all[k], first, QStringLiteral("conj"));
  }
}

// Each joined clause's verb is a conj of the root (with the conjunction as cc), or parataxis
// when only a comma joins it; the joiner hangs on the root as Stanford's basic trees have it
// (the UD rewrite moves cc to the conjunct after it).
void LinkConversion::joinClauses(int root) {
  static const QStringList conjunctions{QStringLiteral("and"), QStringLiteral("but"), QStringLiteral("or"), QStringLiteral("so"),
                                        QStringLiteral("yet"), QStringLiteral("nor")};
  for (const auto &[joiner, verbLink] : m_joinedClauses) {
    const int verb = resolved(verbLink);
    if (!valid(verb) || rootOf(verb) == root || dominates(verb, root) || joiner < root) continue;
    int cc = conjunctions.contains(m_lower[joiner]) ? joiner : -1;
    if (cc < 0 && joiner + 1 < size() && conjunctions.contains(m_lower[joiner + 1]) && (m_heads[u(joiner + 1)] < 0 || m_rel[joiner + 1] == QLatin1String("dep")))
      cc = joiner + 1;
    attach(verb, root, cc >= 0 ? QStringLiteral("conj") : QStringLiteral("parataxis"));
    if (cc >= 0) {
      attach(cc, root, QStringLiteral("cc"));
      m_upos[cc] = QStringLiteral("CCONJ");
    }
    if (cc != joiner && isPunctuation(m_words[u(joiner)].form)) attach(joiner, root, QStringLiteral("punct"));
  }
}

// Link Grammar reads a colon as a verb ("Excerpt :", "Team 2 : Coach : Doug Sewell": ":.v" with
// an S link from the word before and an O link to the one after). Punctuation heads nothing in
// either style: its first dependent on its left (else its first dependent) takes its place and
// relation, its other dependents hang on that word (appos for a nominal after it, else
// parataxis), and the mark becomes its punct.
void LinkConversion::lowerPunctuationHeads() {
  for (int p = 0; p < size(); ++p) {
    if (!isPunctuation(m_words[u(p)].form)) continue;
    const std::vector<int> children = childrenOf(p);
    if (children.empty()) continue;
    int heir = children.front();
    for (int c : children)
      if (c < p) heir = c; // the nearest on the left
    if (heir > p) heir = children.front();
    m_heads[u(heir)] = m_heads[u(p)];
    m_rel[heir] = m_rel[p] == QLatin1String("punct") ? QStringLiteral("dep") : m_rel[p];
    for (int c : children) {
      if (c == heir) continue;
      m_heads[u(c)] = heir;
      if (isPunctuation(m_words[u(c)].form)) m_rel[c] = QStringLiteral("punct");
      else if (c > p) m_rel[c] = isNominal(m_upos[c]) ? QStringLiteral("appos") : QStringLiteral("parataxis");
    }
    m_heads[u(p)] = heir;
    m_rel[p] = QStringLiteral("punct");
    m_upos[p] = QStringLiteral("PUNCT");
  }
}

}  // namespace gs::detail
