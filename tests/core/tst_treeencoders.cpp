// The tree encoders: each composition function against hand-computed values on a
// 3-node tree with known weights (DT-RNN Eq. 4, SDT-RNN §3.3, CT-RNN §3.4, DT-LSTM Eqs. 3–9),
// identity for child positions never seen in training, shared DT-LSTM slots beyond p, trees
// built from parses (punctuation dropped), and the batched-by-level path against the node-by-node
// reference: same outputs and gradients to 1e-5 on random minibatches of trees.

#include <torch/torch.h> // before any Qt header (`slots`)

#include "models/detail/treeencoders.h"
#include "parse/captionparser.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace gs;
using namespace gs::detail;

namespace {

constexpr double kTolerance = 1e-5; // batched vs node by node, relative to the largest value

// Dependency tree from words (vocabulary ids), heads (-1 for the root) and relation ids.
EncodedTree dependencyTree(const std::vector<std::int64_t> &words, const std::vector<int> &heads,
                           const std::vector<int> &relations = {}) {
  EncodedTree t;
  t.word = words;
  t.parent = heads;
  t.relation = relations.empty() ? std::vector<int>(words.size(), 0) : relations;
  for (std::size_t i = 0; i < heads.size(); ++i)
    if (heads[i] < 0) t.root = int(i);
  std::vector<int> order(words.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = int(i);
  finishEncodedTree(t, order, false);
  return t;
}

// A random projective-or-not dependency tree of n nodes over words 2..vocab-1.
EncodedTree randomDependencyTree(std::mt19937 &rng, int n, int vocab, int relations) {
  std::vector<int> perm(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) perm[std::size_t(i)] = i;
  std::shuffle(perm.begin(), perm.end(), rng);
  std::vector<int> heads(std::size_t(n), -1);
  for (int k = 1; k < n; ++k) heads[std::size_t(perm[std::size_t(k)])] = perm[std::size_t(rng() % unsigned(k))];
  std::vector<std::int64_t> words;
  std::vector<int> rel;
  for (int i = 0; i < n; ++i) {
    words.push_back(2 + std::int64_t(rng() % unsigned(vocab - 2)));
    rel.push_back(int(rng() % unsigned(relations)));
  }
  return dependencyTree(words, heads, rel);
}

// A random binary tree over n leaves (CT-RNN): merge random neighbours until one node is left.
EncodedTree randomBinaryTree(std::mt19937 &rng, int n, int vocab) {
  EncodedTree t;
  std::vector<int> order, frontier;
  for (int i = 0; i < n; ++i) {
    t.word.push_back(2 + std::int64_t(rng() % unsigned(vocab - 2)));
    t.parent.push_back(-1);
    order.push_back(i);
    frontier.push_back(i);
  }
  while (frontier.size() > 1) {
    const std::size_t k = rng() % (frontier.size() - 1);
    const int inner = t.nodeCount();
    t.word.push_back(-1);
    t.parent.push_back(-1);
    order.push_back(order[std::size_t(frontier[k])]);
    t.parent[std::size_t(frontier[k])] = inner;
    t.parent[std::size_t(frontier[k + 1])] = inner;
    frontier[k] = inner;
    frontier.erase(frontier.begin() + std::ptrdiff_t(k) + 1);
  }
  t.root = frontier[0];
  finishEncodedTree(t, order, true);
  return t;
}

std::vector<double> row(const torch::Tensor &h, std::int64_t r) {
  const auto c = h[r].to(torch::kDouble).contiguous();
  return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

void setEmbedding(TreeEncoderImpl &encoder, const std::vector<std::vector<float>> &rows) {
  torch::NoGradGuard noGrad;
  for (std::size_t r = 0; r < rows.size(); ++r)
    encoder.embedding->weight[std::int64_t(r)].copy_(torch::tensor(rows[r]));
}

torch::Tensor matrix(const std::vector<std::vector<float>> &m) {
  std::vector<torch::Tensor> rows;
  for (const auto &r : m) rows.push_back(torch::tensor(r));
  return torch::stack(rows);
}

using Vec = std::vector<double>;
using Mat = std::vector<std::vector<double>>;
Vec mv(const Mat &m, const Vec &v) {
  Vec out(m.size(), 0.0);
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < v.size(); ++j) out[i] += m[i][j] * v[j];
  return out;
}
Vec add(Vec a, const Vec &b, double scale = 1) {
  for (std::size_t i = 0; i < a.size(); ++i) a[i] += scale * b[i];
  return a;
}
Vec apply(Vec a, double (*f)(double)) {
  for (double &x : a) x = f(x);
  return a;
}
double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double tanhd(double x) { return std::tanh(x); }

void compareVectors(const Vec &actual, const Vec &expected) {
  QCOMPARE(actual.size(), expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i)
    QVERIFY2(std::abs(actual[i] - expected[i]) < 1e-5,
             qPrintable(QStringLiteral("component %1: %2 vs %3").arg(i).arg(actual[i]).arg(expected[i])));
}

const Mat kWv = {{1.0, 0.5}, {-0.5, 1.0}};
const Mat kL1 = {{0.9, 0.1}, {0.2, 0.8}};
const Mat kR1 = {{0.7, -0.3}, {0.4, 1.1}};
const Vec kXa = {0.3, -0.2}, kXb = {0.1, 0.4}, kXc = {-0.6, 0.5};

torch::Tensor toTensor(const Mat &m) {
  std::vector<std::vector<float>> f;
  for (const auto &r : m) f.emplace_back(r.begin(), r.end());
  return matrix(f);
}

// Word ids: 2 = a, 3 = b, 4 = c. Tree "a b c" with b the head: a is l1, c is r1.
std::shared_ptr<TreeRnnImpl> knownRnn(TreeRnnKind kind, const TreeVocabulary &vocabulary) {
  auto rnn = std::make_shared<TreeRnnImpl>(kind, vocabulary, 5, 2, 2, ActivationKind::Tanh);
  setEmbedding(*rnn, {{0, 0}, {0, 0}, {float(kXa[0]), float(kXa[1])}, {float(kXb[0]), float(kXb[1])}, {float(kXc[0]), float(kXc[1])}});
  torch::NoGradGuard noGrad;
  if (rnn->wv.defined()) rnn->wv.copy_(toTensor(kWv));
  rnn->wchild[0].copy_(toTensor(kL1));
  rnn->wchild[1].copy_(toTensor(kR1));
  return rnn;
}

// Max |a − b| relative to max(1, max |b|).
double relativeGap(const torch::Tensor &a, const torch::Tensor &b) {
  const double scale = std::max(1.0, b.abs().max().item<double>());
  return (a - b).abs().max().item<double>() / scale;
}

}  // namespace

class TestTreeEncoders : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { torch::manual_seed(7); }

