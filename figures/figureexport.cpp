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

void exportPaintedFigure(const QString &path, QSize size, qreal devicePixelRatio, const QString &title,
                         const std::function<void(QPainter &, QPaintDevice &)> &paint) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  const auto paintOn = [&](QPaintDevice &device) {
    QPainter painter(&device);
    paint(painter, device);
  };
  if (suffix == QLatin1String("png")) {
    const qreal ratio = std::clamp(devicePixelRatio, 0.25, 8.0);
    QImage image((QSizeF(size) * ratio).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::transparent);
    paintOn(image);
    if (!image.save(&buffer, "PNG")) throw std::runtime_error(path.toStdString() + ": PNG encoding failed");
  } else if (suffix == QLatin1String("svg")) {
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(), size));
    svg.setTitle(title);
    svg.setResolution(96);
    paintOn(svg);
  } else if (suffix == QLatin1String("pdf")) {
    QPdfWriter pdf(&buffer);
    pdf.setResolution(72); // one point per unit, so `size` is in points
    pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setTitle(title);
    paintOn(pdf);
  } else {
    throw std::invalid_argument(QStringLiteral("%1: unknown figure format '%2' (use .png, .svg or .pdf)").arg(path, suffix).toStdString());
  }
  buffer.close();
  writeFileAtomically(path, buffer.data());
}

}  // namespace gs
