#include "map/mapview.h"

#include "common/canvaspalette.h"

#include "analysis/mapmodel.h"

#include <qcustomplot.h>

#include <QMouseEvent>
#include <QSet>
#include <QFontMetricsF>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gs {

namespace {
constexpr double kPickRadius = 8;   // pixels: how near the mouse must be to an item
constexpr int kClickSlop = 4;       // pixels: a rubber band smaller than this is a click
const QColor kImageColour(31, 119, 180);   // matplotlib's blue and orange: distinct for most colour vision
const QColor kCaptionColour(255, 127, 14);
// Level of detail: above kDenseMapItems (mapmodel.h) each marker is a 3 × 3 pixel square of its
// colour (a blitted pixmap, not a stroked shape) and the image–caption lines are left out: 100k
// items then draw in about 5 ms a pan instead of 55 (tests/bench/bench_mapframe).
constexpr int kDenseItems = kDenseMapItems;
constexpr double kThumbnailCell = 24; // pixels: one thumbnail per cell of this grid (thumbnails are 32 px)

// The marker of an item kind, full or as a dense map's dot, in size class 0 (the usual), 1 or 2
// (Size by: larger by half, then double).
QCPScatterStyle markerStyle(bool image, const QColor &colour, bool dense, int sizeClass = 0) {
  if (dense) {
    // A 3 × 3 pixmap per point: QPainter blits it, far cheaper than stroking a shape (or a wide dot).
    QPixmap dot(3 + 2 * sizeClass, 3 + 2 * sizeClass);
    dot.fill(colour);
    return QCPScatterStyle(dot);
  }
  return QCPScatterStyle(image ? QCPScatterStyle::ssCircle : QCPScatterStyle::ssCross, colour, 7 + 4 * sizeClass);
}
}  // namespace

MapView::MapView(const MapModel &model, QWidget *parent) : QWidget(parent), m_model(model), m_plot(new QCustomPlot(this)) {
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_plot);
  m_plot->setMinimumSize(240, 200);
  m_plot->setInteractions(QCP::iRangeZoom);
  m_plot->setSelectionRectMode(QCP::srmCustom); // dragging selects; the wheel zooms
  m_plot->xAxis->setLabel(tr("dimension 1"));
  m_plot->yAxis->setLabel(tr("dimension 2"));
  followPalette(m_plot);

  createGraphs();
  // The rings draw above every category graph a colouring adds later.
  m_plot->addLayer(QStringLiteral("rings"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
  for (QCPGraph *overlay : {m_matches, m_neighbours, m_selection, m_highlight}) overlay->setLayer(QStringLiteral("rings"));
  // Thumbnails cover the markers (the circles of the images the level of detail leaves as circles
  // stay visible between them) and lie under the rings.
  m_plot->addLayer(QStringLiteral("thumbnails"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limAbove);
  for (QCPGraph *g : {m_selection, m_highlight}) g->removeFromLegend();
  connect(m_plot, &QCustomPlot::legendClick, this, [this](QCPLegend *, QCPAbstractLegendItem *item, QMouseEvent *) {
    auto *entry = qobject_cast<QCPPlottableLegendItem *>(item);
    if (!entry) return;
    for (std::size_t g = 0; g < m_categoryGraphs.size(); ++g)
      if (m_categoryGraphs[g] == entry->plottable()) Q_EMIT categoryClicked(int(g / 2));
  });
  m_links->removeFromLegend();
  m_plot->legend->setVisible(true);
  m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

  connect(m_plot->selectionRect(), &QCPSelectionRect::accepted, this, [this](const QRect &rect, QMouseEvent *) {
    if (rect.width() >= kClickSlop || rect.height() >= kClickSlop) Q_EMIT rectSelected(toCoords(rect));
  });
  // A click (QCustomPlot cancels the rubber band when the mouse did not move) picks the nearest item.
  connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) { m_pressPos = event->position(); });
  connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent *event) {
    if ((event->position() - m_pressPos).manhattanLength() >= kClickSlop) return;
    const int item = itemAtPixel(event->position());
    if (item >= 0) Q_EMIT itemClicked(item);
  });
  // The wheel zooms; a double click shows the whole layout again.
  connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent *) { updatePositions(true); });
  // Zooming picks the cluster labels' resolution.
  connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this](const QCPRange &) { showClusterLabels(); });
  // Thumbnails are placed in pixels (centred on their points), so again at every replot: they
  // follow zooming. After the layout step, not before the replot: a resized plot (a dock made
  // floating) moves its axis rect there, and pixels computed earlier put the thumbnails off their points.
  connect(m_plot, &QCustomPlot::afterLayout, this, [this] { placeThumbnails(); });
  m_lasso = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
  m_lasso->setPen(QPen(QColor(50, 50, 50), 1, Qt::DashLine));
  m_lasso->setBrush(QColor(50, 50, 50, 25));
  m_lasso->setScatterStyle(QCPScatterStyle::ssNone);
  m_lasso->setLayer(QStringLiteral("rings"));
  m_lasso->removeFromLegend();
  m_plot->setMouseTracking(true);
  m_plot->installEventFilter(this);
}

