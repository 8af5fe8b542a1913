#include "models/detail/encodedtree.h"

#include <QJsonArray>

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>

namespace gs::detail {

namespace {

const QString kRare = QStringLiteral("<rare>");

// Sizes and heights bottom-up; children of each node from the parent array.
void finishTree(EncodedTree &t) {
  const int n = t.nodeCount();
  std::vector<std::vector<int>> children(std::size_t(n), std::vector<int>{});
  for (int i = 0; i < n; ++i)
    if (t.parent[std::size_t(i)] >= 0) children[std::size_t(t.parent[std::size_t(i)])].push_back(i);
  t.size.assign(std::size_t(n), 0);
  t.height.assign(std::size_t(n), 0);
  // Post-order by explicit stack from the root.
  std::vector<int> order, stack{t.root};
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    order.push_back(v);
    for (int c : children[std::size_t(v)]) stack.push_back(c);
  }
  if (int(order.size()) != n) throw std::invalid_argument("finishEncodedTree: nodes not reachable from the root");
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const int v = *it;
    int size = t.word[std::size_t(v)] >= 0 ? 1 : 0; // ℓ counts words only
    int height = 0;
    for (int c : children[std::size_t(v)]) {
      size += t.size[std::size_t(c)];
      height = std::max(height, t.height[std::size_t(c)] + 1);
    }
    t.size[std::size_t(v)] = size;
    t.height[std::size_t(v)] = height;
  }
}

// Side and rank of each child: left children counted outward from the head (nearest = 1), right
// children likewise (Socher §3.2: W_l1 … W_lkl, W_r1 … W_rkr). `key` orders nodes in the sentence.
void assignPositions(EncodedTree &t, const std::vector<int> &key) {
  const int n = t.nodeCount();
  t.side.assign(std::size_t(n), 0);
  t.rank.assign(std::size_t(n), 0);
  std::vector<std::vector<int>> left(static_cast<std::size_t>(n)), right(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const int p = t.parent[std::size_t(i)];
    if (p < 0) continue;
    (key[std::size_t(i)] < key[std::size_t(p)] ? left : right)[std::size_t(p)].push_back(i);
  }
  for (int p = 0; p < n; ++p) {
    auto &l = left[std::size_t(p)];
    std::sort(l.begin(), l.end(), [&](int a, int b) { return key[std::size_t(a)] > key[std::size_t(b)]; });
    for (std::size_t k = 0; k < l.size(); ++k) t.rank[std::size_t(l[k])] = int(k) + 1;
    auto &r = right[std::size_t(p)];
    std::sort(r.begin(), r.end(), [&](int a, int b) { return key[std::size_t(a)] < key[std::size_t(b)]; });
    for (std::size_t k = 0; k < r.size(); ++k) {
      t.side[std::size_t(r[k])] = 1;
      t.rank[std::size_t(r[k])] = int(k) + 1;
    }
  }
}

EncodedTree flatTree(const QStringList &wordTokens, const Vocabulary &words) {
  EncodedTree t;
  const std::vector<std::int64_t> ids = words.encodeWords(wordTokens); // never empty
  const int n = int(ids.size());
  std::vector<int> key;
  for (int i = 0; i < n; ++i) {
    t.word.push_back(ids[std::size_t(i)]);
    t.parent.push_back(i == n - 1 ? -1 : n - 1);
    t.relation.push_back(0);
    t.sourceNode.push_back(-1);
    key.push_back(i);
  }
  t.root = n - 1;
  finishEncodedTree(t, key, false);
  return t;
}

