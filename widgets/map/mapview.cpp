#include "mapview.h"

#include "mapmodel.h"

#include <qcustomplot.h>

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace gs {

namespace {
constexpr double kPickRadius = 8;   // pixels: how near the mouse must be to an item
constexpr int kClickSlop = 4;       // pixels: a rubber band smaller than this is a click
const QColor kImageColour(31, 119, 180);   // matplotlib's blue and orange: distinct for most colour vision
const QColor kCaptionColour(255, 127, 14);
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

  m_links = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
  m_links->setName(tr("image–caption"));
  m_links->setPen(QPen(QColor(120, 120, 120, 90), 1));
  m_links->setScatterStyle(QCPScatterStyle::ssNone);

  m_images = m_plot->addGraph();
  m_images->setName(tr("images"));
  m_images->setLineStyle(QCPGraph::lsNone);
  m_images->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kImageColour, 7));
  m_captions = m_plot->addGraph();
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
  m_highlight->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(Qt::black, 2), Qt::NoBrush, 16));
  m_neighbours = m_plot->addGraph();
  m_neighbours->setName(tr("nearest in the joint space"));
  m_neighbours->setLineStyle(QCPGraph::lsNone);
  m_neighbours->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(0, 150, 60), 2), Qt::NoBrush, 14));
  for (QCPGraph *g : {m_selection, m_highlight}) g->removeFromLegend();
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
  // Thumbnails are placed in pixels (centred on their points), so again before every replot: they
  // follow zooming.
  connect(m_plot, &QCustomPlot::beforeReplot, this, [this] { placeThumbnails(); });
  m_plot->setMouseTracking(true);
  m_plot->installEventFilter(this);
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
  updatePositions(true);
}

void MapView::updatePositions(bool rescale) {
  QVector<double> ix, iy, cx, cy;
  QVector<double> lt, lx, ly;
  m_linkSegments = 0;
  if (m_model.hasPositions()) {
    for (int r = 0; r < m_model.imageCount(); ++r) {
      const QPointF p = m_model.position(m_model.imageItem(r));
      ix << p.x();
      iy << p.y();
    }
    for (int r = 0; r < m_model.captionCount(); ++r) {
      const QPointF p = m_model.position(m_model.captionItem(r));
      cx << p.x();
      cy << p.y();
    }
    // One curve for all links: image, caption, NaN (a gap) per link — far lighter than an item per line.
    for (const auto &[image, caption] : m_model.links()) {
      const QPointF a = m_model.position(image), b = m_model.position(caption);
      lx << a.x() << b.x() << qQNaN();
      ly << a.y() << b.y() << qQNaN();
      ++m_linkSegments;
    }
    for (int k = 0; k < lx.size(); ++k) lt << k;
  }
  m_images->setData(ix, iy);
  m_captions->setData(cx, cy);
  m_links->setData(lt, lx, ly, true);
  m_links->setVisible(m_linesVisible);
  m_images->setVisible(!(m_thumbnailsVisible && !m_pixmaps.empty()));
  updateSelection();
  if (rescale && m_model.hasPositions()) {
    const QRectF b = m_model.bounds();
    const double mx = std::max(1e-6, b.width() * 0.05), my = std::max(1e-6, b.height() * 0.05);
    m_plot->xAxis->setRange(b.left() - mx, b.right() + mx);
    m_plot->yAxis->setRange(b.top() - my, b.bottom() + my);
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
    m_pixmaps.emplace_back(it.key(), item);
  }
  updatePositions(false);
}

void MapView::setThumbnailsVisible(bool visible) {
  m_thumbnailsVisible = visible;
  for (auto &[row, item] : m_pixmaps) item->setVisible(visible);
  updatePositions(false);
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
void MapView::placeThumbnails() {
  if (!m_model.hasPositions()) return;
  for (auto &[row, item] : m_pixmaps) {
    if (row < 0 || row >= m_model.imageCount()) continue;
    const QPointF p = m_model.position(m_model.imageItem(row));
    const QSize size = item->pixmap().size();
    item->topLeft->setType(QCPItemPosition::ptAbsolute);
    item->topLeft->setPixelPosition(toPixel(p) - QPointF(size.width() / 2.0, size.height() / 2.0));
  }
}

}  // namespace gs
