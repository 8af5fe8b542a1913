#pragma once
// One writer for every painted figure (regions, map): .png at a size × device pixel ratio, or
// vector .svg / .pdf (size in points), chosen by the file's suffix, written atomically.

#include <QSize>
#include <QString>

#include <functional>

class QPainter;
class QPaintDevice;

namespace gs {

// paint(painter, device) draws the figure into the logical rectangle (0, 0, size). Throws
// std::invalid_argument for another suffix, std::runtime_error naming the file when it cannot be
// encoded or written.
void exportPaintedFigure(const QString &path, QSize size, qreal devicePixelRatio, const QString &title,
                         const std::function<void(QPainter &, QPaintDevice &)> &paint);

}  // namespace gs