// The images' and captions' markers, the rings over them, and the image–caption lines.
void MapView::createGraphs() {
  m_links = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
  m_links->setObjectName(QStringLiteral("linkCurve"));
  m_links->setName(tr("image–caption"));
  m_links->setPen(QPen(QColor(120, 120, 120, 90), 1));
  m_links->setScatterStyle(QCPScatterStyle::ssNone);

  m_images = m_plot->addGraph();
  m_images->setObjectName(QStringLiteral("imageGraph"));
  m_images->setName(tr("images"));
  m_images->setLineStyle(QCPGraph::lsNone);
  m_images->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kImageColour, 7));
  m_captions = m_plot->addGraph();
  m_captions->setObjectName(QStringLiteral("captionGraph"));
  m_captions->setName(tr("captions"));
  m_captions->setLineStyle(QCPGraph::lsNone);
  m_captions->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, kCaptionColour, 7));
  m_selection = m_plot->addGraph();
  m_selection->setName(tr("selected"));
  m_selection->setLineStyle(QCPGraph::lsNone);
  m_selection->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::red, 1.5), Qt::NoBrush, 12));
  m_highlight = m_plot->addGraph();
  m_highlight->setName(tr("current image"));
  m_highlight->setLineStyle(QCPGraph::lsNone);
  m_highlight->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(palette().color(QPalette::Text), 2), Qt::NoBrush, 16));
  m_neighbours = m_plot->addGraph();
  m_neighbours->setObjectName(QStringLiteral("neighbourGraph"));
  m_neighbours->setName(tr("nearest in the joint space"));
  m_neighbours->setLineStyle(QCPGraph::lsNone);
  m_neighbours->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(0, 150, 60), 2), Qt::NoBrush, 14));
  m_matches = m_plot->addGraph();
  m_matches->setObjectName(QStringLiteral("matchGraph"));
  m_matches->setName(tr("search matches"));
  m_matches->setLineStyle(QCPGraph::lsNone);
  m_matches->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(QColor(120, 0, 120), 1.5), Qt::NoBrush, 11));
  m_matches->removeFromLegend();
}

QPointF MapView::toPixel(const QPointF &coords) const {
  return {m_plot->xAxis->coordToPixel(coords.x()), m_plot->yAxis->coordToPixel(coords.y())};
}

QRectF MapView::toCoords(const QRect &pixels) const {
  const QPointF a(m_plot->xAxis->pixelToCoord(pixels.left()), m_plot->yAxis->pixelToCoord(pixels.top()));
  const QPointF b(m_plot->xAxis->pixelToCoord(pixels.right()), m_plot->yAxis->pixelToCoord(pixels.bottom()));
  return QRectF(a, b).normalized();
}

int MapView::itemAtPixel(const QPointF &pixel) const {
  return m_model.itemAt([this](QPointF p) { return toPixel(p); }, pixel, kPickRadius);
}

