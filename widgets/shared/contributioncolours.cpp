#include "shared/contributioncolours.h"

#include "common/attributiontext.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <functional>

namespace gs {

namespace {
bool isWordToken(const QString &token) {
  return std::any_of(token.begin(), token.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

// The words a part covers, lower-cased, punctuation dropped: what both sides of a match agree on.
QString partKey(const SentenceAttribution &a, const AttributedPart &p) {
  QStringList words;
  for (int t = std::max(0, p.begin); t < std::min<int>(p.end, int(a.tokens.size())); ++t)
    if (isWordToken(a.tokens[t])) words << a.tokens[t].toLower();
  return words.join(QLatin1Char(' '));
}

// The words under a view node, in sentence order, keyed like partKey.
QString nodeKey(const ViewTree &tree, int node) {
  std::vector<std::pair<int, QString>> words;
  std::function<void(int)> collect = [&](int n) {
    const ViewTree::Node &v = tree.nodes[std::size_t(n)];
    if (v.order >= 0 && isWordToken(v.word)) words.emplace_back(v.order, v.word.toLower());
    for (int c : v.children) collect(c);
  };
  collect(node);
  std::sort(words.begin(), words.end());
  QStringList out;
  for (const auto &w : words) out << w.second;
  return out.join(QLatin1Char(' '));
}

NodeContributions empty(const ViewTree &tree) {
  NodeContributions out;
  out.values.assign(tree.nodes.size(), std::nan(""));
  out.tips.assign(tree.nodes.size(), QString());
  return out;
}

// Tree nodes to tree nodes: each view node takes the first unused part covering the same words.
NodeContributions matchTreeNodes(const SentenceAttribution &a, const ViewTree &tree) {
  NodeContributions out = empty(tree);
  std::vector<QString> keys;
  for (const AttributedPart &p : a.parts) keys.push_back(partKey(a, p));
  std::vector<bool> used(a.parts.size(), false);
  for (int n = 0; n < int(tree.nodes.size()); ++n) {
    const QString key = nodeKey(tree, n);
    for (std::size_t p = 0; p < keys.size(); ++p) {
      if (used[p] || keys[p] != key || key.isEmpty()) continue;
      used[p] = true;
      out.values[std::size_t(n)] = a.parts[p].contribution;
      out.tips[std::size_t(n)] = sentencePartToolTip(a, int(p));
      break;
    }
  }
  return out;
}

// The tooltip of token `t` of a word or character attribution.
QString tokenTip(const SentenceAttribution &a, int t, double value) {
  if (a.unit == SentenceUnitKind::Word)
    for (int p = 0; p < int(a.parts.size()); ++p)
      if (a.parts[std::size_t(p)].begin == t) return sentencePartToolTip(a, p);
  return QStringLiteral("%1\n%2").arg(a.tokens.value(t), QCoreApplication::translate("gs::Attribution", "contribution (sum over its characters): %1")
                                                            .arg(QString::number(value, 'f', 4)));
}

// Words to the view's words, in sentence order; a view word with no token left unmatched.
NodeContributions matchWords(const SentenceAttribution &a, const ViewTree &tree) {
  NodeContributions out = empty(tree);
  const std::vector<double> values = tokenContributions(a);
  int next = 0;
  for (int node : tree.wordNodes()) {
    const QString word = tree.nodes[std::size_t(node)].word;
    for (int t = next; t < int(a.tokens.size()); ++t) {
      if (a.tokens[t].compare(word, Qt::CaseInsensitive) != 0) continue;
      next = t + 1;
      if (std::isnan(values[std::size_t(t)])) break;
      out.values[std::size_t(node)] = values[std::size_t(t)];
      out.tips[std::size_t(node)] = tokenTip(a, t, values[std::size_t(t)]);
      break;
    }
  }
  return out;
}
}  // namespace

bool NodeContributions::any() const {
  return std::any_of(values.begin(), values.end(), [](double v) { return !std::isnan(v); });
}

NodeContributions contributionsForTree(const SentenceAttribution &attribution, const ViewTree &tree) {
  if (attribution.unit == SentenceUnitKind::TreeNode) return matchTreeNodes(attribution, tree);
  return matchWords(attribution, tree);
}

}  // namespace gs
