// extractFeatures: the feature cache's writer. Images are processed in chunks of
// ExtractOptions::chunkImages; each finished chunk is written (atomically) to partial/ with the cache
// key, so a cancelled, killed or crashed run resumes at the first missing chunk. When all chunks are
// there they are joined into features.npy (and the region files) and manifest.json is written last.

#include "vision/features.h"

#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "io/paths.h"
#include "runtime/runtime.h"
#include "vision/detail/backbone.h"
#include "vision/detail/cachelayout.h"
#include "vision/detail/conceptcnn.h"
#include "vision/detail/decodedcache.h"
#include "vision/detail/imageinput.h"
#include "vision/detail/regionproposals.h"
#include "vision/detail/roialign.h"
#include "data/boxes.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <condition_variable>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace gs {

namespace {

constexpr int kSkipWarningsShown = 20; // per-image warnings logged before only counting

struct Chunk {
  QStringList ids;
  std::vector<SkippedImage> skipped;
  std::vector<float> features;       // ids.size() × dim
  std::vector<int> regionCounts;     // per id
  std::vector<float> regionFeatures; // Σ regionCounts × dim
  std::vector<float> regionBoxes;    // Σ regionCounts × 4
};

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

// Data files first, the JSON record last: a chunk counts only when its record exists.
void writeChunk(const QString &folder, int index, const QString &key, const Chunk &chunk, int dim, bool regions,
                int chunkImages) {
  const QString base = chunkBase(folder, index);
  writeNpy(base + QStringLiteral(".npy"), chunk.features.data(), chunk.ids.size(), dim);
  if (regions) {
    writeNpy(base + QStringLiteral("-regions.npy"), chunk.regionFeatures.data(), chunk.regionFeatures.size() / qMax(dim, 1), dim);
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

// A finished chunk of this key, or false (then it and everything after it is redone).
bool readChunk(const QString &folder, int index, const QString &key, bool regions, int chunkImages, Chunk *chunk,
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
      chunk->regionFeatures.assign(regionFeatures.data(), regionFeatures.data() + regionFeatures.rows() * regionFeatures.cols());
      chunk->regionBoxes.assign(boxes.data(), boxes.data() + boxes.rows() * 4);
    }
  } catch (const std::exception &) {
    return false;
  }
  return true;
}

// Precomputed features: rows of the .npy matched to the dataset's images by id.
Chunk readPrecomputed(const Dataset &dataset, const BackboneSpec &spec, int *dim) {
  const QString idsPath = spec.idsPath.isEmpty() ? idsFileFor(spec.path) : spec.idsPath;
  const NpyMatrix matrix = NpyMatrix::open(spec.path);
  QFile idsFile(idsPath);
  if (!idsFile.open(QIODevice::ReadOnly | QIODevice::Text))
    throw std::runtime_error(QStringLiteral("%1: cannot read the image-id list for %2 (%3)")
                                 .arg(idsPath, spec.path, idsFile.errorString())
                                 .toStdString());
  QHash<QString, int> rowOf;
  int line = 0;
  while (!idsFile.atEnd()) {
    const QString id = QString::fromUtf8(idsFile.readLine()).trimmed();
    if (id.isEmpty()) continue;
    // Accept "path/to/12345.jpg" as well as "12345": ids are file-name stems in most formats.
    rowOf.insert(id, line);
    rowOf.insert(QFileInfo(id).completeBaseName(), line);
    ++line;
  }
  if (line != matrix.rows())
    throw std::runtime_error(QStringLiteral("%1: %2 ids for the %3 rows of %4").arg(idsPath).arg(line).arg(matrix.rows()).arg(spec.path).toStdString());
  *dim = static_cast<int>(matrix.cols());
  Chunk chunk;
  for (const ImageRecord &image : dataset.images) {
    int row = rowOf.value(image.id, -1);
    if (row < 0) row = rowOf.value(QFileInfo(image.path).completeBaseName(), -1);
    if (row < 0) {
      chunk.skipped.push_back({image.id, image.path, QStringLiteral("no precomputed feature for this id in %1").arg(idsPath)});
      continue;
    }
    const float *v = matrix.row(row);
    bool finite = true;
    for (int d = 0; d < *dim && finite; ++d) finite = std::isfinite(v[d]);
    if (!finite) {
      chunk.skipped.push_back({image.id, image.path, QStringLiteral("NaN or infinite value in row %1 of %2").arg(row).arg(spec.path)});
      continue;
    }
    chunk.ids << image.id;
    chunk.features.insert(chunk.features.end(), v, v + *dim);
  }
  return chunk;
}

// The whole image, then the image's ground-truth phrase boxes clipped to it (boxes that vanish are
// left out).
std::vector<cv::Rect> groundTruthRects(const Dataset &dataset, int imageIndex, const cv::Mat &image, int limit) {
  const cv::Rect whole(0, 0, image.cols, image.rows);
  std::vector<cv::Rect> rects{whole};
  for (const Box &b : groundTruthPhraseBoxes(dataset, imageIndex, limit)) {
    const cv::Rect r = cv::Rect(cvRound(b.x), cvRound(b.y), cvRound(b.width), cvRound(b.height)) & whole;
    if (r.area() > 0) rects.push_back(r);
  }
  return rects;
}

// Everything an image needs before the network: decoded, cropped and normalised into its rows of
// the input blob (and its region warps), or the reason it is skipped.
struct PreparedImage {
  QString reason;               // non-empty: skipped
  cv::Mat blob;                 // crops × 3 × S × S; empty when the whole image's row comes from the map
  cv::Mat regionBlob;           // regions × 3 × S × S (crop pooling), or 1 × 3 × H × W (RoIAlign's map input)
  std::vector<cv::Rect> boxes;  // regions only
  cv::Size imageSize;           // the decoded image's, which the boxes are in
};

// Regions by RoIAlign with one centre crop: the whole image's row is the map's region 0 (the whole
// image, averaged as the network's own pooling does), so the network runs once per image.
bool rowFromMap(const ExtractOptions &options) {
  return options.regions && options.regionPooling == RegionPooling::RoiAlign && options.crops == CropMode::Center;
}

PreparedImage prepareImage(const Dataset &dataset, int i, const InputSpec &input, const ExtractOptions &options,
                           const vision::DecodedImageCache &decoded) {
  PreparedImage prepared;
  const ImageRecord &record = dataset.images[i];
  // Regions are cut from the whole image; the crops alone come from the decoded cache when it is on.
  const cv::Mat image = options.regions ? vision::loadImage(record.path, &prepared.reason) : decoded.load(record.path, &prepared.reason);
  if (image.empty()) return prepared;
  prepared.imageSize = image.size();
  if (!rowFromMap(options)) prepared.blob = vision::makeBlob(vision::makeCrops(image, input, options.crops), input);
  if (options.regions) {
    // The whole image first, then the boxes (HM-LSTM Sec. 3.1, Karpathy's 19 + 1).
    prepared.boxes = options.regionSet == RegionSet::GroundTruth ? groundTruthRects(dataset, i, image, options.maxRegions)
                                                                 : vision::proposeRegions(image, options.maxRegions, options.proposals);
    if (options.regionPooling == RegionPooling::RoiAlign) {
      prepared.regionBlob = vision::makeImageBlob(image, input, options.regionInput);
    } else {
      std::vector<cv::Mat> warps;
      for (const cv::Rect &box : prepared.boxes) warps.push_back(vision::warpRegion(image, box, input));
      prepared.regionBlob = vision::makeBlob(warps, input);
    }
  }
  return prepared;
}

// The images of a chunk in order, prepared by `threads` workers up to `ahead` images beyond the one
// the network takes next (at least a batch, so a whole batch gets ready while the network runs the
// previous one): decoding, resizing and region proposals overlap the forward passes instead of
// waiting for them. Plain std::threads: QtConcurrent's global pool is shared with the GUI's jobs.
// With 0 threads each image is prepared on the network's thread when needed. The results, and their
// order, never depend on the threads.
constexpr int kPrepareNice = 10;

class PreparedQueue {
public:
  PreparedQueue(const Dataset &dataset, int begin, int end, const InputSpec &input, const ExtractOptions &options,
                const vision::DecodedImageCache &decoded, int threads)
      : m_dataset(dataset), m_input(input), m_options(options), m_decoded(decoded), m_begin(begin), m_end(end), m_next(begin), m_taken(begin),
        m_ahead(std::max(2 * options.batchSize, 2 * threads)), m_slots(static_cast<std::size_t>(end - begin)) {
    for (int t = 0; t < threads && t < end - begin; ++t) m_workers.emplace_back([this] { work(); });
  }
  ~PreparedQueue() {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_stopping = true; // a cancelled chunk: the workers finish their image and stop
    }
    m_changed.notify_all();
    for (std::thread &t : m_workers) t.join();
  }
  PreparedImage take(int i) {
    if (m_workers.empty()) return prepareSafely(i);
    std::unique_lock<std::mutex> lock(m_mutex);
    std::optional<PreparedImage> &slot = m_slots[std::size_t(i - m_begin)];
    m_changed.wait(lock, [&] { return slot.has_value(); });
    PreparedImage prepared = std::move(*slot);
    slot.reset();
    m_taken = i + 1;
    lock.unlock();
    m_changed.notify_all();
    return prepared;
  }

private:
  PreparedImage prepareSafely(int i) const {
    try {
      return prepareImage(m_dataset, i, m_input, m_options, m_decoded);
    } catch (const cv::Exception &error) { // an image OpenCV decodes but cannot resize or warp
      PreparedImage failed;
      failed.reason = QStringLiteral("cannot preprocess: %1").arg(QString::fromStdString(error.msg).trimmed());
      return failed;
    }
  }
  void work() {
    // Below the network's priority (Linux: a nice value per thread): decoding fills the cycles the
    // network leaves idle (its serial layers) instead of taking a core from it; the queue of
    // `ahead` images covers the moments it falls behind.
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kPrepareNice);
    for (;;) {
      std::unique_lock<std::mutex> lock(m_mutex);
      m_changed.wait(lock, [&] { return m_stopping || m_next >= m_end || m_next < m_taken + m_ahead; });
      if (m_stopping || m_next >= m_end) return;
      const int i = m_next++;
      lock.unlock();
      PreparedImage prepared = prepareSafely(i);
      lock.lock();
      m_slots[std::size_t(i - m_begin)] = std::move(prepared);
      lock.unlock();
      m_changed.notify_all();
    }
  }
  const Dataset &m_dataset;
  const InputSpec &m_input;
  const ExtractOptions &m_options;
  const vision::DecodedImageCache &m_decoded;
  const int m_begin, m_end;
  int m_next, m_taken;
  const int m_ahead;
  std::vector<std::optional<PreparedImage>> m_slots;
  std::mutex m_mutex;
  std::condition_variable m_changed;
  bool m_stopping = false;
  std::vector<std::thread> m_workers;
};

