// Barnes–Hut t-SNE (core/analysis): the pieces against brute force (perplexity calibration, VP-tree
// neighbours, Barnes–Hut gradient against the exact one), the whole against known answers (separated
// clusters stay separated, KL falls, a seed fixes the result), cancel through the engine, every bad
// input rejected with its reason, and PCA finding a planted axis.

#include "analysis/detail/calibration.h"
#include "analysis/detail/fftrepulsion.h"
#include "analysis/detail/threadpool.h"
#include "analysis/detail/tsnegradient.h"
#include "analysis/detail/vptree.h"
#include "analysis/tsne.h"
#include "engine/engine.h"
#include "engine/jobcontext.h"
#include "layoutinputs.h"
#include "testprinters.h"

#include <QPointF>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <random>

using namespace gs;
using namespace gs::test;

namespace {


detail::SparseMatrix affinities(const std::vector<float> &x, int n, int dim, double perplexity, detail::ThreadPool &pool) {
  const detail::NeighbourLists nn = detail::nearestNeighbours(x.data(), n, dim, int(3 * perplexity), pool);
  return detail::jointProbabilities(nn, n, perplexity, pool);
}

double relativeError(const std::vector<double> &a, const std::vector<double> &b) {
  double diff = 0, norm = 0;
  for (std::size_t k = 0; k < a.size(); ++k) {
    diff += (a[k] - b[k]) * (a[k] - b[k]);
    norm += b[k] * b[k];
  }
  return std::sqrt(diff / norm);
}

}  // namespace