  void dtrnnMatchesEq4() {
    TreeVocabulary v;
    v.maxLeft = v.maxRight = 1;
    v.relations = QStringList{QStringLiteral("<rare>")};
    auto rnn = knownRnn(TreeRnnKind::Positions, v);
    const EncodedTree tree = dependencyTree({2, 3, 4}, {1, -1, 1});
    QCOMPARE(tree.size, (std::vector<int>{1, 3, 1}));
    for (bool batched : {true, false}) {
      const TreeStates s = rnn->encode({&tree}, batched);
      // Eq. 1: leaves h = f(W_v x); Eq. 4: h_b = f((W_v x_b + 1·W_l1 h_a + 1·W_r1 h_c) / 3).
      const Vec ha = apply(mv(kWv, kXa), tanhd), hc = apply(mv(kWv, kXc), tanhd);
      Vec pre = add(add(mv(kWv, kXb), mv(kL1, ha)), mv(kR1, hc));
      for (double &x : pre) x /= 3.0;
      compareVectors(row(s.h, s.rowOf[0][0]), ha);
      compareVectors(row(s.h, s.rowOf[0][2]), hc);
      compareVectors(row(s.roots(), 0), apply(pre, tanhd));
    }
  }

  void dtrnnUsesIdentityForUnseenPositions() {
    // Training saw one right child at most: a second right child composes with the identity.
    TreeVocabulary v;
    v.maxLeft = 1;
    v.maxRight = 1;
    v.relations = QStringList{QStringLiteral("<rare>")};
    auto rnn = knownRnn(TreeRnnKind::Positions, v);
    const EncodedTree tree = dependencyTree({3, 2, 4}, {-1, 0, 0}); // b → a (r1), b → c (r2)
    QCOMPARE(tree.rank, (std::vector<int>{0, 1, 2}));
    QCOMPARE(rnn->slotOf(tree, 2), rnn->numSlots());
    for (bool batched : {true, false}) {
      const TreeStates s = rnn->encode({&tree}, batched);
      const Vec ha = apply(mv(kWv, kXa), tanhd), hc = apply(mv(kWv, kXc), tanhd);
      Vec pre = add(add(mv(kWv, kXb), mv(kR1, ha)), hc); // W_r2 = I
      for (double &x : pre) x /= 3.0;
      compareVectors(row(s.roots(), 0), apply(pre, tanhd));
    }
  }

