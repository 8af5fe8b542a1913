#pragma once
// A rooted, ordered tree over a caption's tokens: the input every tree model composes over.
// Dependency trees (DT-RNN, SDT-RNN, DT-LSTM) have one node per token, the head above its
// dependents; constituency trees (CT-RNN, HM-LSTM) have the tokens as leaves under phrase nodes.
// Plain vectors in the public header (no Boost, no torch); tree.cpp checks the structure with
// Boost.Graph when a tree is built.

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

enum class TreeKind { Dependency, Constituency };

// Where a dependent sits relative to its head, as Socher et al. 2014 §3.2 index the matrices
// W_l1..W_lkl / W_r1..W_rkr: side, and rank counted outward from the head (1 = nearest).
struct ChildPosition {
  enum Side { Left, Right } side = Left;
  int index = 0; // 1-based; 0 for the root, which is nobody's child
};

struct TreeNode {
  int token = -1;     // index into the caption's tokens; -1 for a phrase node
  QString word;       // surface form as written in the caption ("" for a phrase node)
  QString pos;        // coarse part of speech (UPOS) for tokens; empty for phrases
  QString label;      // dependency relation (dependency trees) or phrase label (NP, VP, ...)
  int begin = 0;      // token span [begin, end) covered by the node's subtree
  int end = 0;
  int parent = -1;    // -1 for the root
  std::vector<int> children; // in token order
};

class Tree {
public:
  Tree() = default;

  // A dependency tree: node i is token i. heads[i] is the 0-based index of token i's head,
  // or -1 for the root (exactly one). Throws std::invalid_argument naming Tree::dependency when
  // the sizes differ, there is not exactly one root, or the heads form a cycle.
  static Tree dependency(const QStringList &words, const QStringList &pos, const std::vector<int> &heads,
                         const QStringList &relations);

  // A constituency tree from nodes whose parent fields are set (children/spans are derived).
  // Leaves carry token >= 0 and must cover tokens 0..n-1 left to right. Throws
  // std::invalid_argument naming Tree::constituency when that does not hold.
  static Tree constituency(std::vector<TreeNode> nodes);

  TreeKind kind() const { return m_kind; }
  bool isEmpty() const { return m_nodes.empty(); }
  int nodeCount() const { return static_cast<int>(m_nodes.size()); }
  int tokenCount() const { return m_tokens; }
  int root() const { return m_root; }

  const TreeNode &node(int n) const { return m_nodes.at(static_cast<std::size_t>(n)); }
  const std::vector<int> &children(int n) const { return node(n).children; }
  int parent(int n) const { return node(n).parent; }
  const QString &word(int n) const { return node(n).word; }
  const QString &pos(int n) const { return node(n).pos; }
  const QString &label(int n) const { return node(n).label; }
  bool isLeaf(int n) const { return node(n).children.empty(); }
  // The node of token t (dependency: t itself; constituency: the leaf), -1 when out of range.
  int nodeOfToken(int t) const;

  // Height: 0 for a leaf, 1 + max over children otherwise. O(1) (computed once when built).
  int height(int n) const { return m_height.at(static_cast<std::size_t>(n)); }
  // ℓ(i) of Socher et al. 2014 Eq. 4: the number of words under node i, itself included for a
  // dependency node (ℓ(i) = 1 + Σ ℓ(j)); the number of leaves for a constituency node.
  int subtreeSize(int n) const { return m_size.at(static_cast<std::size_t>(n)); }
  ChildPosition childPosition(int child) const;

  // Children before parents, each node after all its descendants, children left to right.
  std::vector<int> postOrder() const;
  // Nodes grouped by height: levels[0] holds every leaf, levels[h] the nodes of height h, so a
  // model can evaluate a whole level (or the same level across a batch of trees) at once.
  std::vector<std::vector<int>> levelOrder() const;

  // Heads as CoNLL-U writes them: 1-based token index of each token's head, 0 for the root.
  // Dependency trees only (throws std::logic_error otherwise).
  std::vector<int> conllHeads() const;

  // Constituency trees: every phrase with k > 2 children becomes a right-branching chain of binary
  // nodes with the phrase's label (the CT-RNN composes exactly two children, Socher et al. 2014
  // §3.4); unary phrases are kept. Throws std::logic_error for a dependency tree. O(N).
  Tree binarized() const;

  // "(S (NP (DT A) (NN man)) ...)" — Penn Treebank brackets; leaves are (POS word).
  QString toBracketed() const;

private:
  void finish(); // children order, spans, heights, sizes; validates acyclicity

  TreeKind m_kind = TreeKind::Dependency;
  std::vector<TreeNode> m_nodes;
  std::vector<int> m_height;
  std::vector<int> m_size;
  std::vector<int> m_tokenNode;
  int m_root = -1;
  int m_tokens = 0;
};

}  // namespace gs