EncodedTree dependencyTree(const ParsedCaption &parse, const std::vector<int> &align, const QStringList &wordTokens,
                           const Vocabulary &words, const std::function<int(const QString &)> &relationId) {
  const Tree &tree = parse.dependency;
  std::vector<int> newIndex(std::size_t(tree.nodeCount()), -1);
  EncodedTree t;
  std::vector<int> key;
  for (int v = 0; v < tree.nodeCount(); ++v) {
    const int token = tree.node(v).token;
    const int w = token >= 0 && token < int(align.size()) ? align[std::size_t(token)] : -1;
    if (w < 0) continue; // punctuation: no word vector (see header)
    newIndex[std::size_t(v)] = t.nodeCount();
    t.word.push_back(words.index(wordTokens.at(w)));
    t.relation.push_back(relationId ? relationId(tree.label(v)) : 0);
    t.sourceNode.push_back(v);
    key.push_back(token);
  }
  if (t.isEmpty()) return flatTree(wordTokens, words);
  // Nearest kept ancestor; kept nodes without one hang under the first such node.
  t.parent.assign(std::size_t(t.nodeCount()), -1);
  t.root = -1;
  for (int i = 0; i < t.nodeCount(); ++i) {
    int a = tree.parent(t.sourceNode[std::size_t(i)]);
    while (a >= 0 && newIndex[std::size_t(a)] < 0) a = tree.parent(a);
    t.parent[std::size_t(i)] = a >= 0 ? newIndex[std::size_t(a)] : -1;
  }
  const int original = tree.root() >= 0 ? newIndex[std::size_t(tree.root())] : -1;
  for (int i = 0; i < t.nodeCount(); ++i)
    if (t.parent[std::size_t(i)] < 0 && (t.root < 0 || i == original)) t.root = i;
  for (int i = 0; i < t.nodeCount(); ++i)
    if (t.parent[std::size_t(i)] < 0 && i != t.root) t.parent[std::size_t(i)] = t.root;
  t.relation[std::size_t(t.root)] = 0;
  finishEncodedTree(t, key, false);
  return t;
}

EncodedTree constituencyTree(const ParsedCaption &parse, const std::vector<int> &align, const QStringList &wordTokens,
                             const Vocabulary &words) {
  const Tree &tree = parse.constituency;
  EncodedTree t;
  std::vector<int> key; // sentence order: first token under the node
  const auto add = [&](std::int64_t word, int source, int order) {
    t.word.push_back(word);
    t.parent.push_back(-1);
    t.relation.push_back(0);
    t.sourceNode.push_back(source);
    key.push_back(order);
    return t.nodeCount() - 1;
  };
  // Recursive descent (trees are a sentence deep). Returns the new node or -1 when nothing is kept.
  std::function<int(int)> build = [&](int v) -> int {
    const TreeNode &node = tree.node(v);
    if (node.children.empty()) {
      const int w = node.token >= 0 && node.token < int(align.size()) ? align[std::size_t(node.token)] : -1;
      return w < 0 ? -1 : add(words.index(wordTokens.at(w)), v, node.token);
    }
    std::vector<int> kids;
    for (int c : node.children) {
      const int k = build(c);
      if (k >= 0) kids.push_back(k);
    }
    if (kids.empty()) return -1;
    // Right-branching binarisation (c1 (c2 (… cn))); the top node keeps the phrase.
    int right = kids.back();
    for (int k = int(kids.size()) - 2; k >= 0; --k) {
      const int inner = add(-1, k == 0 ? v : -1, key[std::size_t(kids[std::size_t(k)])]);
      t.parent[std::size_t(kids[std::size_t(k)])] = inner;
      t.parent[std::size_t(right)] = inner;
      right = inner;
    }
    return right;
  };
  const int root = tree.isEmpty() ? -1 : build(tree.root());
  if (root < 0) return flatTree(wordTokens, words);
  t.root = root;
  finishEncodedTree(t, key, true);
  return t;
}

// The parse's phrase tree as it is (n-ary, unary phrases kept) for the H-LSTM: inner nodes have no
// word, noun phrases are marked, and each node knows the word-token span it covers.
EncodedTree phraseTree(const ParsedCaption &parse, const std::vector<int> &align, const QStringList &wordTokens,
                       const Vocabulary &words) {
  const Tree &tree = parse.constituency;
  EncodedTree t;
  std::vector<int> key;
  const auto add = [&](std::int64_t word, int source, int order, bool np) {
    t.word.push_back(word);
    t.parent.push_back(-1);
    t.relation.push_back(0);
    t.sourceNode.push_back(source);
    t.nounPhrase.push_back(np ? 1 : 0);
    t.spanBegin.push_back(order);
    t.spanEnd.push_back(order + 1);
    key.push_back(order);
    return t.nodeCount() - 1;
  };
  std::function<int(int)> build = [&](int v) -> int {
    const TreeNode &node = tree.node(v);
    if (node.children.empty()) {
      const int w = node.token >= 0 && node.token < int(align.size()) ? align[std::size_t(node.token)] : -1;
      return w < 0 ? -1 : add(words.index(wordTokens.at(w)), v, w, false);
    }
    std::vector<int> kids;
    for (int c : node.children) {
      const int k = build(c);
      if (k >= 0) kids.push_back(k);
    }
    if (kids.empty()) return -1;
    const int self = add(-1, v, t.spanBegin[std::size_t(kids.front())], node.label == QLatin1String("NP"));
    for (int k : kids) t.parent[std::size_t(k)] = self;
    t.spanBegin[std::size_t(self)] = t.spanBegin[std::size_t(kids.front())];
    t.spanEnd[std::size_t(self)] = t.spanEnd[std::size_t(kids.back())];
    key[std::size_t(self)] = t.spanBegin[std::size_t(self)];
    return self;
  };
  const int root = tree.isEmpty() ? -1 : build(tree.root());
  if (root < 0) return EncodedTree{};
  t.root = root;
  finishEncodedTree(t, key, false);
  return t;
}

}  // namespace

