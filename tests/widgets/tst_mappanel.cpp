// The Map panel: its model's geometry (rubber band, links, picking), the plot's markers and lines,
// live t-SNE updates arriving from an engine job, cancel, PCA, clicks reaching the WorkbenchState,
// opening a run as a job the Jobs tab lists and cancels, thumbnails loaded off the GUI thread, an
// offscreen render with real content, and export.

#include "engine/enginebridge.h"
#include "engine/jobcontext.h"
#include "analysis/hubness.h"
#include "analysis/jointspace.h"
#include "analysis/mapclusters.h"
#include "figures/mapcolouring.h"
#include "map/comparedmap.h"
#include "map/runheading.h"
#include "map/epochslider.h"
#include "map/mappanel.h"
#include "tinyrun.h"
#include "inference/trainedmodel.h"
#include "training/runs/runfolder.h"
#include "map/mapview.h"
#include "common/joblist.h"
#include "common/workbenchstate.h"
#include "findchild.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QThread>
#include <QImage>
#include <QLabel>
#include <QListWidget>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QComboBox>
#include <QPushButton>
#include <QTest>
#include <QTreeWidget>

#include <cmath>

#include <algorithm>
#include <atomic>
#include <random>

using namespace gs;
using gs::test::child;

namespace {

constexpr int kImages = 30, kCaptionsPerImage = 3, kDim = 8;

// kImages images in 3 clusters, each with kCaptionsPerImage captions near it in the joint space.
MapData syntheticData(const QStringList &paths = {}) {
  std::mt19937 rng{3};
  std::normal_distribution<float> noise(0.0f, 0.3f);
  MapData data;
  data.dim = kDim;
  for (int i = 0; i < kImages; ++i) {
    data.imageIds << QStringLiteral("img%1").arg(i);
    data.imagePaths << (i < paths.size() ? paths[i] : QString());
    for (int k = 0; k < kDim; ++k) data.imageEmbeddings.push_back((k == i % 3 ? 5.0f : 0.0f) + noise(rng));
  }
  for (int i = 0; i < kImages; ++i)
    for (int c = 0; c < kCaptionsPerImage; ++c) {
      data.captions << QStringLiteral("caption %1 of image %2").arg(c).arg(i);
      data.captionImage.push_back(i);
      for (int k = 0; k < kDim; ++k)
        data.captionEmbeddings.push_back(data.imageEmbeddings[std::size_t(i) * kDim + k] + noise(rng));
    }
  return data;
}

// A dataset whose images and captions are those of syntheticData(), in a different order, so the
// panel must join by id and text.
std::shared_ptr<const Dataset> syntheticDataset() {
  auto dataset = std::make_shared<Dataset>();
  dataset->source = QStringLiteral("synthetic");
  for (int i = kImages - 1; i >= 0; --i) {
    ImageRecord image;
    image.id = QStringLiteral("img%1").arg(i);
    image.split = Split::Test;
    dataset->images.push_back(image);
  }
  for (int d = 0; d < kImages; ++d)
    for (int c = 0; c < kCaptionsPerImage; ++c) {
      CaptionRecord caption;
      caption.image = d;
      caption.raw = QStringLiteral("caption %1 of image %2").arg(c).arg(kImages - 1 - d);
      caption.id = QString::number(dataset->captions.size());
      dataset->images[std::size_t(d)].captions.push_back(int(dataset->captions.size()));
      dataset->captions.push_back(caption);
    }
  return dataset;
}

// Captions whose nearest image on the map is in their own image's cluster (syntheticData's
// clusters: image row % 3).
int captionsNearTheirCluster(const MapModel &m) {
  int same = 0;
  for (int c = 0; c < m.captionCount(); ++c) {
    const QPointF p = m.position(m.captionItem(c));
    int nearest = -1;
    double best = 1e300;
    for (int i = 0; i < m.imageCount(); ++i) {
      const QPointF d = m.position(i) - p;
      if (QPointF::dotProduct(d, d) < best) {
        best = QPointF::dotProduct(d, d);
        nearest = i;
      }
    }
    same += nearest % 3 == m.data().captionImage[std::size_t(c)] % 3;
  }
  return same;
}

// Item k at (k, k % 5).
std::vector<float> gridPositions(int items) {
  std::vector<float> xy;
  for (int k = 0; k < items; ++k) {
    xy.push_back(float(k));
    xy.push_back(float(k % 5));
  }
  return xy;
}

void sendMouse(QWidget *widget, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
  QMouseEvent event(type, pos, widget->mapToGlobal(pos), Qt::LeftButton, buttons, modifiers);
  QApplication::sendEvent(widget, &event);
}

// Pixels of the plot's axis rect coloured like the image or caption markers.
int markerPixels(MapView &view) {
  const QImage image = view.plot()->grab().toImage();
  const QRect area = view.plot()->axisRect()->rect();
  int count = 0;
  for (int y = area.top(); y <= area.bottom(); ++y)
    for (int x = area.left(); x <= area.right(); ++x) {
      const QColor c = image.pixelColor(x, y);
      const bool blue = c.blue() > 120 && c.red() < 120; // images (31, 119, 180)
      const bool orange = c.red() > 200 && c.green() > 80 && c.green() < 180 && c.blue() < 100; // captions (255, 127, 14)
      count += blue || orange;
    }
  return count;
}

}  // namespace

