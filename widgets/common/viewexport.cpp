#include "common/viewexport.h"

#include "figures/figureexport.h"

#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QWidget>

#include <qcustomplot.h>

#include <exception>

namespace gs {

namespace {
// Renders the widget scaled to fill `target` (in device units) on an open painter.
void paintScaled(QWidget &widget, QPainter &painter, const QSizeF &target) {
  const QSize source = widget.size();
  if (source.isEmpty()) return;
  painter.scale(target.width() / source.width(), target.height() / source.height());
  widget.render(&painter, QPoint(), QRegion(), QWidget::DrawChildren | QWidget::DrawWindowBackground);
}

// Paints a widget and its visible children as vectors: QWidget::render() would hand a QCustomPlot's
// screen buffer (a bitmap) to the SVG or PDF, so every plot in the tree is drawn again through
// QCustomPlot::toPainter — axes, tick labels as text, curves as paths. Other widgets paint
// themselves (their QPainter calls become vectors already); children in stacking order, on top.
void paintVectors(QWidget &widget, QCPPainter &painter) {
  if (auto *plot = qobject_cast<QCustomPlot *>(&widget)) {
    plot->toPainter(&painter, plot->width(), plot->height());
    return;
  }
  widget.render(&painter, QPoint(), QRegion(), QWidget::DrawWindowBackground);
  for (QObject *object : widget.children()) {
    auto *child = qobject_cast<QWidget *>(object);
    if (!child || !child->isVisible() || child->isWindow()) continue;
    painter.save();
    painter.translate(child->pos());
    paintVectors(*child, painter);
    painter.restore();
  }
}

// The vector formats' painter: QCustomPlot draws text and lines without its pixmap caches.
void paintVectorsScaled(QWidget &widget, QPaintDevice &device, const QSizeF &target) {
  QCPPainter painter(&device);
  painter.setMode(QCPPainter::pmVectorized);
  painter.setMode(QCPPainter::pmNoCaching);
  const QSize source = widget.size();
  if (source.isEmpty()) return;
  painter.scale(target.width() / source.width(), target.height() / source.height());
  paintVectors(widget, painter);
}
}  // namespace

QString figureFileFilter() {
  return QObject::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)");
}

FigureExportResult exportFigure(QWidget &widget, const QString &path, QSize size) {
  FigureExportResult result;
  if (size.isEmpty()) size = widget.size();
  if (size.isEmpty()) {
    result.error = QObject::tr("%1: the view has no size to export").arg(path);
    return result;
  }
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (!figureSuffixes().contains(suffix)) {
    result.error = QObject::tr("%1: unknown figure format '%2' (use .png, .svg or .pdf)").arg(path, suffix);
    return result;
  }
  // The file dialog picked an existing folder; one gone since is an error, not a folder to create.
  const QDir folder = QFileInfo(path).absoluteDir();
  if (!folder.exists()) {
    result.error = QObject::tr("%1: cannot write: %2").arg(path, QObject::tr("the folder %1 does not exist").arg(folder.path()));
    return result;
  }
  const FigureCanvas canvas{size, 1.0, widget.windowTitle(), Qt::white};
  try {
    writeFigure(path, canvas, [&](QPaintDevice &device) {
      if (suffix == QLatin1String("png")) {
        QPainter painter(&device);
        paintScaled(widget, painter, QSizeF(size));
      } else {
        paintVectorsScaled(widget, device, QSizeF(size));
      }
    });
  } catch (const std::exception &error) {
    result.error = QString::fromStdString(error.what());
    return result;
  }
  result.ok = true;
  return result;
}

}  // namespace gs
