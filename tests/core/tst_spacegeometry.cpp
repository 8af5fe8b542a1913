// The geometry of a joint space against hand counts and known answers: k-occurrence and its
// skewness (hubness.h), CSLS and the inverted softmax (hubreranking.h), the modality gap
// (modalitygap.h, gaptrajectory.h) and bootstrap intervals of retrieval metrics
// (retrievalintervals.h).

#include "analysis/gaptrajectory.h"
#include "analysis/hubness.h"
#include "analysis/hubreranking.h"
#include "analysis/modalitygap.h"
#include "evaluation/retrievalintervals.h"
#include "evaluation/scorematrix.h"
#include "training/runs/runtrajectory.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <random>

using namespace gs;

namespace {

// n rows of `dim` values: `offset` on axis `axis` plus N(0, spread²) noise.
std::vector<float> cloud(int n, int dim, int axis, float offset, float spread, std::mt19937 &random) {
  std::normal_distribution<float> noise(0.f, spread);
  std::vector<float> rows(std::size_t(n) * dim);
  for (int r = 0; r < n; ++r)
    for (int d = 0; d < dim; ++d) rows[std::size_t(r) * dim + d] = noise(random) + (d == axis ? offset : 0.f);
  return rows;
}

std::vector<float> plus(std::vector<float> a, const std::vector<float> &b) {
  for (std::size_t k = 0; k < a.size(); ++k) a[k] += b[k];
  return a;
}

std::vector<int> identity(int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) v[std::size_t(k)] = k;
  return v;
}

// The 2 images × 2 captions example of the re-ranking tests: image 0 is a hub, the nearest image
// of both captions, so caption 1 (image 1's) finds the wrong image first.
//            c0    c1
//   i0     0.9   0.8
//   i1     0.2   0.75
const std::vector<float> kHubExample{0.9f, 0.8f, 0.2f, 0.75f};

}  // namespace

