// The feature cache's writer: partial chunks, the final files, manifest.json last.

#include "vision/detail/featurecachewriter.h"

#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "vision/detail/cachelayout.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <stdexcept>

namespace gs::vision {

namespace {

constexpr int kSkipWarningsShown = 20; // per-image warnings logged before only counting

QString chunkBase(const QString &folder, int index) {
  return QDir(folder).filePath(QStringLiteral("partial/chunk-%1").arg(index, 5, 10, QLatin1Char('0')));
}

QJsonArray skippedJson(const std::vector<SkippedImage> &skipped) {
  QJsonArray array;
  for (const SkippedImage &s : skipped)
    array.append(QJsonObject{{QStringLiteral("id"), s.id}, {QStringLiteral("path"), s.path}, {QStringLiteral("reason"), s.reason}});
  return array;
}

std::vector<SkippedImage> skippedFromJson(const QJsonArray &array) {
  std::vector<SkippedImage> skipped;
  for (const QJsonValue &v : array) {
    const QJsonObject o = v.toObject();
    skipped.push_back({o.value(QStringLiteral("id")).toString(), o.value(QStringLiteral("path")).toString(),
                       o.value(QStringLiteral("reason")).toString()});
  }
  return skipped;
}

QJsonArray intArray(const std::vector<int> &values) {
  QJsonArray array;
  for (int v : values) array.append(v);
  return array;
}

// All chunks as one: what the final files hold.
// Everything but the region features, which stay in their chunks: at Flickr30k's size with a
// 1,280-d network they are gigabytes, written straight from the chunks (writeFeatureFiles).
struct JoinedChunks {
  std::vector<float> features, regionBoxes;
  std::vector<int> regionCounts;
  QStringList ids;
  std::vector<SkippedImage> skipped;
};

JoinedChunks joinChunks(const std::vector<FeatureChunk> &chunks) {
  JoinedChunks all;
  for (const FeatureChunk &chunk : chunks) {
    all.ids << chunk.ids;
    all.features.insert(all.features.end(), chunk.features.begin(), chunk.features.end());
    all.regionBoxes.insert(all.regionBoxes.end(), chunk.regionBoxes.begin(), chunk.regionBoxes.end());
    all.regionCounts.insert(all.regionCounts.end(), chunk.regionCounts.begin(), chunk.regionCounts.end());
    all.skipped.insert(all.skipped.end(), chunk.skipped.begin(), chunk.skipped.end());
  }
  return all;
}

// Fails when no image could be read; otherwise warns of the first kSkipWarningsShown skipped ones.
void reportSkipped(const Dataset &dataset, const JoinedChunks &all, JobContext *job) {
  const std::vector<SkippedImage> &skipped = all.skipped;
  if (all.ids.isEmpty())
    throw std::runtime_error(QStringLiteral("%1: no image could be read (%2 skipped; first: %3: %4)")
                                 .arg(dataset.root)
                                 .arg(skipped.size())
                                 .arg(skipped.empty() ? QString() : skipped.front().path, skipped.empty() ? QString() : skipped.front().reason)
                                 .toStdString());
  for (std::size_t k = 0; k < skipped.size() && job; ++k) {
    if (static_cast<int>(k) == kSkipWarningsShown) {
      job->warn(QStringLiteral("… and %1 more skipped images (see manifest.json)").arg(skipped.size() - k));
      break;
    }
    job->warn(QStringLiteral("skipped %1: %2").arg(skipped[k].path, skipped[k].reason));
  }
}

void writeFeatureFiles(const QString &folder, const std::vector<FeatureChunk> &chunks, const JoinedChunks &all, int dim, bool regions) {
  writeNpy(QDir(folder).filePath(QStringLiteral("features.npy")), all.features.data(), all.ids.size(), dim);
  if (regions) {
    std::vector<NpyRows> regionRows;
    for (const FeatureChunk &chunk : chunks) regionRows.push_back({chunk.regionFeatures.data(), std::int64_t(chunk.regionFeatures.size()) / std::max(dim, 1)});
    writeNpy(QDir(folder).filePath(QStringLiteral("region_features.npy")), regionRows, dim);
    writeNpy(QDir(folder).filePath(QStringLiteral("region_boxes.npy")), all.regionBoxes.data(), all.regionBoxes.size() / 4, 4);
  }
}

QJsonObject manifestJson(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options, const QString &key,
                         const JoinedChunks &all, const Extraction &run) {
  const double seconds = run.extractMs / 1000.0;
  QJsonObject backboneJson = spec.toJson();
  backboneJson.insert(QStringLiteral("description"), spec.describe());
  QJsonObject manifest{{QStringLiteral("format"), kFeatureCacheFormat},
                       {QStringLiteral("key"), key},
                       {QStringLiteral("dataset"), dataset.name},
                       {QStringLiteral("dataset_root"), dataset.root},
                       {QStringLiteral("backbone"), backboneJson},
                       {QStringLiteral("crops"), cropCount(options.crops)},
                       {QStringLiteral("regions"), options.regions},
                       {QStringLiteral("max_regions"), options.maxRegions},
                       {QStringLiteral("region_set"), enumName(options.regionSet)},
                       {QStringLiteral("region_pooling"), enumName(options.regionPooling)},
                       {QStringLiteral("proposals"), enumName(options.proposals)},
                       {QStringLiteral("region_input"), options.regionInput},
                       {QStringLiteral("dim"), run.dim},
                       {QStringLiteral("images"), all.ids.size()},
                       {QStringLiteral("image_ids"), QJsonArray::fromStringList(all.ids)},
                       {QStringLiteral("skipped"), skippedJson(all.skipped)},
                       {QStringLiteral("seconds"), seconds},
                       {QStringLiteral("resumed_chunks"), run.resumedChunks},
                       {QStringLiteral("images_per_second"), seconds > 0 ? run.processed / seconds : 0.0},
                       {QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
  if (options.regions) manifest.insert(QStringLiteral("region_counts"), intArray(all.regionCounts));
  if (cropsFromMap(options.crops)) manifest.insert(QStringLiteral("crops_from"), QStringLiteral("map"));
  if (!run.trainingSummary.isEmpty()) manifest.insert(QStringLiteral("concept_cnn"), run.trainingSummary);
  if (!run.decodedSummary.isEmpty()) manifest.insert(QStringLiteral("decoded_cache"), run.decodedSummary);
  return manifest;
}

}  // namespace

void writeChunk(const QString &folder, int index, const QString &key, FeatureChunk &chunk, int dim, bool regions,
                int chunkImages) {
  const QString base = chunkBase(folder, index);
  writeNpy(base + QStringLiteral(".npy"), chunk.features.data(), chunk.ids.size(), dim);
  if (regions) {
    const QString regionFile = base + QStringLiteral("-regions.npy");
    writeNpy(regionFile, chunk.regionFeatures.data(), chunk.regionFeatures.size() / qMax(dim, 1), dim);
    // From here on the chunk's regions are the file's pages, which the system may drop: at MS-COCO's
    // size the regions of every chunk together are 12.6 GB.
    chunk.regionFeatures = FloatRows::window(NpyMatrix::open(regionFile), 0, chunk.regionFeatures.size());
    writeNpy(base + QStringLiteral("-boxes.npy"), chunk.regionBoxes.data(), chunk.regionBoxes.size() / 4, 4);
  }
  const QJsonObject record{{QStringLiteral("key"), key},
                           {QStringLiteral("dim"), dim},
                           {QStringLiteral("chunk_images"), chunkImages},
                           {QStringLiteral("ids"), QJsonArray::fromStringList(chunk.ids)},
                           {QStringLiteral("skipped"), skippedJson(chunk.skipped)},
                           {QStringLiteral("region_counts"), intArray(chunk.regionCounts)}};
  writeFileAtomically(base + QStringLiteral(".json"), QJsonDocument(record).toJson(QJsonDocument::Compact));
}

bool readChunk(const QString &folder, int index, const QString &key, bool regions, int chunkImages, FeatureChunk *chunk,
               int *dim) {
  const QString base = chunkBase(folder, index);
  QFile file(base + QStringLiteral(".json"));
  if (!file.open(QIODevice::ReadOnly)) return false;
  const QJsonObject record = QJsonDocument::fromJson(file.readAll()).object();
  if (record.value(QStringLiteral("key")).toString() != key ||
      record.value(QStringLiteral("chunk_images")).toInt() != chunkImages)
    return false;
  try {
    const NpyMatrix features = NpyMatrix::open(base + QStringLiteral(".npy"));
    const QJsonArray ids = record.value(QStringLiteral("ids")).toArray();
    if (features.rows() != ids.size() || (*dim > 0 && features.cols() != *dim && ids.size() > 0)) return false;
    if (ids.size() > 0) *dim = static_cast<int>(features.cols());
    for (const QJsonValue &id : ids) chunk->ids << id.toString();
    chunk->features.assign(features.data(), features.data() + features.rows() * features.cols());
    chunk->skipped = skippedFromJson(record.value(QStringLiteral("skipped")).toArray());
    if (regions) {
      for (const QJsonValue &v : record.value(QStringLiteral("region_counts")).toArray()) chunk->regionCounts.push_back(v.toInt());
      const NpyMatrix regionFeatures = NpyMatrix::open(base + QStringLiteral("-regions.npy"));
      const NpyMatrix boxes = NpyMatrix::open(base + QStringLiteral("-boxes.npy"));
      chunk->regionFeatures = FloatRows::window(regionFeatures, 0, std::size_t(regionFeatures.rows() * regionFeatures.cols()));
      chunk->regionBoxes.assign(boxes.data(), boxes.data() + boxes.rows() * 4);
    }
  } catch (const std::exception &) {
    return false;
  }
  return true;
}

void writeFeatureSet(const QString &folder, const QString &manifestPath, const Dataset &dataset, const BackboneSpec &spec,
                     const ExtractOptions &options, const QString &key, const Extraction &run, JobContext *job) {
  const JoinedChunks all = joinChunks(run.chunks);
  reportSkipped(dataset, all, job);
  writeFeatureFiles(folder, run.chunks, all, run.dim, options.regions);
  writeFileAtomically(manifestPath, QJsonDocument(manifestJson(dataset, spec, options, key, all, run)).toJson(QJsonDocument::Indented));
}

}  // namespace gs::vision
