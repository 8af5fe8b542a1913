#include "figures/mapfigure.h"

#include "io/atomicfile.h"
#include "io/csvfield.h"
#include "figures/figureexport.h"
#include "analysis/mapmodel.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

constexpr qreal kMapMargin = 24, kMarker = 3.5, kLegendGap = 6;

QString csvText(const QString &text) { return QString::fromUtf8(gs::csvField(text)); } // io/csvfield.h's rules

// Size class 0, 1 or 2 (Size by): the view's 7, 11 and 15 pixels, scaled alike.
void drawMarker(QPainter &painter, const QPointF &p, bool image, const QColor &colour, int sizeClass = 0, bool dense = false) {
  const qreal r = kMarker * (7.0 + 4.0 * sizeClass) / 7.0;
  if (dense) { // the view's level of detail: a small square of the colour, larger by size class
    const qreal half = 0.6 + 0.4 * sizeClass;
    painter.fillRect(QRectF(p - QPointF(half, half), QSizeF(2 * half, 2 * half)), colour);
    return;
  }
  painter.setPen(QPen(colour, 1.2));
  painter.setBrush(Qt::NoBrush);
  if (image) {
    painter.drawEllipse(p, r, r);
  } else {
    painter.drawLine(p + QPointF(-r, -r), p + QPointF(r, r));
    painter.drawLine(p + QPointF(-r, r), p + QPointF(r, -r));
  }
}

// The title in bold across the top of the plot; returns the plot below it.
QRectF paintTitle(QPainter &painter, QRectF plot, const QString &title) {
  QFont bold = painter.font();
  bold.setBold(true);
  painter.setFont(bold);
  const qreal h = QFontMetricsF(bold).height();
  painter.setPen(Qt::black);
  painter.drawText(QRectF(plot.left(), plot.top(), plot.width(), h), Qt::AlignLeft | Qt::AlignVCenter, title);
  painter.setFont(QFont());
  plot.setTop(plot.top() + h + kLegendGap);
  return plot;
}

// Positions → the plot rectangle, each axis with 4 % padding (y up, as the plot widget draws it).
struct PlotMapping {
  QRectF plot, data;

  PlotMapping(const QRectF &plotArea, const QRectF &b) : plot(plotArea) {
    const qreal w = std::max(b.width(), 1e-9), h = std::max(b.height(), 1e-9);
    data = b.adjusted(-0.04 * w, -0.04 * h, 0.04 * w, 0.04 * h);
  }

  QPointF operator()(const QPointF &p) const {
    return QPointF(plot.left() + (p.x() - data.left()) / data.width() * plot.width(),
                   plot.bottom() - (p.y() - data.top()) / data.height() * plot.height());
  }
};

// The image–caption lines (not on a dense map), every visible item's marker in its category's
// colour (the first categories, the highlighted ones, on top), and rings around options.rings.
void paintItems(QPainter &painter, const MapModel &model, const MapColouring &colouring, const MapFigureOptions &options,
                const PlotMapping &toPlot, bool dense, bool sized) {
  const auto toPoint = [&](int item) { return toPlot(model.position(item)); };
  if (options.lines && !dense) {
    painter.setPen(QPen(QColor(120, 120, 120, 70), 0.8));
    for (const auto &[image, caption] : model.links())
      if (!model.hidden(image) && !model.hidden(caption)) painter.drawLine(toPoint(image), toPoint(caption));
  }
  for (std::size_t c = colouring.categories.size(); c-- > 0;)
    for (int item : colouring.categories[c].items)
      if (!model.hidden(item))
        drawMarker(painter, toPoint(item), model.kind(item) == MapItemKind::Image, colouring.categories[c].colour,
                   sized ? std::clamp(options.sizing.itemClass[std::size_t(item)], 0, 2) : 0, dense);
  painter.setPen(QPen(QColor(120, 0, 120), 1.5));
  for (int item : options.rings)
    if (item >= 0 && item < model.itemCount() && !model.hidden(item)) painter.drawRect(QRectF(toPoint(item) - QPointF(6, 6), QSizeF(12, 12)));
}

// Cluster labels: bold words on a light box at each cluster's centre.
void paintClusterLabels(QPainter &painter, const std::vector<MapCluster> &clusters, const PlotMapping &toPlot) {
  QFont labelFont = painter.font();
  labelFont.setBold(true);
  const QFontMetricsF labelMetrics(labelFont);
  painter.setFont(labelFont);
  std::vector<QRectF> placed; // largest clusters first; a label overlapping a placed one is left out
  for (const MapCluster &cluster : clusters) {
    if (cluster.words.isEmpty()) continue;
    const QString text = cluster.words.join(QLatin1Char(' '));
    QRectF box(QPointF(), QSizeF(labelMetrics.horizontalAdvance(text) + 6, labelMetrics.height() + 2));
    box.moveCenter(toPlot(cluster.centre));
    if (std::any_of(placed.begin(), placed.end(), [&box](const QRectF &other) { return other.intersects(box); })) continue;
    placed.push_back(box);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(255, 255, 255, 200));
    painter.drawRect(box);
    painter.setPen(QColor(40, 40, 40));
    painter.drawText(box, Qt::AlignCenter, text);
  }
  painter.setFont(QFont());
}