  void sdtrnnUsesRelationMatrices() {
    TreeVocabulary v;
    v.relations = QStringList{QStringLiteral("<rare>"), QStringLiteral("nsubj"), QStringLiteral("dobj")};
    QCOMPARE(v.relationIndex(QStringLiteral("dobj")), 2);
    QCOMPARE(v.relationIndex(QStringLiteral("never-seen")), 0);
    auto rnn = knownRnn(TreeRnnKind::Relations, v);
    {
      torch::NoGradGuard noGrad;
      rnn->wchild[0].copy_(torch::eye(2) * 3); // <rare>: must not be used
      rnn->wchild[1].copy_(toTensor(kL1));     // nsubj
      rnn->wchild[2].copy_(toTensor(kR1));     // dobj
    }
    // a (nsubj) ← b → c (dobj)
    const EncodedTree tree = dependencyTree({2, 3, 4}, {1, -1, 1}, {1, 0, 2});
    for (bool batched : {true, false}) {
      const TreeStates s = rnn->encode({&tree}, batched);
      const Vec ha = apply(mv(kWv, kXa), tanhd), hc = apply(mv(kWv, kXc), tanhd);
      Vec pre = add(add(mv(kWv, kXb), mv(kL1, ha)), mv(kR1, hc));
      for (double &x : pre) x /= 3.0;
      compareVectors(row(s.roots(), 0), apply(pre, tanhd));
    }
  }

  void ctrnnComposesTwoChildren() {
    TreeVocabulary v;
    v.constituency = true;
    v.relations = QStringList{QStringLiteral("<rare>")};
    auto rnn = knownRnn(TreeRnnKind::Constituency, v);
    EncodedTree tree;
    tree.word = {2, 4, -1};
    tree.parent = {2, 2, -1};
    tree.root = 2;
    finishEncodedTree(tree, {0, 1, 0}, true);
    QCOMPARE(tree.side, (std::vector<int>{0, 1, 0}));
    QCOMPARE(tree.size[2], 2);
    for (bool batched : {true, false}) {
      const TreeStates s = rnn->encode({&tree}, batched);
      // §3.4: h = f(W [c1; c2]) = f(W_l1 x_a + W_r1 x_c); the leaves are the word vectors.
      compareVectors(row(s.h, s.rowOf[0][0]), kXa);
      compareVectors(row(s.roots(), 0), apply(add(mv(kL1, kXa), mv(kR1, kXc)), tanhd));
    }
  }

