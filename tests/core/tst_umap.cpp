// UMAP (core/analysis/umap): the pieces against what they must satisfy (the Φ curve's a, b against
// umap-learn's published values, the bandwidth search hitting log2 k, the fuzzy union, the
// spectral layout of a cycle being a circle, HNSW neighbours against exact ones), the whole
// against known answers (separated clusters stay separated, neighbourhoods preserved at least as
// well as PCA and close to t-SNE, on our own blobs and on ../shared/bench's input), determinism,
// cancel, and bad input.

#include "analysis/detail/calibration.h"
#include "analysis/detail/fastpow.h"
#include "analysis/detail/fuzzygraph.h"
#include "analysis/detail/hnswneighbours.h"
#include "analysis/detail/spectral.h"
#include "analysis/detail/threadpool.h"
#include "analysis/detail/umapcurve.h"
#include "analysis/tsne.h"
#include "analysis/umap.h"
#include "engine/engine.h"
#include "engine/jobcontext.h"
#include "layoutinputs.h"

#include <QFile>
#include <QTest>

#include <atomic>
#include <cstring>
#include <cmath>
#include <random>

using namespace gs;
using namespace gs::test;

namespace {


// ../shared/bench/tsne-input-10k.bin (tsne-input.md): int32 N, int32 D, float64 X[N·D], int32 labels[N].
bool readBenchInput(int limit, std::vector<float> *x, int *n, int *dim) {
  QFile file(QStringLiteral(GS_SOURCE_DIR "/../shared/bench/tsne-input-10k.bin"));
  if (!file.open(QIODevice::ReadOnly)) return false;
  const QByteArray bytes = file.readAll();
  qint32 header[2];
  std::memcpy(header, bytes.constData(), sizeof header);
  *n = std::min<int>(header[0], limit);
  *dim = header[1];
  x->resize(std::size_t(*n) * std::size_t(*dim));
  const double *values = reinterpret_cast<const double *>(bytes.constData() + 8);
  for (std::size_t k = 0; k < x->size(); ++k) (*x)[k] = float(values[k]);
  return true;
}

}  // namespace

