#include "parse/compactparse.h"

#include "parse/detail/stringpool.h"

#include <stdexcept>

namespace gs {

namespace {

[[noreturn]] void invalid(const QString &why) {
  throw std::invalid_argument(QStringLiteral("CompactParse: %1").arg(why).toStdString());
}

}  // namespace

CompactParse::CompactParse(const ParsedCaption &p)
    : m_text(p.text), m_tokenCount(int(p.tokens.size())), m_nullCount(p.nullCount),
      m_segments(std::int16_t(p.segments)), m_style(std::uint8_t(p.style)), m_quality(std::uint8_t(p.quality)),
      m_hasDependency(!p.dependency.isEmpty()), m_timedOut(p.timedOut), m_fragment(p.fragment) {
  const int n = m_tokenCount;
  if (p.upos.size() != n || p.xpos.size() != n || int(p.offsets.size()) != n)
    invalid(QStringLiteral("%1 tokens but %2 upos, %3 xpos, %4 offsets").arg(n).arg(p.upos.size()).arg(p.xpos.size()).arg(p.offsets.size()));
  if (m_hasDependency && p.dependency.nodeCount() != n)
    invalid(QStringLiteral("%1 tokens but %2 dependency nodes").arg(n).arg(p.dependency.nodeCount()));
  const Tree &con = p.constituency;
  m_constituentCount = con.nodeCount();

  QStringList strings = p.tokens + p.upos + p.xpos;
  m_shape.reserve(std::size_t(2 * n + 2 * m_constituentCount));
  m_shape.insert(m_shape.end(), p.offsets.begin(), p.offsets.end());
  if (m_hasDependency) {
    for (int t = 0; t < n; ++t) {
      const TreeNode &node = p.dependency.node(t);
      if (node.token != t || node.word != p.tokens[t] || node.pos != p.upos[t])
        invalid(QStringLiteral("dependency node %1 is not token %1 with its tag").arg(t));
      strings << node.label;
      m_shape.push_back(node.parent);
    }
  }
  for (int k = 0; k < m_constituentCount; ++k) {
    // Word and tag are kept as they are: a style's rewrite of the tags (Universal's AUX, for one)
    // can leave a leaf's tag other than its token's.
    const TreeNode &node = con.node(k);
    strings << node.label << node.word << node.pos;
    m_shape.push_back(node.parent);
  }
  for (int k = 0; k < m_constituentCount; ++k) m_shape.push_back(con.node(k).token);
  m_strings.reserve(std::size_t(strings.size()));
  detail::StringPool::parses().internAll(strings, m_strings);
}

ParsedCaption CompactParse::expand() const {
  const int n = m_tokenCount;
  const QStringList strings = detail::StringPool::parses().strings(m_strings.data(), int(m_strings.size()));
  ParsedCaption p;
  p.text = m_text;
  p.tokens = strings.mid(0, n);
  p.upos = strings.mid(n, n);
  p.xpos = strings.mid(2 * n, n);
  p.offsets.assign(m_shape.begin(), m_shape.begin() + n);
  int nextString = 3 * n;
  int nextShape = n;
  if (m_hasDependency) {
    const std::vector<int> heads(m_shape.begin() + nextShape, m_shape.begin() + nextShape + n);
    p.dependency = Tree::dependency(p.tokens, p.upos, heads, strings.mid(nextString, n));
    nextString += n;
    nextShape += n;
  }
  if (m_constituentCount > 0) {
    std::vector<TreeNode> nodes(static_cast<std::size_t>(m_constituentCount));
    for (int k = 0; k < m_constituentCount; ++k) {
      TreeNode &node = nodes[std::size_t(k)];
      node.label = strings[nextString + 3 * k];
      node.word = strings[nextString + 3 * k + 1];
      node.pos = strings[nextString + 3 * k + 2];
      node.parent = m_shape[std::size_t(nextShape + k)];
      node.token = m_shape[std::size_t(nextShape + m_constituentCount + k)];
    }
    p.constituency = Tree::constituency(std::move(nodes));
  }
  p.style = DependencyStyle(m_style);
  p.quality = ParseQuality(m_quality);
  p.timedOut = m_timedOut;
  p.nullCount = m_nullCount;
  p.fragment = m_fragment;
  p.segments = m_segments;
  return p;
}

std::size_t CompactParse::bytes() const {
  const std::size_t text = m_text.isEmpty() ? 0 : sizeof(char16_t) * std::size_t(m_text.capacity() + 1) + 16;
  return sizeof(*this) + m_strings.capacity() * sizeof(std::uint32_t) + m_shape.capacity() * sizeof(std::int32_t) + text;
}

}  // namespace gs
