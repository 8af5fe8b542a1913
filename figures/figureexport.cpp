#include "figures/figureexport.h"

#include "io/atomicfile.h"

#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

QByteArray encodePng(const QString &path, const FigureCanvas &canvas, const std::function<void(QPaintDevice &)> &paintDevice) {
  const qreal ratio = std::clamp(canvas.devicePixelRatio, 0.25, 8.0);
  QImage image((QSizeF(canvas.size) * ratio).toSize(), QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(ratio);
  image.fill(canvas.background);
  paintDevice(image);
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw std::runtime_error(path.toStdString() + ": PNG encoding failed");
  return buffer.data();
}

QByteArray encodeSvg(const FigureCanvas &canvas, const std::function<void(QPaintDevice &)> &paintDevice) {
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator svg;
  svg.setOutputDevice(&buffer);
  svg.setSize(canvas.size);
  svg.setViewBox(QRect(QPoint(), canvas.size));
  svg.setTitle(canvas.title);
  svg.setResolution(96);
  paintDevice(svg);
  return buffer.data();
}

QByteArray encodePdf(const FigureCanvas &canvas, const std::function<void(QPaintDevice &)> &paintDevice) {
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  {
    QPdfWriter pdf(&buffer);
    pdf.setResolution(72); // one point per unit, so the size is in points
    pdf.setPageSize(QPageSize(QSizeF(canvas.size), QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setTitle(canvas.title);
    paintDevice(pdf);
  }
  return buffer.data();
}

}  // namespace

QStringList figureSuffixes() {
  return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")};
}

void writeFigure(const QString &path, const FigureCanvas &canvas, const std::function<void(QPaintDevice &)> &paintDevice) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  QByteArray bytes;
  if (suffix == QLatin1String("png")) {
    bytes = encodePng(path, canvas, paintDevice);
  } else if (suffix == QLatin1String("svg")) {
    bytes = encodeSvg(canvas, paintDevice);
  } else if (suffix == QLatin1String("pdf")) {
    bytes = encodePdf(canvas, paintDevice);
  } else {
    throw std::invalid_argument(QStringLiteral("%1: unknown figure format '%2' (use .png, .svg or .pdf)").arg(path, suffix).toStdString());
  }
  writeFileAtomically(path, bytes);
}

void exportPaintedFigure(const QString &path, QSize size, qreal devicePixelRatio, const QString &title,
                         const std::function<void(QPainter &, QPaintDevice &)> &paint) {
  writeFigure(path, FigureCanvas{size, devicePixelRatio, title, Qt::transparent}, [&](QPaintDevice &device) {
    QPainter painter(&device);
    paint(painter, device);
  });
}

}  // namespace gs
