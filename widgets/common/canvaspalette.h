#pragma once
// Colours for the views that paint themselves (plots, trees, the map) taken from the widget's
// palette, so a dark palette — the system's, or View > Theme > Dark — leaves every canvas
// readable: the background is the palette's Base, text and lines its Text, grids a blend of the
// two. Data colours (runs, modalities, activations) stay as they are: they read on either.

#include <QColor>
#include <QPalette>

class QCustomPlot;
class QWidget;

namespace gs {

struct CanvasColours {
  QColor background, text, line, grid, faint;
  bool dark = false;
  static CanvasColours of(const QPalette &palette);
};

// Mixes a toward b by t in [0, 1].
QColor blend(const QColor &a, const QColor &b, double t);

// Styles the plot's background, axes, tick labels, grid and legend from its palette, now and
// whenever the palette changes (the system's, or the application's theme).
void followPalette(QCustomPlot *plot);

// A dark palette for View > Theme > Dark (Fusion's roles, dark greys, light text).
QPalette darkPalette();

}  // namespace gs