void finishEncodedTree(EncodedTree &t, const std::vector<int> &order, bool binary) {
  const std::size_t n = std::size_t(t.nodeCount());
  if (t.parent.size() != n || order.size() != n || t.root < 0 || std::size_t(t.root) >= n)
    throw std::invalid_argument("finishEncodedTree: word, parent and order must have one entry per node and a root");
  t.relation.resize(n, 0);
  t.sourceNode.resize(n, -1);
  t.order = order;
  if (binary) {
    // Exactly two children under each inner node: the first is W_l1's, the second W_r1's (§3.4).
    t.side.assign(n, 0);
    t.rank.assign(n, 0);
    std::vector<std::vector<int>> children(n);
    for (std::size_t i = 0; i < n; ++i)
      if (t.parent[i] >= 0) children[std::size_t(t.parent[i])].push_back(int(i));
    for (auto &c : children) {
      std::sort(c.begin(), c.end(), [&](int a, int b) { return order[std::size_t(a)] < order[std::size_t(b)]; });
      for (std::size_t k = 0; k < c.size(); ++k) {
        t.side[std::size_t(c[k])] = k == 0 ? 0 : 1;
        t.rank[std::size_t(c[k])] = 1;
      }
    }
  } else {
    assignPositions(t, order);
  }
  finishTree(t);
}

int TreeVocabulary::relationIndex(const QString &relation) const {
  const int k = int(relations.indexOf(relation));
  return k > 0 ? k : 0;
}

QJsonObject TreeVocabulary::toJson() const {
  return {{QStringLiteral("constituency"), constituency},
          {QStringLiteral("phrases"), phrases},
          {QStringLiteral("max_left"), maxLeft},
          {QStringLiteral("max_right"), maxRight},
          {QStringLiteral("relations"), QJsonArray::fromStringList(relations)}};
}

TreeVocabulary TreeVocabulary::fromJson(const QJsonObject &json) {
  TreeVocabulary v;
  if (!json.value(QStringLiteral("max_left")).isDouble() || !json.value(QStringLiteral("relations")).isArray())
    throw std::runtime_error("tree vocabulary: 'max_left' and 'relations' are required");
  v.constituency = json.value(QStringLiteral("constituency")).toBool();
  v.phrases = v.constituency && json.value(QStringLiteral("phrases")).toBool(); // absent in runs older than the H-LSTM
  v.maxLeft = json.value(QStringLiteral("max_left")).toInt();
  v.maxRight = json.value(QStringLiteral("max_right")).toInt();
  for (const QJsonValue &r : json.value(QStringLiteral("relations")).toArray()) v.relations << r.toString();
  if (v.relations.isEmpty() || v.relations.front() != kRare || v.maxLeft < 0 || v.maxRight < 0)
    throw std::runtime_error("tree vocabulary: relations must start with <rare> and positions be non-negative");
  // Each position and relation gets its own matrix, so their counts are bounded before a model is
  // sized from them: captions have a handful of children per side and UD ~40 relations
  // (a few hundred with collapsed prepositions).
  constexpr int kMaxPositions = 256, kMaxRelations = 4096;
  if (v.maxLeft > kMaxPositions || v.maxRight > kMaxPositions || v.relations.size() > kMaxRelations)
    throw std::runtime_error(QStringLiteral("tree vocabulary: at most %1 child positions per side and %2 relations (got %3, %4 and %5)")
                                 .arg(kMaxPositions).arg(kMaxRelations).arg(v.maxLeft).arg(v.maxRight).arg(v.relations.size())
                                 .toStdString());
  return v;
}

