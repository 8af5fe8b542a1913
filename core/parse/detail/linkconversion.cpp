// The tree operations every link family and rewrite uses: proposing a candidate head, attaching
// without making a cycle, and the questions asked of the heads (dominates, rootOf …).

#include "parse/detail/linkconversion.h"

#include "parse/detail/linktable.h"
#include "parse/detail/wordclasses.h"

#include <cstdlib>

namespace gs::detail {

QString linkType(const QString &label) {
  int i = 0;
  while (i < label.size() && label[i].isUpper()) ++i;
  return label.left(i);
}

LinkConversion::LinkConversion(const std::vector<LgWord> &words, const std::vector<LgLink> &links) : m_words(words), m_links(links) {
  const std::size_t n = words.size();
  m_heads.assign(n, -1);
  m_priority.assign(n, -1);
  m_rel = QStringList();
  for (std::size_t i = 0; i < n; ++i) {
    m_rel << QStringLiteral("dep");
    m_lower << readSpelling(words[i]).toLower();
    m_upos << guessUpos(words[i]);
  }
}

void LinkConversion::propose(int dep, int head, const QString &rel, int priority) {
  if (const auto it = m_appositiveOf.find(dep); it != m_appositiveOf.end() && head != it->second) dep = it->second;
  if (!valid(dep) || !valid(head) || dep == head) return;
  const int old = m_heads[u(dep)];
  const bool better = priority > m_priority[u(dep)] ||
                      (priority == m_priority[u(dep)] && old >= 0 && std::abs(head - dep) < std::abs(old - dep));
  if (!better) return;
  m_heads[u(dep)] = head;
  m_rel[dep] = rel;
  m_priority[u(dep)] = priority;
}

// The arc a link table row gives: the rule's head side, relation (or `rel`) and priority.
void LinkConversion::proposeRuleArc(const TypedLink &t, const LinkRule &rule) { proposeRuleArc(t, rule, QString::fromLatin1(rule.relation)); }

void LinkConversion::proposeRuleArc(const TypedLink &t, const LinkRule &rule, const QString &rel) {
  if (rule.head == LinkHead::Left) propose(t.r, t.l, rel, rule.priority);
  else propose(t.l, t.r, rel, rule.priority);
}

// Is `node` inside the subtree of `top` (following heads up from node)?
bool LinkConversion::dominates(int top, int node) const {
  for (int guard = 0; node >= 0 && guard <= size(); ++guard) {
    if (node == top) return true;
    node = m_heads[u(node)];
  }
  return false;
}

// Attach dep under head without ever making a cycle: when head sits inside dep's subtree,
// head first moves up to dep's old place (the usual re-rooting of a dependency tree).
void LinkConversion::attach(int dep, int head, const QString &rel) {
  if (!valid(dep) || dep == head) return;
  if (valid(head) && dominates(dep, head)) {
    m_heads[u(head)] = m_heads[u(dep)];
    m_rel[head] = m_rel[dep];
  }
  m_heads[u(dep)] = head;
  m_rel[dep] = rel;
}

std::vector<int> LinkConversion::childrenOf(int w) const {
  std::vector<int> children;
  for (int i = 0; i < size(); ++i)
    if (m_heads[u(i)] == w) children.push_back(i);
  return children;
}

bool LinkConversion::hasSubject(int w) const {
  static const QStringList subjects{QStringLiteral("nsubj"), QStringLiteral("nsubjpass"), QStringLiteral("expl"), QStringLiteral("csubj")};
  for (int i = 0; i < size(); ++i)
    if (m_heads[u(i)] == w && subjects.contains(m_rel[i])) return true;
  return false;
}

int LinkConversion::rootOf(int w) const {
  for (int guard = 0; m_heads[u(w)] >= 0 && guard <= size(); ++guard) w = m_heads[u(w)];
  return w;
}

int LinkConversion::subtree(int top) const {
  int count = 0;
  for (int i = 0; i < size(); ++i) count += dominates(top, i) ? 1 : 0;
  return count;
}

}  // namespace gs::detail
