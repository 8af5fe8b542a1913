// Retrieval slices and plausible matches on hand-made captions, ranks and similarity matrices,
// every number checked against a hand computation.

#include "analysis/captionconcepts.h"
#include "analysis/plausiblematches.h"
#include "analysis/slices.h"
#include "parse/compactparse.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

using namespace gs;

namespace {

// "A big dog chases a red ball ." — (S (NP A big dog) (VP chases (NP a red ball)) .)
ParsedCaption dogCaption() {
  ParsedCaption p;
  p.text = QStringLiteral("A big dog chases a red ball .");
  p.tokens = QStringList{"A", "big", "dog", "chases", "a", "red", "ball", "."};
  p.upos = QStringList{"DET", "ADJ", "NOUN", "VERB", "DET", "ADJ", "NOUN", "PUNCT"};
  p.dependency = Tree::dependency(p.tokens, p.upos, {2, 2, 3, -1, 6, 6, 3, 3},
                                  {"det", "amod", "nsubj", "root", "det", "amod", "dobj", "punct"});
  // Nodes: S=0, NP=1, VP=2, NP=3, then the eight leaves.
  std::vector<TreeNode> nodes(12);
  nodes[0].label = "S";
  nodes[1] = {-1, "", "", "NP", 0, 0, 0, {}};
  nodes[2] = {-1, "", "", "VP", 0, 0, 0, {}};
  nodes[3] = {-1, "", "", "NP", 0, 0, 2, {}};
  const std::vector<int> leafParent{1, 1, 1, 2, 3, 3, 3, 0};
  for (int t = 0; t < 8; ++t) nodes[std::size_t(4 + t)] = {t, p.tokens[t], p.upos[t], "", 0, 0, leafParent[std::size_t(t)], {}};
  p.constituency = Tree::constituency(nodes);
  return p;
}

// A query whose caption has `words` words and whose image shows `concepts`.
QueryFeatures query(int words, const QStringList &concepts = {}) {
  QueryFeatures q;
  q.caption = CaptionFeatures{};
  q.caption->words = words;
  q.image.concepts = concepts;
  return q;
}

const SliceStats &sliceOf(const SliceReport &report, const QString &value) {
  for (const SliceStats &s : report.slices)
    if (s.value == value) return s;
  throw std::logic_error("no slice " + value.toStdString());
}

}  // namespace

