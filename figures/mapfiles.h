#pragma once
// The files `groundscope-cli map` writes for one map: the layout as CSV and the figure
// (mapfigure.h), either or both, and the names of one recorded epoch's files.

#include "figures/mapfigure.h"

#include <QSize>
#include <QString>
#include <QStringList>

namespace gs {

struct MapFiles {
  QString figurePath;             // .png, .svg or .pdf; empty: no figure
  QString csvPath;                // empty: no CSV
  QSize size = QSize(1200, 900);  // of the figure (exportMapFigure)
  qreal devicePixelRatio = 1.0;
};

// The CSV (writeMapCsv), then the figure (exportMapFigure), each where a path is set; returns the
// paths written, in that order. Throws as those functions do.
QStringList writeMapFiles(const MapFiles &files, const MapModel &model, const MapColouring &colouring,
                          const MapFigureOptions &options);

// FILE.png → FILE-epoch-007.png, for both paths (an empty path stays empty): one file per epoch.
MapFiles epochMapFiles(const MapFiles &files, int epoch);

}  // namespace gs