class TestSpaceGeometry : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void kOccurrenceByHand() {
    //          c0   c1   c2   c3
    //   i0    0.9  0.8  0.7  0.1
    //   i1    0.5  0.6  0.2  0.3
    //   i2    0.1  0.2  0.9  0.4
    // Captions' top images: c0 → i0, i1; c1 → i0, i1; c2 → i2, i0; c3 → i2, i1.
    // Images' top captions: i0 → c0, c1; i1 → c1, c0; i2 → c2, c3.
    const std::vector<float> s{0.9f, 0.8f, 0.7f, 0.1f, 0.5f, 0.6f, 0.2f, 0.3f, 0.1f, 0.2f, 0.9f, 0.4f};
    const Hubness h = hubness(s, 3, 4, {1, 2, 10}, 2);
    QCOMPARE(h.images.size(), std::size_t(3));
    QCOMPARE(h.images[0].counts, (std::vector<int>{2, 0, 2}));
    QCOMPARE(h.images[1].counts, (std::vector<int>{3, 3, 2}));
    QCOMPARE(h.images[2].counts, (std::vector<int>{4, 4, 4})); // k = 10 clamps to all 3 images
    QCOMPARE(h.captions[0].counts, (std::vector<int>{1, 1, 1, 0}));
    QCOMPARE(h.captions[1].counts, (std::vector<int>{2, 2, 1, 1}));
    // {2, 0, 2}: μ = 4/3, m2 = 8/9, m3 = −16/27, S = m3 / m2^1.5 = −1/√2.
    QVERIFY(std::abs(h.images[0].skewness + 1 / std::sqrt(2.0)) < 1e-12);
    // {1, 1, 1, 0}: μ = 3/4, m2 = 3/16, m3 = −3/32, S = −2/√3.
    QVERIFY(std::abs(h.captions[0].skewness + 2 / std::sqrt(3.0)) < 1e-12);
    QCOMPARE(h.captions[1].skewness, 0.0); // symmetric
    QCOMPARE(h.images[2].skewness, 0.0);   // no variance
    // The two largest N_2 hubs: images 0 and 1 with 3 each, the lower row first.
    QCOMPARE(h.images[1].hubs.size(), std::size_t(2));
    QCOMPARE(h.images[1].hubs[0].index, 0);
    QCOMPARE(h.images[1].hubs[0].count, 3);
    QCOMPARE(h.images[1].hubs[1].index, 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, hubness(s, 3, 3));
  }

  void skewedSpaceHasHubs() {
    // One image near every caption's direction: it is everyone's top-1, a long right tail.
    std::vector<float> s(20 * 20, 0.f);
    for (int c = 0; c < 20; ++c) {
      s[std::size_t(c) * 20 + c] = 0.5f;
      s[c] = 0.9f; // image 0
    }
    const Hubness h = hubness(s, 20, 20, {1});
    QCOMPARE(h.images[0].counts[0], 20);
    QVERIFY(h.images[0].skewness > 4);
  }

  void cslsByHand() {
    // K = 1. r_T(image) = its best caption's score: i0 0.9, i1 0.75.
    //        r_S(caption) = its best image's score: c0 0.9, c1 0.8.
    // CSLS = 2s − r_T − r_S:  i0: 1.8 − 0.9 − 0.9 = 0,      1.6 − 0.9 − 0.8 = −0.1
    //                         i1: 0.4 − 0.75 − 0.9 = −1.25, 1.5 − 0.75 − 0.8 = −0.05
    // Caption 1 now prefers image 1 (−0.05 > −0.1): the hub's radius is subtracted.
    const std::vector<float> csls = cslsScores(kHubExample, 2, 2, 1);
    const std::vector<float> expected{0.f, -0.1f, -1.25f, -0.05f};
    for (std::size_t k = 0; k < expected.size(); ++k) QVERIFY(std::abs(csls[k] - expected[k]) < 1e-6);
    // K = 2 (everything): r_T = 0.85, 0.475; r_S = 0.55, 0.775.
    // i0: 1.8 − 0.85 − 0.55 = 0.4, 1.6 − 0.85 − 0.775 = −0.025; i1: 0.4 − 0.475 − 0.55 = −0.625, 1.5 − 0.475 − 0.775 = 0.25
    const std::vector<float> all = cslsScores(kHubExample, 2, 2, 5);
    const std::vector<float> expectedAll{0.4f, -0.025f, -0.625f, 0.25f};
    for (std::size_t k = 0; k < expectedAll.size(); ++k) QVERIFY(std::abs(all[k] - expectedAll[k]) < 1e-6);
  }

  void invertedSoftmaxByHand() {
    // β = 10. Caption queries (image search): each image's probabilities sum to one over captions.
    //   i0: e^9, e^8    → P(i0|c0) = 1/(1 + e^−1) = 0.731059, P(i0|c1) = 0.268941
    //   i1: e^2, e^7.5  → P(i1|c0) = 1/(1 + e^5.5) = 0.004070, P(i1|c1) = 0.995930
    // so caption 1 now ranks image 1 (0.9959) above the hub (0.2689).
    // Image queries (annotation): each caption's probabilities sum to one over images.
    //   c0: e^9, e^2    → P(c0|i0) = 1/(1 + e^−7) = 0.999089, P(c0|i1) = 0.000911
    //   c1: e^8, e^7.5  → P(c1|i0) = 1/(1 + e^−0.5) = 0.622459, P(c1|i1) = 0.377541
    const double beta = 10;
    const std::vector<float> byCaptions = invertedSoftmaxScores(kHubExample, 2, 2, beta, QuerySide::Captions);
    const std::vector<float> byImages = invertedSoftmaxScores(kHubExample, 2, 2, beta, QuerySide::Images);
    const std::vector<double> pCaptions{0.731059, 0.268941, 0.004070, 0.995930};
    const std::vector<double> pImages{0.999089, 0.622459, 0.000911, 0.377541};
    for (std::size_t k = 0; k < 4; ++k) {
      QVERIFY(std::abs(std::exp(beta * byCaptions[k]) - pCaptions[k]) < 1e-5);
      QVERIFY(std::abs(std::exp(beta * byImages[k]) - pImages[k]) < 1e-5);
    }
    // No overflow with a large β: log-sum-exp.
    for (float v : invertedSoftmaxScores(kHubExample, 2, 2, 1e4, QuerySide::Images)) QVERIFY(std::isfinite(v));
  }

  void hubReductionBesidePlain() {
    // Plain: annotation perfect (300), search finds caption 1's image second (R@1 50, R@5 100, R@10 100).
    const std::vector<int> captionImage{0, 1};
    const HubReducedRetrieval r = hubReducedRetrieval(kHubExample, 2, 2, captionImage, {1, 10.0});
    QCOMPARE(r.plain.textToImage.r1, 50.0);
    QCOMPARE(r.plain.rsum, 550.0);
    QCOMPARE(r.csls.textToImage.r1, 100.0);
    QCOMPARE(r.csls.rsum, 600.0);
    QCOMPARE(r.invertedSoftmax.textToImage.r1, 100.0);
    QCOMPARE(r.invertedSoftmax.imageToText.r1, 100.0);
    QCOMPARE(r.invertedSoftmax.rsum, 600.0);
    QCOMPARE(r.options.cslsK, 1);
    // From vectors: the plain metrics are evaluateRetrieval's on the score matrix.
    std::mt19937 random(3);
    const std::vector<float> images = cloud(30, 8, 0, 0.f, 1.f, random);
    const std::vector<float> captions = plus(images, cloud(30, 8, 0, 0.f, 0.5f, random));
    const HubReducedRetrieval v = hubReducedRetrieval(images, captions, 8, identity(30), ScoreKind::Cosine);
    const RetrievalMetrics direct = evaluateRetrieval(scoreMatrix(images, 30, captions, 30, 8, ScoreKind::Cosine), 30, 30, identity(30));
    QCOMPARE(v.plain.rsum, direct.rsum);
    QCOMPARE(v.options.cslsK, 10);
  }

  void ranksMatchEvaluateRetrieval() {
    // Coarse scores so ties occur: the per-query ranks summarise to evaluateRetrieval's metrics.
    std::mt19937 random(5);
    std::uniform_int_distribution<int> level(0, 4);
    const int images = 12, captions = 36;
    std::vector<float> s(std::size_t(images) * captions);
    for (float &v : s) v = float(level(random));
    std::vector<int> captionImage(captions);
    for (int c = 0; c < captions; ++c) captionImage[std::size_t(c)] = c / 3;
    const QueryRanks ranks = retrievalRanks(s, images, captions, captionImage);
    const RetrievalMetrics m = evaluateRetrieval(s, images, captions, captionImage);
    for (const auto &[mine, theirs] : {std::pair{summariseRanks(ranks.imageToText), m.imageToText},
                                       std::pair{summariseRanks(ranks.textToImage), m.textToImage}}) {
      QCOMPARE(mine.r1, theirs.r1);
      QCOMPARE(mine.r5, theirs.r5);
      QCOMPARE(mine.r10, theirs.r10);
      QCOMPARE(mine.medianRank, theirs.medianRank);
      QCOMPARE(mine.meanRank, theirs.meanRank);
    }
    const RetrievalIntervals a = retrievalIntervals(s, images, captions, captionImage, 500, 0.95, 7);
    const RetrievalIntervals b = retrievalIntervals(s, images, captions, captionImage, 500, 0.95, 7);
    QCOMPARE(a.textToImage.r10.low, b.textToImage.r10.low); // seeded
    QCOMPARE(a.textToImage.point.r10, m.textToImage.r10);
    QVERIFY(a.textToImage.r10.contains(m.textToImage.r10));
    QVERIFY(a.imageToText.meanRank.contains(m.imageToText.meanRank));
    QCOMPARE(a.imageToText.queries, images);
    QVERIFY(std::abs(a.rsum() - m.rsum) < 1e-9);
    QVERIFY(a.rsumInterval.contains(m.rsum));
    const RetrievalIntervals read = RetrievalIntervals::fromJson(a.toJson());
    QCOMPARE(read.rsumInterval.high, a.rsumInterval.high);
    QCOMPARE(read.toJson().value(QStringLiteral("rsum")).toObject().value(QStringLiteral("value")).toDouble(), a.rsum());
    QCOMPARE(read.textToImage.r10.low, a.textToImage.r10.low);
    QCOMPARE(read.imageToText.queries, a.imageToText.queries);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bootstrapRanks({1, 2}, 0));
  }

  void bootstrapCoversAtNominalRate() {
    // Ranks drawn from a geometric distribution, P(rank = r) = q(1 − q)^r with q = 0.09: the true
    // R@10 is 100·(1 − 0.91^10) = 61.06 %. 1,000 query sets of 200 queries, each with a 95 %
    // interval from 500 resamples; the share of intervals holding the truth is near 95 %
    // (Monte Carlo standard error 0.7 points).
    const double q = 0.09, truth = 100.0 * (1 - std::pow(1 - q, 10));
    std::mt19937_64 random(11);
    std::geometric_distribution<int> rank(q);
    const int sets = 1000, queries = 200;
    int covered = 0;
    std::vector<int> ranks(queries);
    for (int set = 0; set < sets; ++set) {
      for (int &r : ranks) r = rank(random);
      covered += bootstrapRanks(ranks, 500, 0.95, quint64(set) + 1).r10.contains(truth);
    }
    const double coverage = double(covered) / sets;
    qInfo("coverage of the true R@10 = %.3f", coverage);
    QVERIFY(coverage >= 0.92 && coverage <= 0.98);
  }

  void rsumIntervalCoversByImage() {
    // Queries of one image share its difficulty: per image q is 0.05 or 0.3 (equally likely), and
    // its image→text rank and its three captions' text→image ranks are geometric with that q. The
    // true rsum is 2 · Σ_K 100 · E_q[1 − (1 − q)^K] over K = 1, 5, 10. 600 sets of 60 images, each
    // with a 95 % interval from 400 resamples drawn by image; coverage near 95 % (SE 0.9 points).
    double truth = 0;
    for (int k : {1, 5, 10}) truth += 2 * 100 * 0.5 * ((1 - std::pow(0.95, k)) + (1 - std::pow(0.7, k)));
    std::mt19937_64 random(13);
    std::bernoulli_distribution hard(0.5);
    const int sets = 600, images = 60, perImage = 3;
    std::vector<int> captionImage;
    for (int i = 0; i < images; ++i)
      for (int c = 0; c < perImage; ++c) captionImage.push_back(i);
    int covered = 0;
    for (int set = 0; set < sets; ++set) {
      QueryRanks ranks;
      for (int i = 0; i < images; ++i) {
        std::geometric_distribution<int> rank(hard(random) ? 0.05 : 0.3);
        ranks.imageToText.push_back(rank(random));
        ranks.imageQueryRows.push_back(i);
        for (int c = 0; c < perImage; ++c) ranks.textToImage.push_back(rank(random));
      }
      const Interval interval = rsumInterval(ranks, captionImage, 400, 0.95, quint64(set) + 1);
      QVERIFY(interval.low <= interval.high);
      covered += interval.contains(truth);
    }
    const double coverage = double(covered) / sets;
    qInfo("coverage of the true rsum = %.3f", coverage);
    QVERIFY(coverage >= 0.92 && coverage <= 0.98);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, rsumInterval(QueryRanks{{1}, {}, {}}, {}, 10));
  }

  void gapOfSeparatedAndInterleavedClouds() {
    std::mt19937 random(17);
    const int n = 40, dim = 8;
    // Separated: images around 5·e0, captions around 5·e1 (a caption is its image's noise moved).
    const std::vector<float> noise = cloud(n, dim, 0, 0.f, 0.3f, random);
    const std::vector<float> apart = cloud(n, dim, 0, 5.f, 0.3f, random);
    std::vector<float> apartCaptions = plus(cloud(n, dim, 1, 5.f, 0.f, random), noise);
    const ModalityGap separated = modalityGap(apart, apartCaptions, dim, identity(n), ScoreKind::Cosine, 5);
    // Interleaved: a caption is its image plus small noise, both around the origin.
    const std::vector<float> mixed = cloud(n, dim, 0, 0.f, 1.f, random);
    const ModalityGap interleaved =
        modalityGap(mixed, plus(mixed, cloud(n, dim, 0, 0.f, 0.1f, random)), dim, identity(n), ScoreKind::Cosine, 5);
    QVERIFY2(separated.centroidDistance > 1.2, qPrintable(QString::number(separated.centroidDistance)));
    QVERIFY(separated.rawCentroidDistance > 6.5);
    QVERIFY2(interleaved.centroidDistance < 0.2, qPrintable(QString::number(interleaved.centroidDistance)));
    QCOMPARE(separated.imageCrossShare, 0.0);
    QCOMPARE(separated.captionCrossShare, 0.0);
    QVERIFY(interleaved.imageCrossShare > 0.3 && interleaved.captionCrossShare > 0.3);
    QCOMPARE(separated.k, 5);
  }

  void centringRaisesRecall() {
    // Images a + u_i, captions b + u_i + e with large offsets a ⟂ b: under the cosine, the offsets
    // dominate every score, so each side ranks the other by its alignment with the offset (hubs).
    // Centring each modality removes a and b and leaves u_i against u_i + e.
    std::mt19937 random(23);
    const int n = 50, dim = 16;
    const std::vector<float> u = cloud(n, dim, 0, 0.f, 1.f, random);
    const std::vector<float> images = plus(u, cloud(n, dim, 0, 8.f, 0.f, random));
    const std::vector<float> captions = plus(u, cloud(n, dim, 1, 8.f, 0.3f, random));
    for (ScoreKind score : {ScoreKind::Cosine, ScoreKind::InnerProduct}) {
      const ModalityGap gap = modalityGap(images, captions, dim, identity(n), score, 10);
      qInfo("plain R@1 %.0f/%.0f rsum %.0f; centred R@1 %.0f/%.0f rsum %.0f", gap.plain.imageToText.r1,
            gap.plain.textToImage.r1, gap.plain.rsum, gap.centred.imageToText.r1, gap.centred.textToImage.r1,
            gap.centred.rsum);
      QVERIFY(gap.centred.textToImage.r1 > gap.plain.textToImage.r1 + 20);
      QVERIFY(gap.centred.imageToText.r1 > gap.plain.imageToText.r1 + 20);
      QVERIFY(gap.centred.rsum > gap.plain.rsum + 100);
    }
  }

  void gapAlongTrajectory() {
    // A recorded sample whose modalities start apart (epoch 0) and end interleaved (epoch 1).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::mt19937 random(29);
    const int n = 10, dim = 6;
    TrajectorySample sample;
    for (int i = 0; i < n; ++i) {
      sample.imageIds << QStringLiteral("img%1").arg(i);
      sample.captions << QStringLiteral("caption %1").arg(i);
      sample.captionImage.push_back(i);
    }
    sample.dim = dim;
    RunTrajectory::writeSample(dir.path(), sample);
    const auto epochVectors = [&](float offset) {
      const std::vector<float> images = cloud(n, dim, 0, offset, 0.3f, random);
      std::vector<float> rows = images;
      const std::vector<float> captions = plus(images, cloud(n, dim, 1, offset, 0.1f, random));
      rows.insert(rows.end(), captions.begin(), captions.end());
      return rows;
    };
    RunTrajectory::writeEpoch(dir.path(), 0, epochVectors(4.f), 2 * n, dim);
    RunTrajectory::writeEpoch(dir.path(), 1, epochVectors(0.f), 2 * n, dim);
    const std::vector<GapEpoch> gaps = gapTrajectory(dir.path(), ScoreKind::Cosine, 3);
    QCOMPARE(gaps.size(), std::size_t(2));
    QCOMPARE(gaps[0].epoch, 0);
    QCOMPARE(gaps[1].epoch, 1);
    QVERIFY(gaps[0].gap.rawCentroidDistance > 3);
    QVERIFY(gaps[1].gap.rawCentroidDistance < 0.5);
    QVERIFY(gaps[1].gap.centroidDistance < gaps[0].gap.centroidDistance);
  }
};

QTEST_GUILESS_MAIN(TestSpaceGeometry)
#include "tst_spacegeometry.moc"
