#pragma once
// The one writer of figure files: .png at a size × device pixel ratio, or vector .svg / .pdf (size
// in points, SVG at 96 units an inch as CSS pixels are), chosen by the file's suffix, encoded in
// memory and written atomically. The painted figures (regions, map) hand it a QPainter callback;
// the GUI's view export (widgets/common/viewexport.h) hands it the device, because QCustomPlot
// paints vectors only through its own painter.

#include <QColor>
#include <QSize>
#include <QString>
#include <QStringList>

#include <functional>

class QPainter;
class QPaintDevice;

namespace gs {

struct FigureCanvas {
  QSize size;                          // pixels (PNG, before the ratio) or points (SVG, PDF)
  qreal devicePixelRatio = 1.0;        // PNG only, clamped to [0.25, 8]
  QString title;                       // SVG and PDF metadata
  QColor background = Qt::transparent; // PNG only; vector formats leave the page unpainted
};

// The suffixes the writer understands, lower case: png, svg, pdf.
QStringList figureSuffixes();

// paintDevice(device) paints the figure into the logical rectangle (0, 0, size) with a painter of
// its own. Throws std::invalid_argument for another suffix, std::runtime_error naming the file when
// it cannot be encoded or written.
void writeFigure(const QString &path, const FigureCanvas &canvas, const std::function<void(QPaintDevice &)> &paintDevice);

// The same with a QPainter opened on the device: paint(painter, device).
void exportPaintedFigure(const QString &path, QSize size, qreal devicePixelRatio, const QString &title,
                         const std::function<void(QPainter &, QPaintDevice &)> &paint);

}  // namespace gs