class TestUmap : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // umap-learn's find_ab_params(1.0, 0.1) gives a = 1.5769, b = 0.8951 (its documented defaults).
  void curveParametersMatchTheReference() {
    const detail::CurveParameters c = detail::fitCurve(0.1, 1.0);
    QVERIFY2(std::abs(c.a - 1.5769) < 0.01, qPrintable(QString::number(c.a)));
    QVERIFY2(std::abs(c.b - 0.8951) < 0.005, qPrintable(QString::number(c.b)));
    const detail::CurveParameters wide = detail::fitCurve(0.5, 1.0);
    QVERIFY(wide.a < c.a); // a larger minimum distance flattens Φ near 0
  }

  // The SGD's power without libm: within 2e-6 of std::pow over the distances a layout meets.
  void fastPowMatchesStdPow() {
    double worst = 0;
    for (float b : {0.7f, 0.8951f, 1.0f, 1.3f})
      for (float x = 1e-6f; x < 1e6f; x *= 1.01f) {
        const double exact = std::pow(double(x), double(b));
        worst = std::max(worst, std::abs(detail::fastPow(x, b) - exact) / exact);
      }
    QVERIFY2(worst < 2e-6, qPrintable(QString::number(worst)));
    QCOMPARE(detail::fastPow(1.0f, 0.9f), 1.0f);
    QCOMPARE(detail::fastExp2(-200.0f), 0.0f);
  }

  // σ makes the row's memberships sum to log2 k; ρ is the nearest nonzero distance.
  void bandwidthHitsLog2K() {
    const std::vector<double> d{0.0, 0.5, 0.7, 0.9, 1.3, 1.4, 2.0, 2.2, 3.1, 4.0, 4.1, 4.5, 5.0, 6.0};
    const detail::LocalMetric m = detail::smoothDistances(d.data(), int(d.size()), 15, 1.0);
    QCOMPARE(m.rho, 0.5);
    double sum = 0;
    for (double v : d) sum += v - m.rho > 0 ? std::exp(-(v - m.rho) / m.sigma) : 1.0;
    QVERIFY2(std::abs(sum - std::log2(15.0)) < 1e-4, qPrintable(QString::number(sum)));
  }

  // The graph is symmetric and each entry is the fuzzy union a + b − ab of the two directions.
  void fuzzyGraphIsTheSymmetricUnion() {
    const int n = 40, dim = 3, k = 5;
    const std::vector<float> x = gaussian(n, dim, 7);
    detail::ThreadPool pool(2);
    const detail::NeighbourLists lists = detail::nearestNeighbours(x.data(), n, dim, k, pool);
    const detail::SparseMatrix g = detail::fuzzySimplicialSet(lists, n, k + 1, pool);
    const auto value = [&](int i, int j) {
      for (int e = g.rowStart[std::size_t(i)]; e < g.rowStart[std::size_t(i) + 1]; ++e)
        if (g.cols[std::size_t(e)] == j) return g.values[std::size_t(e)];
      return 0.0;
    };
    // Directed memberships recomputed from the definition.
    std::vector<double> directed(std::size_t(n) * n, 0.0);
    for (int i = 0; i < n; ++i) {
      std::vector<double> d(k);
      for (int j = 0; j < k; ++j) d[std::size_t(j)] = std::sqrt(lists.distance2[std::size_t(i * k + j)]);
      const detail::LocalMetric m = detail::smoothDistances(d.data(), k, k + 1, 1.0);
      for (int j = 0; j < k; ++j)
        directed[std::size_t(i) * n + lists.index[std::size_t(i * k + j)]] = std::exp(-std::max(0.0, d[std::size_t(j)] - m.rho) / m.sigma);
    }
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        QCOMPARE(value(i, j), value(j, i));
        const double a = directed[std::size_t(i) * n + j], b = directed[std::size_t(j) * n + i];
        QVERIFY(std::abs(value(i, j) - (a + b - a * b)) < 1e-12);
      }
  }

  // A cycle's Laplacian eigenvectors are cos and sin of the angle: the layout is a circle.
  void spectralLayoutOfACycleIsACircle() {
    const int n = 60;
    detail::SparseMatrix g;
    g.n = n;
    g.rowStart.push_back(0);
    for (int i = 0; i < n; ++i) {
      for (int j : {(i + n - 1) % n, (i + 1) % n}) {
        g.cols.push_back(j);
        g.values.push_back(1.0);
      }
      g.rowStart.push_back(int(g.cols.size()));
    }
    QCOMPARE(detail::connectedComponents(g), 1);
    detail::ThreadPool pool(1);
    const std::vector<double> y = detail::spectralLayout(g, 1, pool);
    double lo = 1e300, hi = 0;
    for (int i = 0; i < n; ++i) {
      const double r = std::hypot(y[std::size_t(2 * i)], y[std::size_t(2 * i + 1)]);
      lo = std::min(lo, r);
      hi = std::max(hi, r);
    }
    QVERIFY2(hi - lo < 0.02 * hi, qPrintable(QStringLiteral("radius %1 to %2").arg(lo).arg(hi)));
    // Two rings of 30: two components, labelled in order of their first node.
    detail::SparseMatrix two;
    two.n = n;
    two.rowStart.push_back(0);
    for (int i = 0; i < n; ++i) {
      const int base = i < 30 ? 0 : 30;
      for (int j : {base + (i - base + 29) % 30, base + (i - base + 1) % 30}) {
        two.cols.push_back(j);
        two.values.push_back(1.0);
      }
      two.rowStart.push_back(int(two.cols.size()));
    }
    std::vector<int> label;
    QCOMPARE(detail::connectedComponents(two, &label), 2);
    QCOMPARE(label[0], 0);
    QCOMPARE(label[45], 1);
  }

  void hnswNeighboursMatchExactOnes() {
    const int n = 3000, dim = 16, k = 10;
    const std::vector<float> x = blobs(n, dim, 8, 2.0, 3);
    detail::ThreadPool pool(2);
    const detail::NeighbourLists exact = detail::nearestNeighbours(x.data(), n, dim, k, pool);
    const detail::NeighbourLists approx = detail::approximateNeighbours(x.data(), n, dim, k, 1, pool);
    int found = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < k; ++j)
        for (int l = 0; l < k; ++l)
          found += approx.index[std::size_t(i * k + j)] == exact.index[std::size_t(i * k + l)];
    const double recall = double(found) / (n * k);
    QVERIFY2(recall > 0.95, qPrintable(QStringLiteral("recall@10 %1").arg(recall)));
    for (int i = 0; i < n; ++i) QVERIFY(approx.distance2[std::size_t(i * k)] <= approx.distance2[std::size_t(i * k + k - 1)]);
  }

  void separatedClustersStaySeparated() {
    const int n = 600, dim = 20, clusters = 6;
    const std::vector<float> x = blobs(n, dim, clusters, 5.0, 21);
    UmapOptions options;
    options.epochs = 200;
    const UmapResult result = runUmap(x, n, dim, options);
    QCOMPARE(int(result.positions.size()), 2 * n);
    QCOMPARE(result.epochs, 200);
    const double agreement = nearestNeighbourAgreement(result.positions, n, clusters);
    QVERIFY2(agreement > 0.95, qPrintable(QStringLiteral("1-NN label agreement %1 (chance 0.17)").arg(agreement)));
    for (float v : result.positions) QVERIFY(std::isfinite(v));
  }

  // A seed fixes the layout, whatever the thread count; the HNSW path too.
  void sameSeedSameLayout() {
    const int n = 400, dim = 8;
    const std::vector<float> x = blobs(n, dim, 4, 1.5, 5); // overlapping blobs: one connected graph, spectral start
    UmapOptions options;
    options.epochs = 50;
    options.threads = 1;
    const UmapResult one = runUmap(x, n, dim, options);
    QCOMPARE(one.components, 1);
    options.threads = 2;
    QCOMPARE(runUmap(x, n, dim, options).positions, one.positions);
    options.search = NeighbourSearch::Approximate;
    const UmapResult approx = runUmap(x, n, dim, options);
    QVERIFY(approx.approximateNeighbours);
    QCOMPARE(runUmap(x, n, dim, options).positions, approx.positions);
    options.seed = 2;
    options.search = NeighbourSearch::Exact;
    QVERIFY(runUmap(x, n, dim, options).positions != one.positions);
  }

  // Neighbourhood preservation (share of the 10 nearest neighbours kept on the map): UMAP at
  // least PCA's, and at least 60 % of t-SNE's on blobs whose clusters overlap a little (measured:
  // UMAP 0.267, t-SNE 0.361, PCA 0.128). t-SNE keeps more of the nearest neighbours than UMAP in
  // published comparisons too (Böhm, Berens & Kobak 2022: UMAP behaves like t-SNE with strong
  // exaggeration, which trades local for global structure).
  void preservesNeighbourhoodsLikeTsne() {
    const int n = 1000, dim = 30;
    const std::vector<float> x = blobs(n, dim, 10, 2.0, 9);
    const UmapResult umap = runUmap(x, n, dim);
    TsneOptions tsneOptions;
    const TsneResult tsne = runTsne(x, n, dim, tsneOptions);
    const std::vector<float> pca = pcaProject(x, n, dim);
    const double u = neighbourhoodPreservation(x, n, dim, umap.positions), t = neighbourhoodPreservation(x, n, dim, tsne.positions),
                 p = neighbourhoodPreservation(x, n, dim, pca);
    qInfo("neighbourhood preservation, k = 10: UMAP %.3f, t-SNE %.3f, PCA %.3f", u, t, p);
    QVERIFY(u >= p);
    QVERIFY(u >= 0.6 * t);
    // The measure itself: the identity map of 2-D data keeps every neighbourhood.
    const std::vector<float> plane = gaussian(300, 2, 3);
    QCOMPARE(neighbourhoodPreservation(plane, 300, 2, plane), 1.0);
  }

  // The same check on the shared t-SNE benchmark input (10 well-separated isotropic clusters in
  // 50-D, its first 2,000 points): within a cluster the neighbours are nearly random in 50-D, so
  // every method keeps few (measured: UMAP 0.11, t-SNE 0.22, PCA 0.05); UMAP at least PCA's and
  // 40 % of t-SNE's, and the clusters separate perfectly.
  void preservesNeighbourhoodsOnTheBenchmarkInput() {
    std::vector<float> x;
    int n = 0, dim = 0;
    if (!readBenchInput(2000, &x, &n, &dim)) QSKIP("../shared/bench/tsne-input-10k.bin is absent");
    const UmapResult umap = runUmap(x, n, dim);
    const TsneResult tsne = runTsne(x, n, dim);
    const std::vector<float> pca = pcaProject(x, n, dim);
    const double u = neighbourhoodPreservation(x, n, dim, umap.positions), t = neighbourhoodPreservation(x, n, dim, tsne.positions),
                 p = neighbourhoodPreservation(x, n, dim, pca);
    qInfo("bench input (%d points): UMAP %.3f (%.1f s, %d components), t-SNE %.3f (%.1f s), PCA %.3f", n, u, umap.seconds,
          umap.components, t, tsne.seconds, p);
    QVERIFY(u >= p);
    QVERIFY(u >= 0.4 * t);
    QCOMPARE(umap.components, 10);
    QVERIFY(nearestNeighbourAgreement(umap.positions, n, 10) > 0.99);
  }

  void cancelThroughTheEngineStopsIt() {
    const int n = 1000, dim = 10;
    const std::vector<float> x = blobs(n, dim, 4, 3.0, 4);
    Engine engine;
    std::atomic<int> reports{0}, lastEpoch{0};
    JobId id = 0;
    const JobId submitted = engine.submit(QStringLiteral("UMAP"), [&](JobContext &job) {
      UmapOptions options;
      options.epochs = 1000000; // hours, unless cancelled
      options.reportEvery = 5;
      runUmap(x, n, dim, options, &job, [&](int epoch, const std::vector<float> &) {
        lastEpoch = epoch;
        if (++reports == 2) engine.cancel(id);
      });
    });
    id = submitted;
    const auto outcome = engine.wait(submitted, 60000);
    QVERIFY(outcome);
    QCOMPARE(outcome->status, JobStatus::Cancelled);
    QVERIFY(lastEpoch < 100);
  }

  void badInputIsRejected() {
    std::vector<float> x = gaussian(50, 3, 1);
    x[7] = std::nanf("");
    try {
      runUmap(x, 50, 3);
      QFAIL("NaN accepted");
    } catch (const std::invalid_argument &e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("row 2, column 1")), e.what());
    }
    const std::vector<float> few = gaussian(10, 3, 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runUmap(few, 10, 3));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runUmap(few, 9, 3)); // size mismatch
    UmapOptions bad;
    bad.minDist = 2;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runUmap(gaussian(50, 3, 1), 50, 3, bad));
  }
};

QTEST_GUILESS_MAIN(TestUmap)
#include "tst_umap.moc"
