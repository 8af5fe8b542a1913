#pragma once
// What the Map can colour its items by, from what the data knows about them: modality, caption
// length, how well the model retrieves an item's partner (the rank of a caption's own image, of an
// image's best own caption), the demo's order-sensitive twin captions, and each ground-truth
// concept of the images. Each colouring is a list of categories (name, colour, items) that the
// view draws one graph each and the legend filters. And what the markers' sizes can show. No widgets.

#include <QColor>
#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

class MapModel;

struct MapCategory {
  QString name;
  QColor colour;
  std::vector<int> items; // map items, ascending
};

struct MapColouring {
  QString key;   // "modality", "length", "rank", "twin", "concept:<name>"
  QString title; // for the legend and the mode box
  std::vector<MapCategory> categories;
};

// The keys the model's data supports, "modality" first.
QStringList availableColourings(const MapModel &model);
// A readable name for a key ("Concept: red circle").
QString colouringTitle(const QString &key);
// Every item in exactly one category. Throws std::invalid_argument for a key the data cannot
// support (unknown, or its metadata missing).
MapColouring colourMap(const MapModel &model, const QString &key);

// Size by: a second variable on the map, as three marker sizes (0 small, 1 medium, 2 large), so
// colour can show one thing and size another (e.g. concept by colour, the model's loss by size).
// Large marks what a researcher looks for first: a caption whose image ranks low, a high loss, a
// long caption, a hub (an item among the 10 nearest of over three times its share of the other
// side's items: its k-occurrence N_10, hubness.h, against the mean of its side).
struct MapSizing {
  QString key;                 // "rank", "loss", "length", "hubs"; empty: one size
  QString title;
  QStringList classNames;      // of the three sizes, small to large
  std::vector<int> itemClass;  // per map item: 0, 1 or 2
};
// The keys the data supports, of "rank", "loss", "length" and "hubs" (with k-occurrences).
QStringList availableSizings(const MapModel &model);
// Throws std::invalid_argument for a key the data cannot support.
MapSizing sizeMap(const MapModel &model, const QString &key);

}  // namespace gs
