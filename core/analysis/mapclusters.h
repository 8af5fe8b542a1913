#pragma once
// Cluster summaries of a map, as WizMap's multi-resolution summaries make them (Wang et al. 2023):
// the layout's extent cut into a grid of tiles at three resolutions (3, 6 and 12 tiles a side, a
// quadtree's levels in spirit), each tile holding enough items becoming a cluster labelled with the
// words that distinguish its captions from the other tiles' — class-based TF-IDF (Grootendorst
// 2022, BERTopic): tf of a word in the cluster's captions times log(1 + A / f), A the mean word
// count per cluster and f the word's count over all clusters. A grid, not a density clustering:
// joint-space maps are mostly one continuous cloud, where density-based clusters (DBSCAN) chain
// into one or two and say nothing.

#include <QPointF>
#include <QStringList>

#include <vector>

namespace gs {

class MapModel;

struct MapCluster {
  std::vector<int> items; // map items, ascending (images count by their captions' words)
  QPointF centre;         // mean position
  QStringList words;      // the label, most distinctive first
};

struct MapClusterLevel {
  int tiles = 0; // tiles a side
  std::vector<MapCluster> clusters; // largest first
};

// The visible items grouped by the square tile that holds them, `tiles` tiles across the layout's
// longer side; tiles with fewer than `minItems` items are left out. Throws std::invalid_argument
// without a layout or for tiles < 1.
std::vector<MapCluster> tileLayout(const MapModel &model, int tiles, int minItems);

// c-TF-IDF labels of `clusters` from their captions (an image contributes its captions' words),
// common English function words left out.
void labelClusters(const MapModel &model, std::vector<MapCluster> &clusters, int words = 3);

// Coarse to fine: 3, 6 and 12 tiles a side, tiles of at least max(3, 1 % of the visible items),
// each level labelled. Empty without a layout or under 10 visible items.
std::vector<MapClusterLevel> summariseMap(const MapModel &model);

}  // namespace gs