// An image's region features, one row per box: each warped box through the network, or every box
// pooled from the one map of the whole image (roialign.h), with the boxes scaled to the map's input.
cv::Mat regionFeatures(vision::Backbone &backbone, const PreparedImage &prepared, RegionPooling pooling) {
  if (pooling != RegionPooling::RoiAlign) return backbone.forward(prepared.regionBlob);
  const cv::Mat map = backbone.forwardMap(prepared.regionBlob);
  const cv::Size input(prepared.regionBlob.size[3], prepared.regionBlob.size[2]);
  const double fx = double(input.width) / prepared.imageSize.width, fy = double(input.height) / prepared.imageSize.height;
  std::vector<cv::Rect2d> boxes;
  for (const cv::Rect &box : prepared.boxes) boxes.emplace_back(box.x * fx, box.y * fy, box.width * fx, box.height * fy);
  return vision::roiAlign(map, boxes, input);
}

// One chunk of images through a pixel backbone: prepared images (above), forwarded in batches of
// options.batchSize images, crops averaged. (When every row comes from the image's map,
// extractMapChunk does the chunk.)
Chunk extractChunk(const Dataset &dataset, int begin, int end, vision::Backbone &backbone, const ExtractOptions &options,
                   const vision::DecodedImageCache &decoded, JobContext *job) {
  Chunk chunk;
  const InputSpec &input = backbone.input();
  std::vector<cv::Mat> pendingBlobs;
  const int cropsPerImage = options.crops == CropMode::TenCrop ? 10 : 1;
  const auto flush = [&] {
    if (pendingBlobs.empty()) return;
    const int images = static_cast<int>(pendingBlobs.size());
    const cv::Mat features = backbone.forward(vision::stackBlobs(pendingBlobs.data(), images));
    for (int k = 0; k < images; ++k) {
      cv::Mat mean;
      cv::reduce(features.rowRange(k * cropsPerImage, (k + 1) * cropsPerImage), mean, 0, cv::REDUCE_AVG);
      chunk.features.insert(chunk.features.end(), mean.ptr<float>(), mean.ptr<float>() + mean.cols);
    }
    pendingBlobs.clear();
  };
  PreparedQueue queue(dataset, begin, end, input, options, decoded, options.prepareThreads);
  for (int i = begin; i < end; ++i) {
    if (job) job->checkpoint();
    const ImageRecord &record = dataset.images[i];
    PreparedImage prepared = queue.take(i);
    if (!prepared.reason.isEmpty()) {
      chunk.skipped.push_back({record.id, record.path, prepared.reason});
      continue;
    }
    chunk.ids << record.id;
    if (options.regions) {
      for (const cv::Rect &box : prepared.boxes)
        chunk.regionBoxes.insert(chunk.regionBoxes.end(), {float(box.x), float(box.y), float(box.width), float(box.height)});
      const cv::Mat features = regionFeatures(backbone, prepared, options.regionPooling);
      chunk.regionFeatures.insert(chunk.regionFeatures.end(), features.ptr<float>(), features.ptr<float>() + features.total());
      chunk.regionCounts.push_back(static_cast<int>(prepared.boxes.size()));
    }
    pendingBlobs.push_back(prepared.blob);
    if (static_cast<int>(pendingBlobs.size()) >= options.batchSize) flush();
  }
  flush();
  return chunk;
}

