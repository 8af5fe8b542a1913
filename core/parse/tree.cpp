#include "parse/tree.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/topological_sort.hpp>

#include <algorithm>
#include <functional>
#include <iterator>
#include <stdexcept>

namespace gs {

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

[[noreturn]] void invalid(const char *function, const QString &why) {
  throw std::invalid_argument(QStringLiteral("%1: %2").arg(QLatin1String(function), why).toStdString());
}

}  // namespace

Tree Tree::dependency(const QStringList &words, const QStringList &pos, const std::vector<int> &heads,
                      const QStringList &relations) {
  const int n = static_cast<int>(words.size());
  if (n == 0) invalid("Tree::dependency", QStringLiteral("no tokens"));
  if (pos.size() != n || relations.size() != n || static_cast<int>(heads.size()) != n)
    invalid("Tree::dependency", QStringLiteral("%1 words but %2 tags, %3 heads, %4 relations")
                                    .arg(n).arg(pos.size()).arg(heads.size()).arg(relations.size()));
  Tree tree;
  tree.m_kind = TreeKind::Dependency;
  tree.m_tokens = n;
  tree.m_nodes.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    TreeNode &node = tree.m_nodes[static_cast<std::size_t>(i)];
    node.token = i;
    node.word = words[i];
    node.pos = pos[i];
    node.label = relations[i];
    const int head = heads[static_cast<std::size_t>(i)];
    if (head < -1 || head >= n || head == i)
      invalid("Tree::dependency", QStringLiteral("token %1 has head %2 (tokens 0..%3, -1 = root)").arg(i).arg(head).arg(n - 1));
    node.parent = head;
  }
  tree.finish();
  return tree;
}

Tree Tree::constituency(std::vector<TreeNode> nodes) {
  if (nodes.empty()) invalid("Tree::constituency", QStringLiteral("no nodes"));
  Tree tree;
  tree.m_kind = TreeKind::Constituency;
  const int count = static_cast<int>(nodes.size());
  for (const TreeNode &node : nodes)
    if (node.parent < -1 || node.parent >= count) invalid("Tree::constituency", QStringLiteral("parent %1 out of range").arg(node.parent));
  tree.m_nodes = std::move(nodes);
  tree.finish();
  // Leaves must be the tokens 0..n-1 in order, and only leaves carry tokens.
  int expected = 0;
  for (int n : tree.postOrder()) {
    const TreeNode &node = tree.m_nodes[static_cast<std::size_t>(n)];
    if (node.children.empty()) {
      if (node.token != expected) invalid("Tree::constituency", QStringLiteral("leaf %1 holds token %2, expected %3").arg(n).arg(node.token).arg(expected));
      ++expected;
    } else if (node.token >= 0) {
      invalid("Tree::constituency", QStringLiteral("phrase node %1 carries token %2").arg(n).arg(node.token));
    }
  }
  tree.m_tokens = expected;
  tree.finish(); // spans now that token counts are known to be consistent
  return tree;
}

// O(N): one topological sort (Boost.Graph) over parent→child edges checks there is no cycle and
// gives a children-before-parents order for heights, sizes and spans.
void Tree::finish() {
  const int n = nodeCount();
  const char *who = m_kind == TreeKind::Dependency ? "Tree::dependency" : "Tree::constituency";
  m_root = -1;
  Graph graph(static_cast<std::size_t>(n));
  for (auto &node : m_nodes) node.children.clear();
  for (int i = 0; i < n; ++i) {
    const int p = m_nodes[static_cast<std::size_t>(i)].parent;
    if (p < 0) {
      if (m_root >= 0) invalid(who, QStringLiteral("two roots (%1 and %2)").arg(m_root).arg(i));
      m_root = i;
    } else {
      boost::add_edge(static_cast<std::size_t>(p), static_cast<std::size_t>(i), graph);
      m_nodes[static_cast<std::size_t>(p)].children.push_back(i);
    }
  }
  if (m_root < 0) invalid(who, QStringLiteral("no root (the heads form a cycle)"));
  std::vector<std::size_t> bottomUp;
  try {
    boost::topological_sort(graph, std::back_inserter(bottomUp)); // children before parents
  } catch (const boost::not_a_dag &) {
    invalid(who, QStringLiteral("the heads form a cycle"));
  }
  m_height.assign(static_cast<std::size_t>(n), 0);
  m_size.assign(static_cast<std::size_t>(n), 0);
  const bool dep = m_kind == TreeKind::Dependency;
  for (std::size_t v : bottomUp) {
    TreeNode &node = m_nodes[v];
    const int self = node.token >= 0 && (dep || node.children.empty()) ? 1 : 0;
    int size = self, height = 0;
    int begin = node.token >= 0 ? node.token : n + m_tokens + 1, end = node.token >= 0 ? node.token + 1 : -1;
    for (int c : node.children) {
      const auto cu = static_cast<std::size_t>(c);
      size += m_size[cu];
      height = std::max(height, m_height[cu] + 1);
      begin = std::min(begin, m_nodes[cu].begin);
      end = std::max(end, m_nodes[cu].end);
    }
    m_size[v] = size;
    m_height[v] = height;
    node.begin = end < 0 ? 0 : begin;
    node.end = std::max(end, 0);
  }
  // Children in token order (dependency: by token index; constituency: by span start).
  for (auto &node : m_nodes)
    std::sort(node.children.begin(), node.children.end(), [this, dep](int a, int b) {
      const TreeNode &x = m_nodes[static_cast<std::size_t>(a)], &y = m_nodes[static_cast<std::size_t>(b)];
      return dep ? x.token < y.token : x.begin < y.begin;
    });
  m_tokenNode.assign(static_cast<std::size_t>(std::max(m_tokens, 0)), -1);
  for (int i = 0; i < n; ++i) {
    const int t = m_nodes[static_cast<std::size_t>(i)].token;
    if (t >= 0 && t < m_tokens) m_tokenNode[static_cast<std::size_t>(t)] = i;
  }
}

