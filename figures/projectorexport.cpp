#include "figures/projectorexport.h"

#include "io/atomicfile.h"

#include <QBuffer>
#include <QDir>
#include <QHash>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>

#include <cmath>
#include <stdexcept>

namespace gs {

int spriteTileSize(int points, int preferred) {
  const int perSide = std::max(1, int(std::ceil(std::sqrt(double(std::max(1, points))))));
  const int tile = std::min({preferred, kMaxSpriteTile, kSpriteSide / perSide});
  return tile >= kMinSpriteTile ? tile : 0;
}

SpriteResult writeProjectorSprite(const QString &path, const std::vector<SpriteTile> &tiles, int preferredTile) {
  SpriteResult result;
  const int n = int(tiles.size());
  result.tile = spriteTileSize(n, preferredTile);
  if (result.tile == 0)
    throw std::runtime_error(QStringLiteral("%1: %2 points need tiles below %3 pixels in a %4-pixel sprite")
                                 .arg(path).arg(n).arg(kMinSpriteTile).arg(kSpriteSide).toStdString());
  const int tile = result.tile, perSide = std::max(1, int(std::ceil(std::sqrt(double(std::max(1, n))))));
  QImage sprite(perSide * tile, perSide * tile, QImage::Format_RGB32);
  sprite.fill(Qt::white);
  QPainter painter(&sprite);
  painter.setRenderHint(QPainter::Antialiasing);
  // A caption's mark: the Map's caption cross in its orange, so both views read alike.
  const QPen cross(QColor(255, 127, 14), std::max(1.0, tile / 10.0));
  QHash<QString, QImage> decoded; // each file once: an image and its captions share it
  const auto thumbnail = [&](const QString &file) -> QImage {
    if (file.isEmpty()) return {};
    const auto found = decoded.constFind(file);
    if (found != decoded.cend()) return found.value();
    QImageReader reader(file);
    const QSize size = reader.size();
    if (size.isValid()) reader.setScaledSize(size.scaled(tile, tile, Qt::KeepAspectRatio));
    QImage image = reader.read();
    if (image.isNull()) result.unreadable.append(file);
    else if (image.width() > tile || image.height() > tile)
      image = image.scaled(tile, tile, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    decoded.insert(file, image);
    return image;
  };
  for (int k = 0; k < n; ++k) {
    const QRect cell((k % perSide) * tile, (k / perSide) * tile, tile, tile);
    const QImage image = thumbnail(tiles[std::size_t(k)].imagePath);
    if (!image.isNull()) {
      painter.setOpacity(tiles[std::size_t(k)].caption ? 0.3 : 1.0);
      painter.drawImage(cell.x() + (tile - image.width()) / 2, cell.y() + (tile - image.height()) / 2, image);
      painter.setOpacity(1.0);
      result.decoded += !tiles[std::size_t(k)].caption;
    } else if (!tiles[std::size_t(k)].caption) {
      painter.fillRect(cell, QColor(200, 200, 200)); // an image that could not be read
    }
    if (tiles[std::size_t(k)].caption) {
      painter.setPen(cross);
      const QRectF inner = QRectF(cell).adjusted(tile * 0.25, tile * 0.25, -tile * 0.25, -tile * 0.25);
      painter.drawLine(inner.topLeft(), inner.bottomRight());
      painter.drawLine(inner.topRight(), inner.bottomLeft());
    }
  }
  painter.end();
  QByteArray png;
  QBuffer buffer(&png);
  buffer.open(QIODevice::WriteOnly);
  if (!sprite.save(&buffer, "PNG")) throw std::runtime_error(QStringLiteral("%1: cannot encode the sprite").arg(path).toStdString());
  writeFileAtomically(path, png);
  return result;
}

void writeProjectorConfigs(const QString &dir, const QString &tensorName, int points, int dim, int tile) {
  const QDir folder(dir);
  QByteArray pbtxt = QStringLiteral("embeddings {\n  tensor_name: \"%1\"\n  tensor_path: \"vectors.tsv\"\n  metadata_path: \"metadata.tsv\"\n")
                         .arg(tensorName).toUtf8();
  QJsonObject embedding{{QStringLiteral("tensorName"), tensorName},
                        {QStringLiteral("tensorShape"), QJsonArray{points, dim}},
                        {QStringLiteral("tensorPath"), QStringLiteral("vectors.tsv")},
                        {QStringLiteral("metadataPath"), QStringLiteral("metadata.tsv")}};
  if (tile > 0) {
    pbtxt += QStringLiteral("  sprite {\n    image_path: \"sprite.png\"\n    single_image_dim: %1\n    single_image_dim: %1\n  }\n").arg(tile).toUtf8();
    embedding.insert(QStringLiteral("sprite"), QJsonObject{{QStringLiteral("imagePath"), QStringLiteral("sprite.png")},
                                                         {QStringLiteral("singleImageDim"), QJsonArray{tile, tile}}});
  }
  pbtxt += "}\n";
  writeFileAtomically(folder.filePath(QStringLiteral("projector_config.pbtxt")), pbtxt);
  writeFileAtomically(folder.filePath(QStringLiteral("projector_config.json")),
                      QJsonDocument(QJsonObject{{QStringLiteral("embeddings"), QJsonArray{embedding}}}).toJson());
}

}  // namespace gs
