#include "figures/regionfigure.h"

#include "figures/figureexport.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

constexpr double kGap = 8;      // between panels, and around the legend
constexpr double kSwatch = 14;  // legend swatch width

QFont figureFont(const FigureStyle &style, QPaintDevice *device) {
  QFont font;
  // Pixel sizes are device pixels; a PDF at 72 dpi and a screen at 96 differ, so scale to the
  // device's logical resolution against the 96-dpi screen the style was chosen on.
  const double dpi = device ? device->logicalDpiY() : 96.0;
  font.setPixelSize(std::max(6, int(std::lround(style.labelPixels * dpi / 96.0))));
  return font;
}

// Legend entries flow left to right and wrap; returns each entry's top-left and the height used.
double flowLegend(const RegionFigure &figure, const QFontMetricsF &metrics, double width, std::vector<QPointF> *positions) {
  if (figure.legend.empty()) return 0;
  double x = 0, y = 0;
  const double line = metrics.height() + 4;
  for (const LegendEntry &entry : figure.legend) {
    const double w = kSwatch + 6 + metrics.horizontalAdvance(entry.text) + 14;
    if (x > 0 && x + w > width) {
      x = 0;
      y += line;
    }
    if (positions) positions->push_back({x, y});
    x += w;
  }
  return y + line;
}

QColor labelTextColour(const QColor &background) {
  return background.lightnessF() > 0.6 ? Qt::black : Qt::white;
}

void drawBox(QPainter &painter, const FigureBox &box, const QRectF &rect, const QRectF &image, const QFont &font) {
  QPen pen(box.colour, box.emphasised ? 3.5 : 2.0);
  pen.setJoinStyle(Qt::MiterJoin);
  if (box.dashed) pen.setDashPattern({4, 3});
  painter.setPen(pen);
  QColor fill = box.colour;
  fill.setAlphaF(box.emphasised ? 0.18 : 0.0);
  painter.setBrush(box.emphasised ? QBrush(fill) : Qt::NoBrush);
  painter.drawRect(rect);
  if (box.label.isEmpty()) return;
  // The label sits on the box's top edge, inside the photo (below the edge when the box is at the top).
  const QFontMetricsF metrics(font, painter.device());
  const QSizeF size(metrics.horizontalAdvance(box.label) + 6, metrics.height() + 2);
  QPointF at(rect.left(), rect.top() - size.height());
  if (at.y() < image.top()) at.setY(rect.top());
  at.setX(std::clamp(at.x(), image.left(), std::max(image.left(), image.right() - size.width())));
  const QRectF label(at, size);
  painter.setPen(Qt::NoPen);
  painter.setBrush(box.colour);
  painter.drawRect(label);
  painter.setPen(labelTextColour(box.colour));
  painter.setFont(font);
  painter.drawText(label, Qt::AlignCenter, box.label);
}

}  // namespace

QColor figureColour(int index) {
  static const QColor palette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                   QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                   QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                                   QColor(0x17, 0xbe, 0xcf)};
  return palette[std::size_t(std::abs(index) % 10)];
}

bool addFigureBox(RegionFigure &figure, int panel, FigureBox box) {
  const QSize size = figure.imageSize;
  const double x0 = std::max(0.0, double(box.box.x)), y0 = std::max(0.0, double(box.box.y));
  const double x1 = std::min(double(size.width()), double(box.box.x) + box.box.width);
  const double y1 = std::min(double(size.height()), double(box.box.y) + box.box.height);
  const bool outside = box.box.x < 0 || box.box.y < 0 || box.box.x + box.box.width > size.width() + 0.5 ||
                       box.box.y + box.box.height > size.height() + 0.5;
  if (outside) ++figure.clippedBoxes;
  if (x1 <= x0 || y1 <= y0) return false;
  box.box = Box{float(x0), float(y0), float(x1 - x0), float(y1 - y0)};
  if (panel < 0 || panel >= int(figure.panels.size())) figure.panels.resize(std::size_t(panel) + 1);
  figure.panels[std::size_t(panel)].boxes.push_back(std::move(box));
  return true;
}

RegionFigureLayout layoutRegionFigure(const RegionFigure &figure, const FigureStyle &style, const QRectF &area, QPaintDevice *device) {
  RegionFigureLayout layout;
  const QFontMetricsF metrics(figureFont(style, device), device);
  QRectF rest = area;
  if (!figure.title.isEmpty()) {
    layout.title = QRectF(rest.left(), rest.top(), rest.width(), metrics.height() + 4);
    rest.setTop(layout.title.bottom());
  }
  const double legendHeight = flowLegend(figure, metrics, area.width() - 2 * kGap, nullptr);
  if (legendHeight > 0) {
    layout.legend = QRectF(rest.left() + kGap, rest.bottom() - legendHeight - kGap / 2, rest.width() - 2 * kGap, legendHeight);
    rest.setBottom(layout.legend.top() - kGap / 2);
  }
  const int panels = std::max<int>(1, int(figure.panels.size()));
  const bool titled = panels > 1;
  const double panelWidth = (rest.width() - kGap * (panels - 1)) / panels;
  const QSizeF photo = figure.imageSize.isEmpty() ? QSizeF(4, 3) : QSizeF(figure.imageSize);
  for (int p = 0; p < panels; ++p) {
    QRectF cell(rest.left() + p * (panelWidth + kGap), rest.top(), panelWidth, rest.height());
    if (titled) {
      layout.panelTitles.push_back(QRectF(cell.left(), cell.top(), cell.width(), metrics.height() + 4));
      cell.setTop(cell.top() + metrics.height() + 4);
    }
    const QSizeF fitted = photo.scaled(cell.size(), Qt::KeepAspectRatio);
    layout.images.push_back(QRectF(cell.left() + (cell.width() - fitted.width()) / 2, cell.top() + (cell.height() - fitted.height()) / 2,
                                   fitted.width(), fitted.height()));
  }
  return layout;
}

