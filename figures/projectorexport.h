#pragma once
// The TensorBoard Embedding Projector's companions to vectors.tsv and metadata.tsv, so an `embed`
// folder opens as it is: a sprite (one image holding a tile per point, in row order; images as
// thumbnails, captions as a caption mark) and the configurations that name the files —
// projector_config.pbtxt (TensorBoard's log-directory plugin) and projector_config.json (the
// standalone projector, projector.tensorflow.org: "Load" or ?config=URL).

#include <QSize>
#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

// The projector reads sprites up to 8,192 pixels a side: tiles shrink (down to kMinSpriteTile)
// as points grow, so N points fit in a ⌈√N⌉-tile square.
constexpr int kSpriteSide = 8192;
constexpr int kMaxSpriteTile = 64;
constexpr int kMinSpriteTile = 4;

// The tile size for `points` points at most `preferred` pixels; 0 when even kMinSpriteTile does not fit.
int spriteTileSize(int points, int preferred);

struct SpriteResult {
  int tile = 0;          // pixels a side
  int decoded = 0;       // images drawn as thumbnails
  QStringList unreadable; // image files that could not be decoded (their tile is a grey square)
};

struct SpriteTile {
  QString imagePath;    // the image, or the image a caption describes ("" when unknown)
  bool caption = false; // a caption: its image faded under the Map's caption cross
};

// One tile per entry, in order: the image scaled into the tile (aspect kept); for a caption, its
// image faded with a caption mark over it, so the projector shows which image a caption describes.
// Each file is decoded once. Written atomically as PNG. Throws std::runtime_error naming the file
// when it cannot be written or there are too many points.
SpriteResult writeProjectorSprite(const QString &path, const std::vector<SpriteTile> &tiles, int preferredTile = 32);

// Both configuration files in `dir`, naming vectors.tsv, metadata.tsv and, when tile > 0,
// sprite.png; `points` × `dim` is the tensor's shape.
void writeProjectorConfigs(const QString &dir, const QString &tensorName, int points, int dim, int tile);

}  // namespace gs
