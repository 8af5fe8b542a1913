// The H-LSTM of the HM-LSTM paper (§3.2.1, Eqs. 2–8): a hand-computed 3-node tree with known weights
// (one noun-phrase child, one other child), the batched-by-level path against the node-by-node
// reference on random n-ary phrase trees (outputs, gates and gradients to 1e-5), and the phrase
// trees built from real parses (noun phrases marked, spans in word tokens, punctuation dropped).

#include <torch/torch.h> // before any Qt header (`slots`)

#include "models/detail/hlstm.h"
#include "parse/captionparser.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace gs;
using namespace gs::detail;

namespace {

constexpr double kTolerance = 1e-5; // batched vs node by node, relative to the largest value

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

double relativeGap(const torch::Tensor &a, const torch::Tensor &b) {
  const double scale = std::max(1.0, b.abs().max().item<double>());
  return (a - b).abs().max().item<double>() / scale;
}

double valueAt(const torch::Tensor &t, std::int64_t r, std::int64_t c = 0) { return t[r][c].item<double>(); }

// A random phrase tree over n leaves: consecutive nodes are grouped under new phrase nodes (1–3
// children, so unary phrases occur) until one is left; a third of the phrase nodes are noun phrases.
EncodedTree randomPhraseTree(std::mt19937 &rng, int n, int vocab) {
  EncodedTree t;
  std::vector<int> order, frontier;
  for (int i = 0; i < n; ++i) {
    t.word.push_back(2 + std::int64_t(rng() % unsigned(vocab - 2)));
    t.parent.push_back(-1);
    t.nounPhrase.push_back(0);
    order.push_back(i);
    frontier.push_back(i);
  }
  do {
    const std::size_t k = rng() % frontier.size();
    const std::size_t take = std::min<std::size_t>(1 + rng() % 3, frontier.size() - k);
    const int inner = t.nodeCount();
    t.word.push_back(-1);
    t.parent.push_back(-1);
    t.nounPhrase.push_back(rng() % 3 == 0 ? 1 : 0);
    order.push_back(order[std::size_t(frontier[k])]);
    for (std::size_t j = 0; j < take; ++j) t.parent[std::size_t(frontier[k + j])] = inner;
    frontier[k] = inner;
    frontier.erase(frontier.begin() + std::ptrdiff_t(k) + 1, frontier.begin() + std::ptrdiff_t(k + take));
  } while (frontier.size() > 1);
  t.root = frontier[0];
  finishEncodedTree(t, order, false);
  return t;
}

}  // namespace

