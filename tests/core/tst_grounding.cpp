// Region–phrase grounding arithmetic (HM-LSTM §5.2–5.3): IoU, the box of a plural phrase, the
// correspondence step's accuracy / proposal ceiling / chance, first-right ranks, and the
// ground-truth phrase boxes of an image; the gold phrase-box file and how a gold phrase finds the
// run's noun phrase over the same words; the model-free baselines (whole image, largest, most
// central, chance, ceiling) and the label prior on hand-made candidates, and Flickr30k Entities as a
// gold source.

#include "data/boxes.h"
#include "evaluation/grounding.h"
#include "evaluation/phraseboxgold.h"
#include "inference/goldgrounding.h"
#include "inference/groundingbaselines.h"
#include "parse/captiongold.h"
#include "text/imagenetclasses.h"
#include "text/wordnet.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gs;

namespace {

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(text);
  return path;
}

// A 100×100 photo: the whole image, a large box on the left, a small central box, a box at the
// bottom right.
BaselinePhrase photoWithGold(const Box &gold, const QString &noun = QStringLiteral("thing")) {
  BaselinePhrase p;
  p.gold = gold;
  p.headNoun = noun;
  p.regions = {Box{0, 0, 100, 100}, Box{0, 0, 50, 90}, Box{40, 40, 20, 20}, Box{70, 70, 30, 30}};
  return p;
}