// Legend, top right inside the plot: each category with its item count, then the size classes.
void paintLegend(QPainter &painter, const QRectF &plot, const MapModel &model, const MapColouring &colouring, const QStringList &sizeNames) {
  const QFontMetricsF fm(painter.font());
  qreal legendWidth = 0;
  QStringList labels;
  for (const MapCategory &category : colouring.categories) {
    labels << QStringLiteral("%1 (%2)").arg(category.name).arg(category.items.size());
    legendWidth = std::max(legendWidth, fm.horizontalAdvance(labels.back()));
  }
  for (const QString &name : sizeNames) legendWidth = std::max(legendWidth, fm.horizontalAdvance(name));
  const qreal row = fm.height() + 2;
  const int rows = int(colouring.categories.size() + sizeNames.size());
  const QRectF legend(plot.right() - legendWidth - 6 * kMarker - 3 * kLegendGap, plot.top() + kLegendGap,
                      legendWidth + 6 * kMarker + 2 * kLegendGap, row * rows + kLegendGap);
  painter.setPen(QPen(QColor(80, 80, 80), 0.8));
  painter.setBrush(QColor(255, 255, 255, 230));
  painter.drawRect(legend);
  for (std::size_t c = 0; c < colouring.categories.size(); ++c) {
    const MapCategory &category = colouring.categories[c];
    const qreal y = legend.top() + kLegendGap / 2 + row * c + row / 2;
    const bool image = !category.items.empty() && model.kind(category.items.front()) == MapItemKind::Image;
    drawMarker(painter, QPointF(legend.left() + kLegendGap + kMarker, y), image, category.colour);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(legend.left() + kLegendGap + 5 * kMarker, y - row / 2, legendWidth + kLegendGap, row),
                     Qt::AlignLeft | Qt::AlignVCenter, labels[int(c)]);
  }
  for (int k = 0; k < sizeNames.size(); ++k) { // the sizes, in grey circles
    const qreal y = legend.top() + kLegendGap / 2 + row * qreal(colouring.categories.size() + std::size_t(k)) + row / 2;
    drawMarker(painter, QPointF(legend.left() + kLegendGap + 2 * kMarker, y), true, QColor(110, 110, 110), k);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(legend.left() + kLegendGap + 5 * kMarker, y - row / 2, legendWidth + kLegendGap, row),
                     Qt::AlignLeft | Qt::AlignVCenter, sizeNames[k]);
  }
}

}  // namespace

void paintMapFigure(QPainter &painter, const QRectF &area, const MapModel &model, const MapColouring &given,
                    const MapFigureOptions &options) {
  if (!model.hasPositions()) throw std::invalid_argument("paintMapFigure: the map has no layout yet");
  const MapColouring colouring = given.categories.empty() ? colourMap(model, QStringLiteral("modality")) : given;
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(area, Qt::white);
  QRectF plot = area.adjusted(kMapMargin, kMapMargin, -kMapMargin, -kMapMargin);
  if (!options.title.isEmpty()) plot = paintTitle(painter, plot, options.title);
  const PlotMapping toPlot(plot, model.bounds());
  painter.setPen(QPen(QColor(200, 200, 200), 1));
  painter.drawRect(plot);
  const bool dense = model.itemCount() > kDenseMapItems;
  const bool sized = options.sizing.itemClass.size() == std::size_t(model.itemCount());
  paintItems(painter, model, colouring, options, toPlot, dense, sized);
  paintClusterLabels(painter, options.clusters, toPlot);
  paintLegend(painter, plot, model, colouring, sized ? options.sizing.classNames.mid(0, 3) : QStringList());
  painter.restore();
}

void exportMapFigure(const QString &path, const MapModel &model, const MapColouring &colouring, const MapFigureOptions &options, QSize size,
                     qreal devicePixelRatio) {
  if (!model.hasPositions()) throw std::invalid_argument("exportMapFigure: the map has no layout yet");
  exportPaintedFigure(path, size, devicePixelRatio, options.title.isEmpty() ? QStringLiteral("Groundscope map") : options.title,
                      [&](QPainter &painter, QPaintDevice &) { paintMapFigure(painter, QRectF(QPointF(), QSizeF(size)), model, colouring, options); });
}

void writeMapCsv(const QString &path, const MapModel &model, const MapColouring &colouring) {
  if (!model.hasPositions()) throw std::invalid_argument("writeMapCsv: the map has no layout yet");
  std::vector<int> categoryOf(std::size_t(model.itemCount()), -1);
  for (std::size_t c = 0; c < colouring.categories.size(); ++c)
    for (int item : colouring.categories[c].items) categoryOf[std::size_t(item)] = int(c);
  QByteArray csv("item,kind,row,label,image,x,y,category\n");
  for (int item = 0; item < model.itemCount(); ++item) {
    const bool image = model.kind(item) == MapItemKind::Image;
    const int row = model.row(item);
    const int imageRow = image ? row : model.data().captionImage[std::size_t(row)];
    const QString imageId = imageRow >= 0 && imageRow < model.imageCount() ? model.data().imageIds[imageRow] : QString();
    const QString label = image ? model.data().imageIds[row] : model.data().captions[row];
    const int c = categoryOf[std::size_t(item)];
    const QPointF p = model.position(item);
    csv += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,%8\n")
               .arg(item)
               .arg(image ? QStringLiteral("image") : QStringLiteral("caption"))
               .arg(row)
               .arg(csvText(label), csvText(imageId))
               .arg(p.x(), 0, 'g', 8)
               .arg(p.y(), 0, 'g', 8)
               .arg(csvText(c >= 0 ? colouring.categories[std::size_t(c)].name : QString()))
               .toUtf8();
  }
  writeFileAtomically(path, csv);
}

}  // namespace gs
