// Retrieval metrics on constructed similarity matrices whose ranks are known by hand, and the
// correlations of sentence-similarity evaluation against hand-computed values.

#include "evaluation/correlation.h"
#include "evaluation/retrieval.h"

#include <QJsonObject>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace gs;

class TestRetrievalMetrics : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void perfectRanking() {
    // 3 images, 2 captions each; each image scores its own captions highest.
    const std::vector<int> captionImage{0, 0, 1, 1, 2, 2};
    std::vector<float> s(3 * 6, 0.f);
    for (int c = 0; c < 6; ++c) s[captionImage[c] * 6 + c] = 1.f;
    const RetrievalMetrics m = evaluateRetrieval(s, 3, 6, captionImage);
    QCOMPARE(m.imageToText.r1, 100.0);
    QCOMPARE(m.textToImage.r1, 100.0);
    QCOMPARE(m.imageToText.medianRank, 1.0);
    QCOMPARE(m.textToImage.meanRank, 1.0);
    QCOMPARE(m.rsum, 600.0);
  }

  // Image → text ranks are defined by a stable sort of each image's row: the position of its first
  // own caption. On random rows with many ties (scores rounded to a few levels), images without
  // captions and uneven caption counts, the metrics equal those of that sort.
  void imageRanksEqualTheStableSort() {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 20; ++trial) {
      const int images = 3 + int(rng() % 20), captions = images + int(rng() % 60);
      std::vector<int> captionImage(static_cast<std::size_t>(captions));
      for (int c = 0; c < captions; ++c) captionImage[std::size_t(c)] = c < images - 1 ? c : int(rng() % (images - 1)); // the last image: none
      std::vector<float> s(std::size_t(images) * captions);
      const int levels = trial % 2 ? 3 : 1000;
      for (float &v : s) v = float(int(rng() % levels)) / levels;
      std::vector<int> ranks;
      for (int i = 0; i < images; ++i) {
        std::vector<int> order(static_cast<std::size_t>(captions));
        std::iota(order.begin(), order.end(), 0);
        const float *row = s.data() + std::size_t(i) * captions;
        std::stable_sort(order.begin(), order.end(), [row](int a, int b) { return row[a] > row[b]; });
        for (int r = 0; r < captions; ++r)
          if (captionImage[std::size_t(order[std::size_t(r)])] == i) {
            ranks.push_back(r);
            break;
          }
      }
      const DirectionMetrics expected = summariseRanks(ranks);
      const RetrievalMetrics m = evaluateRetrieval(s, images, captions, captionImage);
      QCOMPARE(m.imageToText.meanRank, expected.meanRank);
      QCOMPARE(m.imageToText.medianRank, expected.medianRank);
      for (int k : recallLevels()) QCOMPARE(recallAt(m.imageToText, k), recallAt(expected, k));
    }
  }

  void handComputedRanks() {
    // 2 images × 4 captions. Image 0 owns captions 0,1; image 1 owns 2,3.
    // Row 0: caption order by score 2 (0.9), 0 (0.8), 3 (0.5), 1 (0.1): first own caption at rank 2.
    // Row 1: caption order 1 (0.95), 0 (0.7), 3 (0.6), 2 (0.2): first own caption (3) at rank 3.
    const std::vector<float> s{0.8f, 0.1f, 0.9f, 0.5f,   //
                               0.7f, 0.95f, 0.2f, 0.6f}; //
    const std::vector<int> captionImage{0, 0, 1, 1};
    const RetrievalMetrics m = evaluateRetrieval(s, 2, 4, captionImage);
    // i→t 0-based ranks {1, 2}: R@1 0 %, R@5 100 %, median floor(1.5)+1 = 2, mean 2.5.
    QCOMPARE(m.imageToText.r1, 0.0);
    QCOMPARE(m.imageToText.r5, 100.0);
    QCOMPARE(m.imageToText.medianRank, 2.0);
    QCOMPARE(m.imageToText.meanRank, 2.5);
    // t→i: caption 0: 0.8 vs 0.7 → rank 0; caption 1: 0.1 vs 0.95 → 1; caption 2: 0.2 vs 0.9 → 1;
    // caption 3: 0.6 vs 0.5 → 0. 0-based {0,1,1,0}: R@1 50 %, median floor(0.5)+1 = 1, mean 1.5.
    QCOMPARE(m.textToImage.r1, 50.0);
    QCOMPARE(m.textToImage.r10, 100.0);
    QCOMPARE(m.textToImage.medianRank, 1.0);
    QCOMPARE(m.textToImage.meanRank, 1.5);
    QCOMPARE(m.rsum, 0.0 + 100 + 100 + 50 + 100 + 100);
  }

  // R@20 and R@50 (the DT-LSTM paper's table): 0-based ranks 0, 12, 19, 20, 49, 60 of six queries.
  void deepRecalls() {
    const DirectionMetrics d = summariseRanks({0, 12, 19, 20, 49, 60});
    QCOMPARE(d.r10, 100.0 / 6);
    QCOMPARE(d.r20, 300.0 / 6);
    QCOMPARE(d.r50, 500.0 / 6);
    QCOMPARE(recallAt(d, 50), d.r50);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, recallAt(d, 7));
    const DirectionMetrics back = DirectionMetrics::fromJson(d.toJson());
    QCOMPARE(back.r20, d.r20);
    QCOMPARE(back.r50, d.r50);
    // A result.json written before R@20/50 were kept reads them as unknown, not as 0 %.
    QJsonObject old = d.toJson();
    old.remove(QStringLiteral("r20"));
    old.remove(QStringLiteral("r50"));
    QCOMPARE(DirectionMetrics::fromJson(old).r50, -1.0);
  }

  // Pearson and Spearman by hand. x = {1, 2, 3, 4}, y = {2, 4, 5, 9}: means 2.5 and 5; deviations
  // {-1.5, -.5, .5, 1.5} and {-3, -1, 0, 4}; Σxy = 4.5 + .5 + 0 + 6 = 11, Σx² = 5, Σy² = 26:
  // r = 11 / √130. Ranks of y are 1..4, so ρ = 1.
  void correlationsByHand() {
    QVERIFY(std::abs(pearson({1, 2, 3, 4}, {2, 4, 5, 9}) - 11.0 / std::sqrt(130.0)) < 1e-12);
    QCOMPARE(spearman({1, 2, 3, 4}, {2, 4, 5, 9}), 1.0);
    QCOMPARE(spearman({1, 2, 3, 4}, {9, 5, 4, 2}), -1.0);
    // Ties share their mean rank: {10, 20, 20, 30} → {1, 2.5, 2.5, 4}.
    const std::vector<double> ranks = averageRanks({10, 20, 20, 30});
    QCOMPARE(ranks, (std::vector<double>{1, 2.5, 2.5, 4}));
    // x ranks {1, 2.5, 2.5, 4}, y = {1, 3, 2, 4}: deviations {-1.5, 0, 0, 1.5} and {-1.5, .5, -.5, 1.5};
    // Σxy = 4.5, Σx² = 4.5, Σy² = 5: ρ = 4.5 / √22.5.
    QVERIFY(std::abs(spearman({10, 20, 20, 30}, {1, 3, 2, 4}) - 4.5 / std::sqrt(22.5)) < 1e-12);
    // Undefined: too few pairs, a constant side, different lengths.
    QVERIFY(std::isnan(pearson({1}, {2})));
    QVERIFY(std::isnan(pearson({1, 1, 1}, {1, 2, 3})));
    QVERIFY(std::isnan(spearman({1, 2}, {1, 2, 3})));
  }

  // The bootstrap interval of a correlation holds the true correlation at about the nominal rate:
  // 400 samples of 60 pairs from a bivariate normal with ρ = 0.6 (Pearson's r), 300 resamples each.
  void correlationIntervalCovers() {
    std::mt19937_64 random(7);
    std::normal_distribution<double> normal;
    int covered = 0;
    const int draws = 400;
    for (int d = 0; d < draws; ++d) {
      std::vector<double> x(60), y(60);
      for (std::size_t k = 0; k < x.size(); ++k) {
        x[k] = normal(random);
        y[k] = 0.6 * x[k] + 0.8 * normal(random);
      }
      const CorrelationInterval interval = correlationInterval(x, y, CorrelationKind::Pearson, 300, 0.95, quint64(d) + 1);
      covered += interval.low <= 0.6 && 0.6 <= interval.high ? 1 : 0;
    }
    const double rate = double(covered) / draws;
    QVERIFY2(rate > 0.90 && rate < 0.99, qPrintable(QString::number(rate)));
    // Undefined correlations give no interval.
    QVERIFY(std::isnan(correlationInterval({1, 1, 1}, {1, 2, 3}, CorrelationKind::Spearman).low));
    // The same pairs and seed, the same interval.
    const CorrelationInterval a = correlationInterval({1, 2, 3, 4, 5}, {2, 1, 4, 3, 5}, CorrelationKind::Spearman);
    const CorrelationInterval b = correlationInterval({1, 2, 3, 4, 5}, {2, 1, 4, 3, 5}, CorrelationKind::Spearman);
    QCOMPARE(a.low, b.low);
    QVERIFY(a.low <= spearman({1, 2, 3, 4, 5}, {2, 1, 4, 3, 5}) && spearman({1, 2, 3, 4, 5}, {2, 1, 4, 3, 5}) <= a.high);
  }

  void foldsAverageWithinFolds() {
    // 4 images in 2 folds of 2. Fold 0 perfect; fold 1 swapped (each caption prefers the other image).
    const std::vector<int> captionImage{0, 1, 2, 3};
    std::vector<float> s(16, 0.f);
    s[0 * 4 + 0] = s[1 * 4 + 1] = 1.f;
    s[3 * 4 + 2] = s[2 * 4 + 3] = 1.f;
    // Across folds, image 0 would also match caption 2 strongly: must not count inside fold 1.
    s[0 * 4 + 2] = 5.f;
    const RetrievalMetrics m = evaluateFolds(s, 4, 4, captionImage, 2, 2);
    QCOMPARE(m.textToImage.r1, 50.0); // (100 + 0) / 2
    QCOMPARE(m.imageToText.r1, 50.0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, evaluateFolds(s, 4, 4, captionImage, 5, 1000));
  }

  void sentenceSimilarityRank() {
    // 4 captions, two images. Caption 0's nearest same-image caption (1) is ranked 2nd (caption 2 closer).
    const std::vector<int> captionImage{0, 0, 1, 1};
    const std::vector<float> s{1, 0.5f, 0.9f, 0.1f,  //
                               0.5f, 1, 0.2f, 0.3f,  //
                               0.9f, 0.2f, 1, 0.8f,  //
                               0.1f, 0.3f, 0.8f, 1}; //
    // ranks: c0 → 2 (c2 above c1); c1 → 1 (c0 is nearest, same image); c2 → 2 (c0 above c3); c3 → 1.
    QCOMPARE(sentenceSimilarityMeanRank(s, 4, captionImage), 1.5);
  }

  void rejectsInconsistentInput() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, evaluateRetrieval({1.f, 2.f}, 2, 2, {0, 1}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, evaluateRetrieval({1.f, 2.f, 3.f, 4.f}, 2, 2, {0, 5}));
  }
};

QTEST_GUILESS_MAIN(TestRetrievalMetrics)
#include "tst_retrievalmetrics.moc"