int Tree::nodeOfToken(int t) const {
  return t >= 0 && t < static_cast<int>(m_tokenNode.size()) ? m_tokenNode[static_cast<std::size_t>(t)] : -1;
}

ChildPosition Tree::childPosition(int child) const {
  ChildPosition position;
  const int p = parent(child);
  if (p < 0) return position;
  const TreeNode &head = node(p);
  const std::vector<int> &siblings = head.children;
  const auto at = std::find(siblings.begin(), siblings.end(), child) - siblings.begin();
  // The head's own place among its children: its token (dependency) or, for phrases, none —
  // constituency children are counted from the left edge (left) as W_l1, W_l2 ... of a binary node.
  if (m_kind == TreeKind::Dependency) {
    const bool left = node(child).token < head.token;
    position.side = left ? ChildPosition::Left : ChildPosition::Right;
    int rank = 0;
    for (int s : siblings)
      if ((node(s).token < head.token) == left &&
          (left ? node(s).token >= node(child).token : node(s).token <= node(child).token))
        ++rank;
    position.index = rank;
  } else {
    position.side = at == 0 ? ChildPosition::Left : ChildPosition::Right;
    position.index = static_cast<int>(at) + 1;
  }
  return position;
}

std::vector<int> Tree::postOrder() const {
  std::vector<int> order;
  if (m_root < 0) return order;
  order.reserve(m_nodes.size());
  // Iterative: (node, next child) pairs, so deep trees cannot overflow the stack.
  std::vector<std::pair<int, std::size_t>> stack{{m_root, 0}};
  while (!stack.empty()) {
    auto &[n, next] = stack.back();
    const std::vector<int> &kids = children(n);
    if (next < kids.size()) {
      const int c = kids[next++];
      stack.push_back({c, 0});
    } else {
      order.push_back(n);
      stack.pop_back();
    }
  }
  return order;
}

std::vector<std::vector<int>> Tree::levelOrder() const {
  std::vector<std::vector<int>> levels;
  if (m_root < 0) return levels;
  levels.resize(static_cast<std::size_t>(height(m_root)) + 1);
  for (int n : postOrder()) levels[static_cast<std::size_t>(height(n))].push_back(n);
  return levels;
}

std::vector<int> Tree::conllHeads() const {
  if (m_kind != TreeKind::Dependency) throw std::logic_error("Tree::conllHeads: not a dependency tree");
  std::vector<int> heads(static_cast<std::size_t>(m_tokens), 0);
  for (const TreeNode &node : m_nodes) heads[static_cast<std::size_t>(node.token)] = node.parent < 0 ? 0 : m_nodes[static_cast<std::size_t>(node.parent)].token + 1;
  return heads;
}

Tree Tree::binarized() const {
  if (m_kind != TreeKind::Constituency) throw std::logic_error("Tree::binarized: not a constituency tree");
  std::vector<TreeNode> out;
  out.reserve(m_nodes.size() * 2);
  std::function<void(int, int)> copy = [&](int n, int parent) {
    TreeNode x = node(n);
    x.children.clear();
    x.parent = parent;
    const int id = static_cast<int>(out.size());
    out.push_back(x);
    const std::vector<int> &kids = node(n).children;
    int attachTo = id;
    for (std::size_t i = 0; i < kids.size(); ++i) {
      if (kids.size() > 2 && i >= 1 && i + 1 < kids.size()) { // kids[i..] go under a new binary node
        TreeNode bar;
        bar.label = x.label;
        bar.parent = attachTo;
        attachTo = static_cast<int>(out.size());
        out.push_back(bar);
      }
      copy(kids[i], attachTo);
    }
  };
  copy(m_root, -1);
  return constituency(std::move(out));
}

namespace {

QString escapeBracket(QString text) {
  // PTB escapes brackets inside leaves.
  text.replace(QLatin1Char('('), QStringLiteral("-LRB-")).replace(QLatin1Char(')'), QStringLiteral("-RRB-"));
  return text;
}

}  // namespace

QString Tree::toBracketed() const {
  if (m_root < 0) return {};
  QString out;
  // Recursive lambda over an explicit stack would obscure a simple job; trees are caption-sized.
  std::function<void(int)> write = [&](int n) {
    const TreeNode &x = node(n);
    if (m_kind == TreeKind::Constituency && x.children.empty()) {
      out += QStringLiteral("(%1 %2)").arg(x.pos.isEmpty() ? QStringLiteral("X") : x.pos, escapeBracket(x.word));
      return;
    }
    if (m_kind == TreeKind::Dependency) {
      // A dependency tree in brackets: (relation word children...), children in token order.
      out += QStringLiteral("(%1 ").arg(x.label);
      bool headWritten = false;
      for (int c : x.children) {
        if (!headWritten && node(c).token > x.token) {
          out += escapeBracket(x.word) + QLatin1Char(' ');
          headWritten = true;
        }
        write(c);
        out += QLatin1Char(' ');
      }
      if (!headWritten) out += escapeBracket(x.word);
      if (out.endsWith(QLatin1Char(' '))) out.chop(1);
      out += QLatin1Char(')');
      return;
    }
    out += QLatin1Char('(') + x.label;
    for (int c : x.children) {
      out += QLatin1Char(' ');
      write(c);
    }
    out += QLatin1Char(')');
  };
  write(m_root);
  return out;
}

}  // namespace gs