bool MapView::eventFilter(QObject *watched, QEvent *event) {
  // The lasso: a Shift-drag outlines a free-form region. The events stop here, so QCustomPlot
  // neither starts its rubber band nor takes the release for a click.
  if (watched == m_plot && (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseMove ||
                            event->type() == QEvent::MouseButtonRelease)) {
    const auto *mouse = static_cast<QMouseEvent *>(event);
    const QPointF coords(m_plot->xAxis->pixelToCoord(mouse->position().x()), m_plot->yAxis->pixelToCoord(mouse->position().y()));
    if (event->type() == QEvent::MouseButtonPress && mouse->button() == Qt::LeftButton && (mouse->modifiers() & Qt::ShiftModifier)) {
      m_lassoPoints = QPolygonF{coords};
      return true;
    }
    if (!m_lassoPoints.isEmpty()) {
      if (event->type() == QEvent::MouseMove) m_lassoPoints << coords;
      QVector<double> t, x, y;
      for (const QPointF &p : m_lassoPoints) t << t.size(), x << p.x(), y << p.y();
      if (event->type() == QEvent::MouseButtonRelease) {
        const QPolygonF outline = m_lassoPoints;
        m_lassoPoints.clear();
        m_lasso->data()->clear();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        if (outline.size() >= 3) Q_EMIT lassoSelected(outline);
        return true;
      }
      t << t.size(), x << m_lassoPoints.first().x(), y << m_lassoPoints.first().y(); // drawn closed
      m_lasso->setData(t, x, y, true);
      m_plot->replot(QCustomPlot::rpQueuedReplot);
      return true;
    }
  }
  if (watched == m_plot && event->type() == QEvent::MouseMove) {
    const auto *move = static_cast<QMouseEvent *>(event);
    const int item = itemAtPixel(move->position());
    if (item >= 0) QToolTip::showText(move->globalPosition().toPoint(), m_model.toolTip(item), m_plot);
    else QToolTip::hideText();
  }
  return QWidget::eventFilter(watched, event);
}

void MapView::rebuild() {
  for (auto &[row, pixmap] : m_pixmaps) m_plot->removeItem(pixmap);
  m_pixmaps.clear();
  m_thumbnails.clear();
  m_highlightedImage = -1;
  m_neighbourItems.clear();
  setClusterLevels({});
  updatePositions(true);
}

void MapView::applyLevelOfDetail() {
  const bool dense = m_model.itemCount() > kDenseItems;
  if (dense == m_dense) return;
  m_dense = dense;
  m_images->setScatterStyle(markerStyle(true, kImageColour, dense));
  m_captions->setScatterStyle(markerStyle(false, kCaptionColour, dense));
  for (std::size_t g = 0; g < m_categoryGraphs.size(); ++g)
    m_categoryGraphs[g]->setScatterStyle(markerStyle(g % 2 == 0, m_colouring.categories[g / 2].colour, dense));
  rebuildLargerGraphs();
}

bool MapView::sized() const { return !m_sizing.itemClass.empty() && m_sizing.itemClass.size() == std::size_t(m_model.itemCount()); }

void MapView::setSizing(MapSizing sizing) {
  m_sizing = std::move(sizing);
  rebuildLargerGraphs();
  updatePositions(false);
}

// Each marker graph (modality or category) gets two companions drawing its medium and large items:
// one marker size per QCPGraph. Made after the graphs they follow, so larger markers draw on top.
void MapView::clearLargerGraphs() {
  for (const LargerGraphs &larger : m_larger)
    for (QCPGraph *g : larger.graphs) m_plot->removeGraph(g);
  m_larger.clear();
  for (QCPGraph *g : m_sizeLegend) m_plot->removeGraph(g);
  m_sizeLegend.clear();
}

void MapView::rebuildLargerGraphs() {
  clearLargerGraphs();
  if (!sized()) return;
  const auto add = [this](QCPGraph *base, bool image, const QColor &colour) {
    LargerGraphs larger;
    for (int k = 0; k < 2; ++k) {
      QCPGraph *g = m_plot->addGraph();
      g->setLineStyle(QCPGraph::lsNone);
      g->setScatterStyle(markerStyle(image, colour, m_dense, k + 1));
      g->removeFromLegend();
      larger.graphs[std::size_t(k)] = g;
    }
    m_larger.insert(base, larger);
  };
  add(m_images, true, kImageColour);
  add(m_captions, false, kCaptionColour);
  for (std::size_t g = 0; g < m_categoryGraphs.size(); ++g) add(m_categoryGraphs[g], g % 2 == 0, m_colouring.categories[g / 2].colour);
  // The legend names the three sizes: empty graphs whose only use is their legend entry.
  for (int k = 0; k < 3 && k < m_sizing.classNames.size(); ++k) {
    QCPGraph *g = m_plot->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(110, 110, 110), 7 + 4 * k));
    g->setName(m_sizing.classNames[k]);
    m_sizeLegend.push_back(g);
  }
}

int MapView::pointsAtSize(const QCPGraph *graph, int sizeClass) const {
  if (sizeClass == 0) return graph->dataCount();
  return m_larger.contains(graph) && sizeClass <= 2 ? m_larger.value(graph).graphs[std::size_t(sizeClass - 1)]->dataCount() : 0;
}

