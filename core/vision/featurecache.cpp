// The feature cache on disk: the key that says whether a folder holds what a run would compute, and
// reading a finished folder back (memory-mapped).
//
// Folder layout: manifest.json (written last: its presence means complete), features.npy (N×D),
// and with regions region_features.npy (R×D) and region_boxes.npy (R×4: x, y, width, height).
// While a run is under way: partial/chunk-NNNNN.{json,npy} (see featureextractor.cpp).

#include "vision/features.h"

#include "data/boxes.h"

#include "vision/detail/cachelayout.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <limits>
#include <stdexcept>

namespace gs {

namespace {

constexpr int kCacheFormat = vision::kFeatureCacheFormat;

[[noreturn]] void fail(const QString &file, const QString &reason) {
  throw std::runtime_error(QStringLiteral("%1: %2").arg(file, reason).toStdString());
}

QString fileHash(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("unreadable");
  QCryptographicHash hash(QCryptographicHash::Sha1);
  hash.addData(&file);
  return QString::fromLatin1(hash.result().toHex());
}

}  // namespace

template <>
const std::vector<EnumName<CropSource>> &enumTable<CropSource>() {
  static const std::vector<EnumName<CropSource>> table = {{CropSource::Images, QStringLiteral("images")},
                                                          {CropSource::Map, QStringLiteral("map")}};
  return table;
}

RegionPooling resolvedRegionPooling(const BackboneSpec &spec, RegionPooling requested) {
  if (requested != RegionPooling::Auto) return requested;
  return spec.kind == BackboneKind::ConceptCnn ? RegionPooling::Crop : RegionPooling::RoiAlign;
}

QString featureCacheKey(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options) {
  QCryptographicHash hash(QCryptographicHash::Sha1);
  hash.addData(QByteArray::number(kCacheFormat));
  for (const ImageRecord &image : dataset.images) {
    const QFileInfo info(image.path);
    hash.addData(QStringLiteral("%1\t%2\t%3\t%4\n")
                     .arg(image.id, info.absoluteFilePath())
                     .arg(info.exists() ? info.size() : -1)
                     .arg(info.exists() ? info.lastModified().toMSecsSinceEpoch() : 0)
                     .toUtf8());
  }
  QJsonObject backbone = spec.toJson();
  if (spec.kind == BackboneKind::ConceptCnn) {
    // The concept CNN learns from the captions and the split: they are inputs too.
    QCryptographicHash captions(QCryptographicHash::Sha1);
    for (const ImageRecord &image : dataset.images) {
      captions.addData(splitName(image.split).toUtf8());
      for (int c : image.captions) captions.addData(QByteArray(dataset.captions[c].tokens.join(QLatin1Char(' ')).toUtf8() + '\n'));
    }
    backbone.insert(QStringLiteral("captions"), QString::fromLatin1(captions.result().toHex()));
  } else {
    backbone.insert(QStringLiteral("file_sha1"), fileHash(spec.path));
    if (spec.kind == BackboneKind::Npy)
      backbone.insert(QStringLiteral("ids_sha1"), fileHash(spec.idsPath.isEmpty() ? idsFileFor(spec.path) : spec.idsPath));
  }
  hash.addData(QJsonDocument(backbone).toJson(QJsonDocument::Compact));
  hash.addData(QStringLiteral("crops=%1 regions=%2/%3")
                   .arg(cropCount(options.crops))
                   .arg(options.regions)
                   .arg(options.maxRegions)
                   .toUtf8());
  // RoIAlign region sets only: the keys of plain and cropped sets, and their caches, stay as they were.
  if (options.regions && resolvedRegionPooling(spec, options.regionPooling) == RegionPooling::RoiAlign)
    hash.addData(QStringLiteral(" roialign=%1").arg(options.regionInput).toUtf8());
  if (cropsFromMap(options.crops)) hash.addData(QStringLiteral(" crops from the map=%1").arg(options.regionInput).toUtf8());
  if (options.regions && options.regionSet == RegionSet::GroundTruth) {
    // The boxes come from the dataset's phrase annotations: they are inputs too.
    QCryptographicHash boxes(QCryptographicHash::Sha1);
    for (int i = 0; i < int(dataset.images.size()); ++i)
      for (const Box &b : groundTruthPhraseBoxes(dataset, i, options.maxRegions))
        boxes.addData(QStringLiteral("%1 %2 %3 %4 %5\n").arg(i).arg(b.x).arg(b.y).arg(b.width).arg(b.height).toUtf8());
    hash.addData(QByteArray(QByteArray("ground-truth regions ") + boxes.result().toHex()));
  }
  // Proposals are seeded per image (older caches drew them from the thread's random state, so they
  // depended on the images before): this tag keeps older sets of proposals from being reused.
  if (options.regions && options.regionSet == RegionSet::Proposals) hash.addData(QByteArray("proposals seeded per image"));
  // Single-strategy proposals only, so the fast preset's caches stay valid.
  if (options.regions && options.regionSet == RegionSet::Proposals && options.proposals == ProposalSearch::Single)
    hash.addData(QByteArray(" single-strategy proposals"));
  if (options.regions && options.regionSet == RegionSet::Proposals && options.proposals == ProposalSearch::Scored)
    hash.addData(QByteArray(" scored proposals: 300 fast boxes, max class probability x area share^1.5, NMS 0.4"));
  return QString::fromLatin1(hash.result().toHex());
}

std::vector<RegionFeature> FeatureSet::regionsOf(int row) const {
  std::vector<RegionFeature> regions;
  if (!hasRegions() || row < 0 || row >= size()) return regions;
  for (int r = m_regionOffsets[row]; r < m_regionOffsets[row + 1]; ++r)
    regions.push_back({m_regionBoxes[r], m_regionFeatures.row(r)});
  return regions;
}

FeatureSet loadFeatures(const QString &dir) {
  const QString manifestPath = QDir(dir).filePath(QStringLiteral("manifest.json"));
  QFile file(manifestPath);
  if (!file.exists()) fail(manifestPath, QStringLiteral("no feature set here (manifest.json missing: not extracted or not finished)"));
  if (!file.open(QIODevice::ReadOnly)) fail(manifestPath, file.errorString());
  QJsonParseError error;
  const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
  if (error.error != QJsonParseError::NoError)
    fail(manifestPath, QStringLiteral("malformed JSON at offset %1: %2").arg(error.offset).arg(error.errorString()));
  const QJsonObject manifest = document.object();
  if (manifest.value(QStringLiteral("format")).toInt() != kCacheFormat)
    fail(manifestPath, QStringLiteral("unknown feature-cache format %1").arg(manifest.value(QStringLiteral("format")).toInt()));

  FeatureSet set;
  set.m_folder = QFileInfo(dir).absoluteFilePath();
  set.m_manifest = manifest;
  for (const QJsonValue &id : manifest.value(QStringLiteral("image_ids")).toArray()) {
    if (!id.isString() || set.m_rowOf.contains(id.toString()))
      fail(manifestPath, QStringLiteral("image_ids[%1] is %2").arg(set.m_ids.size()).arg(id.isString() ? QStringLiteral("a repeated id") : QStringLiteral("not a string")));
    set.m_rowOf.insert(id.toString(), set.m_ids.size());
    set.m_ids << id.toString();
  }
  for (const QJsonValue &v : manifest.value(QStringLiteral("skipped")).toArray()) {
    const QJsonObject o = v.toObject();
    set.m_skipped.push_back({o.value(QStringLiteral("id")).toString(), o.value(QStringLiteral("path")).toString(),
                             o.value(QStringLiteral("reason")).toString()});
  }
  const QString featuresPath = QDir(dir).filePath(QStringLiteral("features.npy"));
  set.m_features = NpyMatrix::open(featuresPath);
  if (set.m_features.rows() != set.m_ids.size())
    fail(featuresPath, QStringLiteral("%1 rows for %2 image ids in manifest.json").arg(set.m_features.rows()).arg(set.m_ids.size()));

  const QJsonArray counts = manifest.value(QStringLiteral("region_counts")).toArray();
  if (!counts.isEmpty()) {
    if (counts.size() != set.m_ids.size()) fail(manifestPath, QStringLiteral("region_counts does not match image_ids"));
    const QString regionPath = QDir(dir).filePath(QStringLiteral("region_features.npy"));
    const QString boxPath = QDir(dir).filePath(QStringLiteral("region_boxes.npy"));
    set.m_regionFeatures = NpyMatrix::open(regionPath);
    const NpyMatrix boxes = NpyMatrix::open(boxPath);
    set.m_regionOffsets.push_back(0);
    for (const QJsonValue &count : counts) {
      // A negative count would make the offsets run backwards and regionsOf read past the files.
      const int n = count.isDouble() && count.toDouble() == double(count.toInt()) ? count.toInt() : -1;
      if (n < 0 || set.m_regionOffsets.back() > std::numeric_limits<int>::max() - n)
        fail(manifestPath, QStringLiteral("region_counts[%1] is not a count of regions").arg(set.m_regionOffsets.size() - 1));
      set.m_regionOffsets.push_back(set.m_regionOffsets.back() + n);
    }
    if (set.m_regionFeatures.rows() != set.m_regionOffsets.back() || set.m_regionFeatures.cols() != set.m_features.cols())
      fail(regionPath, QStringLiteral("shape does not match the manifest's region counts"));
    if (boxes.rows() != set.m_regionOffsets.back() || boxes.cols() != 4)
      fail(boxPath, QStringLiteral("shape does not match the manifest's region counts"));
    for (std::int64_t r = 0; r < boxes.rows(); ++r) {
      const float *b = boxes.row(r);
      set.m_regionBoxes.push_back({b[0], b[1], b[2], b[3]});
    }
  }
  return set;
}

}  // namespace gs