class TestMapPanel : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void modelSelectsByRectangleAndPicks() {
    MapModel model;
    model.setData(syntheticData());
    QCOMPARE(model.itemCount(), kImages * (1 + kCaptionsPerImage));
    QCOMPARE(int(model.stackedEmbeddings().size()), model.itemCount() * kDim);
    QVERIFY(model.itemsInRect(QRectF(0, 0, 100, 100)).empty()); // no layout yet
    model.setPositions(gridPositions(model.itemCount()));
    const std::vector<int> expected{2, 5, 6, 7, 10};
    QCOMPARE(model.itemsInRect(QRectF(QPointF(1.5, -0.5), QPointF(10.5, 2.5))), expected);
    QCOMPARE(model.itemsInRect(QRectF(QPointF(10.5, 2.5), QPointF(1.5, -0.5))), expected); // dragged backwards
    QCOMPARE(model.kind(29), MapItemKind::Image);
    QCOMPARE(model.kind(30), MapItemKind::Caption);
    QCOMPARE(model.label(31), QStringLiteral("caption 1 of image 0"));
    QVERIFY(model.toolTip(31).contains(QStringLiteral("img0")));
    QCOMPARE(model.label(4), QStringLiteral("image img4"));
    const auto links = model.links();
    QCOMPARE(int(links.size()), kImages * kCaptionsPerImage);
    QCOMPARE(links[4], std::make_pair(1, 34));
    const auto identity = [](QPointF p) { return p * 10.0; };
    QCOMPARE(model.itemAt(identity, QPointF(71, 21), 5), 7);
    QCOMPARE(model.itemAt(identity, QPointF(75, 25), 5), -1);
  }

  // Unit length by default (rows of norm 1); raw vectors when switched off (the data as given).
  void modelMapsUnitVectorsByDefault() {
    MapModel model;
    MapData data = syntheticData();
    for (float &v : data.imageEmbeddings) v *= 7.f; // images far longer than captions, as with inner products
    model.setData(data);
    QVERIFY(model.normalised());
    model.setCentredModalities(false); // unit rows before the modality means come off
    const std::vector<float> unit = model.stackedEmbeddings();
    for (int row = 0; row < model.itemCount(); ++row) {
      double norm = 0;
      for (int k = 0; k < kDim; ++k) norm += double(unit[std::size_t(row * kDim + k)]) * unit[std::size_t(row * kDim + k)];
      QVERIFY2(std::abs(std::sqrt(norm) - 1.0) < 1e-5 || norm == 0, qPrintable(QString::number(row)));
    }
    model.setNormalised(false);
    const std::vector<float> raw = model.stackedEmbeddings();
    QCOMPARE(raw[0], data.imageEmbeddings[0]);
    QCOMPARE(raw[std::size_t(kImages * kDim)], data.captionEmbeddings[0]);
  }

  // The modality gap: captions offset from the images by a constant vector are mapped centred by
  // default (each modality's mean is zero, distances within a modality unchanged), and the gap
  // reported is the offset's length.
  void modelCentresEachModalityByDefault() {
    MapModel model;
    MapData data = syntheticData();
    const int captions = int(data.captionEmbeddings.size()) / kDim;
    std::vector<float> offset(static_cast<std::size_t>(kDim), 0.0f);
    for (int k = 0; k < kDim; ++k) offset[std::size_t(k)] = k % 2 ? 3.0f : -1.0f;
    for (int c = 0; c < captions; ++c)
      for (int k = 0; k < kDim; ++k) data.captionEmbeddings[std::size_t(c * kDim + k)] += offset[std::size_t(k)];
    model.setData(data);
    model.setNormalised(false);
    QVERIFY(model.centredModalities());
    const std::vector<float> centred = model.stackedEmbeddings();
    for (const auto &[begin, end] : {std::pair{0, kImages}, std::pair{kImages, kImages + captions}})
      for (int k = 0; k < kDim; ++k) {
        double mean = 0;
        for (int r = begin; r < end; ++r) mean += centred[std::size_t(r * kDim + k)];
        QVERIFY2(std::abs(mean / (end - begin)) < 1e-5, qPrintable(QStringLiteral("rows %1-%2, column %3").arg(begin).arg(end).arg(k)));
      }
    // Within a modality nothing moves relative to anything else.
    const auto distance = [&](const std::vector<float> &v, int a, int b) {
      double d = 0;
      for (int k = 0; k < kDim; ++k) d += std::pow(double(v[std::size_t(a * kDim + k)]) - v[std::size_t(b * kDim + k)], 2);
      return std::sqrt(d);
    };
    model.setCentredModalities(false);
    const std::vector<float> raw = model.stackedEmbeddings();
    QVERIFY(std::abs(distance(raw, kImages, kImages + 1) - distance(centred, kImages, kImages + 1)) < 1e-5);
    QVERIFY(std::abs(distance(raw, 0, 1) - distance(centred, 0, 1)) < 1e-5);
    // The gap: the two means differ by the offset plus the difference of the data's own means.
    double expected = 0;
    for (int k = 0; k < kDim; ++k) {
      double images = 0, texts = 0;
      for (int r = 0; r < kImages; ++r) images += data.imageEmbeddings[std::size_t(r * kDim + k)];
      for (int c = 0; c < captions; ++c) texts += data.captionEmbeddings[std::size_t(c * kDim + k)];
      expected += std::pow(images / kImages - texts / captions, 2);
    }
    QVERIFY(std::abs(model.modalityGap().distance - std::sqrt(expected)) < 1e-4);
    QVERIFY(model.modalityGap().relative > 0);
  }

  void modelRejectsInconsistentData() {
    MapModel model;
    MapData data = syntheticData();
    data.captionEmbeddings.pop_back();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model.setData(data));
    model.setData(syntheticData());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model.setPositions(std::vector<float>(7)));
  }

  void markersAndLinesMatchTheModel() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    panel.setData(syntheticData());
    panel.setPositions(gridPositions(panel.model().itemCount()));
    MapView *view = child<MapView>(panel, "view");
    auto *images = child<QCPGraph>(view, "imageGraph");
    auto *captions = child<QCPGraph>(view, "captionGraph");
    auto *links = child<QCPCurve>(view, "linkCurve");
    QCOMPARE(images->dataCount(), kImages);
    QCOMPARE(captions->dataCount(), kImages * kCaptionsPerImage);
    QCOMPARE(view->linkSegments(), kImages * kCaptionsPerImage);
    QCOMPARE(links->dataCount(), 3 * kImages * kCaptionsPerImage); // image, caption, gap
    QVERIFY(links->visible());
    panel.setLinesVisible(false);
    QVERIFY(!links->visible());
    QCOMPARE(images->scatterStyle().shape(), QCPScatterStyle::ssCircle);
    QCOMPARE(captions->scatterStyle().shape(), QCPScatterStyle::ssCross);
    QVERIFY(images->scatterStyle().pen().color() != captions->scatterStyle().pen().color());
  }

  void liveUpdatesFromTheJobChangeThePlot() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    auto *images = child<QCPGraph>(child<MapView>(panel, "view"), "imageGraph");
    panel.setData(syntheticData());
    QSignalSpy updates(&panel, &MapPanel::layoutUpdated);
    QSignalSpy finished(&panel, &MapPanel::computeFinished);
    std::vector<double> firstKeys, lastKeys;
    connect(&panel, &MapPanel::layoutUpdated, this, [&] {
      std::vector<double> keys;
      for (auto it = images->data()->constBegin(); it != images->data()->constEnd(); ++it)
        keys.push_back(it->value);
      if (firstKeys.empty()) firstKeys = keys;
      lastKeys = keys;
    });
    TsneOptions options;
    options.iterations = 300;
    options.perplexity = 10;
    QVERIFY(panel.computeTsne(options) != 0);
    QVERIFY(panel.isComputing());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY(finished.first().at(0).toBool());
    QVERIFY2(panel.statusText().contains(QStringLiteral("KL divergence")), qPrintable(panel.statusText()));
    QVERIFY2(updates.count() >= 300 / 25, qPrintable(QString::number(updates.count()))); // live, then final
    QCOMPARE(int(firstKeys.size()), kImages);
    QVERIFY(firstKeys != lastKeys); // the picture moved while the job ran
    QVERIFY(!panel.isComputing());
    // Captions lie beside their own image: the map keeps the joint space's neighbourhoods.
    QVERIFY(captionsNearTheirCluster(panel.model()) > 0.9 * panel.model().captionCount());
  }

  void cancelStopsTheJob() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    panel.setData(syntheticData());
    QSignalSpy updates(&panel, &MapPanel::layoutUpdated);
    TsneOptions options;
    options.iterations = 1000000;
    options.perplexity = 10;
    panel.computeTsne(options);
    QTRY_VERIFY_WITH_TIMEOUT(updates.count() >= 1, 30000);
    panel.cancel();
    QVERIFY(!panel.isComputing());
    QVERIFY(engine.waitForIdle(10000));
    const int seen = updates.count();
    QTest::qWait(100);
    QCOMPARE(updates.count(), seen); // nothing stale arrives after cancel
  }

  void closingThePanelNeverWaitsForTheEngine() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    // A job ahead in the queue holds the engine; the panel's t-SNE waits behind it.
    std::atomic<bool> release{false};
    engine.submit(QStringLiteral("long job"), [&](JobContext &job) {
      while (!release) {
        job.checkpoint();
        QThread::msleep(2);
      }
    });
    auto *panel = new MapPanel(bridge, state);
    panel->setData(syntheticData());
    TsneOptions options;
    options.perplexity = 10;
    QVERIFY(panel->computeTsne(options) != 0);
    QElapsedTimer timer;
    timer.start();
    delete panel; // cancels its job without waiting for the long one
    QVERIFY(timer.elapsed() < 1000);
    release = true;
    QVERIFY(engine.waitForIdle(10000));

    // Deleted while its job runs and posts updates: the late posts find no panel.
    panel = new MapPanel(bridge, state);
    panel->setData(syntheticData());
    options.iterations = 1000000;
    QSignalSpy updates(panel, &MapPanel::layoutUpdated);
    panel->computeTsne(options);
    QTRY_VERIFY_WITH_TIMEOUT(updates.count() >= 1, 30000);
    delete panel;
    QVERIFY(engine.waitForIdle(10000));
    QTest::qWait(50); // deliver whatever was still queued
  }

  // UMAP from the mode box: live epochs, then the final layout with its neighbourhood preservation
  // in the status line; captions land in their image's cluster.
  void umapLaysOutLive() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    panel.setData(syntheticData());
    QSignalSpy updates(&panel, &MapPanel::layoutUpdated);
    QSignalSpy finished(&panel, &MapPanel::computeFinished);
    UmapOptions options;
    options.epochs = 100;
    QVERIFY(panel.computeUmap(options) != 0);
    QCOMPARE(child<QComboBox>(panel, "layoutMethod")->currentText(), QStringLiteral("UMAP")); // the controls say what is drawn
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QVERIFY2(finished.first().at(0).toBool(), qPrintable(panel.statusText()));
    QVERIFY2(panel.statusText().contains(QStringLiteral("UMAP: 100 epochs")), qPrintable(panel.statusText()));
    QVERIFY2(panel.statusText().contains(QStringLiteral("nearest neighbours kept")), qPrintable(panel.statusText()));
    QVERIFY(updates.count() >= 100 / 10);
    QVERIFY(captionsNearTheirCluster(panel.model()) > 0.9 * panel.model().captionCount());
    // Fewer items than neighbours: lowered, and said.
    UmapOptions many;
    many.neighbours = 500;
    many.epochs = 10;
    QVERIFY(panel.computeUmap(many) != 0);
    QVERIFY2(panel.statusText().contains(QStringLiteral("neighbours lowered")), qPrintable(panel.statusText()));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
  }

  // Clicking an item lists its nearest images and captions by the run's own score (inner products
  // for the tiny bag-of-words run), equal to a brute-force ranking, and rings them on the map.
  void neighboursInTheJointSpaceEqualBruteForce() {
    QTemporaryDir dir;
    const test::TinyDataset tiny = test::makeTinyDataset(dir.path());
    const QString runDir = dir.filePath(QStringLiteral("run"));
    test::trainTinyRun(tiny, runDir, 2);
    const auto space = JointSpace::open(runDir);
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    auto *mapView = child<MapView>(panel, "view");
    auto *neighbourList = child<QListWidget>(panel, "neighbourList");
    QSignalSpy finished(&panel, &MapPanel::computeFinished);
    state.setJointSpace(space); // the panel takes its split and lays it out by PCA
    // Its items and partner ranks are gathered off the GUI thread: nothing is on the map yet.
    QCOMPARE(panel.model().itemCount(), 0);
    QVERIFY2(panel.statusText().startsWith(QStringLiteral("Preparing the map")), qPrintable(panel.statusText()));
    // A layout asked for meanwhile (Compute pressed at once) starts when the items are there, in place of PCA.
    UmapOptions umap;
    umap.epochs = 20;
    QCOMPARE(panel.computeUmap(umap), JobId(0));
    QVERIFY2(panel.statusText().contains(QStringLiteral("once the map's items are prepared")), qPrintable(panel.statusText()));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY2(finished.first().at(0).toBool() && panel.statusText().contains(QStringLiteral("UMAP: 20 epochs")), qPrintable(panel.statusText()));
    const int k = 4, dim = space->dim();
    const auto dot = [dim](const float *a, const float *b) {
      float s = 0;
      for (int d = 0; d < dim; ++d) s += a[d] * b[d];
      return s;
    };
    for (const bool image : {false, true}) {
      const int row = 0;
      const float *q = image ? space->imageEmbeddings().data() : space->captionEmbeddings().data();
      // Brute force: every item of each modality scored against the query, best first, itself left out.
      const auto best = [&](const std::vector<float> &rows, int count, int self) {
        std::vector<std::pair<float, int>> scored;
        for (int r = 0; r < count; ++r)
          if (r != self) scored.push_back({-dot(rows.data() + std::size_t(r) * dim, q), r});
        std::stable_sort(scored.begin(), scored.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        std::vector<int> out;
        for (int j = 0; j < k && j < int(scored.size()); ++j) out.push_back(scored[std::size_t(j)].second);
        return out;
      };
      std::vector<int> expected;
      for (int r : best(space->imageEmbeddings(), space->imageCount(), image ? row : -1)) expected.push_back(panel.model().imageItem(r));
      for (int r : best(space->captionEmbeddings(), space->captionCount(), image ? -1 : row)) expected.push_back(panel.model().captionItem(r));
      QSignalSpy shown(&panel, &MapPanel::neighboursShown);
      const int item = image ? panel.model().imageItem(row) : panel.model().captionItem(row);
      panel.showNeighbours(item, k);
      QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 30000);
      QCOMPARE(panel.neighbourItems(), expected);
      QCOMPARE(child<QCPGraph>(mapView, "neighbourGraph")->dataCount(), int(expected.size()));
      QCOMPARE(neighbourList->count(), int(expected.size()) + 2); // two headings
    }
    // Activating a listed neighbour activates that item (and lists its own neighbours).
    QSignalSpy shown(&panel, &MapPanel::neighboursShown);
    QListWidgetItem *first = neighbourList->item(1);
    const int target = first->data(Qt::UserRole + 1).toInt();
    Q_EMIT neighbourList->itemActivated(first);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 30000);
    QCOMPARE(shown.first().at(0).toInt(), target);

    // The model's loss on each item, against brute force with the run's margin: a caption's hinge
    // terms over the other images, an image's over the other images' captions (mean of its captions).
    const float margin = float(RunFolder(runDir).config().margin);
    const MapData &known = panel.model().data();
    const auto score = [&](int image, int caption) {
      return dot(space->imageEmbeddings().data() + std::size_t(image) * dim, space->captionEmbeddings().data() + std::size_t(caption) * dim);
    };
    for (int c : {0, 7}) {
      const int own = space->captionImage()[std::size_t(c)];
      float loss = 0;
      for (int i = 0; i < space->imageCount(); ++i)
        if (i != own) loss += std::max(0.0f, margin - score(own, c) + score(i, c));
      QVERIFY2(std::abs(known.captionLoss[std::size_t(c)] - loss) <= 1e-3f * std::max(1.0f, loss), qPrintable(QString::number(c)));
    }
    float imageLoss = 0;
    int ownCount = 0;
    for (int mine = 0; mine < space->captionCount(); ++mine) {
      if (space->captionImage()[std::size_t(mine)] != 0) continue;
      ++ownCount;
      for (int other = 0; other < space->captionCount(); ++other)
        if (space->captionImage()[std::size_t(other)] != 0) imageLoss += std::max(0.0f, margin - score(0, mine) + score(0, other));
    }
    imageLoss /= float(ownCount);
    QVERIFY2(std::abs(known.imageLoss[0] - imageLoss) <= 1e-3f * std::max(1.0f, imageLoss), qPrintable(QString::number(imageLoss)));
    QVERIFY(panel.setColouring(QStringLiteral("loss")));
    QVERIFY(panel.setSizing(QStringLiteral("rank")));
    QVERIFY(panel.setSizing(QStringLiteral("loss")));
    int coloured = 0;
    for (const MapCategory &category : mapView->colouring().categories) coloured += int(category.items.size());
    QCOMPARE(coloured, panel.model().itemCount());

    // Another split of the same run: embedded off the GUI thread, then mapped (and its neighbours
    // scored in it); the test split comes back from the state's space without embedding again.
    QSignalSpy splits(&panel, &MapPanel::splitShown);
    panel.showSplit(Split::Train);
    QTRY_COMPARE_WITH_TIMEOUT(splits.count(), 1, 30000);
    QCOMPARE(splits.first().at(0).toInt(), int(Split::Train));
    QCOMPARE(panel.model().imageCount(), 48); // the tiny dataset's 48 training images
    QCOMPARE(panel.model().captionCount(), 48 * 5);
    QSignalSpy trainNeighbours(&panel, &MapPanel::neighboursShown);
    panel.showNeighbours(panel.model().imageItem(0), k);
    QTRY_COMPARE_WITH_TIMEOUT(trainNeighbours.count(), 1, 30000);
    QCOMPARE(int(panel.neighbourItems().size()), 2 * k);
    panel.showSplit(Split::Test);
    QVERIFY(!panel.statusText().contains(QStringLiteral("Embedding"))); // the state's own space, not embedded again
    QTRY_COMPARE_WITH_TIMEOUT(splits.count(), 2, 30000);   // its items gathered off the GUI thread
    QCOMPARE(panel.model().imageCount(), space->imageCount());
    // All splits: every image and caption, coloured by split (an image's captions share its colour).
    panel.showAllSplits();
    QTRY_COMPARE_WITH_TIMEOUT(splits.count(), 3, 30000);
    QCOMPARE(splits.last().at(0).toInt(), -1);
    QCOMPARE(panel.model().imageCount(), test::kTinyImages);
    QCOMPARE(panel.model().captionCount(), test::kTinyImages * 5);
    const MapColouring &bySplit = mapView->colouring();
    QCOMPARE(bySplit.key, QStringLiteral("split"));
    QCOMPARE(bySplit.categories.size(), std::size_t(3));
    QCOMPARE(bySplit.categories[0].name, QStringLiteral("test")); // the small splits first: drawn on top
    QCOMPARE(int(bySplit.categories[0].items.size()), 6 * 6);
    QCOMPARE(bySplit.categories[2].name, QStringLiteral("train"));
    QCOMPARE(int(bySplit.categories[2].items.size()), 48 * 6); // 48 images and their 240 captions
    panel.showSplit(Split::Test);
    QTRY_COMPARE_WITH_TIMEOUT(splits.count(), 4, 30000);
    QVERIFY(!availableColourings(panel.model()).contains(QStringLiteral("split"))); // one split: nothing to tell apart
  }

  // The epoch slider shows the stored layouts in order. A run records its
  // test sample at epochs 0–3; the replay lays each epoch out from the previous one's map; the
  // slider (and play) draw exactly those layouts, in order; a run that recorded nothing says so.
  void epochSliderShowsTheStoredLayoutsInOrder() {
    QTemporaryDir dir;
    const test::TinyDataset tiny = test::makeTinyDataset(dir.path());
    const QString runDir = dir.filePath(QStringLiteral("run"));
    test::trainTinyRun(tiny, runDir, 3);
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    auto *epochSlider = child<EpochSlider>(panel, "epochSlider");
    QSignalSpy finished(&panel, &MapPanel::computeFinished);
    state.setJointSpace(JointSpace::open(runDir));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(panel.canReplay());
    QVERIFY(epochSlider->isHidden());
    QSignalSpy replayed(&panel, &MapPanel::replayShown);
    QVERIFY(panel.replayEpochs(LayoutMethod::Tsne) != 0);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 60000);
    QVERIFY2(finished.last().at(0).toBool(), qPrintable(finished.last().at(1).toString()));
    QCOMPARE(replayed.count(), 1);
    QCOMPARE(panel.replayEpochNumbers(), (std::vector<int>{0, 1, 2, 3}));
    QCOMPARE(panel.replayLayouts().size(), std::size_t(4));
    QCOMPARE(panel.model().imageCount(), 6); // the tiny test split, all of it (fewer than 100 images)
    QCOMPARE(panel.model().captionCount(), 30);
    QVERIFY(!epochSlider->isHidden());
    QCOMPARE(epochSlider->index(), 3); // the last epoch first
    QVERIFY(panel.statusText().contains(QStringLiteral("4 recorded epochs")));
    // Consecutive layouts differ (the space changed), and each is a real map, not a copy.
    QVERIFY(panel.replayLayouts()[0] != panel.replayLayouts()[3]);

    QSignalSpy shown(&panel, &MapPanel::epochShown);
    for (int index : {0, 1, 2, 3, 1}) {
      epochSlider->setIndex(index); // as a drag does
      QCOMPARE(panel.shownEpochIndex(), index);
      for (int item = 0; item < panel.model().itemCount(); ++item) {
        const QPointF p = panel.model().position(item);
        QCOMPARE(float(p.x()), panel.replayLayouts()[std::size_t(index)][std::size_t(item) * 2]);
        QCOMPARE(float(p.y()), panel.replayLayouts()[std::size_t(index)][std::size_t(item) * 2 + 1]);
      }
    }
    QCOMPARE(shown.count(), 5);
    QCOMPARE(shown.at(4).at(0).toInt(), 1);
    // Play steps through the rest in order and stops at the last epoch.
    shown.clear();
    epochSlider->play();
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 2, 10000);
    QCOMPARE(shown.at(0).at(0).toInt(), 2);
    QCOMPARE(shown.at(1).at(0).toInt(), 3);
    QTRY_VERIFY_WITH_TIMEOUT(!epochSlider->playing(), 5000);
    // The sample is the whole test split, so neighbours in the joint space work during a replay.
    QSignalSpy neighbours(&panel, &MapPanel::neighboursShown);
    panel.showNeighbours(panel.model().imageItem(0), 3);
    QTRY_COMPARE_WITH_TIMEOUT(neighbours.count(), 1, 30000);
    // Another run opens: the replay ends.
    const QString silentDir = dir.filePath(QStringLiteral("silent"));
    TrainConfig config = test::tinyConfig(1);
    config.recordSample = 0;
    test::trainTinyRun(tiny, silentDir, config);
    state.setJointSpace(JointSpace::open(silentDir));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 30000);
    QVERIFY(panel.replayEpochNumbers().empty());
    QVERIFY(epochSlider->isHidden());
    QVERIFY(!panel.canReplay());
    QCOMPARE(panel.replayEpochs(LayoutMethod::Pca), JobId(0));
    QVERIFY(panel.statusText().contains(QStringLiteral("recorded no epochs")));
  }

  // Size by: three marker sizes from the data (here caption length), drawn by companion graphs of
  // each marker graph, with a legend entry per size; colour and size combine; one size again clears them.
  void sizeShowsASecondVariable() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    MapData data = syntheticData();
    data.captions[0] = QStringLiteral("a caption of ten words that goes on and on");                     // 10 words
    data.captions[1] = QStringLiteral("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"); // 16
    panel.setData(data);
    panel.setPositions(gridPositions(panel.model().itemCount()));
    const MapSizing sizing = sizeMap(panel.model(), QStringLiteral("length"));
    QCOMPARE(sizing.itemClass[std::size_t(panel.model().captionItem(0))], 1);
    QCOMPARE(sizing.itemClass[std::size_t(panel.model().captionItem(1))], 2);
    QCOMPARE(sizing.itemClass[std::size_t(panel.model().captionItem(2))], 0);
    QCOMPARE(sizing.itemClass[std::size_t(panel.model().imageItem(0))], 0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sizeMap(panel.model(), QStringLiteral("loss"))); // no losses in this data
    const int legendBefore = child<MapView>(panel, "view")->plot()->legend->itemCount();
    QVERIFY(panel.setSizing(QStringLiteral("length")));
    MapView &view = *child<MapView>(panel, "view");
    auto *captions = child<QCPGraph>(view, "captionGraph");
    QCOMPARE(view.pointsAtSize(captions, 0), panel.model().captionCount() - 2);
    QCOMPARE(view.pointsAtSize(captions, 1), 1);
    QCOMPARE(view.pointsAtSize(captions, 2), 1);
    QCOMPARE(view.pointsAtSize(child<QCPGraph>(view, "imageGraph"), 0), panel.model().imageCount());
    QCOMPARE(view.plot()->legend->itemCount(), legendBefore + 3);
    // With a colouring, each category's graphs split by size the same way: every item drawn once.
    QVERIFY(panel.setColouring(QStringLiteral("length")));
    int drawn = 0, large = 0;
    for (const QCPGraph *g : view.categoryGraphs()) {
      for (int k = 0; k < 3; ++k) drawn += view.pointsAtSize(g, k);
      large += view.pointsAtSize(g, 2);
    }
    QCOMPARE(drawn, panel.model().itemCount());
    QCOMPARE(large, 1);
    QVERIFY(panel.setSizing(QString()));
    QCOMPARE(view.pointsAtSize(captions, 1), 0);
    QCOMPARE(view.plot()->legend->itemCount(), legendBefore - 2 + int(view.colouring().categories.size())); // categories replace the two modalities
  }

  // Size by hubs: each side's k-occurrence against its share, k · other side / this side (here
  // 10 · 90 / 30 = 30 for an image, 10 · 30 / 90 ≈ 3.3 for a caption); offered only with counts.
  void sizeByHubsComparesEachSideWithItsShare() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    MapData data = syntheticData();
    panel.setData(data);
    QVERIFY(!availableSizings(panel.model()).contains(QStringLiteral("hubs")));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sizeMap(panel.model(), QStringLiteral("hubs")));
    data.imageOccurrence.assign(std::size_t(kImages), 0);
    data.captionOccurrence.assign(std::size_t(kImages * kCaptionsPerImage), 0);
    const std::vector<std::pair<int, int>> images{{30, 0}, {31, 1}, {90, 1}, {91, 2}}, captions{{3, 0}, {4, 1}, {10, 1}, {11, 2}};
    for (std::size_t r = 0; r < images.size(); ++r) data.imageOccurrence[r] = images[r].first;
    for (std::size_t r = 0; r < captions.size(); ++r) data.captionOccurrence[r] = captions[r].first;
    panel.setData(data);
    QVERIFY(availableSizings(panel.model()).contains(QStringLiteral("hubs")));
    const QList<QComboBox *> boxes = panel.findChildren<QComboBox *>();
    QVERIFY(std::any_of(boxes.begin(), boxes.end(), [](QComboBox *box) { return box->findText(QStringLiteral("k-occurrence (hubs)")) >= 0; }));
    const MapSizing sizing = sizeMap(panel.model(), QStringLiteral("hubs"));
    QCOMPARE(sizing.classNames.size(), 3);
    for (std::size_t r = 0; r < images.size(); ++r)
      QCOMPARE(sizing.itemClass[std::size_t(panel.model().imageItem(int(r)))], images[r].second);
    for (std::size_t r = 0; r < captions.size(); ++r)
      QCOMPARE(sizing.itemClass[std::size_t(panel.model().captionItem(int(r)))], captions[r].second);
    QVERIFY(panel.setSizing(QStringLiteral("hubs")));
    // Counts for another number of items are refused.
    data.captionOccurrence.pop_back();
    MapModel model;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model.setData(data));
  }

  // partnerRanks counts each item's k-occurrence block by block of captions, keeping a running
  // top-10 per image: equal to hubness() on the whole score matrix, ties included (the Scenes
  // demo's captions repeat word for word), on a split of more than one block. The matrix is the
  // model's own scores, block by block as partnerRanks gets them: scoreMatrix's differ from them
  // in the last bit, which reorders the repeated captions' exact ties.
  void kOccurrenceEqualsHubnessOfTheScoreMatrix() {
    QTemporaryDir dir;
    const test::TinyDataset tiny = test::makeTinyDataset(dir.path(), 420); // 2,100 captions
    const QString runDir = dir.filePath(QStringLiteral("run"));
    test::trainTinyRun(tiny, runDir, 1);
    const auto space = JointSpace::openAll(runDir);
    const int images = space->imageCount(), captions = space->captionCount(), dim = space->dim();
    QVERIFY(captions > JointSpace::kScoreBlock);
    const JointSpace::PartnerRanks ranks = space->partnerRanks();
    const TrainedModel model = TrainedModel::open(runDir);
    std::vector<float> scores(std::size_t(images) * std::size_t(captions));
    for (int begin = 0; begin < captions; begin += JointSpace::kScoreBlock) {
      const int count = std::min(JointSpace::kScoreBlock, captions - begin);
      const std::vector<float> block(space->captionEmbeddings().begin() + std::ptrdiff_t(begin) * dim,
                                     space->captionEmbeddings().begin() + std::ptrdiff_t(begin + count) * dim);
      const std::vector<float> part = model.score(space->imageEmbeddings(), images, block, count);
      for (int i = 0; i < images; ++i)
        std::copy_n(part.begin() + std::ptrdiff_t(i) * count, count, scores.begin() + std::ptrdiff_t(i) * captions + begin);
    }
    const Hubness expected = hubness(scores, images, captions, {JointSpace::kOccurrenceK});
    QCOMPARE(ranks.imageOccurrence, expected.images.front().counts);
    QCOMPARE(ranks.captionOccurrence, expected.captions.front().counts);
    const MapData data = MapData::fromJointSpace(*space);
    QCOMPARE(data.imageOccurrence, ranks.imageOccurrence);
    QCOMPARE(data.captionOccurrence, ranks.captionOccurrence);
  }

  // Another run's map of the same data: items are matched by image id and caption text whatever
  // their order.
  void itemsMatchAcrossModels() {
    MapModel a, b;
    MapData data = syntheticData();
    a.setData(data);
    std::reverse(data.captions.begin(), data.captions.end()); // the same captions, other rows
    std::reverse(data.captionImage.begin(), data.captionImage.end());
    b.setData(data);
    QVERIFY(a.sameItemsAs(a));
    QVERIFY(!a.sameItemsAs(b));
    const int last = b.captionItem(b.captionCount() - 1); // a's first caption
    QCOMPARE(a.itemsMatching(b, {last, b.imageItem(4), 9999}), (std::vector<int>{a.imageItem(4), a.captionItem(0)}));
    MapData other = syntheticData();
    other.imageIds[4] = QStringLiteral("elsewhere");
    MapModel c;
    c.setData(other);
    QVERIFY(a.itemsMatching(c, {c.imageItem(4)}).empty());
  }

  // Two runs side by side: the second run's map is laid out with the first map's method, from its
  // layout (the same items), again after each layout of the first; a selection on either map rings
  // the same items on the other; closing removes it.
  void twoRunsSideBySideWithLinkedSelection() {
    QTemporaryDir dir;
    const test::TinyDataset tiny = test::makeTinyDataset(dir.path());
    const QString first = dir.filePath(QStringLiteral("first")), second = dir.filePath(QStringLiteral("second"));
    test::trainTinyRun(tiny, first, 2);
    TrainConfig config = test::tinyConfig(2);
    config.seed = 7;
    test::trainTinyRun(tiny, second, config);
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    QSignalSpy finished(&panel, &MapPanel::computeFinished);
    state.setJointSpace(JointSpace::open(first));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QSignalSpy compared(&panel, &MapPanel::comparisonShown);
    panel.compareWith(second);
    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 1, 30000);
    QVERIFY2(compared.first().at(0).toBool(), qPrintable(compared.first().at(1).toString()));
    ComparedMap *other = panel.comparedMap();
    QVERIFY(other);
    QVERIFY(other->model().sameItemsAs(panel.model()));
    QVERIFY(other->startedFromReference());
    QVERIFY(other->model().hasPositions());
    QVERIFY(other->title().contains(QStringLiteral("bow")));
    // Each map's heading has a swatch of its run's colour, and follows a change of it.
    QCOMPARE(other->runColour(), state.runColours().colourOf(second));
    auto *heading = child<RunHeading>(panel, "mapHeading"); // the first map's
    QVERIFY(!heading->isHidden());
    QCOMPARE(heading->colour(), state.runColours().colourOf(first));
    QVERIFY(heading->colour() != other->runColour());
    const QColor chosen(0x12, 0x34, 0x56);
    state.runColours().setColour(second, chosen);
    QCOMPARE(other->runColour(), chosen);
    QCOMPARE(child<QLabel>(other, "runSwatch")->pixmap().toImage().pixelColor(2, 2), chosen);
    QCOMPARE(heading->colour(), state.runColours().colourOf(first));
    // The two runs differ, so their maps do too (the second is not a copy of the first).
    bool differs = false;
    for (int item = 0; item < panel.model().itemCount(); ++item) differs = differs || other->model().position(item) != panel.model().position(item);
    QVERIFY(differs);

    // Linked selection, both ways.
    panel.selectInRect(panel.model().bounds().adjusted(-1, -1, 1, 1));
    QCOMPARE(other->model().selection(), panel.model().selection());
    QCOMPARE(int(other->model().selection().size()), panel.model().itemCount());
    const int caption = other->model().captionItem(3);
    Q_EMIT other->itemsPicked({caption});
    QCOMPARE(panel.model().selection(), (std::vector<int>{caption}));
    QCOMPARE(child<QListWidget>(panel, "selectionList")->count(), 1);
    QCOMPARE(other->model().selection(), (std::vector<int>{caption}));
    // Size by follows to the second map.
    QVERIFY(panel.setSizing(QStringLiteral("length")));
    QCOMPARE(child<MapView>(other, "comparedView")->sizing().key, QStringLiteral("length"));

    // A new layout of the first map (t-SNE) lays the second out again, the same way.
    compared.clear();
    panel.compute(LayoutMethod::Tsne);
    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 1, 60000);
    QVERIFY(compared.first().at(0).toBool());
    QVERIFY(other->startedFromReference());
    panel.closeComparison();
    QVERIFY(!panel.comparedMap());
    QVERIFY(heading->isHidden()); // one map needs no heading
  }

  // Opening a run in the Map — another split of the current run, or a second run to compare with —
  // is a job on the engine's interactive lane: the Jobs tab lists it, and its Cancel button stops
  // it; the panel says so, keeps what it showed, and opens the run when asked again.
  void openingARunShowsInTheJobsTabAndCancels() {
    QTemporaryDir dir;
    const test::TinyDataset tiny = test::makeTinyDataset(dir.path());
    const QString runDir = dir.filePath(QStringLiteral("run"));
    test::trainTinyRun(tiny, runDir, 2);
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    JobList jobs(bridge);
    QSignalSpy finished(&panel, &MapPanel::computeFinished);
    const auto space = JointSpace::open(runDir);
    state.setJointSpace(space);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);

    // A job ahead on the interactive lane holds it, so each opening waits in the queue.
    auto release = std::make_shared<std::atomic<bool>>(false);
    engine.submit(QStringLiteral("holds the lane"), [release](JobContext &job) {
      while (!*release) {
        job.checkpoint();
        QThread::msleep(2);
      }
    }, JobLane::Interactive);
    // The Jobs tab's row of the job named `name` (null when it has none).
    const auto rowOf = [&jobs](const QString &name) -> QTreeWidgetItem * {
      jobs.refresh();
      QTreeWidget *tree = child<QTreeWidget>(jobs, "jobList");
      for (int r = 0; r < tree->topLevelItemCount(); ++r)
        if (tree->topLevelItem(r)->text(0) == name) return tree->topLevelItem(r);
      return nullptr;
    };
    const auto cancelRow = [&jobs](QTreeWidgetItem *row) {
      child<QTreeWidget>(jobs, "jobList")->setCurrentItem(row);
      child<QPushButton>(jobs, "cancelButton")->click();
      return JobId(row->data(0, Qt::UserRole).toULongLong());
    };

    QSignalSpy splits(&panel, &MapPanel::splitShown);
    panel.showSplit(Split::Train);
    QTreeWidgetItem *embedRow = rowOf(QStringLiteral("Embed the train split"));
    QVERIFY(embedRow);
    const JobId embed = embedRow->data(0, Qt::UserRole).toULongLong();
    QVERIFY2(jobs.rowText(embed).contains(QStringLiteral("interactive — queued")), qPrintable(jobs.rowText(embed)));
    cancelRow(embedRow);
    QSignalSpy compared(&panel, &MapPanel::comparisonShown);
    panel.compareWith(runDir);
    QTreeWidgetItem *openRow = rowOf(QStringLiteral("Open run for comparison"));
    QVERIFY(openRow);
    const JobId open = cancelRow(openRow);
    *release = true;

    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 1, 30000);
    QVERIFY(!compared.first().at(0).toBool());
    QVERIFY2(compared.first().at(1).toString().contains(QStringLiteral("cancelled")), qPrintable(compared.first().at(1).toString()));
    QTRY_VERIFY2_WITH_TIMEOUT(panel.statusText().contains(QStringLiteral("Cannot map the train split: cancelled")), qPrintable(panel.statusText()), 30000);
    QVERIFY(engine.waitForIdle(10000));
    jobs.refresh();
    QVERIFY2(jobs.rowText(embed).contains(QStringLiteral("cancelled")), qPrintable(jobs.rowText(embed)));
    QVERIFY2(jobs.rowText(open).contains(QStringLiteral("cancelled")), qPrintable(jobs.rowText(open)));
    // The map still shows the test split, and the split box says so.
    QCOMPARE(splits.count(), 0);
    QCOMPARE(panel.model().imageCount(), space->imageCount());
    for (QComboBox *box : panel.findChildren<QComboBox *>())
      if (box->findText(QStringLiteral("train")) >= 0) QCOMPARE(box->currentText(), QStringLiteral("test"));

    // Asked again, both open.
    panel.showSplit(Split::Train);
    QTRY_COMPARE_WITH_TIMEOUT(splits.count(), 1, 30000);
    QCOMPARE(panel.model().imageCount(), 48);
    panel.compareWith(runDir);
    QTRY_COMPARE_WITH_TIMEOUT(compared.count(), 2, 60000);
    QVERIFY2(compared.last().at(0).toBool(), qPrintable(compared.last().at(1).toString()));
  }

  // Colour by what the data knows: every item in exactly one category of each colouring; a
  // colouring whose metadata is missing is refused with its reason.
  void colouringsCoverEveryItemOnce() {
    MapModel model;
    MapData data = syntheticData();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, colourMap([&] { MapModel m; m.setData(data); return m; }(), QStringLiteral("rank")));
    for (int c = 0; c < data.captions.size(); ++c) data.captionPartnerRank.push_back(1 + c % 60);
    for (int i = 0; i < data.imageIds.size(); ++i) {
      data.imagePartnerRank.push_back(i % 7);                     // 0: no partner
      data.imageConcepts.push_back(i % 3 == 0 ? QStringList{QStringLiteral("red")} : QStringList{QStringLiteral("blue")});
    }
    for (int c = 0; c < data.captions.size(); ++c) data.captionOrderSensitive.push_back(c % 4 == 0);
    model.setData(data);
    const QStringList keys = availableColourings(model);
    QCOMPARE(keys, (QStringList{QStringLiteral("modality"), QStringLiteral("length"), QStringLiteral("rank"), QStringLiteral("twin"),
                                QStringLiteral("concept:blue"), QStringLiteral("concept:red")}));
    for (const QString &key : keys) {
      const MapColouring colouring = colourMap(model, key);
      std::vector<int> seen(std::size_t(model.itemCount()), 0);
      for (const MapCategory &category : colouring.categories)
        for (int item : category.items) ++seen[std::size_t(item)];
      QVERIFY2(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }), qPrintable(key));
    }
    const MapColouring rank = colourMap(model, QStringLiteral("rank"));
    QCOMPARE(rank.categories.front().name, QStringLiteral("partner at rank 1"));
    // Rank 1: captions c with c % 60 == 0, and images with rank 1 (i % 7 == 1).
    int expected = 0;
    for (int c = 0; c < model.captionCount(); ++c) expected += c % 60 == 0;
    for (int i = 0; i < model.imageCount(); ++i) expected += i % 7 == 1;
    QCOMPARE(int(rank.categories.front().items.size()), expected);
    QCOMPARE(int(rank.categories.back().items.size()), (model.imageCount() + 6) / 7); // no partner
    const MapColouring red = colourMap(model, QStringLiteral("concept:red"));
    QCOMPARE(int(red.categories[0].items.size()), 10 * (1 + kCaptionsPerImage)); // 10 red images and their captions
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, colourMap(model, QStringLiteral("mood")));
  }

  // A large selection lists its first 1,000 items and says how many more the map rings.
  void largeSelectionsListTheirFirstItems() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    MapData data;
    data.dim = 2;
    for (int i = 0; i < 300; ++i) {
      data.imageIds << QStringLiteral("img%1").arg(i);
      data.imageEmbeddings.insert(data.imageEmbeddings.end(), {float(i), 1.f});
      for (int c = 0; c < 5; ++c) {
        data.captions << QStringLiteral("caption %1 of %2").arg(c).arg(i);
        data.captionImage.push_back(i);
        data.captionEmbeddings.insert(data.captionEmbeddings.end(), {float(i), float(c)});
      }
    }
    panel.setData(data);
    panel.setPositions(gridPositions(panel.model().itemCount()));
    panel.selectInRect(QRectF(QPointF(-1, -1), QPointF(100000, 10)));
    QCOMPARE(int(panel.model().selection().size()), 1800);
    auto *list = child<QListWidget>(panel, "selectionList");
    QCOMPARE(list->count(), 1001);
    QListWidgetItem *more = list->item(1000);
    QVERIFY2(more->text().contains(QStringLiteral("800 more")), qPrintable(more->text()));
    QCOMPARE(more->flags(), Qt::NoItemFlags);
    QSignalSpy picked(list, &QListWidget::itemClicked);
    Q_EMIT list->itemClicked(more); // the line names no item: nothing is activated
    QCOMPARE(panel.neighbourItems().size(), std::size_t(0));
  }

  // The legend filters (hidden items are neither drawn nor picked), and the search box rings the
  // captions that match words or a regular expression.
  void legendFiltersAndSearchFinds() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    MapData data = syntheticData();
    for (int i = 0; i < data.imageIds.size(); ++i)
      data.imageConcepts.push_back(i % 3 == 0 ? QStringList{QStringLiteral("red")} : QStringList{});
    panel.setData(data);
    panel.setPositions(gridPositions(panel.model().itemCount()));
    QVERIFY(panel.setColouring(QStringLiteral("concept:red")));
    MapView *view = child<MapView>(panel, "view");
    auto *images = child<QCPGraph>(view, "imageGraph");
    auto *matches = child<QCPGraph>(view, "matchGraph");
    QCOMPARE(int(view->categoryGraphs().size()), 4); // with / without × images / captions
    QVERIFY(!images->visible());
    QCOMPARE(view->categoryGraphs()[0]->dataCount(), 10);                    // red images
    QCOMPARE(view->categoryGraphs()[1]->dataCount(), 10 * kCaptionsPerImage); // their captions
    const QRectF everything(QPointF(-1, -1), QPointF(1000, 10));
    QCOMPARE(int(panel.model().itemsInRect(everything).size()), panel.model().itemCount());
    panel.toggleCategory(0); // hide "with red"
    QCOMPARE(int(panel.model().itemsInRect(everything).size()), panel.model().itemCount() - 40);
    QCOMPARE(view->categoryGraphs()[0]->dataCount(), 0);
    QVERIFY(panel.statusText().contains(QStringLiteral("40 item(s) hidden")));
    panel.toggleCategory(0);
    QCOMPARE(int(panel.model().itemsInRect(everything).size()), panel.model().itemCount());
    QVERIFY(!panel.setColouring(QStringLiteral("twin"))); // the data does not mark twins
    QVERIFY(panel.setColouring(QStringLiteral("modality")));
    QVERIFY(images->visible());

    QCOMPARE(int(panel.search(QStringLiteral("Image 7 CAPTION")).size()), kCaptionsPerImage); // whole words, any order, any case
    QCOMPARE(int(panel.search(QStringLiteral("/of image 1[0-9]$/")).size()), 10 * kCaptionsPerImage); // images 10–19
    QCOMPARE(matches->dataCount(), 10 * kCaptionsPerImage);
    QVERIFY(panel.search(QStringLiteral("/(unclosed/")).empty());
    QVERIFY2(panel.statusText().contains(QStringLiteral("invalid regular expression")), qPrintable(panel.statusText()));
    QCOMPARE(matches->dataCount(), 0);
    QVERIFY(panel.search(QString()).empty());

    // The word index (built with a joint space's items) finds what the scan finds.
    MapModel scanned, indexed;
    scanned.setData(data);
    data.captionWords = CaptionWordIndex::build(data.captions);
    indexed.setData(data);
    for (const QString &query : {QStringLiteral("Image 7 CAPTION"), QStringLiteral("caption"), QStringLiteral("of image 12"),
                                 QStringLiteral("image image 3"), QStringLiteral("no-such-word"), QStringLiteral("caption nothing")}) {
      QCOMPARE(indexed.matchCaptions(query), scanned.matchCaptions(query));
    }
    QCOMPARE(int(indexed.matchCaptions(QStringLiteral("caption")).size()), indexed.captionCount());
    QCOMPARE(int(indexed.matchCaptions(QStringLiteral("of image 12")).size()), kCaptionsPerImage);
  }

  // Cluster summaries: a tile's label is the words that set its captions apart (function words
  // never); hidden items leave the summaries; the view shows finer levels as it zooms in.
  void clusterSummariesNameTheirRegions() {
    MapData data = syntheticData();
    // Three regions of the map, each with its own caption words: images 0–9 "red circle",
    // 10–19 "blue square", 20–29 "green star" (captions follow their images).
    const QStringList phrases{QStringLiteral("A red circle is in the picture"), QStringLiteral("A blue square is in the picture"),
                              QStringLiteral("A green star is in the picture")};
    for (int c = 0; c < data.captions.size(); ++c) data.captions[c] = phrases[data.captionImage[std::size_t(c)] / 10];
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    auto *mapView = child<MapView>(panel, "view");
    panel.setData(data);
    std::vector<float> xy;
    for (int item = 0; item < panel.model().itemCount(); ++item) {
      const int image = panel.model().kind(item) == MapItemKind::Image ? panel.model().row(item)
                                                                          : data.captionImage[std::size_t(panel.model().row(item))];
      xy.push_back(float(image / 10) * 10.0f + float(item % 7) * 0.1f); // region by image group
      xy.push_back(float(item % 5) * 0.1f);
    }
    panel.setPositions(xy);
    const std::vector<MapClusterLevel> levels = summariseMap(panel.model());
    QCOMPARE(int(levels.size()), 3);
    QCOMPARE(int(levels[0].clusters.size()), 3); // one tile per region at 3 tiles a side
    QStringList labels;
    for (const MapCluster &c : levels[0].clusters) {
      QStringList words = c.words; // equal scores: any order
      words.sort();
      labels << words.join(QLatin1Char(' '));
    }
    labels.sort();
    QCOMPARE(labels, (QStringList{QStringLiteral("blue square"), QStringLiteral("circle red"), QStringLiteral("green star")}));
    // Hide the red region's items: it leaves the summary.
    std::vector<char> hidden(std::size_t(panel.model().itemCount()), 0);
    for (int item = 0; item < panel.model().itemCount(); ++item) hidden[std::size_t(item)] = xy[std::size_t(2 * item)] < 5;
    MapModel filtered = panel.model();
    filtered.setHidden(hidden);
    const std::vector<MapClusterLevel> filteredLevels = summariseMap(filtered);
    QCOMPARE(int(filteredLevels[0].clusters.size()), 2);
    for (const MapCluster &c : filteredLevels[0].clusters) QVERIFY(!c.words.contains(QStringLiteral("red")));
    // The panel computes them off the GUI thread; zooming in shows a finer level. (Shown at a
    // real size: labels that would overlap on screen are left out.)
    panel.resize(1000, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    mapView->updatePositions(true);
    mapView->plot()->replot();
    QSignalSpy shown(&panel, &MapPanel::clustersShown);
    panel.setClusterLabelsVisible(true);
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 1, 30000);
    QCOMPARE(mapView->clusterLevelShown(), 0);
    QCOMPARE(mapView->clusterLabelCount(), 3);
    const QCPRange full = mapView->plot()->xAxis->range();
    mapView->plot()->xAxis->setRange(full.lower, full.lower + full.size() / 5);
    QCOMPARE(mapView->clusterLevelShown(), 2);
    panel.setClusterLabelsVisible(false);
    QCOMPARE(mapView->clusterLabelCount(), 0);
  }

  // Level of detail: above 20,000 items the markers are small squares and the lines are left out
  // (the plot stays interactive; bench_mapframe measures it); the status line says so.
  void denseMapsDrawDotsWithoutLines() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    auto *mapView = child<MapView>(panel, "view");
    auto *captions = child<QCPGraph>(mapView, "captionGraph");
    MapData dense;
    dense.dim = 2;
    for (int i = 0; i < 5000; ++i) {
      dense.imageIds << QStringLiteral("img%1").arg(i);
      dense.imageEmbeddings.insert(dense.imageEmbeddings.end(), {float(i % 97), float(i % 89)});
      for (int c = 0; c < 4; ++c) {
        dense.captions << QStringLiteral("caption %1").arg(c);
        dense.captionImage.push_back(i);
        dense.captionEmbeddings.insert(dense.captionEmbeddings.end(), {float(i % 97) + 0.1f * c, float(i % 89)});
      }
    }
    panel.setData(dense);
    QVERIFY(mapView->dense());
    QVERIFY2(panel.statusText().contains(QStringLiteral("drawn as dots")), qPrintable(panel.statusText()));
    std::vector<float> grid;
    for (int item = 0; item < panel.model().itemCount(); ++item) {
      grid.push_back(float(item % 300));
      grid.push_back(float(item / 300));
    }
    panel.setPositions(grid);
    QCOMPARE(mapView->linkSegments(), 0);
    QCOMPARE(captions->scatterStyle().shape(), QCPScatterStyle::ssPixmap);
    QCOMPARE(captions->dataCount(), 20000);
    panel.setData(syntheticData()); // a small map draws in full again
    QVERIFY(!mapView->dense());
    QCOMPARE(captions->scatterStyle().shape(), QCPScatterStyle::ssCross);
  }

  void pcaLaysOutAtOnce() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    panel.setData(syntheticData());
    QSignalSpy finished(&panel, &MapPanel::computeFinished);
    QVERIFY(panel.compute(LayoutMethod::Pca) != 0);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(panel.model().hasPositions());
    QVERIFY2(panel.statusText().contains(QStringLiteral("PCA")), qPrintable(panel.statusText()));
  }

  void clicksAndTheRubberBandReachTheState() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    state.setDataset(syntheticDataset());
    MapPanel panel(bridge, state);
    auto *mapView = child<MapView>(panel, "view");
    auto *selectionList = child<QListWidget>(panel, "selectionList");
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setData(syntheticData());
    // Spread the items out so each is alone under the mouse: item k at (k, k % 5).
    panel.setPositions(gridPositions(panel.model().itemCount()));
    QCustomPlot *plot = mapView->plot();
    plot->replot();

    // A click on image row 4 selects dataset image 25 (the dataset lists the images in reverse).
    QPointF pixel = mapView->toPixel(panel.model().position(4));
    sendMouse(plot, QEvent::MouseButtonPress, pixel, Qt::LeftButton);
    sendMouse(plot, QEvent::MouseButtonRelease, pixel, Qt::NoButton);
    QCOMPARE(state.selectedImage(), kImages - 1 - 4);
    // A click on caption row 7 (caption 1 of image 2) selects that caption in the dataset.
    const int captionItem = panel.model().captionItem(7);
    pixel = mapView->toPixel(panel.model().position(captionItem));
    sendMouse(plot, QEvent::MouseButtonPress, pixel, Qt::LeftButton);
    sendMouse(plot, QEvent::MouseButtonRelease, pixel, Qt::NoButton);
    QVERIFY(state.selectedCaption() >= 0);
    QCOMPARE(state.dataset()->captions[std::size_t(state.selectedCaption())].raw, QStringLiteral("caption 1 of image 2"));
    QCOMPARE(state.selectedImage(), kImages - 1 - 2);

    // Hover text.
    QCOMPARE(panel.model().toolTip(mapView->itemAtPixel(pixel)), panel.model().toolTip(captionItem));

    // A drag from (1.5, -0.5) to (10.5, 2.5) lists items 2, 5, 6, 7, 10.
    const QPointF from = mapView->toPixel(QPointF(1.5, -0.5)), to = mapView->toPixel(QPointF(10.5, 2.5));
    sendMouse(plot, QEvent::MouseButtonPress, from, Qt::LeftButton);
    sendMouse(plot, QEvent::MouseMove, (from + to) / 2, Qt::LeftButton);
    sendMouse(plot, QEvent::MouseMove, to, Qt::LeftButton);
    sendMouse(plot, QEvent::MouseButtonRelease, to, Qt::NoButton);
    const std::vector<int> expected{2, 5, 6, 7, 10};
    QCOMPARE(panel.model().selection(), expected);
    QCOMPARE(selectionList->count(), 5);
    QVERIFY(selectionList->item(0)->text().contains(QStringLiteral("img2")));
    // Clicking a listed item selects it in the state too.
    selectionList->itemClicked(selectionList->item(1));
    QCOMPARE(state.selectedImage(), kImages - 1 - 5);

    // A Shift-drag lassoes a triangle (0.5, -0.5) → (12.5, -0.5) → (0.5, 4.5): items k at (k, k % 5)
    // with k % 5 < 5 - 5(k - 0.5)/12 (below its hypotenuse): 1, 2, 3, 5, 6, 10.
    const std::vector<QPointF> corners{{0.5, -0.5}, {12.5, -0.5}, {0.5, 4.5}};
    sendMouse(plot, QEvent::MouseButtonPress, mapView->toPixel(corners[0]), Qt::LeftButton, Qt::ShiftModifier);
    for (int c : {1, 2}) {
      const QPointF a = mapView->toPixel(corners[std::size_t(c - 1)]), b = mapView->toPixel(corners[std::size_t(c)]);
      for (int step = 1; step <= 10; ++step) sendMouse(plot, QEvent::MouseMove, a + (b - a) * step / 10.0, Qt::LeftButton, Qt::ShiftModifier);
    }
    sendMouse(plot, QEvent::MouseButtonRelease, mapView->toPixel(corners[2]), Qt::NoButton, Qt::ShiftModifier);
    std::vector<int> lassoed;
    for (int k : panel.model().selection()) lassoed.push_back(k);
    QCOMPARE(lassoed, (std::vector<int>{1, 2, 3, 5, 6, 10}));
    QCOMPARE(selectionList->count(), 6);
    QCOMPARE(state.selectedImage(), kImages - 1 - 5); // a lasso is no click
  }

  void offscreenRenderHasContentAndExports() {
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    auto *mapView = child<MapView>(panel, "view");
    panel.resize(800, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setData(syntheticData());
    mapView->plot()->replot();
    const int empty = markerPixels(*mapView);
    panel.setPositions(gridPositions(panel.model().itemCount()));
    mapView->plot()->replot();
    const int drawn = markerPixels(*mapView);
    QVERIFY2(drawn > 500 && drawn > 10 * (empty + 1), qPrintable(QStringLiteral("%1 vs %2").arg(drawn).arg(empty)));

    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("map.png"));
    const FigureExportResult result = panel.exportTo(png, QSize(640, 480));
    QVERIFY2(result.ok, qPrintable(result.error));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(640, 480));
    QVERIFY(panel.exportTo(dir.filePath(QStringLiteral("map.svg"))).ok);
  }

  void thumbnailsLoadOffTheGuiThread() {
    QTemporaryDir dir;
    QStringList paths;
    for (int i = 0; i < 3; ++i) {
      QImage image(200, 100, QImage::Format_RGB32);
      image.fill(QColor::fromHsv(i * 100, 255, 255));
      paths << dir.filePath(QStringLiteral("img%1.png").arg(i));
      QVERIFY(image.save(paths.last()));
    }
    paths << dir.filePath(QStringLiteral("missing.png")); // skipped: the circle stays
    Engine engine;
    EngineBridge bridge(engine);
    WorkbenchState state;
    MapPanel panel(bridge, state);
    auto *mapView = child<MapView>(panel, "view");
    panel.setData(syntheticData(paths));
    panel.setPositions(gridPositions(panel.model().itemCount()));
    QSignalSpy loaded(&panel, &MapPanel::thumbnailsLoaded);
    panel.setThumbnailsVisible(true);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
    QCOMPARE(loaded.first().at(0).toInt(), 3);
    QCOMPARE(mapView->thumbnailItems(), 3);

    // Level of detail: three images a hair apart share one grid cell at full view, so one
    // thumbnail shows (the others stay circles); zoomed in on them, all three do.
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    std::vector<float> xy = gridPositions(panel.model().itemCount());
    for (int row = 0; row < 3; ++row) xy[std::size_t(row) * 2] = 0.01f * float(row), xy[std::size_t(row) * 2 + 1] = 0;
    panel.setPositions(xy);
    QCustomPlot *plot = mapView->plot();
    plot->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(mapView->thumbnailsShown(), 1);
    plot->xAxis->setRange(-0.01, 0.03);
    plot->yAxis->setRange(-0.01, 0.01);
    plot->replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(mapView->thumbnailsShown(), 3);
  }
};

QTEST_MAIN(TestMapPanel)
#include "tst_mappanel.moc"
