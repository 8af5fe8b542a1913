#include "figures/attributionfigure.h"

#include "figures/figureexport.h"

#include <QFontMetrics>
#include <QImageReader>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <functional>

namespace gs {

namespace {

constexpr int kMargin = 16, kRow = 56, kLegendHeight = 40;

QColor mix(const QColor &a, const QColor &b, double t) {
  return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                          float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

double extentOf(const std::vector<double> &values) {
  double extent = 0;
  for (double v : values)
    if (std::isfinite(v)) extent = std::max(extent, std::abs(v));
  return extent > 0 ? extent : 1.0;
}

void drawLegend(QPainter &p, const QRectF &area, double extent, const QString &what) {
  const int steps = 64;
  const QRectF bar(area.left(), area.top(), std::min(240.0, area.width() / 2), 12);
  for (int k = 0; k < steps; ++k) {
    const double v = -extent + 2 * extent * (k + 0.5) / steps;
    p.fillRect(QRectF(bar.left() + bar.width() * k / steps, bar.top(), bar.width() / steps + 0.5, bar.height()), contributionColour(v, extent));
  }
  p.setPen(Qt::black);
  p.setBrush(Qt::NoBrush);
  p.drawRect(bar);
  p.drawText(QPointF(bar.left(), bar.bottom() + 14), QString::number(-extent, 'g', 3));
  p.drawText(QRectF(bar.left(), bar.bottom() + 2, bar.width(), 16), Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("0"));
  p.drawText(QRectF(bar.left(), bar.bottom() + 2, bar.width(), 16), Qt::AlignRight | Qt::AlignTop, QString::number(extent, 'g', 3));
  p.drawText(QPointF(bar.right() + 12, bar.top() + 11), what);
}

QString titleOf(const SentenceAttribution &a) {
  return QStringLiteral("%1, %2: \"%3\" — image %4, score %5, rank %6 of %7")
      .arg(a.model, enumName(a.method), a.caption, a.imageId)
      .arg(a.score, 0, 'f', 3).arg(a.rank).arg(a.candidates);
}

// Tree nodes: x at the middle of the words they cover, y by depth; the words themselves along the top.
void paintTree(QPainter &p, const SentenceAttribution &a, double extent, int top, int width) {
  const int tokens = std::max<int>(1, int(a.tokens.size()));
  const double column = double(width - 2 * kMargin) / tokens;
  std::vector<QPointF> at(a.parts.size());
  std::function<void(int, int)> place = [&](int n, int depth) {
    const AttributedPart &part = a.parts[std::size_t(n)];
    const double middle = part.token >= 0 ? part.token + 0.5 : part.begin >= 0 ? (part.begin + part.end) / 2.0 : 0;
    at[std::size_t(n)] = QPointF(kMargin + column * middle, top + 20 + depth * kRow);
    for (int c : part.children) place(c, depth + 1);
  };
  place(a.root, 0);
  p.setPen(QPen(Qt::gray, 1));
  for (std::size_t n = 0; n < a.parts.size(); ++n)
    if (a.parts[n].parent >= 0) p.drawLine(at[n], at[std::size_t(a.parts[n].parent)]);
  const QFontMetrics metrics(p.font());
  for (std::size_t n = 0; n < a.parts.size(); ++n) {
    const AttributedPart &part = a.parts[n];
    const QString label = part.word.isEmpty() ? part.label : part.word;
    const QString text = QStringLiteral("%1 %2").arg(label).arg(part.contribution, 0, 'f', 2);
    const QRectF box(at[n].x() - metrics.horizontalAdvance(text) / 2.0 - 4, at[n].y() - 10, metrics.horizontalAdvance(text) + 8, 20);
    p.setPen(part.nounPhrase ? QPen(Qt::black, 2) : QPen(Qt::darkGray, 1));
    p.setBrush(contributionColour(part.contribution, extent));
    p.drawRoundedRect(box, 4, 4);
    p.setPen(Qt::black);
    p.drawText(box, Qt::AlignCenter, text);
  }
}

int treeDepth(const SentenceAttribution &a) {
  int deepest = 0;
  for (std::size_t n = 0; n < a.parts.size(); ++n) {
    int depth = 0;
    for (int m = int(n); a.parts[std::size_t(m)].parent >= 0; m = a.parts[std::size_t(m)].parent) ++depth;
    deepest = std::max(deepest, depth);
  }
  return deepest + 1;
}

void paintChips(QPainter &p, const SentenceAttribution &a, double extent, int top) {
  const QFontMetrics metrics(p.font());
  double x = kMargin;
  for (const AttributedPart &part : a.parts) {
    const QString text = part.text == QLatin1String(" ") ? QStringLiteral("␣") : part.text;
    const double w = metrics.horizontalAdvance(text) + 10;
    const QRectF chip(x, top + 4, w, 24);
    p.setPen(Qt::darkGray);
    p.setBrush(contributionColour(part.contribution, extent));
    p.drawRect(chip);
    p.setPen(Qt::black);
    p.drawText(chip, Qt::AlignCenter, text);
    x += w + (a.unit == SentenceUnitKind::Character ? 0 : 4);
  }
}

}  // namespace

QColor contributionColour(double value, double extent) {
  static const QColor negative(33, 102, 172), positive(178, 24, 43);
  if (!std::isfinite(value) || extent <= 0) return Qt::white;
  const double t = std::clamp(value / extent, -1.0, 1.0);
  return t < 0 ? mix(Qt::white, negative, -t) : mix(Qt::white, positive, t);
}

void writeSentenceAttributionFigure(const QString &path, const SentenceAttribution &a) {
  std::vector<double> values;
  for (const AttributedPart &part : a.parts) values.push_back(part.contribution);
  const double extent = extentOf(values);
  const bool tree = a.unit == SentenceUnitKind::TreeNode;
  const QFontMetrics metrics{QFont()};
  int width = 2 * kMargin + metrics.horizontalAdvance(titleOf(a));
  if (tree) width = std::max(width, 2 * kMargin + int(a.tokens.size()) * 90);
  const int chipsWidth = [&] {
    int w = 2 * kMargin;
    for (const AttributedPart &part : a.parts) w += metrics.horizontalAdvance(part.text) + 14;
    return w;
  }();
  if (!tree) width = std::max(width, chipsWidth);
  const int body = tree ? treeDepth(a) * kRow : 40;
  const QSize size(width, kMargin + 24 + body + kLegendHeight + kMargin);
  exportPaintedFigure(path, size, 1.0, titleOf(a), [&](QPainter &p, QPaintDevice &) {
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    p.setPen(Qt::black);
    p.drawText(QPointF(kMargin, kMargin + 12), titleOf(a));
    if (tree) paintTree(p, a, extent, kMargin + 24, width);
    else paintChips(p, a, extent, kMargin + 24);
    drawLegend(p, QRectF(kMargin, size.height() - kMargin - kLegendHeight + 8, width - 2 * kMargin, kLegendHeight),
               extent, QStringLiteral("contribution to the score (%1)").arg(enumName(a.method)));
  });
}

void writeImageAttributionFigure(const QString &path, const ImageAttribution &a, const QString &photoPath) {
  QImageReader reader(photoPath);
  reader.setAutoTransform(true);
  const QImage photo = reader.read();
  if (photo.isNull()) throw std::runtime_error(QStringLiteral("%1: %2").arg(photoPath, reader.errorString()).toStdString());
  // Large photos shrink to 640 px, small ones (the demo's 128 px scenes) grow to 384 px.
  const int longest = std::max(photo.width(), photo.height());
  const double scale = longest < 384 ? 384.0 / longest : std::min(1.0, 640.0 / longest);
  const QSizeF shown(photo.width() * scale, photo.height() * scale);
  std::vector<double> values;
  for (const AttributedArea &area : a.areas) values.push_back(area.contribution);
  const double extent = extentOf(values);
  const QString title = QStringLiteral("%1, %2 occlusion: \"%3\" — image %4, %5 %6")
                            .arg(a.model, enumName(a.kind), a.caption, a.imageId, a.scoreName)
                            .arg(a.score, 0, 'f', 3);
  const QSize size(std::max(int(shown.width()) + 2 * kMargin, QFontMetrics(QFont()).horizontalAdvance(title) + 2 * kMargin),
                   int(shown.height()) + 2 * kMargin + 24 + kLegendHeight);
  exportPaintedFigure(path, size, 1.0, title, [&](QPainter &p, QPaintDevice &) {
    p.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    p.setPen(Qt::black);
    p.drawText(QPointF(kMargin, kMargin + 12), title);
    const QRectF target(QPointF(kMargin, kMargin + 24), shown);
    p.drawImage(target, photo);
    // Regions and concepts overlap: the strongest eight, outlined; grid cells tile: filled.
    const bool grid = a.kind == ImageAreaKind::GridCell;
    std::vector<const AttributedArea *> drawn;
    for (const AttributedArea &area : a.areas) drawn.push_back(&area);
    if (!grid) {
      std::stable_sort(drawn.begin(), drawn.end(), [](auto *x, auto *y) { return std::abs(x->contribution) > std::abs(y->contribution); });
      drawn.resize(std::min<std::size_t>(drawn.size(), 8));
    }
    for (const AttributedArea *area : drawn) {
      const QRectF box(target.left() + area->box.x * scale, target.top() + area->box.y * scale, area->box.width * scale, area->box.height * scale);
      QColor colour = contributionColour(area->contribution, extent);
      if (grid) {
        colour.setAlphaF(0.6f);
        p.fillRect(box, colour);
        continue;
      }
      p.setPen(QPen(colour.darker(110), 3));
      p.setBrush(Qt::NoBrush);
      p.drawRect(box);
      p.setPen(Qt::black);
      p.drawText(box.topLeft() + QPointF(4, 14), QStringLiteral("%1 %2").arg(area->name).arg(area->contribution, 0, 'f', 2));
    }
    drawLegend(p, QRectF(kMargin, size.height() - kMargin - kLegendHeight + 8, size.width() - 2 * kMargin, kLegendHeight), extent,
               QStringLiteral("Δ %1 when occluded").arg(a.scoreName));
  });
}

}  // namespace gs
