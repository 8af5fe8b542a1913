// bench_mapframe: how long the Map panel's plot takes to draw a frame at 10,000 and 100,000 items
// (issue 19's target: under 50 ms while panning and zooming at 100k). Offscreen, 1200 × 800 plot;
// per size: a full redraw after new positions (a live layout update), and a pan (the axis range
// moved, positions unchanged), each the median of 9 frames, with lines off and on; then hovering
// (the item under the mouse, as the tooltip looks it up) and a lasso (the items inside a 64-corner
// outline around a quarter of the map, ringed and redrawn). The baseline of the same run is the
// empty plot's frame. Prints two tables; run it on a quiet machine:
//   QT_QPA_PLATFORM=offscreen build/tests/bench/bench_mapframe

#include "mapview.h"
#include "report/mapmodel.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

using namespace gs;

namespace {

MapData randomData(int images, int captionsPerImage) {
  std::mt19937 rng(7);
  std::normal_distribution<float> noise(0.f, 1.f);
  MapData data;
  data.dim = 2;
  for (int i = 0; i < images; ++i) {
    data.imageIds << QStringLiteral("img%1").arg(i);
    data.imageEmbeddings.push_back(noise(rng));
    data.imageEmbeddings.push_back(noise(rng));
    for (int c = 0; c < captionsPerImage; ++c) {
      data.captions << QStringLiteral("caption %1 of %2").arg(c).arg(i);
      data.captionImage.push_back(i);
      data.captionEmbeddings.push_back(noise(rng));
      data.captionEmbeddings.push_back(noise(rng));
    }
  }
  return data;
}

double medianMs(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char *argv[]) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  std::printf("| items | lines | redraw after new positions (ms) | pan (ms) |\n|---|---|---|---|\n");
  for (const int items : {0, 10000, 100000}) {
    const int images = items / 6;
    MapModel model;
    model.setData(randomData(images, 5));
    std::mt19937 rng(3);
    std::normal_distribution<float> noise(0.f, 10.f);
    std::vector<float> xy(std::size_t(model.itemCount()) * 2);
    for (float &v : xy) v = noise(rng);
    model.setPositions(xy);
    for (const bool lines : {false, true}) {
      MapView view(model);
      view.resize(1200, 800);
      view.setLinesVisible(lines);
      view.show();
      QCoreApplication::processEvents();
      std::vector<double> redraw, pan;
      for (int k = 0; k < 9; ++k) {
        QElapsedTimer t;
        t.start();
        view.updatePositions(true);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        redraw.push_back(t.nsecsElapsed() / 1e6);
        const QCPRange r = view.plot()->xAxis->range();
        t.restart();
        view.plot()->xAxis->setRange(r.lower + r.size() * 0.05, r.upper + r.size() * 0.05);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        pan.push_back(t.nsecsElapsed() / 1e6);
      }
      std::printf("| %d | %s | %.1f | %.1f |\n", model.itemCount(), lines ? "on" : "off", medianMs(redraw), medianMs(pan));
      std::fflush(stdout);
    }
  }
  std::printf("\n| items | hover: item under the mouse (ms) | lasso: select a quarter, ring it, redraw (ms) | items lassoed |\n|---|---|---|---|\n");
  for (const int items : {0, 10000, 100000}) {
    MapModel model;
    model.setData(randomData(items / 6, 5));
    std::mt19937 rng(3);
    std::normal_distribution<float> noise(0.f, 10.f);
    std::vector<float> xy(std::size_t(model.itemCount()) * 2);
    for (float &v : xy) v = noise(rng);
    model.setPositions(xy);
    MapView view(model);
    view.resize(1200, 800);
    view.show();
    view.updatePositions(true);
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QPolygonF outline; // a circle of radius 10 around the centre: about a third of N(0, 10²) points
    for (int k = 0; k < 64; ++k) outline << QPointF(10 * std::cos(k * M_PI / 32), 10 * std::sin(k * M_PI / 32));
    std::vector<double> hover, lasso;
    std::size_t lassoed = 0;
    for (int k = 0; k < 9; ++k) {
      QElapsedTimer t;
      t.start();
      volatile int picked = view.itemAtPixel(QPointF(600 + 7 * k, 400 - 5 * k));
      (void)picked;
      hover.push_back(t.nsecsElapsed() / 1e6);
      t.restart();
      model.setSelection(model.itemsInPolygon(outline));
      view.updateSelection();
      view.plot()->replot(QCustomPlot::rpImmediateRefresh);
      lasso.push_back(t.nsecsElapsed() / 1e6);
      lassoed = model.selection().size();
      model.setSelection({});
    }
    std::printf("| %d | %.2f | %.1f | %zu |\n", model.itemCount(), medianMs(hover), medianMs(lasso), lassoed);
    std::fflush(stdout);
  }
  return 0;
}
