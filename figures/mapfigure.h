#pragma once
// The Map as a figure without widgets, for `groundscope-cli map` and any export that must not
// depend on the plot widget: the layout's items as circles (images) and crosses (captions) in
// their colouring's category colours, the image–caption lines, rings around chosen items (search
// matches) and a legend; plus the layout as CSV. Hidden items (a legend filter) are left out.

#include "analysis/mapclusters.h"
#include "figures/mapcolouring.h"

#include <QRectF>
#include <QSize>
#include <QString>

#include <vector>

class QPainter;

namespace gs {

class MapModel;

struct MapFigureOptions {
  QString title;
  bool lines = true;          // image–caption lines
  std::vector<int> rings;     // items to ring (search matches)
  std::vector<MapCluster> clusters; // labelled at their centres (one level of summariseMap)
  MapSizing sizing;           // Size by (empty: one size); its classes join the legend
};

// Paints into `area` (logical units). A colouring with no categories colours by modality. Above
// kDenseMapItems items, as the Map's plot does: dots, no image–caption lines.
void paintMapFigure(QPainter &painter, const QRectF &area, const MapModel &model, const MapColouring &colouring,
                    const MapFigureOptions &options);

// .png (size × devicePixelRatio pixels), .svg or .pdf (size in points), atomically. Throws
// std::invalid_argument for a model without a layout or another suffix, std::runtime_error naming
// the file when it cannot be written.
void exportMapFigure(const QString &path, const MapModel &model, const MapColouring &colouring, const MapFigureOptions &options,
                     QSize size = QSize(1200, 900), qreal devicePixelRatio = 1.0);

// One row per item: item, kind, row, label, image (a caption's image id), x, y, category. Atomic.
void writeMapCsv(const QString &path, const MapModel &model, const MapColouring &colouring);

}  // namespace gs