class TestTsne : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void calibratedRowsHaveTheTargetEntropy_data() {
    QTest::addColumn<double>("perplexity");
    QTest::newRow("5") << 5.0;
    QTest::newRow("10") << 10.0;
    QTest::newRow("30") << 30.0;
  }
  void calibratedRowsHaveTheTargetEntropy() {
    QFETCH(double, perplexity);
    const int k = int(3 * perplexity);
    std::mt19937 rng{7};
    std::uniform_real_distribution<double> uniform(0.5, 40.0);
    for (int row = 0; row < 20; ++row) {
      std::vector<double> d2(static_cast<std::size_t>(k)), p(static_cast<std::size_t>(k));
      for (double &d : d2) d = uniform(rng);
      std::sort(d2.begin(), d2.end());
      detail::calibrateRow(d2.data(), k, perplexity, p.data());
      double sum = 0, entropy = 0;
      for (double v : p) {
        sum += v;
        if (v > 0) entropy -= v * std::log(v);
      }
      QVERIFY2(std::fabs(sum - 1) < 1e-12, qPrintable(QString::number(sum)));
      QVERIFY2(std::fabs(entropy - std::log(perplexity)) < 1e-4,
               qPrintable(QStringLiteral("entropy %1, target %2").arg(entropy).arg(std::log(perplexity))));
    }
  }

  void jointProbabilitiesAreSymmetricAndSumToOne() {
    const int n = 200, dim = 8;
    const std::vector<float> x = gaussian(n, dim, 3);
    detail::ThreadPool pool(2);
    const detail::SparseMatrix P = affinities(x, n, dim, 10, pool);
    double sum = 0;
    for (int i = 0; i < n; ++i)
      for (int e = P.rowStart[std::size_t(i)]; e < P.rowStart[std::size_t(i) + 1]; ++e) {
        sum += P.values[std::size_t(e)];
        const int j = P.cols[std::size_t(e)];
        QVERIFY(j != i);
        const auto first = P.cols.begin() + P.rowStart[std::size_t(j)], last = P.cols.begin() + P.rowStart[std::size_t(j) + 1];
        const auto it = std::lower_bound(first, last, i);
        QVERIFY(it != last && *it == i);
        QCOMPARE(P.values[std::size_t(it - P.cols.begin())], P.values[std::size_t(e)]);
      }
    QVERIFY(std::fabs(sum - 1) < 1e-9);
  }

  void vpTreeNeighboursEqualBruteForce() {
    const int n = 600, dim = 10, k = 15;
    const std::vector<float> x = blobs(n, dim, 4, 3.0, 11);
    const detail::VpTree tree(x.data(), n, dim);
    for (int q = 0; q < n; q += 7) {
      std::vector<std::pair<double, int>> all;
      for (int j = 0; j < n; ++j)
        if (j != q) all.emplace_back(tree.distance(x.data() + std::size_t(q) * dim, x.data() + std::size_t(j) * dim), j);
      std::sort(all.begin(), all.end());
      const std::vector<detail::Neighbour> found = tree.search(x.data() + std::size_t(q) * dim, k, q);
      QCOMPARE(int(found.size()), k);
      for (int m = 0; m < k; ++m) {
        QCOMPARE(found[std::size_t(m)].index, all[std::size_t(m)].second);
        QCOMPARE(found[std::size_t(m)].distance, all[std::size_t(m)].first);
      }
    }
  }

  void barnesHutGradientApproachesTheExactOne() {
    const int n = 800, dim = 10;
    const std::vector<float> x = blobs(n, dim, 5, 4.0, 5);
    detail::ThreadPool pool(2);
    const detail::SparseMatrix P = affinities(x, n, dim, 20, pool);
    std::vector<double> y(std::size_t(n) * 2);
    std::mt19937 rng{9};
    std::normal_distribution<double> normal(0, 10);
    for (double &v : y) v = normal(rng);
    std::vector<double> exact(y.size()), g(y.size());
    const double zExact = detail::tsneGradient(P, y.data(), n, 0.0, 1.0, pool, exact.data());
    double previous = 0;
    for (double theta : {0.1, 0.2, 0.5, 1.0}) {
      const double z = detail::tsneGradient(P, y.data(), n, theta, 1.0, pool, g.data());
      const double error = relativeError(g, exact);
      qInfo("theta %.1f: relative gradient error %.2e, Z error %.2e", theta, error, std::fabs(z - zExact) / zExact);
      // Measured: 0.19% at theta 0.1, 1.4% at 0.2, 14% at 0.5 (the default, used by bhtsne), 86% at 1.
      if (theta == 0.1) QVERIFY2(error < 1e-2, qPrintable(QString::number(error)));
      if (theta == 0.2) QVERIFY2(error < 3e-2, qPrintable(QString::number(error)));
      if (theta == 0.5) QVERIFY2(error < 0.25, qPrintable(QString::number(error)));
      QVERIFY(error > previous); // coarser summaries, larger error
      previous = error;
    }
  }

  // Linderman et al. 2019: the interpolated repulsion and Z against the exact O(N²) sums, on layouts
  // as narrow as the first iterations' (50 boxes over a width of 1e-3), of unit spread, and as wide
  // as a converged map's (120 boxes over ±50).
  void fftRepulsionMatchesTheExactSums_data() {
    QTest::addColumn<double>("spread");
    QTest::addColumn<double>("tolerance");
    QTest::newRow("early (sd 1e-4)") << 1e-4 << 1e-6;
    QTest::newRow("unit (sd 1)") << 1.0 << 1e-4;
    // Measured 3.7e-2 here (boxes ~0.85 wide against a kernel whose width is 1; Barnes–Hut at θ 0.5
    // errs 14%, above), and the whole optimisation reaches a lower KL than Barnes–Hut (bench tsne).
    QTest::newRow("converged (sd 15)") << 15.0 << 5e-2;
  }
  void fftRepulsionMatchesTheExactSums() {
    QFETCH(double, spread);
    QFETCH(double, tolerance);
    const int n = 1500;
    std::vector<double> y(std::size_t(n) * 2);
    std::mt19937 rng{4};
    std::normal_distribution<double> normal(0, spread);
    for (double &v : y) v = normal(rng);
    detail::ThreadPool pool(2);
    // The exact sums, from the exact gradient with an empty P (no attraction): grad = −F_rep·Z / Z.
    detail::SparseMatrix empty;
    empty.n = n;
    empty.rowStart.assign(std::size_t(n) + 1, 0);
    std::vector<double> exact(y.size()), fftRep(y.size());
    const double zExact = detail::tsneGradient(empty, y.data(), n, 0.0, 1.0, pool, exact.data());
    for (double &v : exact) v *= -zExact;
    detail::FftRepulsion fft;
    const double z = fft.repulsion(y.data(), n, pool, fftRep.data());
    const double error = relativeError(fftRep, exact), zError = std::fabs(z - zExact) / zExact;
    qInfo("spread %g: %d boxes per axis, relative repulsion error %.2e, Z error %.2e", spread, fft.boxesPerAxis(), error, zError);
    QVERIFY2(error < tolerance, qPrintable(QString::number(error)));
    QVERIFY2(zError < tolerance, qPrintable(QString::number(zError)));
    QVERIFY(fft.boxesPerAxis() >= 50);
  }

  void fftSizesAreSmooth() {
    QCOMPARE(detail::smoothFftSize(1), 1);
    QCOMPARE(detail::smoothFftSize(50), 50);
    QCOMPARE(detail::smoothFftSize(101), 105); // 101 prime, 102 = 2·3·17, 103, 104 = 8·13 → 105 = 3·5·7
    QCOMPARE(detail::smoothFftSize(211), 216);
  }

  void fftLayoutSeparatesClustersAndMatchesBarnesHut() {
    const int n = 1200, dim = 20, clusters = 6;
    const std::vector<float> x = blobs(n, dim, clusters, 5.0, 31);
    TsneOptions options;
    options.iterations = 500;
    options.method = TsneMethod::Fft;
    const TsneResult fft = runTsne(x, n, dim, options);
    QCOMPARE(fft.method, TsneMethod::Fft);
    QVERIFY2(nearestNeighbourAgreement(fft.positions, n, clusters) > 0.95, "clusters mixed");
    options.method = TsneMethod::BarnesHut;
    const TsneResult bh = runTsne(x, n, dim, options);
    QCOMPARE(bh.method, TsneMethod::BarnesHut);
    // Both optimise the same cost; the FFT's forces are the more accurate, so its KL is no worse.
    const double klFft = tsneExactKl(x, n, dim, fft.positions, options.perplexity);
    const double klBh = tsneExactKl(x, n, dim, bh.positions, options.perplexity);
    qInfo("exact KL: FFT %.4f, Barnes-Hut %.4f", klFft, klBh);
    QVERIFY2(klFft < klBh * 1.01, qPrintable(QStringLiteral("%1 vs %2").arg(klFft).arg(klBh)));
    // Reported KL uses the exact normaliser below 5,000 points.
    QVERIFY(std::fabs(fft.kl - klFft) < 1e-6);
  }

  void fftSameSeedSameResultOnAnyThreadCount() {
    const int n = 600, dim = 8;
    const std::vector<float> x = blobs(n, dim, 3, 3.0, 2);
    TsneOptions options;
    options.iterations = 200;
    options.method = TsneMethod::Fft;
    options.threads = 1;
    const TsneResult a = runTsne(x, n, dim, options);
    options.threads = 2;
    const TsneResult b = runTsne(x, n, dim, options);
    QVERIFY(a.positions == b.positions);
  }

  void methodIsChosenBySize() {
    const std::vector<float> small = blobs(140, 4, 2, 3.0, 1), medium = blobs(400, 4, 2, 3.0, 1);
    TsneOptions options;
    options.iterations = 2;
    options.perplexity = 10;
    QCOMPARE(runTsne(small, 140, 4, options).method, TsneMethod::Exact);
    QCOMPARE(runTsne(medium, 400, 4, options).method, TsneMethod::BarnesHut);
    options.method = TsneMethod::Fft;
    QCOMPARE(runTsne(small, 140, 4, options).method, TsneMethod::Exact); // too small to interpolate usefully
    QCOMPARE(runTsne(medium, 400, 4, options).method, TsneMethod::Fft);
    options.method = TsneMethod::Exact;
    QCOMPARE(runTsne(medium, 400, 4, options).method, TsneMethod::Exact);
    QCOMPARE(enumFromName<TsneMethod>(QStringLiteral("fft")).value_or(TsneMethod::Auto), TsneMethod::Fft);
    QCOMPARE(enumName(TsneMethod::BarnesHut), QStringLiteral("bh"));
    QVERIFY(!enumFromName<TsneMethod>(QStringLiteral("fast")));
  }

  // Above ~20k points the input similarities use HNSW neighbours; forced on a small input the
  // layout keeps the clusters as well as the exact neighbours do.
  void approximateNeighboursGiveTheSameClusters() {
    const int n = 800, dim = 16, clusters = 4;
    const std::vector<float> x = blobs(n, dim, clusters, 5.0, 13);
    TsneOptions options;
    options.iterations = 400;
    options.neighbours = TsneNeighbours::Approximate;
    const TsneResult approximate = runTsne(x, n, dim, options);
    QCOMPARE(approximate.neighbours, TsneNeighbours::Approximate);
    QVERIFY(nearestNeighbourAgreement(approximate.positions, n, clusters) > 0.95);
    options.neighbours = TsneNeighbours::Auto;
    const TsneResult exact = runTsne(x, n, dim, options);
    QCOMPARE(exact.neighbours, TsneNeighbours::Exact);
    const double klA = tsneExactKl(x, n, dim, approximate.positions, options.perplexity);
    const double klE = tsneExactKl(x, n, dim, exact.positions, options.perplexity);
    QVERIFY2(klA < klE * 1.05, qPrintable(QStringLiteral("%1 vs %2").arg(klA).arg(klE)));
  }

  void separatedClustersStaySeparated() {
    const int n = 500, dim = 20, clusters = 5;
    const std::vector<float> x = blobs(n, dim, clusters, 5.0, 21);
    TsneOptions options;
    options.iterations = 500;
    const TsneResult result = runTsne(x, n, dim, options);
    QCOMPARE(int(result.positions.size()), 2 * n);
    const double agreement = nearestNeighbourAgreement(result.positions, n, clusters);
    QVERIFY2(agreement > 0.95, qPrintable(QStringLiteral("1-NN label agreement %1 (chance 0.2)").arg(agreement)));
    // The input is far from random in 2-D: a random layout of the same points agrees at chance.
    const std::vector<float> noise = gaussian(n, 2, 4);
    QVERIFY(nearestNeighbourAgreement(noise, n, clusters) < 0.4);
  }

  void klDecreasesAndMatchesTheExactKl() {
    const int n = 400, dim = 10;
    const std::vector<float> x = blobs(n, dim, 4, 3.0, 8);
    TsneOptions options;
    options.iterations = 600;
    options.reportEvery = 50;
    std::vector<double> kls;
    std::vector<int> iterations;
    const TsneResult result = runTsne(x, n, dim, options, nullptr, [&](int iteration, double kl, const std::vector<float> &positions) {
      QCOMPARE(int(positions.size()), 2 * n);
      iterations.push_back(iteration);
      kls.push_back(kl);
    });
    QCOMPARE(int(kls.size()), 12);
    QCOMPARE(iterations.back(), 600);
    QVERIFY2(kls.back() < 0.7 * kls.front(), qPrintable(QStringLiteral("%1 → %2").arg(kls.front()).arg(kls.back())));
    // After early exaggeration the optimisation only goes downhill (small slack: Z is estimated).
    for (std::size_t k = 6; k < kls.size(); ++k) QVERIFY(kls[k] <= kls[k - 1] * 1.01);
    // With N ≤ 5,000 the reported KL uses the exact normaliser: it is tsne_kl's KL.
    const double exact = tsneExactKl(x, n, dim, result.positions, options.perplexity);
    QVERIFY2(std::fabs(exact - result.kl) < 1e-6, qPrintable(QStringLiteral("%1 vs %2").arg(exact).arg(result.kl)));
    // A random layout is much worse.
    QVERIFY(tsneExactKl(x, n, dim, gaussian(n, 2, 1), options.perplexity) > 2 * exact);
  }

  void duplicatePointsAreHandled() {
    // Half the points identical, a quarter another repeated point: zero distances in the VP-tree,
    // flat calibration rows, and quad-tree leaves holding many points at one place.
    const int n = 200, dim = 6;
    std::vector<float> x = gaussian(n, dim, 12);
    for (int i = 0; i < n / 2; ++i)
      for (int k = 0; k < dim; ++k) x[std::size_t(i) * dim + k] = 1.0f;
    for (int i = n / 2; i < 3 * n / 4; ++i)
      for (int k = 0; k < dim; ++k) x[std::size_t(i) * dim + k] = -2.0f;
    TsneOptions options;
    options.perplexity = 10;
    options.iterations = 300;
    const TsneResult result = runTsne(x, n, dim, options);
    for (float v : result.positions) QVERIFY(std::isfinite(v));
    QVERIFY(std::isfinite(result.kl));
    // The two groups of copies end up apart from each other.
    const auto at = [&](int i) { return QPointF(result.positions[2 * std::size_t(i)], result.positions[2 * std::size_t(i) + 1]); };
    const QPointF a = at(0) - at(1), b = at(0) - at(n / 2);
    QVERIFY(std::hypot(a.x(), a.y()) < std::hypot(b.x(), b.y()));
  }

  void smallInputsUseTheExactGradient() {
    const int n = 120, dim = 5; // below 150 points theta is ignored
    const std::vector<float> x = blobs(n, dim, 3, 3.0, 6);
    TsneOptions options;
    options.perplexity = 10;
    options.iterations = 200;
    const TsneResult bh = runTsne(x, n, dim, options);
    options.theta = 0;
    QVERIFY(runTsne(x, n, dim, options).positions == bh.positions);
  }

  void sameSeedSameResultOnAnyThreadCount() {
    const int n = 300, dim = 8;
    const std::vector<float> x = blobs(n, dim, 3, 3.0, 2);
    TsneOptions options;
    options.iterations = 300;
    options.threads = 1;
    const TsneResult a = runTsne(x, n, dim, options);
    options.threads = 2;
    const TsneResult b = runTsne(x, n, dim, options);
    QVERIFY(a.positions == b.positions);
    QCOMPARE(a.kl, b.kl);
    options.seed = 2;
    const TsneResult c = runTsne(x, n, dim, options);
    QVERIFY(a.positions != c.positions);
  }

  void cancelThroughTheEngineStopsIt() {
    const int n = 1000, dim = 10;
    const std::vector<float> x = blobs(n, dim, 4, 3.0, 4);
    Engine engine;
    std::atomic<int> reports{0}, lastIteration{0};
    JobId id = 0;
    const JobId submitted = engine.submit(QStringLiteral("t-SNE"), [&](JobContext &job) {
      TsneOptions options;
      options.iterations = 1000000; // hours, unless cancelled
      options.reportEvery = 5;
      runTsne(x, n, dim, options, &job, [&](int iteration, double, const std::vector<float> &) {
        lastIteration = iteration;
        if (++reports == 2) engine.cancel(id);
      });
    });
    id = submitted;
    const auto outcome = engine.wait(submitted, 60000);
    QVERIFY(outcome);
    QCOMPARE(outcome->status, JobStatus::Cancelled);
    QVERIFY(lastIteration < 100);
  }

  void badInputIsRejected_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("dim");
    QTest::addColumn<int>("values");
    QTest::addColumn<int>("badIndex"); // -1: none
    QTest::addColumn<double>("badValue");
    QTest::addColumn<double>("perplexity");
    QTest::addColumn<QString>("message");
    QTest::newRow("too few points") << 50 << 4 << 200 << -1 << 0.0 << 30.0
                                    << "runTsne: 50 points are too few for perplexity 30 (need n - 1 > 3·perplexity = 90)";
    QTest::newRow("NaN") << 100 << 4 << 400 << 13 << double(NAN) << 5.0 << "runTsne: non-finite value (nan) at row 3, column 1";
    QTest::newRow("inf") << 100 << 4 << 400 << 398 << double(INFINITY) << 5.0 << "runTsne: non-finite value (inf) at row 99, column 2";
    QTest::newRow("dim 0") << 100 << 0 << 0 << -1 << 0.0 << 5.0 << "runTsne: dimension must be positive (got 0)";
    QTest::newRow("size mismatch") << 100 << 4 << 399 << -1 << 0.0 << 5.0
                                   << "runTsne: points has 399 values, expected n × dim = 100 × 4 = 400";
    QTest::newRow("perplexity 0") << 100 << 4 << 400 << -1 << 0.0 << 0.0 << "runTsne: perplexity must be positive (got 0)";
  }
  void badInputIsRejected() {
    QFETCH(int, n);
    QFETCH(int, dim);
    QFETCH(int, values);
    QFETCH(int, badIndex);
    QFETCH(double, badValue);
    QFETCH(double, perplexity);
    QFETCH(QString, message);
    std::vector<float> x = gaussian(1, values, 1);
    if (badIndex >= 0) x[std::size_t(badIndex)] = float(badValue);
    TsneOptions options;
    options.perplexity = perplexity;
    QString caught;
    try {
      runTsne(x, n, dim, options);
    } catch (const std::invalid_argument &error) {
      caught = QString::fromStdString(error.what());
    }
    QCOMPARE(caught, message);
  }

  void badOptionsAreRejected() {
    const std::vector<float> x = gaussian(100, 4, 1);
    TsneOptions options;
    options.perplexity = 5;
    options.theta = -0.5;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runTsne(x, 100, 4, options));
    options.theta = 0.5;
    options.iterations = -1;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runTsne(x, 100, 4, options));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, tsneExactKl(x, 100, 4, std::vector<float>(10), 5));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, pcaProject(x, 100, 4, 5));
  }

  void pcaRecoversThePrincipalAxis() {
    const int n = 500, dim = 12;
    // Points t·u + s·v + small noise, with var(t) = 25 ≫ var(s) = 4 ≫ noise 0.01: PCA's axes are u, v.
    std::vector<float> u = gaussian(1, dim, 31), v = gaussian(1, dim, 32);
    double uu = 0, uv = 0, vv = 0;
    for (int k = 0; k < dim; ++k) uu += u[std::size_t(k)] * u[std::size_t(k)];
    for (float &a : u) a = float(a / std::sqrt(uu));
    for (int k = 0; k < dim; ++k) uv += u[std::size_t(k)] * v[std::size_t(k)];
    for (int k = 0; k < dim; ++k) v[std::size_t(k)] -= float(uv) * u[std::size_t(k)];
    for (int k = 0; k < dim; ++k) vv += v[std::size_t(k)] * v[std::size_t(k)];
    for (float &a : v) a = float(a / std::sqrt(vv));
    const std::vector<float> t = gaussian(n, 1, 33, 5.0), s = gaussian(n, 1, 34, 2.0), noise = gaussian(n, dim, 35, 0.1);
    std::vector<float> x(std::size_t(n) * dim);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < dim; ++k)
        x[std::size_t(i) * dim + k] = 3.0f + t[std::size_t(i)] * u[std::size_t(k)] + s[std::size_t(i)] * v[std::size_t(k)] +
                                      noise[std::size_t(i) * dim + k];
    const std::vector<float> p = pcaProject(x, n, dim, 2, nullptr, 1);
    QCOMPARE(int(p.size()), 2 * n);
    QVERIFY(pcaProject(x, n, dim, 2, nullptr, 2) == p); // the thread count does not change the result
    const auto correlation = [&](const std::vector<float> &a, int column) {
      double ma = 0, mb = 0;
      for (int i = 0; i < n; ++i) {
        ma += a[std::size_t(i)];
        mb += p[std::size_t(i) * 2 + column];
      }
      ma /= n;
      mb /= n;
      double sab = 0, saa = 0, sbb = 0;
      for (int i = 0; i < n; ++i) {
        const double da = a[std::size_t(i)] - ma, db = p[std::size_t(i) * 2 + column] - mb;
        sab += da * db;
        saa += da * da;
        sbb += db * db;
      }
      return sab / std::sqrt(saa * sbb);
    };
    QVERIFY2(std::fabs(correlation(t, 0)) > 0.999, qPrintable(QString::number(correlation(t, 0))));
    QVERIFY2(std::fabs(correlation(s, 1)) > 0.99, qPrintable(QString::number(correlation(s, 1))));
    // Centred: each component has mean ~0.
    double m0 = 0;
    for (int i = 0; i < n; ++i) m0 += p[std::size_t(i) * 2];
    QVERIFY(std::fabs(m0 / n) < 1e-3);
  }
};

QTEST_GUILESS_MAIN(TestTsne)
#include "tst_tsne.moc"