  void dtlstmMatchesAppendixA() {
    // H = d = 1, p = 1: slot 0 = left children, slot 1 = right children.
    auto lstm = std::make_shared<TreeLstmImpl>(1, 5, 1, 1);
    setEmbedding(*lstm, {{0}, {0}, {0.5f}, {-1.0f}, {2.0f}});
    const double w[4] = {0.3, -0.7, 1.2, 0.4}, b[4] = {0.1, 0.2, -0.3, 0.5}; // i, o, u, f
    // U for slot 0 (left) and V for slot 1 (right): rows i, o, u, f_l, f_r.
    const double U[2][5] = {{0.6, -0.2, 0.9, 0.3, -0.8}, {-0.4, 0.7, 0.2, -0.5, 1.1}};
    {
      torch::NoGradGuard noGrad;
      lstm->wx->weight.copy_(torch::tensor({w[0], w[1], w[2], w[3]}, torch::kFloat).view({4, 1}));
      lstm->wx->bias.copy_(torch::tensor({b[0], b[1], b[2], b[3]}, torch::kFloat));
      for (int s = 0; s < 2; ++s)
        lstm->u[s].copy_(torch::tensor({U[s][0], U[s][1], U[s][2], U[s][3], U[s][4]}, torch::kFloat).view({5, 1}));
    }
    const EncodedTree tree = dependencyTree({2, 3, 4}, {1, -1, 1}); // a ← b → c
    struct State {
      double h, c;
    };
    const auto leaf = [&](double x) {
      const double i = sigmoid(w[0] * x + b[0]), o = sigmoid(w[1] * x + b[1]), u = std::tanh(w[2] * x + b[2]);
      const double c = i * u; // Eq. 4 without children
      return State{o * std::tanh(c), c};
    };
    const State a = leaf(0.5), c = leaf(2.0);
    const double x = -1.0;
    const auto pre = [&](int gate, double base) { return base + U[0][gate] * a.h + U[1][gate] * c.h; };
    const double i = sigmoid(pre(0, w[0] * x + b[0])), o = sigmoid(pre(1, w[1] * x + b[1]));
    const double u = std::tanh(pre(2, w[2] * x + b[2]));
    const double fl = sigmoid(pre(3, w[3] * x + b[3])), fr = sigmoid(pre(4, w[3] * x + b[3])); // Eqs. 5–6
    const double cb = i * u + fl * a.c + fr * c.c;                                                 // Eq. 4
    const double hb = o * std::tanh(cb);                                                           // Eq. 3
    for (bool batched : {true, false}) {
      const TreeStates s = lstm->encode({&tree}, batched);
      compareVectors(row(s.h, s.rowOf[0][0]), {a.h});
      compareVectors(row(s.roots(), 0), {hb});
      compareVectors(row(s.gates, s.rowOf[0][1]), {i, o, u, fl, fr});
    }
  }

  void dtlstmSharesSlotsBeyondP() {
    auto lstm = std::make_shared<TreeLstmImpl>(2, 10, 4, 3);
    // Root 4 with left children 3, 2, 1, 0 (ranks 1–4) and right child 5.
    const EncodedTree tree = dependencyTree({2, 3, 4, 5, 6, 7}, {4, 4, 4, 4, -1, 4});
    QCOMPARE(lstm->slotOf(tree, 3), 0);
    QCOMPARE(lstm->slotOf(tree, 2), 1);
    QCOMPARE(lstm->slotOf(tree, 0), 1); // Eq. 2: children p, p+1, … share slot p
    QCOMPARE(lstm->slotOf(tree, 5), 2);
  }