class TestHLstm : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { torch::manual_seed(7); }

  void matchesEquations2To8() {
    // H = d = 1. Children a (word 2, marked as a noun phrase) and b (word 3, another kind) under p,
    // a phrase node (no word: x_p = 0).
    auto lstm = std::make_shared<HLstmImpl>(5, 1, 1);
    const double xa = 0.5, xb = -1.0;
    const double w[4] = {0.3, -0.7, 1.2, 0.4}, b[4] = {0.1, 0.2, -0.3, 0.5}; // i, o, u, f
    const double uHat[3] = {0.6, -0.2, 0.9}, uBar[3] = {-0.4, 0.7, 0.2};     // Û, Ū for i, o, u
    const double ufHat = 0.3, ufBar = -0.8;                                   // Û^(f), Ū^(f)
    {
      torch::NoGradGuard noGrad;
      lstm->embedding->weight.zero_();
      lstm->embedding->weight[2][0] = xa;
      lstm->embedding->weight[3][0] = xb;
      lstm->wx->weight.copy_(torch::tensor({w[0], w[1], w[2], w[3]}, torch::kFloat).view({4, 1}));
      lstm->wx->bias.copy_(torch::tensor({b[0], b[1], b[2], b[3]}, torch::kFloat));
      lstm->uiou[HLstmImpl::kNounPhraseSlot].copy_(torch::tensor({uHat[0], uHat[1], uHat[2]}, torch::kFloat).view({3, 1}));
      lstm->uiou[HLstmImpl::kOtherSlot].copy_(torch::tensor({uBar[0], uBar[1], uBar[2]}, torch::kFloat).view({3, 1}));
      lstm->uf[HLstmImpl::kNounPhraseSlot].fill_(ufHat);
      lstm->uf[HLstmImpl::kOtherSlot].fill_(ufBar);
    }
    EncodedTree tree;
    tree.word = {2, 3, -1};
    tree.parent = {2, 2, -1};
    tree.nounPhrase = {1, 0, 0};
    tree.root = 2;
    finishEncodedTree(tree, {0, 1, 0}, false);
    QCOMPARE(lstm->slotOf(tree, 0), HLstmImpl::kNounPhraseSlot);
    QCOMPARE(lstm->slotOf(tree, 1), HLstmImpl::kOtherSlot);

    struct State {
      double h, c;
    };
    const auto leaf = [&](double x) { // no children: ĥ = h̄ = 0
      const double i = sigmoid(w[0] * x + b[0]), o = sigmoid(w[1] * x + b[1]), u = std::tanh(w[2] * x + b[2]);
      return State{o * std::tanh(i * u), i * u};
    };
    const State a = leaf(xa), bb = leaf(xb);
    const double hHat = a.h, hBar = bb.h;                               // Eq. 2
    const double fHat = sigmoid(b[3] + ufHat * a.h);                   // Eq. 3 (x_p = 0)
    const double fBar = sigmoid(b[3] + ufBar * bb.h);                  // Eq. 4
    const double i = sigmoid(b[0] + uHat[0] * hHat + uBar[0] * hBar);  // Eq. 5
    const double o = sigmoid(b[1] + uHat[1] * hHat + uBar[1] * hBar);  // Eq. 6
    const double u = std::tanh(b[2] + uHat[2] * hHat + uBar[2] * hBar);
    const double c = i * u + fHat * a.c + fBar * bb.c;                 // Eq. 7
    const double h = o * std::tanh(c);                                 // Eq. 8
    for (bool batched : {true, false}) {
      const TreeStates s = lstm->encode({&tree}, batched);
      QVERIFY(std::abs(valueAt(s.h, s.rowOf[0][0]) - a.h) < 1e-6);
      QVERIFY(std::abs(valueAt(s.h, s.rowOf[0][1]) - bb.h) < 1e-6);
      QVERIFY2(std::abs(valueAt(s.roots(), 0) - h) < 1e-6, qPrintable(QStringLiteral("%1 vs %2").arg(valueAt(s.roots(), 0)).arg(h)));
      // Gates: i, o, u of the node, then its own forget gate (applied by its parent).
      const std::int64_t root = s.rowOf[0][2];
      QVERIFY(std::abs(valueAt(s.gates, root, 0) - i) < 1e-6);
      QVERIFY(std::abs(valueAt(s.gates, root, 1) - o) < 1e-6);
      QVERIFY(std::abs(valueAt(s.gates, root, 2) - u) < 1e-6);
      QCOMPARE(valueAt(s.gates, root, 3), 0.0);
      QVERIFY(std::abs(valueAt(s.gates, s.rowOf[0][0], 3) - fHat) < 1e-6);
      QVERIFY(std::abs(valueAt(s.gates, s.rowOf[0][1], 3) - fBar) < 1e-6);
    }
  }

  void nounPhraseChildrenUseTheirOwnWeights() {
    // The same tree with the NP mark moved changes the root: Û and Ū are different parameters.
    auto lstm = std::make_shared<HLstmImpl>(6, 4, 3);
    EncodedTree tree;
    tree.word = {2, 3, 4, -1};
    tree.parent = {3, 3, 3, -1};
    tree.nounPhrase = {0, 1, 0, 0};
    tree.root = 3;
    finishEncodedTree(tree, {0, 1, 2, 0}, false);
    EncodedTree moved = tree;
    moved.nounPhrase = {0, 0, 1, 0};
    torch::NoGradGuard noGrad;
    const auto a = lstm->encode({&tree}, true).roots(), b = lstm->encode({&moved}, true).roots();
    QVERIFY(relativeGap(a, b) > 1e-4);
  }

  void batchedEqualsNodeByNode() {
    std::mt19937 rng(11);
    constexpr int kVocab = 30, kTrees = 12;
    auto lstm = std::make_shared<HLstmImpl>(kVocab, 8, 6);
    std::vector<EncodedTree> trees;
    for (int t = 0; t < kTrees; ++t) trees.push_back(randomPhraseTree(rng, 1 + int(rng() % 12u), kVocab));
    std::vector<const EncodedTree *> pointers;
    for (const auto &t : trees) pointers.push_back(&t);
    const auto weights = torch::randn({kTrees, 6});
    const auto nodeWeights = torch::randn({1, 6});
    std::vector<torch::Tensor> grads[2];
    torch::Tensor outputs[2], nodes[2], gates[2];
    for (int batched = 0; batched < 2; ++batched) {
      lstm->zero_grad();
      const TreeStates s = lstm->encode(pointers, batched == 1);
      outputs[batched] = s.roots().detach().clone();
      nodes[batched] = s.h.detach().clone();
      gates[batched] = s.gates.detach().clone();
      // Gradients through the roots and every node (the phrase losses read inner nodes too).
      ((s.roots() * weights).sum() + (s.h * nodeWeights).sum()).backward();
      for (const auto &p : lstm->parameters()) grads[batched].push_back(p.grad().defined() ? p.grad().clone() : torch::zeros_like(p));
    }
    QVERIFY2(relativeGap(outputs[1], outputs[0]) < kTolerance, "root vectors differ");
    QVERIFY2(relativeGap(nodes[1], nodes[0]) < kTolerance, "node vectors differ");
    QVERIFY2(relativeGap(gates[1], gates[0]) < kTolerance, "gates differ");
    for (std::size_t k = 0; k < grads[0].size(); ++k) {
      QVERIFY2(grads[0][k].abs().sum().item<double>() > 0, qPrintable(QStringLiteral("parameter %1 got no gradient").arg(k)));
      QVERIFY2(relativeGap(grads[1][k], grads[0][k]) < kTolerance, qPrintable(QStringLiteral("gradient %1 differs").arg(k)));
    }
  }

  void phraseTreesFromParses() {
    CaptionParser parser(ParserOptions{DependencyStyle::Collapsed, 3});
    const ParsedCaption parse = parser.parse(QStringLiteral("A large green diamond can be seen next to a small yellow diamond."));
    const QStringList tokens =
        QStringLiteral("a large green diamond can be seen next to a small yellow diamond").split(QLatin1Char(' '));
    const Vocabulary vocabulary = Vocabulary::build({tokens}, 1);
    const EncodedTree t = encodeTree(&parse, tokens, vocabulary, TreeShape::Phrases, {});
    int leaves = 0;
    QStringList nounPhrases;
    for (int n = 0; n < t.nodeCount(); ++n) {
      if (t.word[std::size_t(n)] >= 0) {
        ++leaves;
        QCOMPARE(t.height[std::size_t(n)], 0); // words are the leaves
        QCOMPARE(t.spanEnd[std::size_t(n)] - t.spanBegin[std::size_t(n)], 1);
      }
      if (t.nounPhrase[std::size_t(n)])
        nounPhrases << tokens.mid(t.spanBegin[std::size_t(n)], t.spanEnd[std::size_t(n)] - t.spanBegin[std::size_t(n)]).join(QLatin1Char(' '));
    }
    QCOMPARE(leaves, int(tokens.size())); // the full stop is gone
    QCOMPARE(t.spanBegin[std::size_t(t.root)], 0);
    QCOMPARE(t.spanEnd[std::size_t(t.root)], int(tokens.size()));
    QVERIFY2(nounPhrases.contains(QStringLiteral("a large green diamond")), qPrintable(nounPhrases.join(QStringLiteral(" | "))));
    QVERIFY2(nounPhrases.contains(QStringLiteral("a small yellow diamond")), qPrintable(nounPhrases.join(QStringLiteral(" | "))));
    // Without a parse: a flat tree, no noun phrase, spans still filled.
    const EncodedTree flat = encodeTree(static_cast<const ParsedCaption *>(nullptr), tokens, vocabulary, TreeShape::Phrases, {});
    QCOMPARE(int(flat.nounPhrase.size()), flat.nodeCount());
    QVERIFY(std::none_of(flat.nounPhrase.begin(), flat.nounPhrase.end(), [](char c) { return c != 0; }));
  }
};

QTEST_GUILESS_MAIN(TestHLstm)
#include "tst_hlstm.moc"
