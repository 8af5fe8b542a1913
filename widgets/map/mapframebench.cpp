#include "map/mapframebench.h"

#include "map/mapview.h"
#include "analysis/mapmodel.h"
#include "figures/maplasso.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <random>

namespace gs {

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


QString runMapFrameBench(const std::vector<int> &sizes) {
  QString out;
  out += QString::asprintf("| items | lines | redraw after new positions (ms) | pan (ms) |\n|---|---|---|---|\n");
  for (const int items : sizes) {
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
      out += QString::asprintf("| %d | %s | %.1f | %.1f |\n", model.itemCount(), lines ? "on" : "off", medianMs(redraw), medianMs(pan));
    }
  }
  out += QString::asprintf("\n| items | hover: item under the mouse (ms) | lasso: select a third of the map, ring it, redraw (ms) | items lassoed |\n|---|---|---|---|\n");
  for (const int items : sizes) {
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
      model.setSelection(itemsInPolygon(model, outline));
      view.updateSelection();
      view.plot()->replot(QCustomPlot::rpImmediateRefresh);
      lasso.push_back(t.nsecsElapsed() / 1e6);
      lassoed = model.selection().size();
      model.setSelection({});
    }
    out += QString::asprintf("| %d | %.2f | %.1f | %zu |\n", model.itemCount(), medianMs(hover), medianMs(lasso), lassoed);
  }
  return out;
}

}  // namespace gs