// Two classes (a dog, a cat) over 2-d features: feature (a, b) gives logits (a, b).
ClassHead twoClassHead() {
  ClassHead head;
  head.classes = 2;
  head.dim = 2;
  head.weights = {1, 0, 0, 1};
  head.bias = {0, 0};
  return head;
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

  // The committed gold sets: every line reads, and the validation set (dev photos, for choosing
  // settings) shares no photo with the test set (for reporting). With the shared Flickr8k data, each
  // set's photos are of its own split, and every phrase's range lies inside its caption.
  void theGoldSetsKeepValidationAndTestApart() {
    const std::vector<GoldPhraseBox> test = readPhraseBoxGold(QStringLiteral(GS_TEST_DATA "/flickr8k-phrase-boxes.tsv"));
    const std::vector<GoldPhraseBox> dev = readPhraseBoxGold(QStringLiteral(GS_TEST_DATA "/flickr8k-phrase-boxes-dev.tsv"));
    QCOMPARE(test.size(), std::size_t(392));
    QCOMPARE(dev.size(), std::size_t(140));
    QSet<QString> testImages;
    for (const GoldPhraseBox &g : test) testImages.insert(g.imageId);
    for (const GoldPhraseBox &g : dev) QVERIFY2(!testImages.contains(g.imageId), qPrintable(g.imageId));
    const QString shared = QStringLiteral(GS_SHARED_DATA "/flickr8k");
    if (!QFileInfo::exists(shared + QStringLiteral("/subset_images.tsv"))) QSKIP("../shared/data/flickr8k is absent (splits and captions)");
    QHash<QString, QString> split;
    QFile splits(shared + QStringLiteral("/subset_images.tsv"));
    QVERIFY(splits.open(QIODevice::ReadOnly));
    for (const QByteArray &line : splits.readAll().split('\n')) {
      const QList<QByteArray> f = line.split('\t');
      if (f.size() == 2) split.insert(QFileInfo(QString::fromUtf8(f[0])).completeBaseName(), QString::fromUtf8(f[1]));
    }
    const std::map<QString, QString> captions = readFlickr8kCaptions(shared + QStringLiteral("/Flickr8k.token.txt"));
    for (const auto &[set, name] : {std::pair{&test, QStringLiteral("test")}, std::pair{&dev, QStringLiteral("dev")}})
      for (const GoldPhraseBox &g : *set) {
        QCOMPARE(split.value(g.imageId), name);
        QVERIFY2(captions.count(g.captionId), qPrintable(g.captionId));
        goldPhraseText(g, captions.at(g.captionId), name); // throws when the range lies outside the caption
      }
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

  void baselinesChooseByGeometry() {
    const BaselinePhrase wholePhoto = photoWithGold(Box{0, 0, 100, 95});
    const BaselinePhrase leftSide = photoWithGold(Box{0, 0, 45, 90});
    const BaselinePhrase centre = photoWithGold(Box{38, 38, 22, 22});
    const GroundingBaselines b = scoreBaselines({wholePhoto, leftSide, centre});
    QCOMPARE(b.phrases, 3);
    QCOMPARE(b.accuracyOf(GroundingBaseline::WholeImage), 100.0 / 3);
    QCOMPARE(b.accuracyOf(GroundingBaseline::Largest), 100.0 / 3);
    QCOMPARE(b.accuracyOf(GroundingBaseline::MostCentral), 100.0 / 3);
    // The whole photo is not a candidate here: nothing reaches its box, the other two are reachable.
    QCOMPARE(b.accuracyOf(GroundingBaseline::Ceiling), 200.0 / 3);
    QCOMPARE(b.accuracyOf(GroundingBaseline::Chance), 100.0 * (0 + 1.0 / 3 + 1.0 / 3) / 3);
    QVERIFY(std::isnan(b.accuracyOf(GroundingBaseline::LabelPrior))); // no prior given
    const ProportionInterval whole = b.rows[1].accuracy;
    QVERIFY(whole.low <= whole.percent && whole.percent <= whole.high);
    QVERIFY(whole.high - whole.low > 10); // three phrases: a wide interval
  }

  void theWholeImageIsReachableWhenItIsACandidate() {
    BaselinePhrase wholePhoto = photoWithGold(Box{0, 0, 100, 95});
    QCOMPARE(scoreBaselines({wholePhoto}).accuracyOf(GroundingBaseline::Ceiling), 0.0);
    wholePhoto.wholeImageIsCandidate = true;
    QCOMPARE(scoreBaselines({wholePhoto}).accuracyOf(GroundingBaseline::Ceiling), 100.0);
    QCOMPARE(scoreBaselines({wholePhoto}).accuracyOf(GroundingBaseline::Chance), 25.0); // 1 of 4 candidates
  }

  void theLabelPriorPicksTheBoxOfItsNounsClasses() {
    const WordNet wordNet = WordNet::open(); // Debian's wordnet-base, which install-deps.sh installs
    const std::vector<ClassLabel> labels{{QStringLiteral("n02099712"), QStringLiteral("Labrador retriever")},
                                         {QStringLiteral("n02123159"), QStringLiteral("tiger cat")}};
    const ClassCoverage coverage(wordNet, labels);
    const ClassHead head = twoClassHead();
    const LabelPrior prior{&coverage, &head};
    // Region 3 looks like a dog, region 2 like a cat, the others like neither much.
    const std::vector<float> features{0, 0, 1, 0, 0, 4, 4, 0};
    auto withFeatures = [&](BaselinePhrase p) {
      for (int r = 0; r < 4; ++r) p.features.push_back(features.data() + 2 * r);
      return p;
    };
    const BaselinePhrase dogs = withFeatures(photoWithGold(Box{70, 70, 30, 30}, QStringLiteral("dogs")));
    const BaselinePhrase cat = withFeatures(photoWithGold(Box{40, 40, 20, 20}, QStringLiteral("cat")));
    const BaselinePhrase snow = withFeatures(photoWithGold(Box{0, 0, 100, 100}, QStringLiteral("snow")));
    bool covered = false;
    QCOMPARE(labelPriorChoice(dogs, prior, &covered), 3);
    QVERIFY(covered);
    QCOMPARE(labelPriorChoice(cat, prior), 2);
    QCOMPARE(labelPriorChoice(snow, prior, &covered), 0); // no class: the whole image
    QVERIFY(!covered);
    const GroundingBaselines b = scoreBaselines({dogs, cat, snow}, &prior);
    QCOMPARE(b.accuracyOf(GroundingBaseline::LabelPrior), 100.0);
    QCOMPARE(b.covered, 2);
    QCOMPARE(b.uncoveredNouns, QStringList{QStringLiteral("snow")});
  }

  void headNounsAreTheLastWord() {
    QCOMPARE(headNounOf(QStringLiteral("two black dogs")), QStringLiteral("dogs"));
    QCOMPARE(headNounOf(QStringLiteral("A Man .")), QStringLiteral("man"));
    QCOMPARE(headNounOf(QString()), QString());
  }

  void entitiesAreAGoldSource() {
    const GoldSource all = readGoldSource(QStringLiteral("entities:" GS_SOURCE_DIR "/tests/data/entities-fixture"));
    QVERIFY(all.typed);
    QVERIFY(!all.captions.empty());
    QVERIFY(!all.phrases.empty());
    const GoldSource one = readGoldSource(QStringLiteral("entities:" GS_SOURCE_DIR "/tests/data/entities-fixture"), {QStringLiteral("10002456")});
    for (const GoldPhraseBox &p : one.phrases) QCOMPARE(p.imageId, QStringLiteral("10002456"));
    QVERIFY(one.phrases.size() < all.phrases.size());
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, readGoldSource(QStringLiteral("entities:/nonexistent-folder")));
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