namespace {
// A flat tree in the Phrases shape: its nodes' spans filled, no noun phrase.
EncodedTree withPhraseFields(EncodedTree t) {
  const std::size_t n = std::size_t(t.nodeCount());
  t.nounPhrase.assign(n, 0);
  t.spanBegin.assign(n, 0);
  t.spanEnd.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const bool isRoot = int(i) == t.root;
    t.spanBegin[i] = isRoot ? 0 : int(i);
    t.spanEnd[i] = isRoot ? int(n) : int(i) + 1;
  }
  return t;
}
}  // namespace

EncodedTree encodeTree(const ParsedCaption *parse, const QStringList &wordTokens, const Vocabulary &words,
                       TreeShape shape, const std::function<int(const QString &)> &relationId) {
  const auto flat = [&] {
    EncodedTree t = flatTree(wordTokens, words);
    return shape == TreeShape::Phrases ? withPhraseFields(std::move(t)) : t;
  };
  if (!parse || wordTokens.isEmpty()) return flat();
  const Tree &tree = shape == TreeShape::Dependency ? parse->dependency : parse->constituency;
  if (tree.isEmpty()) return flat();
  const std::vector<int> align = alignTokens(parse->tokens, wordTokens);
  switch (shape) {
  case TreeShape::Dependency: return dependencyTree(*parse, align, wordTokens, words, relationId);
  case TreeShape::Binary: return constituencyTree(*parse, align, wordTokens, words);
  case TreeShape::Phrases: break;
  }
  EncodedTree t = phraseTree(*parse, align, wordTokens, words);
  return t.isEmpty() ? flat() : t;
}

EncodedTree encodeTree(const CompactParse *parse, const QStringList &wordTokens, const Vocabulary &words,
                       TreeShape shape, const std::function<int(const QString &)> &relationId) {
  if (!parse) return encodeTree(static_cast<const ParsedCaption *>(nullptr), wordTokens, words, shape, relationId);
  const ParsedCaption expanded = parse->expand();
  return encodeTree(&expanded, wordTokens, words, shape, relationId);
}

TreeVocabulary buildTreeVocabulary(const std::vector<const CompactParse *> &parses,
                                   const std::vector<QStringList> &wordTokens, const Vocabulary &words,
                                   TreeShape shape, int minRelationCount) {
  if (parses.size() != wordTokens.size()) throw std::invalid_argument("buildTreeVocabulary: one token list per parse");
  TreeVocabulary v;
  v.constituency = shape != TreeShape::Dependency;
  v.phrases = shape == TreeShape::Phrases;
  // Relations are counted on parent arcs only: the root has none, so Stanford's "root" label (a
  // word's relation to the artificial ROOT) gets no matrix of its own (Socher §3.2 composes
  // children; nothing multiplies the root).
  std::map<QString, int> counts;
  for (std::size_t k = 0; k < parses.size(); ++k) {
    const std::optional<ParsedCaption> parse = parses[k] ? std::optional<ParsedCaption>(parses[k]->expand()) : std::nullopt;
    const EncodedTree t = encodeTree(parse ? &*parse : nullptr, wordTokens[k], words, shape, {});
    const Tree *source = parse && shape == TreeShape::Dependency ? &parse->dependency : nullptr;
    for (int i = 0; i < t.nodeCount(); ++i) {
      if (t.parent[std::size_t(i)] < 0) continue;
      (t.side[std::size_t(i)] == 0 ? v.maxLeft : v.maxRight) =
          std::max(t.side[std::size_t(i)] == 0 ? v.maxLeft : v.maxRight, t.rank[std::size_t(i)]);
      if (source && t.sourceNode[std::size_t(i)] >= 0) ++counts[source->label(t.sourceNode[std::size_t(i)])];
    }
  }
  v.relations << kRare;
  // Most frequent first, ties alphabetical (std::map order), so the same data gives the same ids.
  std::vector<std::pair<int, QString>> frequent;
  for (const auto &[relation, n] : counts)
    if (n >= minRelationCount && relation != kRare) frequent.emplace_back(-n, relation);
  std::stable_sort(frequent.begin(), frequent.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
  for (const auto &f : frequent) v.relations << f.second;
  return v;
}

}  // namespace gs::detail
