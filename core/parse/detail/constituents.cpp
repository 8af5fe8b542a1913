#include "parse/detail/constituents.h"

#include <QRegularExpression>

namespace gs::detail {

namespace {

QString phraseLabel(const QString &upos) {
  if (upos == QLatin1String("NOUN") || upos == QLatin1String("PROPN") || upos == QLatin1String("PRON") || upos == QLatin1String("NUM"))
    return QStringLiteral("NP");
  if (upos == QLatin1String("VERB") || upos == QLatin1String("AUX")) return QStringLiteral("VP");
  if (upos == QLatin1String("ADP")) return QStringLiteral("PP");
  if (upos == QLatin1String("ADJ")) return QStringLiteral("ADJP");
  if (upos == QLatin1String("ADV")) return QStringLiteral("ADVP");
  return QStringLiteral("X");
}

}  // namespace

std::optional<Tree> constituentsFromLinkGrammar(const QString &bracketed, const QStringList &forms, const QStringList &upos,
                                                int skipLeaves) {
  std::vector<TreeNode> nodes;
  std::vector<int> open; // stack of phrase nodes
  int token = 0;
  const QStringList parts = QString(bracketed).replace(QLatin1Char('('), QStringLiteral(" ( ")).replace(QLatin1Char(')'), QStringLiteral(" ) "))
                                .split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
  for (int i = 0; i < parts.size(); ++i) {
    const QString &part = parts[i];
    if (part == QLatin1String("(")) {
      if (i + 1 >= parts.size()) return std::nullopt;
      TreeNode phrase;
      phrase.label = parts[++i];
      phrase.parent = open.empty() ? -1 : open.back();
      if (phrase.parent < 0 && !nodes.empty()) return std::nullopt; // two top-level phrases
      open.push_back(static_cast<int>(nodes.size()));
      nodes.push_back(phrase);
    } else if (part == QLatin1String(")")) {
      if (open.empty()) return std::nullopt;
      open.pop_back();
    } else if (skipLeaves > 0) {
      --skipLeaves; // an added word: no leaf
    } else {
      if (open.empty() || token >= forms.size()) return std::nullopt;
      TreeNode leaf;
      leaf.token = token;
      leaf.word = forms[token];
      leaf.pos = upos[token];
      leaf.parent = open.back();
      nodes.push_back(leaf);
      ++token;
    }
  }
  if (token != forms.size() || !open.empty() || nodes.empty()) return std::nullopt;
  // Drop phrases with no leaf under them (left by skipped words), renumbering parents; a root
  // left with a single phrase child hands the root over to it.
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<int> leaves(nodes.size(), 0);
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (nodes[i].token >= 0)
        for (int up = static_cast<int>(i); up >= 0; up = nodes[static_cast<std::size_t>(up)].parent) ++leaves[static_cast<std::size_t>(up)];
    std::vector<int> newIndex(nodes.size(), -1);
    std::vector<TreeNode> kept;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (leaves[i] > 0) {
        newIndex[i] = static_cast<int>(kept.size());
        kept.push_back(nodes[i]);
      }
    if (kept.size() != nodes.size()) changed = true;
    for (TreeNode &node : kept) node.parent = node.parent < 0 ? -1 : newIndex[static_cast<std::size_t>(node.parent)];
    nodes = std::move(kept);
  }
  // A phrase with no leaf under it cannot be; Link Grammar never writes one, but check.
  Tree tree;
  try {
    tree = Tree::constituency(std::move(nodes));
  } catch (const std::invalid_argument &) {
    return std::nullopt;
  }
  // Link Grammar labels verbless fragments VP ("(S (VP two green triangles and a yellow star) .)"):
  // a VP with no verb among its own leaves is a noun phrase.
  std::vector<TreeNode> fixed;
  for (int n = 0; n < tree.nodeCount(); ++n) fixed.push_back(tree.node(n));
  bool changed = false;
  for (int n = 0; n < tree.nodeCount(); ++n) {
    if (tree.label(n) != QLatin1String("VP")) continue;
    bool verb = false, noun = false;
    for (int t = tree.node(n).begin; t < tree.node(n).end; ++t) {
      verb = verb || upos[t] == QLatin1String("VERB") || upos[t] == QLatin1String("AUX");
      noun = noun || phraseLabel(upos[t]) == QLatin1String("NP");
    }
    if (!verb && noun) {
      fixed[static_cast<std::size_t>(n)].label = QStringLiteral("NP");
      changed = true;
    }
  }
  if (changed) tree = Tree::constituency(std::move(fixed));
  return tree;
}

Tree constituentsFromDependencies(const Tree &dependency) {
  // Node layout: one leaf per token (0..n-1), then one phrase per token that has dependents.
  const int n = dependency.tokenCount();
  std::vector<TreeNode> nodes(static_cast<std::size_t>(n));
  std::vector<int> phraseOf(static_cast<std::size_t>(n), -1);
  for (int t = 0; t < n; ++t) {
    TreeNode &leaf = nodes[static_cast<std::size_t>(t)];
    leaf.token = t;
    leaf.word = dependency.word(t);
    leaf.pos = dependency.pos(t);
    if (!dependency.children(t).empty() || dependency.parent(t) < 0) {
      TreeNode phrase;
      phrase.label = dependency.parent(t) < 0 ? QStringLiteral("S") : phraseLabel(dependency.pos(t));
      phraseOf[static_cast<std::size_t>(t)] = static_cast<int>(nodes.size());
      nodes.push_back(phrase);
    }
  }
  for (int t = 0; t < n; ++t) {
    const int own = phraseOf[static_cast<std::size_t>(t)];
    const int head = dependency.parent(t);
    const int up = head < 0 ? -1 : phraseOf[static_cast<std::size_t>(head)];
    if (own >= 0) {
      nodes[static_cast<std::size_t>(t)].parent = own;
      nodes[static_cast<std::size_t>(own)].parent = up;
    } else {
      nodes[static_cast<std::size_t>(t)].parent = up;
    }
  }
  return Tree::constituency(std::move(nodes));
}

}  // namespace gs::detail
