// Region–phrase grounding arithmetic (HM-LSTM §5.2–5.3): IoU, the box of a plural phrase, the
// correspondence step's accuracy / proposal ceiling / chance, first-right ranks, and the
// ground-truth phrase boxes of an image; the gold phrase-box file and how a gold phrase finds the
// run's noun phrase over the same words.

#include "data/boxes.h"
#include "evaluation/grounding.h"
#include "evaluation/phraseboxgold.h"
#include "inference/goldgrounding.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace gs;

namespace {

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(text);
  return path;
}

GroundedPhrase phraseSpanning(int begin, int end) {
  GroundedPhrase p;
  p.begin = begin;
  p.end = end;
  return p;
}

}  // namespace

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

  void readsThePhraseBoxGoldFile() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("gold.tsv"),
                                   "# a comment\n\n"
                                   "images/123_ab.jpg#3\t0:12\t152,112,191,160\n"
                                   "123_ab.jpg#3\t49:59\t-\tnot-a-thing\n");
    const std::vector<GoldPhraseBox> gold = readPhraseBoxGold(path);
    QCOMPARE(gold.size(), std::size_t(2));
    QCOMPARE(gold[0].imageId, QStringLiteral("123_ab"));
    QCOMPARE(gold[0].captionIndex, 3);
    QCOMPARE(gold[0].from, 0);
    QCOMPARE(gold[0].to, 12);
    QCOMPARE(gold[0].box, (Box{152, 112, 191, 160}));
    QCOMPARE(gold[0].line, 3);
    QVERIFY(gold[0].visible);
    QVERIFY(!gold[1].visible);
    QCOMPARE(gold[1].reason, QStringLiteral("not-a-thing"));
    QCOMPARE(goldPhraseText(gold[0], QStringLiteral("Three people sit at a table"), path), QStringLiteral("Three people"));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, goldPhraseText(gold[1], QStringLiteral("Too short"), path));
  }

  void aMalformedGoldLineIsNamed_data() {
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("no caption number") << QByteArray("x.jpg\t0:4\t1,2,3,4\n") << QStringLiteral(":2: caption id 'x.jpg' is not IMAGE#K");
    QTest::newRow("reversed range") << QByteArray("x.jpg#0\t4:2\t1,2,3,4\n") << QStringLiteral(":2: range '4:2'");
    QTest::newRow("three numbers") << QByteArray("x.jpg#0\t0:4\t1,2,3\n") << QStringLiteral(":2: box '1,2,3' is not X,Y,W,H or -");
    QTest::newRow("empty box") << QByteArray("x.jpg#0\t0:4\t1,2,0,4\n") << QStringLiteral(":2: box '1,2,0,4' is empty");
    QTest::newRow("two fields") << QByteArray("x.jpg#0\t0:4\n") << QStringLiteral(":2: expected CAPTION_ID");
  }
  void aMalformedGoldLineIsNamed() {
    QFETCH(QByteArray, line);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("gold.tsv"), "# header\n" + line);
    try {
      readPhraseBoxGold(path);
      QFAIL("no error");
    } catch (const std::runtime_error &error) {
      const QString what = QString::fromUtf8(error.what());
      QVERIFY2(what.startsWith(path + message), qPrintable(what));
    }
    const QString empty = writeFile(dir, QStringLiteral("empty.tsv"), "# only a comment\n");
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, readPhraseBoxGold(empty));
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, readPhraseBoxGold(dir.filePath(QStringLiteral("missing.tsv"))));
  }

  // "a man in a red shirt": the run's phrases [0,6) "a man in a red shirt", [0,2) "a man",
  // [3,6) "a red shirt", [4,6) "red shirt".
  void aGoldPhraseFindsTheRunsPhraseOverItsWords() {
    const std::vector<GroundedPhrase> phrases{phraseSpanning(0, 6), phraseSpanning(0, 2), phraseSpanning(3, 6), phraseSpanning(4, 6)};
    QCOMPARE(matchGoldPhrase(phrases, 0, 2), 1);  // exact
    QCOMPARE(matchGoldPhrase(phrases, 3, 6), 2);  // exact, though two others hold "shirt"
    QCOMPARE(matchGoldPhrase(phrases, 5, 6), 3);  // "shirt": the closest phrase holding it
    QCOMPARE(matchGoldPhrase({phraseSpanning(3, 6)}, 0, 2), -1); // no phrase holds "man"
    QCOMPARE(matchGoldPhrase({phraseSpanning(0, 2)}, 0, 3), -1); // the last word "in" lies outside
    QCOMPARE(matchGoldPhrase({}, 0, 2), -1);
  }
};

QTEST_GUILESS_MAIN(TestGrounding)
#include "tst_grounding.moc"
