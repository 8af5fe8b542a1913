// Retrieval metrics on constructed similarity matrices whose ranks are known by hand.

#include "evaluation/retrieval.h"

#include <QTest>

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