// The items' points into `base` and, by size class, its larger companions; hidden items left out.
void MapView::setGraphItems(QCPGraph *base, const std::vector<int> &items) {
  QVector<double> x[3], y[3];
  const bool bySize = sized() && m_larger.contains(base);
  if (m_model.hasPositions())
    for (int item : items) {
      if (item < 0 || item >= m_model.itemCount() || m_model.hidden(item)) continue;
      const int size = bySize ? std::clamp(m_sizing.itemClass[std::size_t(item)], 0, 2) : 0;
      const QPointF p = m_model.position(item);
      x[size] << p.x();
      y[size] << p.y();
    }
  base->setData(x[0], y[0]);
  if (!bySize) return;
  const LargerGraphs larger = m_larger.value(base);
  for (int k = 0; k < 2; ++k) larger.graphs[std::size_t(k)]->setData(x[k + 1], y[k + 1]);
}

void MapView::updatePositions(bool rescale, const QRectF &frame) {
  applyLevelOfDetail();
  QVector<double> lt, lx, ly;
  m_linkSegments = 0;
  if (m_model.hasPositions()) {
    // One curve for all links: image, caption, NaN (a gap) per link — far lighter than an item per
    // line; none on a dense map.
    if (!m_dense)
      for (const auto &[image, caption] : m_model.links()) {
        if (m_model.hidden(image) || m_model.hidden(caption)) continue;
        const QPointF a = m_model.position(image), b = m_model.position(caption);
        lx << a.x() << b.x() << qQNaN();
        ly << a.y() << b.y() << qQNaN();
        ++m_linkSegments;
      }
    for (int k = 0; k < lx.size(); ++k) lt << k;
  }
  std::vector<int> images, captions;
  for (int r = 0; r < m_model.imageCount(); ++r) images.push_back(m_model.imageItem(r));
  for (int r = 0; r < m_model.captionCount(); ++r) captions.push_back(m_model.captionItem(r));
  setGraphItems(m_images, images);
  setGraphItems(m_captions, captions);
  // Category graphs: the same points, split by the colouring (the modality colouring draws none).
  for (std::size_t c = 0; c < m_colouring.categories.size() && 2 * c + 1 < m_categoryGraphs.size(); ++c) {
    std::vector<int> byShape[2];
    for (int item : m_colouring.categories[c].items)
      if (item >= 0 && item < m_model.itemCount()) byShape[m_model.kind(item) == MapItemKind::Image ? 0 : 1].push_back(item);
    setGraphItems(m_categoryGraphs[2 * c], byShape[0]);
    setGraphItems(m_categoryGraphs[2 * c + 1], byShape[1]);
  }
  m_links->setData(lt, lx, ly, true);
  m_links->setVisible(m_linesVisible);
  const bool byModality = m_categoryGraphs.empty();
  m_images->setVisible(byModality); // under the thumbnails: the circle of an image whose picture the level of detail leaves out
  m_captions->setVisible(byModality);
  for (auto it = m_larger.cbegin(); it != m_larger.cend(); ++it)
    for (QCPGraph *g : it.value().graphs) g->setVisible(it.key()->visible());
  updateSelection();
  if (m_model.hasPositions()) {
    const QRectF b = frame.isEmpty() ? m_model.bounds() : frame;
    const double mx = std::max(1e-6, b.width() * 0.05), my = std::max(1e-6, b.height() * 0.05);
    m_fullWidth = b.width() + 2 * mx;
    if (rescale) {
      m_plot->xAxis->setRange(b.left() - mx, b.right() + mx);
      m_plot->yAxis->setRange(b.top() - my, b.bottom() + my);
    }
  }
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MapView::updateSelection() {
  QVector<double> sx, sy, hx, hy;
  if (m_model.hasPositions()) {
    for (int item : m_model.selection()) {
      if (item < 0 || item >= m_model.itemCount()) continue;
      const QPointF p = m_model.position(item);
      sx << p.x();
      sy << p.y();
    }
    if (m_highlightedImage >= 0 && m_highlightedImage < m_model.imageCount()) {
      const QPointF p = m_model.position(m_model.imageItem(m_highlightedImage));
      hx << p.x();
      hy << p.y();
    }
  }
  QVector<double> mx, my;
  if (m_model.hasPositions())
    for (int item : m_matchItems) {
      if (item < 0 || item >= m_model.itemCount() || m_model.hidden(item)) continue;
      const QPointF p = m_model.position(item);
      mx << p.x();
      my << p.y();
    }
  m_matches->setData(mx, my);
  QVector<double> nx, ny;
  if (m_model.hasPositions())
    for (int item : m_neighbourItems) {
      if (item < 0 || item >= m_model.itemCount()) continue;
      const QPointF p = m_model.position(item);
      nx << p.x();
      ny << p.y();
    }
  m_selection->setData(sx, sy);
  m_highlight->setData(hx, hy);
  m_neighbours->setData(nx, ny);
  // In the legend only while it means something.
  if (nx.isEmpty()) m_neighbours->removeFromLegend();
  else m_neighbours->addToLegend();
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MapView::setLinesVisible(bool visible) {
  m_linesVisible = visible;
  m_links->setVisible(visible);
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MapView::setThumbnails(const QHash<int, QPixmap> &thumbnails) {
  m_thumbnails = thumbnails;
  for (auto &[row, pixmap] : m_pixmaps) m_plot->removeItem(pixmap);
  m_pixmaps.clear();
  for (auto it = m_thumbnails.cbegin(); it != m_thumbnails.cend(); ++it) {
    auto *item = new QCPItemPixmap(m_plot);
    item->setPixmap(it.value());
    item->setScaled(false);
    item->setClipToAxisRect(true);
    item->setVisible(m_thumbnailsVisible);
    item->setLayer(QStringLiteral("thumbnails"));
    m_pixmaps.emplace_back(it.key(), item);
  }
  // Image-row order: which thumbnail a grid cell shows does not depend on the hash's order.
  std::sort(m_pixmaps.begin(), m_pixmaps.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
  updatePositions(false);
}

void MapView::setThumbnailsVisible(bool visible) {
  m_thumbnailsVisible = visible;
  for (auto &[row, item] : m_pixmaps) item->setVisible(visible);
  updatePositions(false);
}

void MapView::setColouring(const MapColouring &colouring) {
  clearLargerGraphs(); // they follow the category graphs removed here (rebuilt below)
  for (QCPGraph *g : m_categoryGraphs) m_plot->removeGraph(g);
  m_categoryGraphs.clear();
  m_colouring = colouring;
  const bool byModality = colouring.key.isEmpty() || colouring.key == QLatin1String("modality");
  if (byModality) {
    m_colouring.categories.clear();
    m_images->addToLegend();
    m_captions->addToLegend();
  } else {
    m_images->removeFromLegend();
    m_captions->removeFromLegend();
    // Created last category first, so the first categories (the highlighted ones: "with <concept>",
    // rank 1) draw on top of the rest; m_categoryGraphs keeps the categories' order.
    m_categoryGraphs.assign(2 * colouring.categories.size(), nullptr);
    for (std::size_t index = colouring.categories.size(); index-- > 0;) {
      const MapCategory &category = colouring.categories[index];
      QCPGraph *images = m_plot->addGraph(), *captions = m_plot->addGraph();
      images->setLineStyle(QCPGraph::lsNone);
      captions->setLineStyle(QCPGraph::lsNone);
      images->setScatterStyle(markerStyle(true, category.colour, m_dense));
      captions->setScatterStyle(markerStyle(false, category.colour, m_dense));
      // One legend entry per category (the shape still tells images from captions on the plot).
      const bool hasImages = std::any_of(category.items.begin(), category.items.end(),
                                         [this](int item) { return m_model.kind(item) == MapItemKind::Image; });
      QCPGraph *named = hasImages ? images : captions;
      named->setName(QStringLiteral("%1 (%2)").arg(category.name).arg(category.items.size()));
      (hasImages ? captions : images)->removeFromLegend();
      m_categoryGraphs[2 * index] = images;
      m_categoryGraphs[2 * index + 1] = captions;
    }
    // The legend lists the categories in their own order.
    for (std::size_t index = 0; index < colouring.categories.size(); ++index)
      for (QCPGraph *g : {m_categoryGraphs[2 * index], m_categoryGraphs[2 * index + 1]})
        if (g->removeFromLegend()) g->addToLegend();
  }
  rebuildLargerGraphs();
  updatePositions(false);
}

// Greys a filtered category's legend entry; its points are gone from the plot (hidden in the model).
void MapView::setCategoryShown(int category, bool shown) {
  for (int shape = 0; shape < 2; ++shape) {
    const std::size_t g = 2 * std::size_t(category) + std::size_t(shape);
    if (g >= m_categoryGraphs.size()) return;
    if (QCPPlottableLegendItem *entry = m_plot->legend->itemWithPlottable(m_categoryGraphs[g]))
      entry->setTextColor(shown ? palette().color(QPalette::Text) : blend(palette().color(QPalette::Base), palette().color(QPalette::Text), 0.4));
  }
  updatePositions(false);
}

void MapView::setClusterLevels(std::vector<MapClusterLevel> levels) {
  m_levels = std::move(levels);
  m_levelShown = -2; // force a redraw
  showClusterLabels();
}

void MapView::showClusterLabels() {
  int level = -1;
  if (!m_levels.empty()) {
    const double zoom = m_fullWidth > 0 ? m_fullWidth / std::max(1e-12, m_plot->xAxis->range().size()) : 1.0;
    level = std::min(int(m_levels.size()) - 1, zoom < 2 ? 0 : zoom < 4 ? 1 : 2);
  }
  if (level == m_levelShown) return;
  for (QCPItemText *label : m_labels) m_plot->removeItem(label);
  m_labels.clear();
  m_levelShown = level;
  // Largest clusters first; a label that would overlap one already placed is left out.
  std::vector<QRectF> placed;
  QFont bold = m_plot->font();
  bold.setBold(true);
  const QFontMetricsF metrics(bold);
  if (level >= 0)
    for (const MapCluster &cluster : m_levels[std::size_t(level)].clusters) {
      if (cluster.words.isEmpty()) continue;
      QRectF box(QPointF(), QSizeF(metrics.horizontalAdvance(cluster.words.join(QLatin1Char(' '))) + 8, metrics.height() + 4));
      box.moveCenter(toPixel(cluster.centre));
      if (std::any_of(placed.begin(), placed.end(), [&box](const QRectF &other) { return other.intersects(box); })) continue;
      placed.push_back(box);
      auto *label = new QCPItemText(m_plot);
      label->setLayer(QStringLiteral("rings"));
      label->position->setCoords(cluster.centre);
      label->setText(cluster.words.join(QLatin1Char(' ')));
      label->setFont(bold);
      label->setColor(QColor(40, 40, 40));
      label->setBrush(QColor(255, 255, 255, 200));
      label->setPadding(QMargins(3, 1, 3, 1));
      label->setClipToAxisRect(true);
      m_labels.push_back(label);
    }
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MapView::setMatches(std::vector<int> items) {
  m_matchItems = std::move(items);
  updateSelection();
}

void MapView::setNeighbours(std::vector<int> items) {
  m_neighbourItems = std::move(items);
  updateSelection();
}

void MapView::setHighlightedImage(int imageRow) {
  m_highlightedImage = imageRow;
  updateSelection();
}

// Each thumbnail's top-left corner sits at its image's position, shifted by half its size in pixels
// so the picture is centred on the point.
// Level of detail for thumbnails: each cell of a kThumbnailCell-pixel grid shows at most one
// thumbnail (the first image row to land there); the others' images stay circles beneath. Zooming
// in spreads the images over more cells, so more thumbnails appear — the whole picture at any zoom
// without a heap of overlapping pictures.
void MapView::placeThumbnails() {
  m_thumbnailsShown = 0;
  if (!m_model.hasPositions()) return;
  QSet<quint64> taken;
  const QRect area = m_plot->axisRect()->rect();
  for (auto &[row, item] : m_pixmaps) {
    if (row < 0 || row >= m_model.imageCount()) continue;
    const int mapItem = m_model.imageItem(row);
    const QPointF pixel = toPixel(m_model.position(mapItem));
    const QSize size = item->pixmap().size();
    item->topLeft->setType(QCPItemPosition::ptAbsolute);
    item->topLeft->setPixelPosition(pixel - QPointF(size.width() / 2.0, size.height() / 2.0));
    bool show = m_thumbnailsVisible && !m_model.hidden(mapItem) && area.contains(pixel.toPoint());
    if (show) {
      const quint64 cell = (quint64(quint32(int(std::floor(pixel.x() / kThumbnailCell)))) << 32) |
                           quint32(int(std::floor(pixel.y() / kThumbnailCell)));
      show = !taken.contains(cell);
      if (show) taken.insert(cell);
    }
    item->setVisible(show);
    m_thumbnailsShown += show;
  }
}

}  // namespace gs
