#include "analysis/mapclusters.h"

#include "analysis/mapmodel.h"
#include "text/tokenizer.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

namespace gs {

namespace {

// Function words no cluster is named by (and the demo's "picture"/"image" filler).
const QSet<QString> &stopWords() {
  static const QSet<QString> words{
      QStringLiteral("a"),     QStringLiteral("an"),    QStringLiteral("the"),   QStringLiteral("of"),   QStringLiteral("in"),
      QStringLiteral("on"),    QStringLiteral("at"),    QStringLiteral("to"),    QStringLiteral("is"),   QStringLiteral("are"),
      QStringLiteral("and"),   QStringLiteral("with"),  QStringLiteral("there"), QStringLiteral("this"), QStringLiteral("it"),
      QStringLiteral("its"),   QStringLiteral("be"),    QStringLiteral("can"),   QStringLiteral("one"),  QStringLiteral("by"),
      QStringLiteral("for"),   QStringLiteral("from"),  QStringLiteral("as"),    QStringLiteral("some"), QStringLiteral("two"),
      QStringLiteral("seen"),  QStringLiteral("shown"), QStringLiteral("picture"), QStringLiteral("image"), QStringLiteral("while"),
      QStringLiteral("his"),   QStringLiteral("her"),   QStringLiteral("their"), QStringLiteral("that"), QStringLiteral("has")};
  return words;
}

}  // namespace

std::vector<MapCluster> tileLayout(const MapModel &model, int tiles, int minItems) {
  if (!model.hasPositions()) throw std::invalid_argument("tileLayout: the map has no layout yet");
  if (tiles < 1) throw std::invalid_argument("tileLayout: need at least one tile");
  const QRectF b = model.bounds();
  const double side = std::max({b.width(), b.height(), 1e-12}) / tiles; // square tiles, in layout units
  std::unordered_map<int, MapCluster> byTile;
  for (int item = 0; item < model.itemCount(); ++item) {
    if (model.hidden(item)) continue;
    const QPointF p = model.position(item);
    const int tx = std::min(tiles - 1, int((p.x() - b.left()) / side)), ty = std::min(tiles - 1, int((p.y() - b.top()) / side));
    byTile[ty * tiles + tx].items.push_back(item);
  }
  std::vector<std::pair<int, MapCluster>> ordered(byTile.begin(), byTile.end());
  std::sort(ordered.begin(), ordered.end(), [](const auto &a, const auto &b) { return a.first < b.first; }); // tile order: deterministic
  std::vector<MapCluster> clusters;
  for (auto &[tile, cluster] : ordered) {
    if (int(cluster.items.size()) < minItems) continue;
    QPointF sum;
    for (int item : cluster.items) sum += model.position(item);
    cluster.centre = sum / double(cluster.items.size());
    clusters.push_back(std::move(cluster));
  }
  std::stable_sort(clusters.begin(), clusters.end(), [](const MapCluster &a, const MapCluster &b) { return a.items.size() > b.items.size(); });
  return clusters;
}

void labelClusters(const MapModel &model, std::vector<MapCluster> &clusters, int words) {
  const MapData &d = model.data();
  // Word counts per cluster; an image adds its captions' words.
  std::vector<QHash<QString, int>> counts(clusters.size());
  std::vector<int> totals(clusters.size(), 0);
  QHash<QString, int> overall;
  std::vector<std::vector<int>> captionsOfImage(std::size_t(model.imageCount()));
  for (int c = 0; c < model.captionCount(); ++c) {
    const int image = d.captionImage[std::size_t(c)];
    if (image >= 0 && image < model.imageCount()) captionsOfImage[std::size_t(image)].push_back(c);
  }
  for (std::size_t k = 0; k < clusters.size(); ++k)
    for (int item : clusters[k].items) {
      const std::vector<int> captions = model.kind(item) == MapItemKind::Caption ? std::vector<int>{model.row(item)}
                                                                                 : captionsOfImage[std::size_t(model.row(item))];
      for (int c : captions)
        for (const QString &w : tokenize(d.captions[c])) {
          if (stopWords().contains(w) || w.size() < 2) continue;
          ++counts[k][w];
          ++totals[k];
          ++overall[w];
        }
    }
  double average = 0;
  for (int t : totals) average += t;
  average = clusters.empty() ? 0 : average / double(clusters.size());
  for (std::size_t k = 0; k < clusters.size(); ++k) {
    std::vector<std::pair<double, QString>> scored;
    for (auto it = counts[k].cbegin(); it != counts[k].cend(); ++it) {
      const double tf = double(it.value()) / std::max(1, totals[k]);
      scored.push_back({tf * std::log(1.0 + average / overall.value(it.key())), it.key()});
    }
    std::sort(scored.begin(), scored.end(), [](const auto &a, const auto &b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    clusters[k].words.clear();
    for (int w = 0; w < words && w < int(scored.size()); ++w) clusters[k].words << scored[std::size_t(w)].second;
  }
}

std::vector<MapClusterLevel> summariseMap(const MapModel &model) {
  std::vector<MapClusterLevel> levels;
  if (!model.hasPositions()) return levels;
  int visible = 0;
  for (int item = 0; item < model.itemCount(); ++item) visible += !model.hidden(item);
  if (visible < 10) return levels;
  const int minItems = std::max(3, visible / 100);
  for (int tiles : {3, 6, 12}) {
    MapClusterLevel level;
    level.tiles = tiles;
    level.clusters = tileLayout(model, tiles, minItems);
    labelClusters(model, level.clusters);
    levels.push_back(std::move(level));
  }
  return levels;
}

}  // namespace gs
