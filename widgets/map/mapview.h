#pragma once
// The Map panel's plot: draws a MapModel with QCustomPlot — images as circles, captions as crosses
// (two colours), optional lines joining each image to its captions (as HM-LSTM's Fig. 8), optional
// image thumbnails as markers, the selection ringed, the clicked item's joint-space neighbours ringed
// in green. Hovering shows the item's text; dragging draws a rubber band (rectSelected), a
// Shift-drag a free-form lasso (lassoSelected), a click picks the nearest item (itemClicked); the
// wheel zooms and a double click shows the whole layout again.

#include "analysis/mapclusters.h"
#include "figures/mapcolouring.h"

#include <QHash>
#include <QPixmap>
#include <QPolygonF>
#include <QWidget>

#include <array>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPCurve;
class QCPItemPixmap;
class QCPItemText;

namespace gs {

class MapModel;

class MapView : public QWidget {
  Q_OBJECT
public:
  explicit MapView(const MapModel &model, QWidget *parent = nullptr);

  // Redraws from the model: everything (new items) or positions only (a live layout update).
  void rebuild();
  // Rescaling fits the axes to `frame` when given (e.g. every epoch of a replay), else to the layout.
  void updatePositions(bool rescale, const QRectF &frame = {});
  void updateSelection();

  void setLinesVisible(bool visible);
  bool linesVisible() const { return m_linesVisible; }
  // Thumbnails (image row → pixmap) drawn in place of the images' circles when enabled.
  void setThumbnails(const QHash<int, QPixmap> &thumbnails);
  void setThumbnailsVisible(bool visible);
  bool thumbnailsVisible() const { return m_thumbnailsVisible; }
  void setHighlightedImage(int imageRow); // the workbench's selected image, -1 for none
  // Colours items by category (one graph per category and shape; the modality colouring uses the
  // image and caption graphs); a click on a category's legend entry emits categoryClicked.
  void setColouring(const MapColouring &colouring);
  const MapColouring &colouring() const { return m_colouring; }
  // Size by (MapSizing): three marker sizes, a legend entry each. Empty: one size.
  void setSizing(MapSizing sizing);
  const MapSizing &sizing() const { return m_sizing; }
  // The points a marker graph draws at each size class (0: the graph itself), for tests.
  int pointsAtSize(const QCPGraph *graph, int sizeClass) const;
  const std::vector<QCPGraph *> &categoryGraphs() const { return m_categoryGraphs; } // images, captions per category
  // Cluster labels at the resolution the zoom calls for: the coarsest level when the whole layout
  // is in view, finer ones from 2× and 4× zoom (WizMap's multi-resolution summaries). Empty: none.
  void setClusterLevels(std::vector<MapClusterLevel> levels);
  int clusterLevelShown() const { return m_levelShown; } // -1: none
  int clusterLabelCount() const { return int(m_labels.size()); }
  // Captions ringed as matches of the search box.
  void setMatches(std::vector<int> items);
  void setCategoryShown(int category, bool shown); // greys a filtered category's legend entry
  // Items ringed as the selected item's nearest neighbours in the joint space (empty: none).
  void setNeighbours(std::vector<int> items);
  const std::vector<int> &neighbours() const { return m_neighbourItems; }

  // The plot's graphs of the images, the captions and the rings are named imageGraph, captionGraph,
  // neighbourGraph and matchGraph, the image–caption lines linkCurve (QObject::findChild finds them).
  QCustomPlot *plot() const { return m_plot; }
  int linkSegments() const { return m_linkSegments; }
  bool dense() const { return m_dense; } // markers as dots and no lines (level of detail)
  int thumbnailItems() const { return int(m_pixmaps.size()); }
  int thumbnailsShown() const { return m_thumbnailsShown; } // after the level of detail (as of the last replot)

  // The item under a pixel of the plot widget (within kPickRadius pixels), -1 if none.
  int itemAtPixel(const QPointF &pixel) const;
  // Plot coordinates ↔ pixels of the plot widget.
  QPointF toPixel(const QPointF &coords) const;
  QRectF toCoords(const QRect &pixels) const;

Q_SIGNALS:
  void rectSelected(const QRectF &coords);
  void lassoSelected(const QPolygonF &coords); // a Shift-drag: the free-form outline, plot coordinates
  void categoryClicked(int category);
  void itemClicked(int item);

protected:
  bool eventFilter(QObject *watched, QEvent *event) override;

private:
  void createGraphs();
  void placeThumbnails();
  void showClusterLabels();
  void applyLevelOfDetail();
  bool sized() const;
  void clearLargerGraphs();
  void rebuildLargerGraphs();
  void setGraphItems(QCPGraph *base, const std::vector<int> &items);

  const MapModel &m_model;
  QCustomPlot *m_plot;
  QCPGraph *m_images, *m_captions, *m_selection, *m_highlight, *m_neighbours, *m_matches;
  MapColouring m_colouring;
  MapSizing m_sizing;
  struct LargerGraphs {
    std::array<QCPGraph *, 2> graphs{}; // the medium and large markers of a graph's items
  };
  QHash<const QCPGraph *, LargerGraphs> m_larger;
  std::vector<QCPGraph *> m_sizeLegend;
  std::vector<QCPGraph *> m_categoryGraphs;
  std::vector<int> m_matchItems;
  std::vector<MapClusterLevel> m_levels;
  std::vector<QCPItemText *> m_labels;
  int m_levelShown = -1;
  bool m_dense = false; // more items than the level of detail draws in full
  double m_fullWidth = 0; // x range with the whole layout in view
  QCPCurve *m_links;
  int m_linkSegments = 0;
  bool m_linesVisible = true;
  bool m_thumbnailsVisible = false;
  int m_thumbnailsShown = 0;
  int m_highlightedImage = -1;
  std::vector<int> m_neighbourItems;
  QPointF m_pressPos;
  QCPCurve *m_lasso;            // the outline while a Shift-drag draws it
  QPolygonF m_lassoPoints;      // plot coordinates; empty when no lasso is being drawn
  QHash<int, QPixmap> m_thumbnails;
  std::vector<std::pair<int, QCPItemPixmap *>> m_pixmaps; // image row, item
};

}  // namespace gs