// One image's rows in RoIAlign mode, computed on any thread: its boxes and region features (region 0
// is the whole image's row), or why it was skipped.
struct MapRows {
  QString skipped;
  std::vector<float> boxes, features;
  int regions = 0, dim = 0;
};

MapRows mapRowsOf(vision::Backbone &network, PreparedImage prepared) {
  MapRows rows;
  if (!prepared.reason.isEmpty()) {
    rows.skipped = prepared.reason;
    return rows;
  }
  for (const cv::Rect &box : prepared.boxes) rows.boxes.insert(rows.boxes.end(), {float(box.x), float(box.y), float(box.width), float(box.height)});
  const cv::Mat features = regionFeatures(network, prepared, RegionPooling::RoiAlign);
  rows.features.assign(features.ptr<float>(), features.ptr<float>() + features.total());
  rows.regions = static_cast<int>(prepared.boxes.size());
  rows.dim = features.cols;
  return rows;
}

// A chunk in RoIAlign mode (rowFromMap), one map per image, nothing batched. With several copies of
// the network, one image each at once: the images are independent, and each copy runs
// single-threaded, so two cores pass two images where OpenCV's parallel layers would pass little
// more than one. Every image's rows are kept in its slot and joined in image order, so the result
// is the one network's. The calling thread runs networks[0] and answers cancel and pause; the
// others stop when it does or when one fails.
Chunk extractMapChunk(const Dataset &dataset, int begin, int end, const std::vector<vision::Backbone *> &networks,
                      const ExtractOptions &options, const vision::DecodedImageCache &decoded, JobContext *job) {
  PreparedQueue queue(dataset, begin, end, networks.front()->input(), options, decoded, options.prepareThreads);
  std::vector<MapRows> slots(static_cast<std::size_t>(end - begin));
  std::atomic<int> next{begin};
  std::atomic<bool> stop{false};
  std::mutex failureLock;
  std::exception_ptr failure;
  const auto work = [&](vision::Backbone *network, bool answersJob) {
    try {
      for (int i = next++; i < end && !stop; i = next++) {
        if (answersJob && job) job->checkpoint();
        slots[std::size_t(i - begin)] = mapRowsOf(*network, queue.take(i));
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(failureLock);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  const int previousThreads = cv::getNumThreads();
  const bool copiesAtOnce = networks.size() > 1;
  if (copiesAtOnce) cv::setNumThreads(1);
  std::vector<std::thread> helpers;
  for (std::size_t k = 1; k < networks.size(); ++k) helpers.emplace_back(work, networks[k], false);
  work(networks.front(), true);
  for (std::thread &t : helpers) t.join();
  if (copiesAtOnce) cv::setNumThreads(previousThreads);
  if (failure) std::rethrow_exception(failure);

  Chunk chunk;
  for (int i = begin; i < end; ++i) {
    MapRows &rows = slots[std::size_t(i - begin)];
    const ImageRecord &record = dataset.images[i];
    if (!rows.skipped.isEmpty()) {
      chunk.skipped.push_back({record.id, record.path, rows.skipped});
      continue;
    }
    chunk.ids << record.id;
    chunk.regionBoxes.insert(chunk.regionBoxes.end(), rows.boxes.begin(), rows.boxes.end());
    chunk.regionFeatures.insert(chunk.regionFeatures.end(), rows.features.begin(), rows.features.end());
    chunk.regionCounts.push_back(rows.regions);
    chunk.features.insert(chunk.features.end(), rows.features.begin(), rows.features.begin() + rows.dim);
  }
  return chunk;
}

// The networks extractMapChunk runs: the backbone and, where it can be copied, one copy per further
// configured core (held in `copies`). One network when the mode batches images instead.
std::vector<vision::Backbone *> mapNetworks(vision::Backbone &backbone, const ExtractOptions &options,
                                           std::vector<std::unique_ptr<vision::Backbone>> &copies) {
  std::vector<vision::Backbone *> networks{&backbone};
  if (!rowFromMap(options)) return networks;
  const int wanted = options.mapNetworks > 0 ? options.mapNetworks : runtime::configuredThreads();
  for (int k = 1; k < wanted; ++k) {
    std::unique_ptr<vision::Backbone> copy = backbone.clone();
    if (!copy) break;
    networks.push_back(copy.get());
    copies.push_back(std::move(copy));
  }
  return networks;
}

void checkOptions(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options) {
  if (options.chunkImages < 0 || options.batchSize < 1 || options.maxRegions < 0 || options.prepareThreads < 0)
    throw std::invalid_argument("extractFeatures: batchSize must be >= 1, chunkImages, maxRegions and prepareThreads >= 0");
  if (options.regions && options.regionInput < 32)
    throw std::invalid_argument("extractFeatures: regionInput must be at least 32 px, got " + std::to_string(options.regionInput));
  if (dataset.images.empty()) throw std::runtime_error(QStringLiteral("%1: the dataset has no images").arg(dataset.root).toStdString());
  if (spec.kind == BackboneKind::Npy && options.regions)
    throw std::runtime_error(QStringLiteral("%1: precomputed features carry no pixels; --regions needs an image backbone")
                                 .arg(spec.path)
                                 .toStdString());
  if (spec.kind != BackboneKind::ConceptCnn && !QFileInfo(spec.path).isFile())
    throw std::runtime_error(QStringLiteral("%1: backbone file not found").arg(spec.path).toStdString());
}

// Where a set of this key lives: options.outDir, or a folder of the user's feature cache named by
// the dataset, the backbone kind and the key.
QString featureFolder(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options, const QString &key) {
  return options.outDir.isEmpty()
             ? QDir(userCacheDir(QStringLiteral("features")))
                   .filePath(QStringLiteral("%1-%2-%3").arg(dataset.name.isEmpty() ? QStringLiteral("dataset") : dataset.name,
                                                            backboneKindName(spec.kind), key.left(16)))
             : options.outDir;
}

// A complete set of this key: nothing to extract. Another key's (or a damaged) set goes, so no
// stale manifest can vouch for new files.
std::optional<FeatureSet> loadCompleteSet(const QString &folder, const QString &manifestPath, const QString &key, JobContext *job) {
  QFile manifestFile(manifestPath);
  if (!manifestFile.open(QIODevice::ReadOnly)) return std::nullopt;
  const QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
  manifestFile.close();
  if (manifest.value(QStringLiteral("key")).toString() == key) {
    try {
      FeatureSet set = loadFeatures(folder);
      if (job) job->log(QStringLiteral("features: reusing %1 (%2 images, %3-d)").arg(folder).arg(set.size()).arg(set.dim()));
      return set;
    } catch (const std::exception &error) {
      if (job) job->warn(QStringLiteral("features: re-extracting, the cached set is damaged: %1").arg(QString::fromUtf8(error.what())));
    }
  }
  QFile::remove(manifestPath);
  return std::nullopt;
}

// The chunks one call extracted (or read back), their dimension, and what the manifest reports.
struct Extraction {
  std::vector<Chunk> chunks;
  int dim = 0;
  double extractMs = 0; // extraction only (not training), from nanoseconds: reading .npy rows takes well under 1 ms
  int processed = 0;    // images run through the network in this call (not resumed ones)
  int resumedChunks = 0;
  QJsonObject trainingSummary, decodedSummary;
};

// Precomputed features: the dataset's rows of the .npy file, one chunk.
Extraction readPrecomputedFeatures(const Dataset &dataset, const BackboneSpec &spec) {
  Extraction run;
  QElapsedTimer clock;
  clock.start();
  run.chunks.push_back(readPrecomputed(dataset, spec, &run.dim));
  run.processed = static_cast<int>(dataset.images.size());
  run.extractMs = clock.nsecsElapsed() / 1e6;
  return run;
}

// Resume: keep the leading chunks a previous run of this key finished.
void resumeChunks(const QString &folder, const QString &key, const ExtractOptions &options, int chunkCount, Extraction *run) {
  for (int c = 0; c < chunkCount; ++c) {
    Chunk chunk;
    if (!readChunk(folder, c, key, options.regions, options.chunkImages, &chunk, &run->dim)) break;
    run->chunks.push_back(std::move(chunk));
  }
  run->resumedChunks = static_cast<int>(run->chunks.size());
}

// What the decoded-image cache did, for the manifest (empty when it is off), and logged.
QJsonObject decodedCacheSummary(const vision::DecodedImageCache &decoded, JobContext *job) {
  if (!decoded.enabled()) return {};
  const QJsonObject summary{{QStringLiteral("folder"), decoded.folder()},
                            {QStringLiteral("read"), decoded.hits()},
                            {QStringLiteral("stored"), decoded.stored()},
                            {QStringLiteral("not_stored"), decoded.unstored()}};
  if (job) {
    job->log(QStringLiteral("features: %1 decoded images read from %2, %3 decoded and stored there")
                 .arg(decoded.hits()).arg(decoded.folder()).arg(decoded.stored()));
    if (decoded.unstored() > 0)
      job->warn(QStringLiteral("features: %1 decoded images could not be cached (first: %2); extraction is unaffected")
                    .arg(decoded.unstored()).arg(decoded.firstWriteError()));
  }
  return summary;
}

// An image backbone: the chunks a previous run finished are read back, the rest run through the
// network chunk by chunk, each finished chunk but the last written to partial/.
Extraction extractWithBackbone(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options, const QString &folder,
                               const QString &key, JobContext *job) {
  Extraction run;
  const QString decodedFolder = !options.reuseDecoded             ? QString()
                                : options.decodedCacheDir.isEmpty() ? userCacheDir(QStringLiteral("decoded"))
                                                                    : options.decodedCacheDir;
  const vision::DecodedImageCache decoded(decodedFolder, spec.input);
  std::unique_ptr<vision::Backbone> backbone = vision::openPixelBackbone(dataset, spec, folder, job, &run.trainingSummary, &decoded);
  // OpenCV's parallel loops (resizing, the dnn layers) on the configured cores, set here rather than
  // left to OpenCV's default, which counts every core the machine has, not what GS_THREADS allows.
  cv::setNumThreads(runtime::configuredThreads());
  std::vector<std::unique_ptr<vision::Backbone>> copies;
  const std::vector<vision::Backbone *> networks = mapNetworks(*backbone, options, copies);
  if (job && rowFromMap(options))
    job->log(QStringLiteral("features: one map per image on %1 copy(ies) of the network at once, %2 thread(s) preparing images ahead")
                 .arg(networks.size()).arg(options.prepareThreads));
  else if (job)
    job->log(QStringLiteral("features: batches of %1 images, %2 thread(s) preparing images ahead, OpenCV on %3 thread(s)")
                 .arg(options.batchSize).arg(options.prepareThreads).arg(cv::getNumThreads()));
  const int total = static_cast<int>(dataset.images.size());
  const int chunkCount = (total + options.chunkImages - 1) / options.chunkImages;
  resumeChunks(folder, key, options, chunkCount, &run);
  const int resumed = run.resumedChunks;
  if (resumed > 0 && job) job->log(QStringLiteral("features: resuming after %1 of %2 chunks in %3").arg(resumed).arg(chunkCount).arg(folder));
  QElapsedTimer clock;
  clock.start();
  for (int c = resumed; c < chunkCount; ++c) {
    const int begin = c * options.chunkImages, end = qMin(total, begin + options.chunkImages);
    Chunk chunk = rowFromMap(options) ? extractMapChunk(dataset, begin, end, networks, options, decoded, job)
                                      : extractChunk(dataset, begin, end, *backbone, options, decoded, job);
    // The rows' width: what the chunk holds (a network that only gave maps has not learnt its dim()).
    if (!chunk.ids.isEmpty()) run.dim = int(chunk.features.size() / std::size_t(chunk.ids.size()));
    // The last chunk goes straight into the final files below: a partial copy would only be
    // written, synced and deleted (with the concept CNN, in a single chunk, 3 % of the run).
    if (c + 1 < chunkCount) writeChunk(folder, c, key, chunk, run.dim, options.regions, options.chunkImages);
    run.chunks.push_back(std::move(chunk));
    run.processed += end - begin;
    if (job) job->setItemProgress(end, total, QStringLiteral("extracting features (%1)").arg(spec.describe()));
  }
  run.extractMs = clock.nsecsElapsed() / 1e6;
  run.decodedSummary = decodedCacheSummary(decoded, job);
  return run;
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

JoinedChunks joinChunks(const std::vector<Chunk> &chunks) {
  JoinedChunks all;
  for (const Chunk &chunk : chunks) {
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

void writeFeatureFiles(const QString &folder, const std::vector<Chunk> &chunks, const JoinedChunks &all, int dim, bool regions) {
  writeNpy(QDir(folder).filePath(QStringLiteral("features.npy")), all.features.data(), all.ids.size(), dim);
  if (regions) {
    std::vector<NpyRows> regionRows;
    for (const Chunk &chunk : chunks) regionRows.push_back({chunk.regionFeatures.data(), std::int64_t(chunk.regionFeatures.size()) / std::max(dim, 1)});
    writeNpy(QDir(folder).filePath(QStringLiteral("region_features.npy")), regionRows, dim);
    writeNpy(QDir(folder).filePath(QStringLiteral("region_boxes.npy")), all.regionBoxes.data(), all.regionBoxes.size() / 4, 4);
  }
}

QJsonObject manifestJson(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options, const QString &key,
                         const JoinedChunks &all, const Extraction &run) {
  const double seconds = run.extractMs / 1000.0;
  QJsonObject backboneJson = spec.toJson();
  backboneJson.insert(QStringLiteral("description"), spec.describe());
  QJsonObject manifest{{QStringLiteral("format"), vision::kFeatureCacheFormat},
                       {QStringLiteral("key"), key},
                       {QStringLiteral("dataset"), dataset.name},
                       {QStringLiteral("dataset_root"), dataset.root},
                       {QStringLiteral("backbone"), backboneJson},
                       {QStringLiteral("crops"), options.crops == CropMode::TenCrop ? 10 : 1},
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
  if (!run.trainingSummary.isEmpty()) manifest.insert(QStringLiteral("concept_cnn"), run.trainingSummary);
  if (!run.decodedSummary.isEmpty()) manifest.insert(QStringLiteral("decoded_cache"), run.decodedSummary);
  return manifest;
}

}  // namespace

namespace vision {

BackboneSpec extractionSpec(BackboneSpec spec) {
  if (spec.kind == BackboneKind::ConceptCnn) spec.input.inputSize = spec.input.resizeShort = spec.concept.inputSize;
  return spec;
}

std::unique_ptr<Backbone> openPixelBackbone(const Dataset &dataset, const BackboneSpec &spec, const QString &folder, JobContext *job,
                                            QJsonObject *trained, const DecodedImageCache *decoded) {
  if (spec.kind == BackboneKind::ConceptCnn) {
    // The network depends on the images, captions and its options, not on crops or regions: one
    // trained network serves every feature set of the dataset (the key of the plain set).
    BackboneSpec network = spec;
    network.layer.clear(); // every tap of the network shares it
    const QString networkKey = featureCacheKey(dataset, network, ExtractOptions{});
    const QString shared = QDir(userCacheDir(backboneKindName(BackboneKind::ConceptCnn))).filePath(networkKey.left(16));
    const ConceptCnnModel model = trainOrLoadConceptCnn(dataset, spec, folder, networkKey, job, shared, decoded);
    if (trained) *trained = model.summary;
    return makeConceptCnnBackbone(model, spec.input, spec.layer);
  }
  if (spec.kind == BackboneKind::Onnx) return openOnnxBackbone(spec);
  if (spec.kind == BackboneKind::TorchScript) return openTorchScriptBackbone(spec);
  throw std::invalid_argument("openPixelBackbone: precomputed features have no network");
}

}  // namespace vision

FeatureSet extractFeatures(const Dataset &dataset, const BackboneSpec &specIn, const ExtractOptions &optionsIn, JobContext *job) {
  const BackboneSpec spec = vision::extractionSpec(specIn);
  checkOptions(dataset, spec, optionsIn);
  ExtractOptions options = optionsIn;
  options.regionPooling = resolvedRegionPooling(spec, options.regionPooling);
  if (options.chunkImages == 0)
    options.chunkImages = vision::servesDecodedCache(spec.input) ? 512 : 64;
  const QString key = featureCacheKey(dataset, spec, options);
  const QString folder = featureFolder(dataset, spec, options, key);
  const QString manifestPath = QDir(folder).filePath(QStringLiteral("manifest.json"));
  if (!QDir().mkpath(QDir(folder).filePath(QStringLiteral("partial"))))
    throw std::runtime_error(QStringLiteral("%1: cannot create the feature folder").arg(folder).toStdString());
  if (std::optional<FeatureSet> complete = loadCompleteSet(folder, manifestPath, key, job)) {
    complete->m_reused = true;
    return std::move(*complete);
  }

  const Extraction run = spec.kind == BackboneKind::Npy ? readPrecomputedFeatures(dataset, spec)
                                                        : extractWithBackbone(dataset, spec, options, folder, key, job);
  // Join the chunks into the final files; manifest.json last.
  const JoinedChunks all = joinChunks(run.chunks);
  reportSkipped(dataset, all, job);
  writeFeatureFiles(folder, run.chunks, all, run.dim, options.regions);
  writeFileAtomically(manifestPath, QJsonDocument(manifestJson(dataset, spec, options, key, all, run)).toJson(QJsonDocument::Indented));
  QDir(QDir(folder).filePath(QStringLiteral("partial"))).removeRecursively();
  return loadFeatures(folder);
}

}  // namespace gs