  void batchedEqualsNodeByNode_data() {
    QTest::addColumn<QString>("kind");
    for (const char *k : {"dtrnn", "sdtrnn", "ctrnn", "dtlstm"}) QTest::newRow(k) << QString::fromLatin1(k);
  }
  void batchedEqualsNodeByNode() {
    QFETCH(QString, kind);
    std::mt19937 rng(11);
    constexpr int kVocab = 30, kRelations = 6, kTrees = 12;
    TreeVocabulary v;
    v.constituency = kind == QLatin1String("ctrnn");
    v.maxLeft = 2;
    v.maxRight = 2; // random trees have more: those children use the identity
    for (int r = 0; r < kRelations; ++r) v.relations << (r == 0 ? QStringLiteral("<rare>") : QStringLiteral("rel%1").arg(r));
    std::shared_ptr<TreeEncoderImpl> encoder;
    if (kind == QLatin1String("dtlstm")) encoder = std::make_shared<TreeLstmImpl>(2, kVocab, 8, 6);
    else
      encoder = std::make_shared<TreeRnnImpl>(kind == QLatin1String("ctrnn")    ? TreeRnnKind::Constituency
                                              : kind == QLatin1String("sdtrnn") ? TreeRnnKind::Relations
                                                                                : TreeRnnKind::Positions,
                                              v, kVocab, kind == QLatin1String("ctrnn") ? 6 : 8, 6, ActivationKind::Tanh);
    std::vector<EncodedTree> trees;
    for (int t = 0; t < kTrees; ++t) {
      const int n = 1 + int(rng() % 12u);
      trees.push_back(v.constituency ? randomBinaryTree(rng, n, kVocab) : randomDependencyTree(rng, n, kVocab, kRelations));
    }
    std::vector<const EncodedTree *> pointers;
    for (const auto &t : trees) pointers.push_back(&t);
    const auto weights = torch::randn({kTrees, 6});
    std::vector<torch::Tensor> grads[2];
    torch::Tensor outputs[2], nodes[2];
    for (int batched = 0; batched < 2; ++batched) {
      encoder->zero_grad();
      const TreeStates s = encoder->encode(pointers, batched == 1);
      outputs[batched] = s.roots().detach().clone();
      nodes[batched] = s.h.detach().clone();
      (s.roots() * weights).sum().backward();
      for (const auto &p : encoder->parameters()) grads[batched].push_back(p.grad().defined() ? p.grad().clone() : torch::zeros_like(p));
    }
    QVERIFY2(relativeGap(outputs[1], outputs[0]) < kTolerance, "root vectors differ");
    QVERIFY2(relativeGap(nodes[1], nodes[0]) < kTolerance, "node vectors differ");
    for (std::size_t k = 0; k < grads[0].size(); ++k) {
      QVERIFY2(grads[0][k].abs().sum().item<double>() > 0 || k == 0, "a parameter got no gradient");
      QVERIFY2(relativeGap(grads[1][k], grads[0][k]) < kTolerance, qPrintable(QStringLiteral("gradient %1 differs").arg(k)));
    }
  }

  void treesFromParsesDropPunctuation() {
    CaptionParser parser(ParserOptions{DependencyStyle::Collapsed, 3});
    const ParsedCaption parse = parser.parse(QStringLiteral("A red circle is left of a blue square."));
    const QStringList tokens = QStringLiteral("a red circle is left of a blue square").split(QLatin1Char(' '));
    const Vocabulary vocabulary = Vocabulary::build({tokens}, 1);
    const EncodedTree dep = encodeTree(&parse, tokens, vocabulary, TreeShape::Dependency, {});
    QCOMPARE(dep.nodeCount(), int(tokens.size())); // the full stop is gone
    QCOMPARE(dep.size[std::size_t(dep.root)], int(tokens.size()));
    for (std::int64_t w : dep.word) QVERIFY(w >= 2);
    const EncodedTree con = encodeTree(&parse, tokens, vocabulary, TreeShape::Binary, {});
    int leaves = 0;
    for (int n = 0; n < con.nodeCount(); ++n) {
      int children = 0;
      for (int c = 0; c < con.nodeCount(); ++c) children += con.parent[std::size_t(c)] == n;
      QVERIFY(children == 0 || children == 2); // binarised
      leaves += children == 0;
    }
    QCOMPARE(leaves, int(tokens.size()));
    // SDT-RNN's relations are those of parent arcs: the root's "root" label has none, so no matrix.
    const ParsedCaption second = parser.parse(QStringLiteral("Two dogs run on the grass."));
    const QStringList secondTokens = QStringLiteral("two dogs run on the grass").split(QLatin1Char(' '));
    const Vocabulary both = Vocabulary::build({tokens, secondTokens}, 1);
    const CompactParse firstKept(parse), secondKept(second);
    const TreeVocabulary relations = buildTreeVocabulary({&firstKept, &secondKept}, {tokens, secondTokens}, both, TreeShape::Dependency, 1);
    QCOMPARE(parse.dependency.label(parse.dependency.root()), QStringLiteral("root"));
    QVERIFY2(!relations.relations.contains(QStringLiteral("root")), qPrintable(relations.relations.join(QLatin1Char(' '))));
    QVERIFY(relations.relations.contains(QStringLiteral("det")));
    // No parse: a flat tree headed by the last word.
    const EncodedTree flat = encodeTree(static_cast<const ParsedCaption *>(nullptr), tokens, vocabulary, TreeShape::Dependency, {});
    QCOMPARE(flat.root, int(tokens.size()) - 1);
  }
};

QTEST_GUILESS_MAIN(TestTreeEncoders)
#include "tst_treeencoders.moc"
