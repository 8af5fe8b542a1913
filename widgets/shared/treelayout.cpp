#include "shared/treelayout.h"

#include "training/modelregistry.h"

#include <QFontMetricsF>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>

namespace gs {

namespace {
constexpr double kMargin = 10;        // around the figure
constexpr double kWordPadding = 8;    // extra width of a word's box beyond its text
constexpr double kMinWordGap = 18;    // between word boxes
constexpr double kLevelFactor = 1.7;  // arc level height, in label-text heights
constexpr double kEndSpread = 5;      // px between head-end verticals of arcs leaving one word, at most
constexpr double kEndInset = 4;       // px from the word's centre (the arrowhead) to the first head end
constexpr double kRowFactor = 2.4;    // constituency row height, in text heights

// Word and phrase boxes are measured in bold: the views draw the root and phrase labels bold.
QFont boldFont(const QFont &font) {
  QFont f = font;
  f.setBold(true);
  return f;
}

QFont labelFont(const QFont &font) {
  QFont f = font;
  f.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
  return f;
}
}  // namespace

int ViewTree::wordCount() const {
  return int(std::count_if(nodes.begin(), nodes.end(), [](const Node &n) { return n.order >= 0; }));
}

std::vector<int> ViewTree::wordNodes() const {
  std::vector<int> words;
  for (int i = 0; i < int(nodes.size()); ++i)
    if (nodes[std::size_t(i)].order >= 0) words.push_back(i);
  std::stable_sort(words.begin(), words.end(),
                   [this](int a, int b) { return nodes[std::size_t(a)].order < nodes[std::size_t(b)].order; });
  return words;
}

ViewTree ViewTree::fromTree(const Tree &tree) {
  ViewTree v;
  v.kind = tree.kind();
  v.root = tree.root();
  for (int n = 0; n < tree.nodeCount(); ++n) {
    const TreeNode &t = tree.node(n);
    Node node;
    node.word = t.word;
    node.label = t.label;
    node.parent = t.parent;
    node.children = t.children;
    node.order = t.token; // dependency: every node; constituency: the leaves
    v.nodes.push_back(node);
  }
  return v;
}

ViewTree ViewTree::fromInspected(const InspectedTree &tree, TreeKind kind) {
  ViewTree v;
  v.kind = kind;
  v.root = tree.root;
  int leaf = 0;
  for (int n = 0; n < int(tree.nodes.size()); ++n) {
    const InspectedNode &t = tree.nodes[std::size_t(n)];
    Node node;
    node.word = t.word;
    node.label = t.parent < 0 && kind == TreeKind::Dependency ? QString() : t.label;
    node.parent = t.parent;
    node.children = t.children;
    node.nounPhrase = t.nounPhrase;
    if (kind == TreeKind::Dependency) node.order = n;
    else if (t.children.empty()) node.order = leaf++;
    v.nodes.push_back(node);
  }
  // Children in sentence order (the inspector lists them in node order, which is sentence
  // order for words; phrase nodes sort by their first word).
  std::vector<int> first(v.nodes.size(), 0);
  std::function<int(int, int)> firstWord = [&](int n, int depth) -> int {
    const Node &node = v.nodes[std::size_t(n)];
    if (node.order >= 0 || depth > int(v.nodes.size())) return std::max(0, node.order);
    int best = INT32_MAX;
    for (int c : node.children) best = std::min(best, firstWord(c, depth + 1));
    return best == INT32_MAX ? 0 : best;
  };
  for (int n = 0; n < int(v.nodes.size()); ++n) first[std::size_t(n)] = firstWord(n, 0);
  for (Node &node : v.nodes)
    std::stable_sort(node.children.begin(), node.children.end(),
                     [&first](int a, int b) { return first[std::size_t(a)] < first[std::size_t(b)]; });
  return v;
}

ViewTree ViewTree::fromAttribution(const SentenceAttribution &a, TreeKind kind) {
  ViewTree v;
  if (a.unit != SentenceUnitKind::TreeNode) return v;
  v.kind = kind;
  v.root = a.root;
  for (const AttributedPart &p : a.parts) {
    Node node;
    node.label = p.parent < 0 && kind == TreeKind::Dependency ? QString() : p.label;
    node.parent = p.parent;
    node.children = p.children;
    node.nounPhrase = p.nounPhrase;
    for (int t = p.begin; t >= 0 && t < p.end && node.order < 0; ++t) {
      const bool covered = std::any_of(p.children.begin(), p.children.end(), [&](int c) {
        return t >= a.parts[std::size_t(c)].begin && t < a.parts[std::size_t(c)].end;
      });
      if (!covered) node.order = t;
    }
    if (node.order >= 0) node.word = a.tokens.value(node.order);
    v.nodes.push_back(node);
  }
  for (Node &node : v.nodes)
    std::stable_sort(node.children.begin(), node.children.end(),
                     [&a](int x, int y) { return a.parts[std::size_t(x)].begin < a.parts[std::size_t(y)].begin; });
  return v;
}

TreeKind treeKindOfModel(const QString &model) {
  const ModelEntry *entry = findModel(model);
  const bool constituency = entry && (entry->tree == TreeInput::Constituency || entry->tree == TreeInput::Phrases);
  return constituency ? TreeKind::Constituency : TreeKind::Dependency;
}

namespace {

// Arcs, head → dependent, between drawn words (`position`: each node's word position, or -1); the
// word without a head becomes the root.
void collectArcs(const ViewTree &tree, const std::vector<int> &words, const std::vector<int> &position, ArcLayout &out) {
  for (int d : words) {
    const int h = tree.nodes[std::size_t(d)].parent;
    if (h < 0) {
      out.rootNode = d;
      continue;
    }
    if (h >= int(position.size()) || position[std::size_t(h)] < 0) continue;
    ArcLayout::Arc arc;
    arc.head = h;
    arc.dependent = d;
    arc.from = position[std::size_t(h)];
    arc.to = position[std::size_t(d)];
    arc.label = tree.nodes[std::size_t(d)].label;
    out.arcs.push_back(arc);
  }
}

// Nesting level: 1 + the highest level of the arcs inside this arc's span (shorter first, so the
// arcs end up sorted by span). Returns the highest level. Cost: O(a²) for a arcs.
int assignLevels(std::vector<ArcLayout::Arc> &arcs) {
  std::sort(arcs.begin(), arcs.end(), [](const ArcLayout::Arc &a, const ArcLayout::Arc &b) {
    return std::abs(a.to - a.from) < std::abs(b.to - b.from) ||
           (std::abs(a.to - a.from) == std::abs(b.to - b.from) && std::min(a.from, a.to) < std::min(b.from, b.to));
  });
  int maxLevel = 0;
  for (std::size_t i = 0; i < arcs.size(); ++i) {
    ArcLayout::Arc &a = arcs[i];
    const int lo = std::min(a.from, a.to), hi = std::max(a.from, a.to);
    int level = 1;
    for (std::size_t j = 0; j < i; ++j) {
      const ArcLayout::Arc &b = arcs[j];
      if (std::min(b.from, b.to) >= lo && std::max(b.from, b.to) <= hi) level = std::max(level, b.level + 1);
    }
    a.level = level;
    maxLevel = std::max(maxLevel, level);
  }
  return maxLevel;
}

// The word boxes in one row below `baseline`, with gaps wide enough for the labels of arcs between
// neighbours. Returns the x where the row ends.
double placeWords(const ViewTree &tree, const std::vector<int> &words, const QFontMetricsF &fm, const QFontMetricsF &lfm,
                  double baseline, ArcLayout &out) {
  const int n = int(words.size());
  std::vector<double> width(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    width[std::size_t(i)] = fm.horizontalAdvance(tree.nodes[std::size_t(words[std::size_t(i)])].word) + kWordPadding;
  std::vector<double> gap(std::size_t(std::max(0, n - 1)), kMinWordGap);
  for (const ArcLayout::Arc &a : out.arcs)
    if (std::abs(a.to - a.from) == 1) {
      const int left = std::min(a.from, a.to);
      const double need = lfm.horizontalAdvance(a.label) + 10 - (width[std::size_t(left)] + width[std::size_t(left) + 1]) / 2;
      gap[std::size_t(left)] = std::max(gap[std::size_t(left)], need);
    }
  double x = kMargin;
  for (int i = 0; i < n; ++i) {
    ArcLayout::Word w;
    w.node = words[std::size_t(i)];
    w.text = tree.nodes[std::size_t(w.node)].word;
    w.box = QRectF(x, baseline + 2, width[std::size_t(i)], fm.height() + 4);
    out.words.push_back(w);
    x += width[std::size_t(i)] + (i + 1 < n ? gap[std::size_t(i)] : 0);
  }
  return x;
}

// Head ends spread evenly over the half of the head's box facing the dependents, the longer
// (higher) arcs nearer the word's centre, so the verticals of nested arcs stay outside them and
// nothing crosses (projective trees).
void spreadHeadEnds(ArcLayout &out) {
  std::vector<std::vector<std::size_t>> leaving(out.words.size() * 2); // [2p]: leftwards, [2p+1]: rightwards
  for (std::size_t i = 0; i < out.arcs.size(); ++i)
    leaving[std::size_t(out.arcs[i].from) * 2 + (out.arcs[i].to > out.arcs[i].from ? 1 : 0)].push_back(i);
  for (std::size_t g = 0; g < leaving.size(); ++g) {
    auto &group = leaving[g];
    std::sort(group.begin(), group.end(), [&](std::size_t a, std::size_t b) {
      return out.arcs[a].level > out.arcs[b].level ||
             (out.arcs[a].level == out.arcs[b].level && std::abs(out.arcs[a].to - out.arcs[a].from) > std::abs(out.arcs[b].to - out.arcs[b].from));
    });
    const QRectF &hb = out.words[g / 2].box;
    const double room = std::max(0.0, hb.width() / 2 - kEndInset * 2); // from centre+inset to the edge-inset
    const double step = group.size() > 1 ? std::min(kEndSpread, room / double(group.size() - 1)) : 0.0;
    const double side = g % 2 ? 1.0 : -1.0;
    for (std::size_t k = 0; k < group.size(); ++k)
      out.arcs[group[k]].x1 = hb.center().x() + side * (std::min(kEndInset, hb.width() / 2 - 0.5) + double(k) * step);
  }
}

// Each arc's dependent end (the arrowhead, at the word's centre), height and label box.
void placeArcs(ArcLayout &out, const QFontMetricsF &lfm, double baseline, double levelHeight) {
  for (ArcLayout::Arc &a : out.arcs) {
    a.x2 = out.words[std::size_t(a.to)].box.center().x();
    a.baseline = baseline;
    a.top = baseline - a.level * levelHeight;
    const double lw = lfm.horizontalAdvance(a.label) + 6;
    a.labelBox = QRectF((a.x1 + a.x2) / 2 - lw / 2, a.top - lfm.height() / 2, lw, lfm.height());
  }
}

}  // namespace

ArcLayout layoutArcs(const ViewTree &tree, const QFont &font) {
  ArcLayout out;
  if (tree.isEmpty()) return out;
  const QFontMetricsF fm(boldFont(font));
  const QFontMetricsF lfm(labelFont(font));
  const std::vector<int> words = tree.wordNodes();
  std::vector<int> position(tree.nodes.size(), -1);
  for (int i = 0; i < int(words.size()); ++i) position[std::size_t(words[std::size_t(i)])] = i;
  collectArcs(tree, words, position, out);
  const int maxLevel = assignLevels(out.arcs);

  const double levelHeight = lfm.height() * kLevelFactor;
  const double rootLabelHeight = lfm.height() + 4;
  const double baseline = kMargin + rootLabelHeight + (maxLevel + 1) * levelHeight;
  const double x = placeWords(tree, words, fm, lfm, baseline, out);
  spreadHeadEnds(out);
  placeArcs(out, lfm, baseline, levelHeight);
  if (out.rootNode >= 0) {
    const QRectF &rb = out.words[std::size_t(position[std::size_t(out.rootNode)])].box;
    out.rootX = rb.center().x();
    out.rootTop = kMargin + rootLabelHeight;
    const double lw = lfm.horizontalAdvance(QStringLiteral("root")) + 6;
    out.rootLabelBox = QRectF(out.rootX - lw / 2, kMargin, lw, lfm.height());
  }
  double right = x;
  for (const ArcLayout::Arc &a : out.arcs) right = std::max(right, a.labelBox.right());
  out.size = QSizeF(right + kMargin, baseline + fm.height() + 6 + kMargin);
  return out;
}

ConstituencyLayout layoutConstituency(const ViewTree &tree, const QFont &font) {
  ConstituencyLayout out;
  if (tree.isEmpty() || tree.root < 0) return out;
  const QFontMetricsF fm(boldFont(font));
  const int count = int(tree.nodes.size());
  out.nodes.resize(std::size_t(count));
  // Depth from the root (breadth first; a malformed tree cannot loop: each node is seen once).
  std::vector<int> depth(std::size_t(count), -1), queue{tree.root};
  depth[std::size_t(tree.root)] = 0;
  int maxDepth = 0;
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const int v = queue[q];
    for (int c : tree.nodes[std::size_t(v)].children)
      if (c >= 0 && c < count && depth[std::size_t(c)] < 0) {
        depth[std::size_t(c)] = depth[std::size_t(v)] + 1;
        maxDepth = std::max(maxDepth, depth[std::size_t(c)]);
        queue.push_back(c);
      }
  }
  const double rowHeight = fm.height() * kRowFactor;
  const double boxHeight = fm.height() + 4;
  const auto textOf = [&](int v) -> QString {
    const ViewTree::Node &node = tree.nodes[std::size_t(v)];
    if (node.children.empty()) return node.word;
    return node.label.isEmpty() ? QStringLiteral("•") : node.label; // "•": a binarisation node
  };
  // Leaves along the bottom row in sentence order.
  double x = kMargin;
  for (int v : tree.wordNodes()) {
    if (depth[std::size_t(v)] < 0) continue;
    ConstituencyLayout::Node &node = out.nodes[std::size_t(v)];
    node.node = v;
    node.text = textOf(v);
    node.leaf = true;
    node.depth = depth[std::size_t(v)];
    const double w = fm.horizontalAdvance(node.text) + kWordPadding;
    node.box = QRectF(x, kMargin + maxDepth * rowHeight, w, boxHeight);
    x += w + kMinWordGap;
  }
  // Phrases centred over their children, deepest first.
  std::vector<int> byDepth(queue.rbegin(), queue.rend());
  for (int v : byDepth) {
    const ViewTree::Node &t = tree.nodes[std::size_t(v)];
    ConstituencyLayout::Node &node = out.nodes[std::size_t(v)];
    if (t.children.empty()) continue;
    double lo = 1e18, hi = -1e18;
    for (int c : t.children) {
      if (out.nodes[std::size_t(c)].node < 0) continue;
      lo = std::min(lo, out.nodes[std::size_t(c)].box.center().x());
      hi = std::max(hi, out.nodes[std::size_t(c)].box.center().x());
    }
    if (lo > hi) lo = hi = kMargin;
    node.node = v;
    node.text = textOf(v);
    node.depth = depth[std::size_t(v)];
    const double w = fm.horizontalAdvance(node.text) + kWordPadding;
    node.box = QRectF((lo + hi) / 2 - w / 2, kMargin + node.depth * rowHeight, w, boxHeight);
  }
  // A phrase label wider than its span may stick out on the left: shift everything right.
  double left = kMargin, right = 0;
  for (const auto &node : out.nodes)
    if (node.node >= 0) {
      left = std::min(left, node.box.left());
      right = std::max(right, node.box.right());
    }
  const double shift = kMargin - left;
  for (auto &node : out.nodes)
    if (node.node >= 0) node.box.translate(shift, 0);
  out.size = QSizeF(right + shift + kMargin, kMargin + maxDepth * rowHeight + boxHeight + kMargin);
  return out;
}

}  // namespace gs
