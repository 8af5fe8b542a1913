// Maps of successive epochs (core/analysis/layoutsequence): the Procrustes fit undoes a rotation,
// reflection, scale and shift exactly; a sequence of slowly changing inputs gives layouts that move
// little from frame to frame when each starts from the previous one (t-SNE, UMAP), far less than
// independent layouts of the same frames; PCA's sequence is aligned by the fit alone; a bad frame
// is named; a seed fixes the sequence.

#include "analysis/layoutsequence.h"
#include "layoutinputs.h"
#include "testprinters.h"

#include <QTest>

#include <cmath>

using namespace gs;
using namespace gs::test;

namespace {

constexpr int kPoints = 300, kDim = 10, kClusters = 6;

// Mean distance an item moved between two layouts, as a share of the second one's RMS radius.
double movedShare(const std::vector<float> &from, const std::vector<float> &to) {
  const std::size_t n = from.size() / 2;
  double mx = 0, my = 0, moved = 0, radius = 0;
  for (std::size_t i = 0; i < n; ++i) mx += to[2 * i] / double(n), my += to[2 * i + 1] / double(n);
  for (std::size_t i = 0; i < n; ++i) {
    moved += std::hypot(to[2 * i] - from[2 * i], to[2 * i + 1] - from[2 * i + 1]) / double(n);
    radius += (std::pow(to[2 * i] - mx, 2) + std::pow(to[2 * i + 1] - my, 2)) / double(n);
  }
  return moved / std::sqrt(radius);
}

// Three frames: clusters, then the same points nudged twice (a model changing a little per epoch).
std::vector<std::vector<float>> slowlyChangingFrames() {
  std::vector<std::vector<float>> frames{blobs(kPoints, kDim, kClusters, 6.0, 11)};
  for (unsigned step = 0; step < 2; ++step) {
    std::vector<float> next = frames.back();
    const std::vector<float> nudge = gaussian(kPoints, kDim, 100 + step, 0.15);
    for (std::size_t k = 0; k < next.size(); ++k) next[k] += nudge[k];
    frames.push_back(std::move(next));
  }
  return frames;
}

}  // namespace

