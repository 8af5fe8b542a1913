// gs::Tree on hand-built trees: the orders and positions the tree models rely on.

#include "parse/tree.h"

#include <QTest>

using gs::ChildPosition;
using gs::Tree;
using gs::TreeNode;

namespace {

// Socher et al. 2014 §3.2: "Students ride bikes at night" with (child, parent) edges
// (1,2), (2,0), (3,2), (4,2), (5,4) — 0-based heads here, -1 for the root.
Tree studentsTree() {
  return Tree::dependency({"Students", "ride", "bikes", "at", "night"}, {"NOUN", "VERB", "NOUN", "ADP", "NOUN"},
                          {1, -1, 1, 1, 3}, {"nsubj", "root", "dobj", "prep", "pobj"});
}

}  // namespace

class TestTree : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void dependencyStructure() {
    const Tree t = studentsTree();
    QCOMPARE(t.nodeCount(), 5);
    QCOMPARE(t.root(), 1);
    QCOMPARE(t.children(1), (std::vector<int>{0, 2, 3}));
    QCOMPARE(t.parent(4), 3);
    QCOMPARE(t.label(0), QStringLiteral("nsubj"));
    QCOMPARE(t.conllHeads(), (std::vector<int>{2, 0, 2, 2, 4}));
    QCOMPARE(t.node(3).begin, 3);
    QCOMPARE(t.node(3).end, 5);
    QCOMPARE(t.node(1).begin, 0);
    QCOMPARE(t.node(1).end, 5);
  }

  // Eq. 3: h2 = f(Wv x2 + Wl1 h1 + Wr1 h3 + Wr2 h4).
  void childPositionsCountOutwardFromTheHead() {
    const Tree t = studentsTree();
    QCOMPARE(t.childPosition(0).side, ChildPosition::Left);
    QCOMPARE(t.childPosition(0).index, 1);
    QCOMPARE(t.childPosition(2).side, ChildPosition::Right);
    QCOMPARE(t.childPosition(2).index, 1);
    QCOMPARE(t.childPosition(3).side, ChildPosition::Right);
    QCOMPARE(t.childPosition(3).index, 2);
    QCOMPARE(t.childPosition(4).index, 1);
    QCOMPARE(t.childPosition(1).index, 0); // the root
    // Two left children: the nearer is l1.
    const Tree two = Tree::dependency({"a", "big", "dog"}, {"DET", "ADJ", "NOUN"}, {2, 2, -1}, {"det", "amod", "root"});
    QCOMPARE(two.childPosition(1).index, 1);
    QCOMPARE(two.childPosition(0).index, 2);
    QCOMPARE(two.childPosition(0).side, ChildPosition::Left);
  }

  // Eq. 4: ℓ(i) = 1 + Σ ℓ(j).
  void subtreeSizesAndHeights() {
    const Tree t = studentsTree();
    QCOMPARE(t.subtreeSize(1), 5);
    QCOMPARE(t.subtreeSize(3), 2);
    QCOMPARE(t.subtreeSize(0), 1);
    QCOMPARE(t.height(1), 2);
    QCOMPARE(t.height(3), 1);
    QCOMPARE(t.height(4), 0);
  }

  void ordersAreBottomUp() {
    const Tree t = studentsTree();
    QCOMPARE(t.postOrder(), (std::vector<int>{0, 2, 4, 3, 1}));
    const auto levels = t.levelOrder();
    QCOMPARE(levels.size(), std::size_t(3));
    QCOMPARE(levels[0], (std::vector<int>{0, 2, 4})); // every leaf first (x1, x3, x5 in §3.2)
    QCOMPARE(levels[1], (std::vector<int>{3}));
    QCOMPARE(levels[2], (std::vector<int>{1}));
  }

  void constituencyTree() {
    // (S (NP a dog) (VP runs)): nodes S=0, NP=1, a=2, dog=3, VP=4, runs=5.
    std::vector<TreeNode> nodes(6);
    nodes[0].label = "S";
    nodes[1].label = "NP";
    nodes[1].parent = 0;
    nodes[2] = {0, "a", "DET", "", 0, 0, 1, {}};
    nodes[3] = {1, "dog", "NOUN", "", 0, 0, 1, {}};
    nodes[4].label = "VP";
    nodes[4].parent = 0;
    nodes[5] = {2, "runs", "VERB", "", 0, 0, 4, {}};
    const Tree t = Tree::constituency(nodes);
    QCOMPARE(t.tokenCount(), 3);
    QCOMPARE(t.root(), 0);
    QCOMPARE(t.subtreeSize(0), 3);
    QCOMPARE(t.subtreeSize(1), 2);
    QCOMPARE(t.node(4).begin, 2);
    QCOMPARE(t.nodeOfToken(2), 5);
    QCOMPARE(t.childPosition(4).side, ChildPosition::Right);
    QCOMPARE(t.childPosition(1).side, ChildPosition::Left);
    QCOMPARE(t.levelOrder()[0], (std::vector<int>{2, 3, 5}));
    QCOMPARE(t.postOrder(), (std::vector<int>{2, 3, 1, 5, 4, 0}));
    QCOMPARE(t.toBracketed(), QStringLiteral("(S (NP (DET a) (NOUN dog)) (VP (VERB runs)))"));
  }

  void binarizedConstituencyTree() {
    // (S (NP a big dog) (VP runs) (. .)) → (S (NP a (NP big dog)) (S (VP runs) (. .)))
    std::vector<TreeNode> nodes(8);
    nodes[0].label = "S";
    nodes[1].label = "NP";
    nodes[1].parent = 0;
    nodes[2] = {0, "a", "DET", "", 0, 0, 1, {}};
    nodes[3] = {1, "big", "ADJ", "", 0, 0, 1, {}};
    nodes[4] = {2, "dog", "NOUN", "", 0, 0, 1, {}};
    nodes[5].label = "VP";
    nodes[5].parent = 0;
    nodes[6] = {3, "runs", "VERB", "", 0, 0, 5, {}};
    nodes[7] = {4, ".", "PUNCT", "", 0, 0, 0, {}};
    const Tree b = Tree::constituency(nodes).binarized();
    QCOMPARE(b.toBracketed(), QStringLiteral("(S (NP (DET a) (NP (ADJ big) (NOUN dog))) (S (VP (VERB runs)) (PUNCT .)))"));
    QCOMPARE(b.tokenCount(), 5);
    for (int n = 0; n < b.nodeCount(); ++n) QVERIFY(b.children(n).size() <= 2);
    QCOMPARE(b.subtreeSize(b.root()), 5);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, studentsTree().binarized());
  }

  void invalidTreesAreRejected() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Tree::dependency({"a", "b"}, {"X", "X"}, {1, 0}, {"dep", "dep"})); // cycle
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Tree::dependency({"a", "b"}, {"X", "X"}, {-1, -1}, {"root", "root"}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Tree::dependency({"a"}, {"X"}, {0}, {"root"})); // own head
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Tree::dependency({}, {}, {}, {}));
    std::vector<TreeNode> crossed(3);
    crossed[0].label = "S";
    crossed[1] = {1, "b", "X", "", 0, 0, 0, {}};
    crossed[2] = {0, "a", "X", "", 0, 0, 0, {}};
    crossed[1].parent = crossed[2].parent = 0;
    // Children are sorted by span, so leaves out of order in the vector are fine…
    QCOMPARE(Tree::constituency(crossed).postOrder().size(), std::size_t(3));
    crossed[2].token = 3; // …but a gap in the tokens is not.
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Tree::constituency(crossed));
  }
};

QTEST_GUILESS_MAIN(TestTree)
#include "tst_tree.moc"
