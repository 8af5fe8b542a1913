// Link Grammar's idioms (_I… links): multi-word prepositions, capitalised names and other
// multi-word expressions, and the multi-word prepositions UD treats as one word.

#include "parse/detail/linkconversion.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

// Link Grammar's idioms: a multi-word preposition ("in front of", "along with", "out of") chains
// its words as mwe to the last, which carries the links; a capitalised one ("United States") is a
// name headed by its last word; any other ("a few", "at least") keeps the weakest reading, the
// next word under the previous one, for the other links to override.
void LinkConversion::proposeIdioms() {
  for (const auto &[start, next] : m_idiomNext) {
    bool isStart = true;
    for (const auto &[a, b] : m_idiomNext) isStart = isStart && b != start;
    if (!isStart) continue;
    std::vector<int> group{start};
    for (auto it = m_idiomNext.find(start); it != m_idiomNext.end() && group.size() <= m_idiomNext.size(); it = m_idiomNext.find(it->second))
      group.push_back(it->second);
    const int last = group.back();
    bool capitalised = true;
    for (int w : group) capitalised = capitalised && !m_words[u(w)].form.isEmpty() && m_words[u(w)].form.at(0).isUpper();
    const bool prepositional = prepositions().contains(m_lower[last]) && !determiners().contains(m_lower[group.front()]);
    if (prepositional && !fixedExpression(group)) {
      m_compositionalIdioms.push_back(group);
      continue;
    }
    for (std::size_t k = 0; k + 1 < group.size(); ++k) {
      if (prepositional)
        propose(group[k], group[k + 1], QStringLiteral("mwe"), 6);
      else if (capitalised)
        propose(group[k], last, QStringLiteral("nn"), 5);
      else
        propose(group[k + 1], group[k], QStringLiteral("dep"), 1);
    }
  }
}

// The multi-word prepositions UD (EWT) treats as one word, `fixed` ("because of", "such as");
// others ("in front of", "next to", "on top of") are read word by word.
bool LinkConversion::fixedExpression(const std::vector<int> &group) const {
  static const QStringList fixed{QStringLiteral("according to"), QStringLiteral("such as"), QStringLiteral("because of"),
                                 QStringLiteral("due to"), QStringLiteral("instead of"), QStringLiteral("rather than"),
                                 QStringLiteral("as well as"), QStringLiteral("prior to"), QStringLiteral("as to"),
                                 QStringLiteral("as of"), QStringLiteral("up to"), QStringLiteral("out of"),
                                 QStringLiteral("off of")};
  QStringList words;
  for (int w : group) words << m_lower[w];
  return fixed.contains(words.join(QLatin1Char(' ')));
}

// "in front of a fence" as Stanford's basic converter reads it: prep(gov, in), pobj(in, front),
// prep(front, of), pobj(of, fence); "next to the wall": advmod(gov, next), prep(next, to).
void LinkConversion::rewriteCompositionalIdioms() {
  for (const std::vector<int> &group : m_compositionalIdioms) {
    const int last = group.back();
    int content = -1;
    for (int w : group)
      if (w != last && !prepositions().contains(m_lower[w]) && content < 0) content = w;
    const int gov = m_heads[u(last)];
    if (content < 0 || !valid(gov)) continue;
    const QString rel = m_rel[last];
    const int before = content > group.front() ? group.front() : -1;
    if (before >= 0) {
      attach(before, gov, rel);
      attach(content, before, QStringLiteral("pobj"));
      m_upos[before] = QStringLiteral("ADP");
    } else {
      attach(content, gov, QStringLiteral("advmod"));
    }
    attach(last, content, QStringLiteral("prep"));
    m_upos[last] = QStringLiteral("ADP");
  }
}

}  // namespace gs::detail