class TestLayoutSequence : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void procrustesUndoesASimilarityTransform_data() {
    QTest::addColumn<bool>("reflect");
    QTest::newRow("rotation") << false;
    QTest::newRow("reflection") << true;
  }
  void procrustesUndoesASimilarityTransform() {
    QFETCH(bool, reflect);
    const std::vector<float> reference = gaussian(50, 2, 5);
    std::vector<float> moving(reference.size());
    const double angle = 2.1, scale = 3.5;
    for (std::size_t i = 0; i < 50; ++i) {
      const double x = reference[2 * i], y = reflect ? -reference[2 * i + 1] : reference[2 * i + 1];
      moving[2 * i] = float(scale * (std::cos(angle) * x - std::sin(angle) * y) + 7);
      moving[2 * i + 1] = float(scale * (std::sin(angle) * x + std::cos(angle) * y) - 4);
    }
    procrustesAlign(moving, reference);
    for (std::size_t k = 0; k < moving.size(); ++k) QVERIFY2(std::abs(moving[k] - reference[k]) < 1e-4, qPrintable(QString::number(k)));
  }

  void procrustesLeavesEqualAndDegenerateLayouts() {
    const std::vector<float> reference = gaussian(20, 2, 6);
    std::vector<float> same = reference;
    procrustesAlign(same, reference);
    for (std::size_t k = 0; k < same.size(); ++k) QVERIFY(std::abs(same[k] - reference[k]) < 1e-5);
    std::vector<float> point(40, 1.0f); // every item in one place: only moved onto the centroid
    procrustesAlign(point, reference);
    for (float v : point) QVERIFY(std::isfinite(v));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, procrustesAlign(point, std::vector<float>(10)));
  }

  // Layouts aligned from one epoch to the next: started from the previous frame's map, items move
  // a fraction of what they move between independent maps of the same frames.
  void eachFrameStartsFromThePreviousOne_data() {
    QTest::addColumn<int>("method");
    QTest::newRow("t-SNE") << int(LayoutMethod::Tsne);
    QTest::newRow("UMAP") << int(LayoutMethod::Umap);
  }
  void eachFrameStartsFromThePreviousOne() {
    QFETCH(int, method);
    const auto frames = slowlyChangingFrames();
    LayoutSequenceOptions options;
    options.method = LayoutMethod(method);
    options.tsne.iterations = 500;
    std::vector<int> reported;
    const auto layouts = alignedLayouts(frames, kPoints, kDim, options, nullptr,
                                        [&reported](int frame, const std::vector<float> &) { reported.push_back(frame); });
    QCOMPARE(reported, (std::vector<int>{0, 1, 2}));
    QCOMPARE(layouts.size(), std::size_t(3));
    // Independent maps: each frame from its own start (another seed), then only the Procrustes fit.
    LayoutSequenceOptions independent = options;
    std::vector<double> alignedMoves, independentMoves;
    for (std::size_t f = 1; f < frames.size(); ++f) {
      independent.tsne.seed = independent.umap.seed = int(f) + 7;
      std::vector<float> own = alignedLayouts({frames[f]}, kPoints, kDim, independent).front();
      procrustesAlign(own, layouts[f - 1]);
      alignedMoves.push_back(movedShare(layouts[f - 1], layouts[f]));
      independentMoves.push_back(movedShare(layouts[f - 1], own));
      // Each layout still shows the clusters.
      QVERIFY2(nearestNeighbourAgreement(layouts[f], kPoints, kClusters) > 0.95, qPrintable(QString::number(f)));
    }
    for (std::size_t k = 0; k < alignedMoves.size(); ++k)
      QVERIFY2(alignedMoves[k] < 0.5 * independentMoves[k],
               qPrintable(QStringLiteral("frame %1: moved %2 of the radius aligned, %3 independently")
                              .arg(k + 1).arg(alignedMoves[k]).arg(independentMoves[k])));
    // A seed fixes the whole sequence.
    QCOMPARE(alignedLayouts(frames, kPoints, kDim, options), layouts);
  }

  // PCA needs no start: a frame that is the previous one scaled (its axes' signs may come out the
  // other way) lands where the previous map was.
  void pcaFramesAreAlignedByTheFitAlone() {
    std::vector<std::vector<float>> frames{blobs(kPoints, kDim, kClusters, 6.0, 12)};
    frames.push_back(frames.front());
    for (float &v : frames.back()) v *= -2.0f;
    LayoutSequenceOptions options;
    options.method = LayoutMethod::Pca;
    const auto layouts = alignedLayouts(frames, kPoints, kDim, options);
    QVERIFY2(movedShare(layouts[0], layouts[1]) < 1e-3, qPrintable(QString::number(movedShare(layouts[0], layouts[1]))));
  }

  void aBadFrameIsNamed() {
    auto frames = slowlyChangingFrames();
    frames[1][17] = NAN;
    LayoutSequenceOptions options;
    options.method = LayoutMethod::Pca;
    try {
      alignedLayouts(frames, kPoints, kDim, options);
      QFAIL("no exception");
    } catch (const std::invalid_argument &error) {
      QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("frame 2 of 3")), error.what());
    }
    TsneOptions tsne;
    tsne.initial = {1.f, 2.f}; // not n × 2
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runTsne(frames[0], kPoints, kDim, tsne));
    UmapOptions umap;
    umap.initial = std::vector<float>(std::size_t(kPoints) * 2, INFINITY);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runUmap(frames[0], kPoints, kDim, umap));
  }

  // The command line's method names are parsed once into the options: a LayoutMethod's name, or a
  // t-SNE repulsion's for t-SNE with that repulsion; "auto" and unknown names leave them unchanged.
  void methodNamesSetTheOptions() {
    for (LayoutMethod method : {LayoutMethod::Tsne, LayoutMethod::Umap, LayoutMethod::Pca})
      QCOMPARE(enumFromName<LayoutMethod>(enumName(method)).value_or(LayoutMethod::Tsne), method);
    LayoutSequenceOptions options;
    QVERIFY(setLayoutMethod(options, QStringLiteral("umap")));
    QCOMPARE(options.method, LayoutMethod::Umap);
    QVERIFY(setLayoutMethod(options, QStringLiteral("fft")));
    QCOMPARE(options.method, LayoutMethod::Tsne);
    QCOMPARE(options.tsne.method, TsneMethod::Fft);
    options.method = LayoutMethod::Pca;
    QVERIFY(!setLayoutMethod(options, QStringLiteral("auto")));
    QVERIFY(!setLayoutMethod(options, QStringLiteral("isomap")));
    QCOMPARE(options.method, LayoutMethod::Pca);
    QCOMPARE(options.tsne.method, TsneMethod::Fft);
  }

  // A fresh layout is exactly its method's own, with what the method reports and its live updates.
  void aFreshLayoutIsItsMethodsOwn() {
    const std::vector<float> points = blobs(kPoints, kDim, kClusters, 6.0, 13);
    LayoutSequenceOptions options;
    options.tsne.iterations = 100;
    options.tsne.reportEvery = 25;
    int updates = 0;
    const LayoutResult tsne = layoutAfter(points, kPoints, kDim, options, {}, nullptr,
                                          [&updates](int, double, const std::vector<float> &) { ++updates; });
    QCOMPARE(tsne.positions, runTsne(points, kPoints, kDim, options.tsne).positions);
    QCOMPARE(tsne.steps, 100);
    QCOMPARE(tsne.repulsion, TsneMethod::BarnesHut);
    QVERIFY(tsne.kl > 0);
    QCOMPARE(updates, 100 / 25);
    options.method = LayoutMethod::Umap;
    options.umap.epochs = 50;
    const LayoutResult umap = layoutAfter(points, kPoints, kDim, options);
    QCOMPARE(umap.positions, runUmap(points, kPoints, kDim, options.umap).positions);
    QCOMPARE(umap.steps, 50);
    QVERIFY(umap.components >= 1);
    options.method = LayoutMethod::Pca;
    QCOMPARE(layoutAfter(points, kPoints, kDim, options).positions, pcaProject(points, kPoints, kDim));
  }
};

QTEST_GUILESS_MAIN(TestLayoutSequence)
#include "tst_layoutsequence.moc"