QRectF figureBoxRect(const RegionFigure &figure, const Box &box, const QRectF &imageRect) {
  if (figure.imageSize.isEmpty()) return {};
  const double sx = imageRect.width() / figure.imageSize.width(), sy = imageRect.height() / figure.imageSize.height();
  return QRectF(imageRect.left() + box.x * sx, imageRect.top() + box.y * sy, box.width * sx, box.height * sy);
}

QSize naturalFigureSize(const RegionFigure &figure, const FigureStyle &style, int minImageSide) {
  QSizeF photo = figure.imageSize.isEmpty() ? QSizeF(480, 360) : QSizeF(figure.imageSize);
  const double longer = std::max(photo.width(), photo.height());
  if (longer < minImageSide) photo *= minImageSide / longer;
  if (longer > 2 * minImageSide) photo *= 2.0 * minImageSide / longer;
  const int panels = std::max<int>(1, int(figure.panels.size()));
  const double width = panels * photo.width() + (panels - 1) * kGap;
  const QFontMetricsF metrics(figureFont(style, nullptr));
  const double text = metrics.height() + 4;
  const double height = photo.height() + (figure.title.isEmpty() ? 0 : text) + (panels > 1 ? text : 0) +
                        flowLegend(figure, metrics, width - 2 * kGap, nullptr) + (figure.legend.empty() ? 0 : kGap);
  return QSize(int(std::ceil(width)), int(std::ceil(height)));
}

void paintRegionFigure(QPainter &painter, const RegionFigure &figure, const FigureStyle &style, const RegionFigureLayout &layout) {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  const QFont font = figureFont(style, painter.device());
  painter.setFont(font);
  if (!layout.title.isEmpty()) {
    painter.setPen(style.text);
    painter.drawText(layout.title, Qt::AlignLeft | Qt::AlignVCenter, figure.title);
  }
  for (std::size_t p = 0; p < layout.images.size(); ++p) {
    const QRectF image = layout.images[p];
    if (p < layout.panelTitles.size() && p < figure.panels.size()) {
      painter.setPen(style.text);
      painter.drawText(layout.panelTitles[p], Qt::AlignCenter, figure.panels[p].title);
    }
    if (!figure.image.isNull()) {
      painter.drawImage(image, figure.image);
    } else {
      painter.setPen(QPen(style.text, 1, Qt::DashLine));
      painter.setBrush(QColor(128, 128, 128, 40));
      painter.drawRect(image);
      painter.drawText(image.adjusted(6, 6, -6, -6), Qt::AlignCenter | Qt::TextWordWrap, figure.placeholder);
    }
    if (p >= figure.panels.size()) continue;
    painter.save();
    painter.setClipRect(image.adjusted(-2, -2, 2, 2));
    painter.setPen(Qt::NoPen);
    for (const FigureHeatCell &cell : figure.heat) painter.fillRect(figureBoxRect(figure, cell.box, image), cell.colour);
    painter.setOpacity(style.opacity);
    std::vector<const FigureBox *> order;
    for (const FigureBox &box : figure.panels[p].boxes) order.push_back(&box);
    std::stable_partition(order.begin(), order.end(), [](const FigureBox *b) { return !b->emphasised; });
    for (const FigureBox *box : order) drawBox(painter, *box, figureBoxRect(figure, box->box, image), image, font);
    painter.restore();
  }
  if (!layout.legend.isEmpty()) {
    const QFontMetricsF metrics(font, painter.device());
    std::vector<QPointF> positions;
    flowLegend(figure, metrics, layout.legend.width(), &positions);
    for (std::size_t k = 0; k < figure.legend.size() && k < positions.size(); ++k) {
      const LegendEntry &entry = figure.legend[k];
      const QPointF at = layout.legend.topLeft() + positions[k];
      QPen pen(entry.colour, 2.5);
      if (entry.dashed) pen.setDashPattern({3, 2});
      painter.setPen(pen);
      painter.setBrush(Qt::NoBrush);
      painter.drawRect(QRectF(at.x() + 1, at.y() + 3, kSwatch - 2, metrics.height() - 6));
      painter.setPen(style.text);
      painter.drawText(QPointF(at.x() + kSwatch + 6, at.y() + metrics.ascent() + 1), entry.text);
    }
  }
  painter.restore();
}

void exportRegionFigure(const RegionFigure &figure, const FigureStyle &style, const QString &path, QSize size, qreal devicePixelRatio) {
  if (size.isEmpty()) size = naturalFigureSize(figure, style);
  exportPaintedFigure(path, size, devicePixelRatio, figure.title.isEmpty() ? QStringLiteral("Groundscope regions") : figure.title,
                      [&](QPainter &painter, QPaintDevice &device) {
                        painter.fillRect(QRectF(QPointF(), QSizeF(size)), style.background);
                        paintRegionFigure(painter, figure, style, layoutRegionFigure(figure, style, QRectF(QPointF(), QSizeF(size)), &device));
                      });
}

}  // namespace gs
