#pragma once
// Exports any view as a figure: PNG (raster, at a chosen pixel size, on white), SVG or PDF (vector:
// every QCustomPlot in the view is drawn through QCustomPlot::toPainter — tick labels as text,
// curves as paths — and other widgets through their own painting; photos and thumbnails stay
// images). The format follows the file's suffix; the file is written by the figures' one writer
// (figures/figureexport.h).

#include <QSize>
#include <QString>

class QWidget;

namespace gs {

struct FigureExportResult {
  bool ok = false;
  QString error; // names the file and the reason when !ok
};

// size: output size in pixels (PNG) or points (SVG, PDF); an empty size uses the widget's own.
// Written to a temporary file beside the target and renamed, so a failed export never leaves a
// half-written file where a good one was. The target's folder must exist.
FigureExportResult exportFigure(QWidget &widget, const QString &path, QSize size = {});

// The suffixes exportFigure understands, for file dialogs.
QString figureFileFilter();

}  // namespace gs
