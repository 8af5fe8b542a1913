// The tree's shape: cycles a linkage can hold, the root (the wall's links, else the largest
// headless subtree), orphans, a preposition or subordinate clause left as the root.

#include "parse/detail/linkconversion.h"
#include "parse/detail/wordclasses.h"

namespace gs::detail {

// LG linkages can hold cycles (a word linked from two sides); keep the higher-priority arcs.
void LinkConversion::breakCycles() {
  for (int i = 0; i < size(); ++i) {
    int slow = i;
    std::vector<int> path;
    for (int guard = 0; slow >= 0 && guard <= size(); ++guard) {
      path.push_back(slow);
      slow = m_heads[u(slow)];
      if (slow == i) {
        int weakest = i;
        for (int p : path)
          if (m_priority[u(p)] < m_priority[u(weakest)]) weakest = p;
        m_heads[u(weakest)] = -1;
        m_priority[u(weakest)] = -1;
        break;
      }
    }
  }
}

// The root: the best surviving candidate of the wall's links; then the repairs of a partial parse,
// joined clauses, and every word still headless hangs on the root.
void LinkConversion::chooseRootAndAttachOrphans() {
  // "Read the entire article ; there 's a punchline": the wall's WV and the joiner's WV both name
  // the second clause's verb; the first clause's head is the wall's other W link (Wg "Read").
  for (auto &[priority, word] : m_rootCandidates) {
    if (priority != 3) continue;
    for (const auto &[joiner, verb] : m_joinedClauses)
      if (verb == word && joiner < word)
        for (const auto &[otherPriority, other] : m_rootCandidates)
          if (other != word && other < joiner && otherPriority >= 1) priority = 0;
  }
  int root = -1, best = -1;
  for (const auto &[priority, word] : m_rootCandidates) {
    const int w = resolved(word);
    if (valid(w) && m_heads[u(w)] < 0 && priority > best) {
      best = priority;
      root = w;
    }
  }
  if (root < 0) // no wall link survived: the headless non-null verb, else the largest headless subtree
    for (int pass = 0; pass < 2 && root < 0; ++pass)
      for (int i = 0; i < size(); ++i)
        if (m_heads[u(i)] < 0 && !m_words[u(i)].null && !isPunctuation(m_words[u(i)].form) &&
            (pass == 1 || m_upos[i] == QLatin1String("VERB")) && (root < 0 || subtree(i) > subtree(root)))
          root = i;
  if (root < 0) root = 0;
  repairNullPrepositions(root);
  root = rootOf(root);
  joinClauses(root);
  attachNullModifiers(root);
  attachNullFunctionWords(root);
  for (int i = 0; i < size(); ++i) {
    if (i == root || m_heads[u(i)] >= 0) continue;
    m_heads[u(i)] = root;
    m_rel[i] = isPunctuation(m_words[u(i)].form) ? QStringLiteral("punct") : QStringLiteral("dep");
  }
  for (int p : m_wallPunct)
    if (p != root) attach(p, root, QStringLiteral("punct"));
  for (int c : m_initialConjunctions)
    if (c != root && (m_heads[u(c)] < 0 || m_heads[u(c)] == root)) attach(c, root, QStringLiteral("cc"));
  m_heads[u(root)] = -1;
  m_rel[root] = QStringLiteral("root");
  lowerPunctuationHeads();
  root = rootOf(root);
  root = rerootPreposition(root);
  raiseMainClause(root);
}

// A preposition never heads a sentence, yet partial linkages leave one as root: "From the AP
// [comes] this story", "In … incidents , some eleven Iraqis were killed …", "x@y.com on
// 08/15/2000". The root moves to its dependent verb with a subject (else any dependent verb),
// else to the nominal before it, else to its object; the preposition (with its object) then
// modifies the new root as a prep.
int LinkConversion::rerootPreposition(int root) {
  if (m_upos[root] != QLatin1String("ADP")) return root;
  const std::vector<int> children = childrenOf(root);
  int heir = -1;
  for (int pass = 0; pass < 2 && heir < 0; ++pass)
    for (int c : children)
      if (heir < 0 && m_upos[c] == QLatin1String("VERB") && (pass == 1 || hasSubject(c))) heir = c;
  for (int c : children)
    if (heir < 0 && c < root && isNominal(m_upos[c])) heir = c;
  for (int c : children)
    if (heir < 0 && m_rel[c] == QLatin1String("pobj")) heir = c;
  if (heir < 0) return root;
  const bool object = m_rel[heir] == QLatin1String("pobj");
  for (int c : children) // what follows the preposition stays with it when it keeps its object
    if (c != heir && (c < root || (!object && m_rel[c] != QLatin1String("pobj")))) m_heads[u(c)] = heir;
  m_heads[u(heir)] = -1;
  m_rel[heir] = QStringLiteral("root");
  m_heads[u(root)] = heir;
  m_rel[root] = object ? QStringLiteral("dep") : QStringLiteral("prep"); // under its own object: no prep to be
  return heir;
}

// "As you know , we are in the process …", "If you would like , we can set up a call": Link
// Grammar's wall picks the opening subordinate clause's verb, and the main clause hangs under it
// (ccomp, parataxis, conj, dep). When the root is marked by a subordinator that opens the
// sentence, its first later clausal dependent with a subject of its own becomes the root, the
// subordinate clause its advcl, and what followed that clause (final punctuation) goes with it.
void LinkConversion::raiseMainClause(int root) {
  static const QStringList subordinators{QStringLiteral("as"), QStringLiteral("if"), QStringLiteral("until"), QStringLiteral("when"),
                                         QStringLiteral("because"), QStringLiteral("although"), QStringLiteral("though"), QStringLiteral("since"),
                                         QStringLiteral("while"), QStringLiteral("once"), QStringLiteral("unless"), QStringLiteral("after"),
                                         QStringLiteral("before"), QStringLiteral("whereas")};
  static const QStringList clausal{QStringLiteral("ccomp"), QStringLiteral("parataxis"), QStringLiteral("conj"), QStringLiteral("dep")};
  int mark = -1;
  for (int i = 0; i < root && mark < 0; ++i) {
    if (m_heads[u(i)] == root && subordinators.contains(m_lower[i]) &&
        (m_rel[i] == QLatin1String("mark") || (m_rel[i] == QLatin1String("advmod") && m_lower[i].endsWith(QLatin1String("though")))))
      mark = i; // Link Grammar reads "though" / "although" as adverbs
    else if (m_rel[i] != QLatin1String("cc") && !isPunctuation(m_words[u(i)].form)) break; // the subordinator must open the sentence
  }
  if (mark < 0) return;
  int main = -1;
  for (int c = root + 1; c < size() && main < 0; ++c)
    if (m_heads[u(c)] == root && clausal.contains(m_rel[c]) && hasSubject(c)) main = c;
  if (main < 0) return;
  for (int i = main + 1; i < size(); ++i)
    if (m_heads[u(i)] == root) m_heads[u(i)] = main;
  m_heads[u(main)] = -1;
  m_rel[main] = QStringLiteral("root");
  m_heads[u(root)] = main;
  m_rel[root] = QStringLiteral("advcl");
}

// The rewrites keep the heads a tree, but linkages as tangled as "The one time I actually booked
// through a travel agent I did not get …" (Osn to the "I" of a second clause, CV back) can still
// close a loop between two of them. A word whose head chain does not reach the root is on or under
// a loop: the first loop word found hangs on the root as `dep`, and the check repeats.
void LinkConversion::breakLeftoverCycles() {
  int root = -1;
  for (int i = 0; i < size() && root < 0; ++i)
    if (m_heads[u(i)] < 0) root = i;
  if (root < 0) return;
  for (int i = 0; i < size(); ++i) {
    int w = i;
    for (int steps = 0; w >= 0 && steps <= size(); ++steps) w = m_heads[u(w)];
    if (w < 0) continue;
    // w is on the loop (size() + 1 steps from i cannot all lie before it)
    m_heads[u(w)] = root;
    m_rel[w] = QStringLiteral("dep");
  }
}

}  // namespace gs::detail
