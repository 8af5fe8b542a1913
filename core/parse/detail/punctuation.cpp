#include "parse/detail/punctuation.h"

#include "parse/detail/wordclasses.h"

#include <algorithm>

namespace gs::detail {

namespace {

QString closingOf(const QString &form) {
  if (form == QLatin1String("(")) return QStringLiteral(")");
  if (form == QLatin1String("[")) return QStringLiteral("]");
  if (form == QLatin1String("{")) return QStringLiteral("}");
  if (form == QLatin1String("\"")) return QStringLiteral("\"");
  if (form == QLatin1String("``")) return QStringLiteral("''");
  if (form == QString(QChar(0x201C))) return QString(QChar(0x201D));
  return {};
}

class PunctuationAttacher {
public:
  PunctuationAttacher(const QStringList &forms, Dependencies &deps)
      : m_forms(forms), m_deps(deps), m_n(static_cast<int>(deps.heads.size())), m_kind(static_cast<std::size_t>(m_n), Kind::Free) {}

  void run() {
    for (int i = 0; i < m_n; ++i) m_punct.push_back(m_deps.relations[i] == QLatin1String("punct") && isPunctuation(m_forms[i]));
    for (int i = 0; i < m_n; ++i) // punctuation keeps no dependents: they move up to the first non-mark
      while (head(i) >= 0 && m_punct[std::size_t(head(i))] && head(head(i)) != i) setHead(i, head(head(i)));
    for (int i = 0; i < m_n; ++i)
      if (m_punct[std::size_t(i)] && m_kind[std::size_t(i)] == Kind::Free) pairFrom(i);
    for (int i = 0; i < m_n; ++i)
      if (m_punct[std::size_t(i)] && m_kind[std::size_t(i)] == Kind::Free && !hasChildren(i)) attachSubordinate(i);
  }

private:
  enum class Kind { Free, Opening, Closing };

  int head(int i) const { return m_deps.heads[std::size_t(i)]; }
  void setHead(int i, int h) { m_deps.heads[std::size_t(i)] = h; }
  bool hasChildren(int p) const {
    for (int i = 0; i < m_n; ++i)
      if (head(i) == p) return true;
    return false;
  }
  bool dominates(int top, int node) const {
    for (int guard = 0; node >= 0 && guard <= m_n; ++guard, node = head(node))
      if (node == top) return true;
    return false;
  }

  // Subtree span of every node, the mark `skip` left out (it is being moved).
  void computeSpans(int skip) {
    m_lo.assign(std::size_t(m_n), 0);
    m_hi.assign(std::size_t(m_n), 0);
    for (int i = 0; i < m_n; ++i) m_lo[std::size_t(i)] = m_hi[std::size_t(i)] = i;
    for (int i = 0; i < m_n; ++i) {
      if (i == skip) continue;
      for (int a = head(i), guard = 0; a >= 0 && a != skip && guard <= m_n; a = head(a), ++guard) {
        m_lo[std::size_t(a)] = std::min(m_lo[std::size_t(a)], i);
        m_hi[std::size_t(a)] = std::max(m_hi[std::size_t(a)], i);
      }
    }
  }

  // Attaching p to h is projective when every word between them lies in h's subtree.
  bool projective(int p, int h) const {
    for (int i = std::min(p, h) + 1; i < std::max(p, h); ++i)
      if (!dominates(h, i)) return false;
    return true;
  }

  void pairFrom(int open) {
    const QString close = closingOf(m_forms[open]);
    if (close.isEmpty()) return;
    int depth = 0, closing = -1;
    for (int i = open + 1; i < m_n && closing < 0; ++i) {
      if (m_forms[i] == close && m_punct[std::size_t(i)]) {
        if (depth == 0) closing = i;
        else --depth;
      } else if (m_forms[i] == m_forms[open]) {
        ++depth;
      }
    }
    if (closing < 0) return;
    std::vector<int> heads; // words inside whose head is outside the pair
    for (int i = open + 1; i < closing; ++i)
      if (!m_punct[std::size_t(i)] && (head(i) < open || head(i) > closing)) heads.push_back(i);
    if (heads.empty()) return;
    setHead(open, heads.front());
    setHead(closing, heads.back());
    m_kind[std::size_t(open)] = Kind::Opening;
    m_kind[std::size_t(closing)] = Kind::Closing;
  }

  void attachSubordinate(int p) {
    computeSpans(p);
    int left = p - 1, right = p + 1;
    while (left >= 0 && m_punct[std::size_t(left)]) {
      if (m_kind[std::size_t(left)] == Kind::Opening && head(left) != p) { left = -1; break; }
      --left;
    }
    const QString &form = m_forms[p];
    const bool final = form == QLatin1String(".") || form == QLatin1String("?") || form == QLatin1String("!");
    if (final) right = m_n;
    while (right < m_n && m_punct[std::size_t(right)]) {
      if (m_kind[std::size_t(right)] == Kind::Closing && head(right) != p) { right = m_n; break; }
      ++right;
    }
    int l = -1, r = -1;
    if (left >= 0) {
      l = left;
      while (head(l) >= 0 && head(l) < p && m_hi[std::size_t(l)] < p && projective(p, head(l))) l = head(l);
      if (!projective(p, l)) l = -1;
    }
    if (right < m_n) {
      r = right;
      while (head(r) > p && m_lo[std::size_t(r)] > p && projective(p, head(r))) r = head(r);
      if (!projective(p, r)) r = -1;
    }
    int chosen = -1;
    if (l >= 0 && r >= 0) chosen = dominates(r, l) ? l : dominates(l, r) ? r : l;
    else chosen = l >= 0 ? l : r;
    if (chosen >= 0 && chosen != p) setHead(p, chosen);
  }

  const QStringList &m_forms;
  Dependencies &m_deps;
  const int m_n;
  std::vector<Kind> m_kind;
  std::vector<bool> m_punct;
  std::vector<int> m_lo, m_hi;
};

}  // namespace

void attachPunctuation(const QStringList &forms, Dependencies &deps) { PunctuationAttacher(forms, deps).run(); }

}  // namespace gs::detail
