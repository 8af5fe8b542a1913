#pragma once
// The region figure: a photo with boxes over it (proposals, ground-truth phrase boxes, the regions a
// model chose for each phrase or that gave each concept), their labels and a legend — one model of
// what is drawn, painted by one function onto any QPainter. The Regions dock paints it on screen,
// its export and `groundscope-cli regions --figure` write it as PNG (any size and device pixel
// ratio) or as vector SVG/PDF (boxes and text as vectors, each panel's photo embedded once), so
// the dock, the file and the command line show the same thing. Qt Gui (and Svg); no widgets.

#include "data/dataset.h"

#include <QColor>
#include <QImage>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;
class QPaintDevice;

namespace gs {

struct FigureBox {
  enum Kind { Proposal, Truth, Learned, Concept, Prior }; // Prior: a model-free choice (the label prior)
  Kind kind = Proposal;
  int index = 0;            // caller's id within its kind: region number, phrase index, concept index
  Box box;                  // image pixels, clipped to the image
  QColor colour;
  QString label;            // drawn at the box's corner; "" for none
  bool dashed = false;      // ground truth is dashed, as in the paper's figures
  bool emphasised = false;  // selected or pointed at: thicker, lightly filled, drawn last
};

struct FigurePanel {
  QString title;            // above the photo when the figure has more than one panel
  std::vector<FigureBox> boxes;
};

// A cell of a heat map laid over the photo (grid occlusion, or a region's or concept's
// contribution on its box): filled with its colour, whose alpha makes it translucent.
struct FigureHeatCell {
  Box box;                  // image pixels
  QColor colour;
};

struct LegendEntry {
  QColor colour;
  QString text;
  bool dashed = false;
};

struct RegionFigure {
  QImage image;             // the photo; null when it could not be read (a placeholder is drawn)
  QSize imageSize;          // pixel size the boxes refer to (the photo's, or the dataset's record)
  QString placeholder;      // what the placeholder says (e.g. "image file missing: …")
  QString title;            // drawn above the panels; "" for none
  std::vector<FigurePanel> panels{FigurePanel{}}; // one (overlay) or two (side by side)
  std::vector<LegendEntry> legend;
  std::vector<FigureHeatCell> heat; // over the photo of every panel, under the boxes
  int clippedBoxes = 0;     // boxes that reached outside the image, clipped when added
};

struct FigureStyle {
  double opacity = 1.0;     // of the boxes and their labels (the photo stays opaque)
  int labelPixels = 11;     // label and legend text height
  QColor background = Qt::white;
  QColor text = Qt::black;
};

// Adds `box` to panel `panel`, clipped to the image (counted in clippedBoxes when it was outside;
// a box wholly outside is dropped and counted). False when dropped.
bool addFigureBox(RegionFigure &figure, int panel, FigureBox box);

// Where each part goes when the figure fills `area` (on `device`, for the text metrics).
struct RegionFigureLayout {
  QRectF title;
  std::vector<QRectF> panelTitles;
  std::vector<QRectF> images; // each panel's photo, aspect kept, centred
  QRectF legend;
};
RegionFigureLayout layoutRegionFigure(const RegionFigure &figure, const FigureStyle &style, const QRectF &area, QPaintDevice *device);
// A box's rectangle in a panel drawn at `imageRect`.
QRectF figureBoxRect(const RegionFigure &figure, const Box &box, const QRectF &imageRect);
// The size the figure looks right at on its own: the photo at least `minImageSide` px on its longer
// side (the demo's 128-px images are scaled up), panels side by side, the legend below.
QSize naturalFigureSize(const RegionFigure &figure, const FigureStyle &style, int minImageSide = 480);

void paintRegionFigure(QPainter &painter, const RegionFigure &figure, const FigureStyle &style, const RegionFigureLayout &layout);

// Writes the figure as .png (size in logical pixels × devicePixelRatio), .svg or .pdf (size in
// points), by the file's suffix, atomically. Empty size: naturalFigureSize. Throws
// std::invalid_argument for another suffix, std::runtime_error naming the file when it cannot be
// written.
void exportRegionFigure(const RegionFigure &figure, const FigureStyle &style, const QString &path, QSize size = {},
                        qreal devicePixelRatio = 1.0);

// A qualitative palette (Tableau 10) for phrases and concepts, as the paper's Figs. 5 and 7 colour
// each phrase and its box alike.
QColor figureColour(int index);

}  // namespace gs
