// Region–phrase grounding arithmetic (HM-LSTM §5.2–5.3): IoU, the box of a plural phrase, the
// correspondence step's accuracy / proposal ceiling / chance, first-right ranks, and the
// ground-truth phrase boxes of an image.

#include "data/boxes.h"
#include "evaluation/grounding.h"

#include <QTest>

using namespace gs;

class TestGrounding : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void intersectionOverUnion_data() {
    QTest::addColumn<double>("expected");
    QTest::addColumn<float>("x");
    QTest::addColumn<float>("y");
    QTest::addColumn<float>("w");
    QTest::addColumn<float>("h");
    // Against the box (0, 0, 10, 10).
    QTest::newRow("same") << 1.0 << 0.f << 0.f << 10.f << 10.f;
    QTest::newRow("half inside") << 50.0 / 150.0 << 5.f << 0.f << 10.f << 10.f;
    QTest::newRow("inside") << 0.25 << 0.f << 0.f << 5.f << 5.f;
    QTest::newRow("touching") << 0.0 << 10.f << 0.f << 5.f << 5.f;
    QTest::newRow("empty") << 0.0 << 1.f << 1.f << 0.f << 4.f;
  }
  void intersectionOverUnion() {
    QFETCH(double, expected);
    QFETCH(float, x);
    QFETCH(float, y);
    QFETCH(float, w);
    QFETCH(float, h);
    const Box a{0, 0, 10, 10}, b{x, y, w, h};
    QVERIFY(std::abs(gs::intersectionOverUnion(a, b) - expected) < 1e-9);
    QVERIFY(std::abs(gs::intersectionOverUnion(b, a) - expected) < 1e-9);
  }

  void enclosingBoxHoldsEveryBox() {
    const Box e = enclosingBox({{10, 20, 5, 5}, {30, 5, 10, 40}});
    QCOMPARE(e, (Box{10, 5, 30, 40}));
    QCOMPARE(enclosingBox({}), Box{});
  }

  void correspondenceStatistics() {
    const Box truth{0, 0, 10, 10};
    std::vector<PhraseCandidates> phrases(4);
    // 1: the best-scoring region is right; 2: a right region exists but scores lower;
    // 3: no candidate is right; 4: no ground truth (counted as a phrase, not in the accuracy).
    phrases[0] = {{0.9f, 0.1f, 0.2f}, {{0, 0, 10, 10}, {50, 50, 5, 5}, {20, 0, 5, 5}}, true, truth};
    phrases[1] = {{0.1f, 0.8f}, {{1, 1, 9, 9}, {40, 40, 5, 5}}, true, truth};
    phrases[2] = {{0.5f}, {{30, 30, 5, 5}}, true, truth};
    phrases[3] = {{0.3f, 0.4f}, {{0, 0, 1, 1}, {2, 2, 1, 1}}, false, {}};
    std::vector<int> chosen;
    const CorrespondenceStats s = correspondenceStats(phrases, &chosen);
    QCOMPARE(chosen, (std::vector<int>{0, 1, 0, 1}));
    QCOMPARE(s.phrases, 4);
    QCOMPARE(s.withGroundTruth, 3);
    QVERIFY(std::abs(s.accuracy - 100.0 / 3) < 1e-9);
    QVERIFY(std::abs(s.ceiling - 200.0 / 3) < 1e-9);
    QVERIFY(std::abs(s.chance - 100.0 * (1.0 / 3 + 1.0 / 2 + 0) / 3) < 1e-9);
    QVERIFY(std::abs(s.meanConfidence - (0.9 + 0.8 + 0.5 + 0.4) / 4) < 1e-6);
    // JSON keeps the figures; without ground truth they are absent, not zero.
    QCOMPARE(CorrespondenceStats::fromJson(s.toJson()).accuracy, s.accuracy);
    const CorrespondenceStats none = correspondenceStats({phrases[3]});
    QVERIFY(!none.hasGroundTruth());
    QVERIFY(!none.toJson().contains(QStringLiteral("accuracy")));
    QCOMPARE(CorrespondenceStats::fromJson(none.toJson()).accuracy, -1.0);
  }

  void firstRightRankCountsWhatBeatsIt() {
    QCOMPARE(firstRightRank({0.9f, 0.5f, 0.1f}, {1, 0, 0}), 0);
    QCOMPARE(firstRightRank({0.9f, 0.5f, 0.1f}, {0, 0, 1}), 2);
    QCOMPARE(firstRightRank({0.9f, 0.5f, 0.1f}, {0, 1, 1}), 1);
    QCOMPARE(firstRightRank({0.5f, 0.5f}, {0, 1}), 1); // ties go against the right item
    QCOMPARE(firstRightRank({0.5f, 0.2f}, {0, 0}), -1);
  }

  void groundTruthPhraseBoxesOfAnImage() {
    Dataset d;
    d.images.push_back({QStringLiteral("a"), QString(), 100, 100, Split::Train, {0, 1}, {}, -1});
    CaptionRecord c0, c1;
    c0.image = c1.image = 0;
    c0.phrases = {{0, 2, {{0, 0, 10, 10}}}, {3, 5, {{50, 50, 10, 10}, {70, 50, 10, 10}}}};
    c1.phrases = {{0, 1, {{0, 0, 10, 10}}}, {2, 3, {}}}; // the same object again; a phrase without a box
    d.captions = {c0, c1};
    const std::vector<Box> boxes = groundTruthPhraseBoxes(d, 0, 19);
    QCOMPARE(boxes, (std::vector<Box>{{0, 0, 10, 10}, {50, 50, 30, 10}}));
    QCOMPARE(groundTruthPhraseBoxes(d, 0, 1).size(), std::size_t(1));
    QVERIFY(groundTruthPhraseBoxes(d, 5, 19).empty());
  }
};

QTEST_GUILESS_MAIN(TestGrounding)
#include "tst_grounding.moc"