class TestSlices : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void captionFeaturesFromTrees() {
    const CaptionFeatures f = captionFeatures(dogCaption());
    QCOMPARE(f.words, 7); // the full stop is not a word
    QCOMPARE(f.depth, 2); // chases → dog → A
    QCOMPARE(f.nounPhrases, 2);
    QCOMPARE(f.relations, (QStringList{"amod", "det", "dobj", "nsubj", "punct", "root"}));
    QCOMPARE(f.parseStatus, QStringLiteral("complete"));
  }

  void parseStatusNamesFragmentsApart() {
    ParsedCaption p = dogCaption();
    p.fragment = true;
    QCOMPARE(parseStatusName(p), QStringLiteral("fragment"));
    p.quality = ParseQuality::Partial;
    QCOMPARE(parseStatusName(p), QStringLiteral("partial"));
    p.quality = ParseQuality::Fallback;
    QCOMPARE(parseStatusName(p), QStringLiteral("fallback"));
  }

  void sliceValuesOfEveryField() {
    QueryFeatures q;
    q.caption = captionFeatures(dogCaption());
    q.image.concepts = QStringList{"dog", "ball"};
    q.image.regions = 3;
    q.image.metadata.insert("place", "park");
    QCOMPARE(sliceValue(q, "length"), QStringLiteral("1-8"));
    QCOMPARE(sliceValue(q, "depth"), QStringLiteral("2"));
    QCOMPARE(sliceValue(q, "nps"), QStringLiteral("2"));
    QCOMPARE(sliceValue(q, "parse_status"), QStringLiteral("complete"));
    QCOMPARE(sliceValue(q, "relation:amod"), QStringLiteral("present"));
    QCOMPARE(sliceValue(q, "relation:conj_and"), QStringLiteral("absent"));
    QCOMPARE(sliceValue(q, "concept:dog"), QStringLiteral("present"));
    QCOMPARE(sliceValue(q, "concept:cat"), QStringLiteral("absent"));
    QCOMPARE(sliceValue(q, "regions"), QStringLiteral("3"));
    QCOMPARE(sliceValue(q, "concepts"), QStringLiteral("2"));
    QCOMPARE(sliceValue(q, "meta:place"), QStringLiteral("park"));
    QCOMPARE(sliceValue(q, "meta:season"), QStringLiteral("(missing)"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sliceValue(q, "colour"));
    QueryFeatures image; // an image query has no caption fields
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sliceValue(image, "depth"));
    QCOMPARE(sliceValue(image, "regions"), QStringLiteral("0"));
    QueryFeatures busy = q;
    busy.image.concepts = QStringList{"a", "b", "c", "d", "e"};
    QCOMPARE(sliceValue(busy, "concepts"), QStringLiteral("4-6"));
    QCOMPARE(conceptCountBin(7), QStringLiteral("7-9"));
    QCOMPARE(conceptCountBin(10), QStringLiteral("10+"));
    QCOMPARE(sliceFields({q}), (QStringList{"length", "depth", "nps", "parse_status", "regions", "concepts", "relation:amod",
                                            "relation:det", "relation:dobj", "relation:nsubj", "relation:punct",
                                            "relation:root", "concept:ball", "concept:dog", "meta:place"}));
  }

  void lengthBinEdges() {
    QCOMPARE(lengthBin(1), QStringLiteral("1-8"));
    QCOMPARE(lengthBin(8), QStringLiteral("1-8"));
    QCOMPARE(lengthBin(9), QStringLiteral("9-12"));
    QCOMPARE(lengthBin(12), QStringLiteral("9-12"));
    QCOMPARE(lengthBin(13), QStringLiteral("13-16"));
    QCOMPARE(lengthBin(16), QStringLiteral("13-16"));
    QCOMPARE(lengthBin(17), QStringLiteral("17+"));
  }

  void imageFeaturesFromTheDataset() {
    Dataset d;
    d.images.resize(2);
    d.images[0].concepts = QStringList{"dog"};
    d.images[0].captions = {0, 1};
    d.captions.resize(2);
    const Box a{0, 0, 10, 10}, b{5, 5, 10, 10};
    d.captions[0].phrases = {PhraseRegion{0, 2, {a}}, PhraseRegion{3, 5, {b}}};
    d.captions[1].phrases = {PhraseRegion{0, 1, {a}}}; // the same box named again
    const ImageFeatures f = imageFeatures(d, 0, {"cat"});
    QCOMPARE(f.concepts, QStringList{"dog"}); // ground truth wins over predictions
    QCOMPARE(f.regions, 2);
    QCOMPARE(imageFeatures(d, 1, {"cat"}).concepts, QStringList{"cat"});
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, imageFeatures(d, 2));
  }

  // Nouns named by more than half of an image's captions, plural and singular together, shown in
  // their commonest form; one caption is no consensus; a caption of no image is ignored.
  void captionConsensusConceptsAreMajorityNouns() {
    // Only tokens and tags matter here; the other columns are filled to the tokens' length.
    const auto compact = [](ParsedCaption p) {
      while (p.xpos.size() < p.tokens.size()) p.xpos << QString();
      p.offsets.resize(std::size_t(p.tokens.size()), 0);
      return CompactParse(p);
    };
    const auto caption = [&](const QStringList &tokens, const QStringList &upos) {
      ParsedCaption p;
      p.tokens = tokens;
      p.upos = upos;
      return compact(p);
    };
    const CompactParse dog = compact(dogCaption()); // nouns: dog, ball
    const CompactParse dogs = caption({"Two", "dogs", "run", "on", "grass"}, {"NUM", "NOUN", "VERB", "ADP", "NOUN"});
    const CompactParse puppy = caption({"A", "dog", "plays", "with", "a", "ball", "and", "a", "dog"},
                                        {"DET", "NOUN", "VERB", "ADP", "DET", "NOUN", "CCONJ", "DET", "NOUN"});
    const CompactParse man = caption({"A", "man", "runs"}, {"DET", "NOUN", "VERB"});
    // Image 0: dog in 3 of 3 (twice in one caption counts once), ball in 2 of 3, grass in 1 of 3.
    // Image 1: one caption. Image 2: man in 1 of 2, dog in 1 of 2: no majority.
    const std::vector<CompactParse> captions{dog, dogs, puppy, man, man, dog, dog};
    const std::vector<int> captionImage{0, 0, 0, 1, 2, 2, -1};
    const std::vector<QStringList> concepts = captionConsensusConcepts(captions, captionImage, 3);
    QCOMPARE(int(concepts.size()), 3);
    QCOMPARE(concepts[0], (QStringList{"ball", "dog"}));
    QVERIFY(concepts[1].isEmpty());
    QVERIFY(concepts[2].isEmpty());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, captionConsensusConcepts(captions, {0, 1}, 3));
  }

  // Two queries per image: "indoor" both hit, "outdoor" both miss, the image without a scene one
  // of each; a column only one image has is still a field.
  void metadataSlicesFromTheDataset() {
    Dataset d;
    d.images.resize(3);
    d.images[0].metadata = {{"scene", "indoor"}, {"photographer", "Ann"}};
    d.images[1].metadata = {{"scene", "outdoor"}};
    QCOMPARE(imageFeatures(d, 0).metadata, d.images[0].metadata);
    std::vector<QueryFeatures> queries;
    for (int image : {0, 0, 1, 1, 2, 2}) {
      QueryFeatures q;
      q.image = imageFeatures(d, image);
      queries.push_back(q);
    }
    QCOMPARE(sliceFields(queries), (QStringList{"regions", "meta:photographer", "meta:scene"}));
    const SliceReport r = sliceRanks({0, 1, 20, 30, 0, 15}, queries, "meta:scene");
    QCOMPARE(r.whole.count, 6);
    QCOMPARE(int(r.slices.size()), 3);
    QCOMPARE(r.slices[0].value, QStringLiteral("outdoor")); // R@10 0
    QCOMPARE(r.slices[1].value, QStringLiteral("(missing)")); // R@10 50
    QCOMPARE(r.slices[2].value, QStringLiteral("indoor")); // R@10 100
    QCOMPARE(sliceOf(r, "indoor").count, 2);
    QCOMPARE(sliceOf(r, "(missing)").r10, 50.0);
    QCOMPARE(sliceOf(r, "outdoor").meanRank, 26.0);
  }

  // ranks {0, 3, 12, 1}: R@1 25, R@5 75, R@10 75; mean of 1, 4, 13, 2 is 5; median of the sorted
  // 0-based {0, 1, 3, 12} is 2, so 3.
  void sliceStatisticsByHand() {
    const SliceStats s = sliceStats({0, 3, 12, 1});
    QCOMPARE(s.count, 4);
    QVERIFY(s.small);
    QCOMPARE(s.r1, 25.0);
    QCOMPARE(s.r5, 75.0);
    QCOMPARE(s.r10, 75.0);
    QCOMPARE(s.meanRank, 5.0);
    QCOMPARE(s.medianRank, 3.0);
    QVERIFY(s.r10Low <= s.r10 && s.r10 <= s.r10High);
    QVERIFY(s.r10Low >= 0 && s.r10High <= 100);
    QVERIFY(s.meanRankLow <= s.meanRank && s.meanRank <= s.meanRankHigh);
    QVERIFY(s.meanRankLow >= 1 && s.meanRankHigh <= 13);
    const SliceStats again = sliceStats({0, 3, 12, 1});
    QCOMPARE(again.r10Low, s.r10Low); // seeded
    QCOMPARE(again.meanRankHigh, s.meanRankHigh);
    const SliceStats one = sliceStats({4});
    QCOMPARE(one.r10Low, 100.0);
    QCOMPARE(one.meanRankHigh, 5.0);
  }

  // Short captions all hit; long ones miss twice; the middle bin has one query; the last query
  // has no partner and is left out.
  void slicesWorstFirstWithDeltas() {
    const std::vector<QueryFeatures> queries{query(5),  query(6),  query(7),  query(7),  query(8), query(20),
                                             query(18), query(17), query(10), query(30)};
    const std::vector<int> ranks{0, 1, 0, 2, 4, 40, 11, 0, 20, -1};
    const SliceReport r = sliceRanks(ranks, queries, "length");
    QCOMPARE(r.whole.count, 9);
    QCOMPARE(r.whole.r10, 100.0 * 6 / 9);
    QCOMPARE(int(r.slices.size()), 3);
    QCOMPARE(r.slices[0].value, QStringLiteral("9-12")); // R@10 0, rank 21
    QCOMPARE(r.slices[1].value, QStringLiteral("17+"));  // R@10 33.3
    QCOMPARE(r.slices[2].value, QStringLiteral("1-8"));  // R@10 100
    const SliceStats &longer = sliceOf(r, "17+");
    QCOMPARE(longer.count, 3);
    QVERIFY(longer.small);
    QVERIFY(std::abs(longer.r10 - 100.0 / 3) < 1e-9);
    QCOMPARE(longer.meanRank, (41.0 + 12.0 + 1.0) / 3);
    QCOMPARE(longer.medianRank, 12.0);
    QVERIFY(std::abs(longer.deltaR10 - (100.0 / 3 - 100.0 * 6 / 9)) < 1e-9);
    const double wholeMean = (1 + 2 + 1 + 3 + 5 + 41 + 12 + 1 + 21) / 9.0;
    QVERIFY(std::abs(r.whole.meanRank - wholeMean) < 1e-9);
    const SliceStats &shorter = sliceOf(r, "1-8");
    QCOMPARE(shorter.count, 5);
    QVERIFY(!shorter.small);
    QCOMPARE(shorter.meanRank, 2.4);
    QVERIFY(std::abs(shorter.deltaMeanRank - (2.4 - wholeMean)) < 1e-9);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sliceRanks({0}, queries, "length"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sliceRanks(ranks, queries, "colour"));
  }

  // Equal R@10 falls back to the mean rank.
  void tiesBrokenByMeanRank() {
    const std::vector<QueryFeatures> queries{query(3, {"dog"}), query(3, {"dog"}), query(3), query(3)};
    const SliceReport r = sliceRanks({0, 2, 8, 9}, queries, "concept:dog");
    QCOMPARE(r.slices[0].value, QStringLiteral("absent"));
    QCOMPARE(r.slices[1].value, QStringLiteral("present"));
  }

  void plausibilityRules() {
    const QStringList dogBall{"dog", "ball"}, dog{"dog"}, dogCat{"dog", "cat"};
    QVERIFY(isPlausible(dogBall, {"ball", "dog", "dog"}));
    QVERIFY(!isPlausible(dogBall, dog));
    PlausibleOptions zeta1;
    zeta1.maxDifference = 1;
    QVERIFY(isPlausible(dogBall, dog, zeta1));
    QVERIFY(!isPlausible(dogBall, dogCat, zeta1)); // ball and cat: two apart
    PlausibleOptions contains;
    contains.rule = PlausibleRule::ContainsAll;
    QVERIFY(isPlausible(dog, dogBall, contains));
    QVERIFY(!isPlausible(dogBall, dog, contains));
    PlausibleOptions jaccard;
    jaccard.rule = PlausibleRule::Jaccard;
    QVERIFY(!isPlausible(dogBall, dogCat, jaccard)); // 1/3
    jaccard.minJaccard = 0.3;
    QVERIFY(isPlausible(dogBall, dogCat, jaccard));
    QVERIFY(!isPlausible({}, {}, contains)); // no labels, no plausible neighbours
  }

  void rPrecisionOfOneQuery() {
    const PlausibleQuery q = scorePlausible({3, 1, 0, 2}, {1, 0, 1, 1});
    QCOMPARE(q.relevant, 3);
    QCOMPARE(q.precision, 2.0 / 3); // 3 and 0 in the top 3
    QCOMPARE(q.firstRank0, 0);
    const PlausibleQuery cut = scorePlausible({1}, {1, 0, 1, 1}); // a ranking cut short
    QCOMPARE(cut.precision, 0.0);
    QCOMPARE(cut.firstRank0, -1);
  }

  // Images 0 and 1 show {dog, ball}, image 2 {cat}; caption c describes image c.
  //  c0 ranks images 1, 2, 0: plausible {0, 1}, top 2 holds 1 → 1/2, first at 0.
  //  c1 ranks 2, 1, 0: 1/2, first at 1.  c2 ranks 2, 0, 1: plausible {2} → 1, first at 0.
  //  image 0 ranks captions 2, 0, 1: plausible {c0, c1} → 1/2, first at 1.
  //  image 1 ranks 0, 1, 2 → 1, first at 0.  image 2 ranks 1, 2, 0: plausible {c2} → 0, first at 1.
  // Counting instead of sorting: on random scores with many ties and random concept sets, the
  // figures equal scorePlausible's over each query's full ranking (a stable sort by score).
  void plausibleEqualsTheSortedRankings() {
    std::mt19937 rng(5);
    const QStringList labels{"dog", "cat", "ball", "tree"};
    for (int trial = 0; trial < 10; ++trial) {
      const int images = 4 + int(rng() % 12), captions = images * 2;
      std::vector<int> captionImage;
      for (int c = 0; c < captions; ++c) captionImage.push_back(c % images);
      std::vector<QStringList> concepts(static_cast<std::size_t>(images));
      for (QStringList &set : concepts)
        for (const QString &label : labels)
          if (rng() % 3 == 0) set << label;
      std::vector<float> similarity(std::size_t(images) * captions);
      for (float &v : similarity) v = float(int(rng() % (trial % 2 ? 3 : 100)));
      std::vector<PlausibleQuery> t2i, i2t;
      const auto sortedBy = [](std::vector<float> scores) {
        std::vector<int> order(scores.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return scores[std::size_t(a)] > scores[std::size_t(b)]; });
        return order;
      };
      const auto plausibleFor = [&](int query, int candidate) { return query == candidate || isPlausible(concepts[std::size_t(query)], concepts[std::size_t(candidate)]); };
      for (int c = 0; c < captions; ++c) {
        std::vector<float> scores;
        std::vector<char> plausible;
        for (int i = 0; i < images; ++i) {
          scores.push_back(similarity[std::size_t(i) * captions + c]);
          plausible.push_back(plausibleFor(captionImage[std::size_t(c)], i));
        }
        t2i.push_back(scorePlausible(sortedBy(scores), plausible));
      }
      for (int i = 0; i < images; ++i) {
        std::vector<float> scores(similarity.begin() + std::ptrdiff_t(i) * captions, similarity.begin() + std::ptrdiff_t(i + 1) * captions);
        std::vector<char> plausible;
        for (int c = 0; c < captions; ++c) plausible.push_back(plausibleFor(i, captionImage[std::size_t(c)]));
        i2t.push_back(scorePlausible(sortedBy(scores), plausible));
      }
      const PlausibleRetrieval counted = evaluatePlausible(similarity, images, captions, captionImage, concepts);
      for (const auto &[got, want] : {std::pair{counted.textToImage, summarisePlausible(t2i)}, std::pair{counted.imageToText, summarisePlausible(i2t)}}) {
        QCOMPARE(got.queries, want.queries);
        QCOMPARE(got.pmrp, want.pmrp);
        QCOMPARE(got.r1, want.r1);
        QCOMPARE(got.r5, want.r5);
        QCOMPARE(got.r10, want.r10);
        QCOMPARE(got.meanRelevant, want.meanRelevant);
      }
    }
  }

  void pmrpByHand() {
    const std::vector<float> similarity{0.2f, 0.1f, 0.4f, 0.9f, 0.3f, 0.0f, 0.5f, 0.8f, 0.7f};
    const std::vector<QStringList> concepts{{"dog", "ball"}, {"ball", "dog"}, {"cat"}};
    const PlausibleRetrieval p = evaluatePlausible(similarity, 3, 3, {0, 1, 2}, concepts);
    QCOMPARE(p.textToImage.queries, 3);
    QVERIFY(std::abs(p.textToImage.pmrp - 200.0 / 3) < 1e-9);
    QVERIFY(std::abs(p.textToImage.r1 - 200.0 / 3) < 1e-9);
    QCOMPARE(p.textToImage.r5, 100.0);
    QVERIFY(std::abs(p.textToImage.meanRelevant - 5.0 / 3) < 1e-9);
    QVERIFY(std::abs(p.imageToText.pmrp - 50.0) < 1e-9);
    QVERIFY(std::abs(p.imageToText.r1 - 100.0 / 3) < 1e-9);
    QCOMPARE(p.imageToText.r10, 100.0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, evaluatePlausible(similarity, 3, 2, {0, 1}, concepts));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, evaluatePlausible(similarity, 3, 3, {0, 1, 3}, concepts));
  }
};

QTEST_GUILESS_MAIN(TestSlices)
#include "tst_slices.moc"
