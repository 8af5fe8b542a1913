// extractFeatures: the feature cache's writer. Images are processed in chunks of
// ExtractOptions::chunkImages; each finished chunk is written (atomically) to partial/ with the cache
// key, so a cancelled, killed or crashed run resumes at the first missing chunk. When all chunks are
// there they are joined into features.npy (and the region files) and manifest.json is written last.
// This file is the run's order; the images' preparation (preparedqueue.cpp), the chunks' passes
// through the network (chunkextraction.cpp, regionextraction.cpp) and the files written
// (featurecachewriter.cpp) are their own.

#include "vision/features.h"

#include "engine/jobcontext.h"
#include "io/paths.h"
#include "runtime/runtime.h"
#include "vision/detail/backbone.h"
#include "vision/detail/chunkextraction.h"
#include "vision/detail/conceptcnn.h"
#include "vision/detail/decodedcache.h"
#include "vision/detail/featurecachewriter.h"
#include "vision/detail/imageinput.h"
#include "vision/detail/preparedqueue.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <cmath>
#include <exception>
#include <optional>
#include <stdexcept>

namespace gs {

namespace {

using vision::Extraction;
using vision::FeatureChunk;

// Precomputed features: rows of the .npy matched to the dataset's images by id.
FeatureChunk readPrecomputed(const Dataset &dataset, const BackboneSpec &spec, int *dim) {
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
  FeatureChunk chunk;
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

bool scoresProposals(const ExtractOptions &options) {
  return options.regions && options.regionSet == RegionSet::Proposals && options.proposals == ProposalSearch::Scored;
}

// The images a fitted classifier head learns its scales from: the whole image and two crops of each
// of the first images that decode (crops show the network parts of scenes, as regions do).
std::vector<cv::Mat> headSamples(const QStringList &paths, const InputSpec &input) {
  constexpr int kSampleImages = 24;
  std::vector<cv::Mat> samples;
  for (int i = 0; i < paths.size() && samples.size() < 3 * kSampleImages; ++i) {
    QString reason;
    const cv::Mat image = vision::loadImage(paths[i], &reason);
    if (image.empty()) continue;
    const cv::Size part(std::max(1, image.cols * 7 / 10), std::max(1, image.rows * 7 / 10));
    for (const cv::Mat &view : {image, image(cv::Rect({0, 0}, part)), image(cv::Rect({image.cols - part.width, image.rows - part.height}, part))})
      samples.push_back(vision::makeImageBlob(view, input, input.inputSize));
  }
  return samples;
}

QStringList imagePathsOf(const Dataset &dataset) {
  QStringList paths;
  for (const ImageRecord &image : dataset.images) paths << image.path;
  return paths;
}

// The backbone's classifier head: read from the folder when an earlier extraction left it, else
// taken from the network and kept there.
ClassHead headOf(vision::Backbone &backbone, const QStringList &samplePaths, const BackboneSpec &spec, const QString &folder, JobContext *job) {
  const QString path = classHeadPath(folder);
  if (QFileInfo(path).isFile()) return loadClassHead(path);
  const ClassHead head = backbone.classHead(headSamples(samplePaths, spec.input));
  saveClassHead(head, path);
  if (job)
    job->log(QStringLiteral("features: the network's classifier, %1 classes (%2 weights%3), kept in %4")
                 .arg(head.classes)
                 .arg(head.origin)
                 .arg(head.origin == QLatin1String("fitted") ? QStringLiteral(", R² %1 against the network's logits").arg(head.fitR2, 0, 'f', 4) : QString())
                 .arg(path));
  return head;
}

void checkOptions(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options) {
  if (options.chunkImages < 0 || options.batchSize < 1 || options.maxRegions < 0 || options.prepareThreads < 0)
    throw std::invalid_argument("extractFeatures: batchSize must be >= 1, chunkImages, maxRegions and prepareThreads >= 0");
  if ((options.regions || cropsFromMap(options.crops)) && options.regionInput < 32)
    throw std::invalid_argument("extractFeatures: regionInput must be at least 32 px, got " + std::to_string(options.regionInput));
  if (dataset.images.empty()) throw std::runtime_error(QStringLiteral("%1: the dataset has no images").arg(dataset.root).toStdString());
  if (spec.kind == BackboneKind::Npy && options.regions)
    throw std::runtime_error(QStringLiteral("%1: precomputed features carry no pixels; --regions needs an image backbone")
                                 .arg(spec.path)
                                 .toStdString());
  if (scoresProposals(options) && (spec.kind != BackboneKind::Onnx || options.crops != CropMode::Center ||
                                   resolvedRegionPooling(spec, options.regionPooling) != RegionPooling::RoiAlign))
    throw std::invalid_argument("scored proposals are pooled from one map of the image and scored by its classifier: they need an "
                                "ONNX backbone, --region-pooling roialign (or auto) and centre crops");
  if (cropsFromMap(options.crops) && resolvedRegionPooling(spec, options.regionPooling) != RegionPooling::RoiAlign)
    throw std::invalid_argument(QStringLiteral("%1: crops pooled from the map need a network that gives one (ONNX or TorchScript) "
                                               "and region pooling roialign (or auto)")
                                    .arg(spec.describe())
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
    FeatureChunk chunk;
    if (!vision::readChunk(folder, c, key, options.regions, options.chunkImages, &chunk, &run->dim)) break;
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
  const std::vector<vision::Backbone *> networks = vision::mapNetworks(*backbone, options, copies);
  if (job && vision::rowFromMap(options))
    job->log(QStringLiteral("features: one map per image on %1 copy(ies) of the network at once, %2 thread(s) preparing images ahead")
                 .arg(networks.size()).arg(options.prepareThreads));
  else if (job)
    job->log(QStringLiteral("features: batches of %1 images, %2 thread(s) preparing images ahead, OpenCV on %3 thread(s)")
                 .arg(options.batchSize).arg(options.prepareThreads).arg(cv::getNumThreads()));
  const ClassHead head = scoresProposals(options) ? headOf(*backbone, imagePathsOf(dataset), spec, folder, job) : ClassHead{};
  const int total = static_cast<int>(dataset.images.size());
  const int chunkCount = (total + options.chunkImages - 1) / options.chunkImages;
  resumeChunks(folder, key, options, chunkCount, &run);
  const int resumed = run.resumedChunks;
  if (resumed > 0 && job) job->log(QStringLiteral("features: resuming after %1 of %2 chunks in %3").arg(resumed).arg(chunkCount).arg(folder));
  QElapsedTimer clock;
  clock.start();
  for (int c = resumed; c < chunkCount; ++c) {
    const int begin = c * options.chunkImages, end = qMin(total, begin + options.chunkImages);
    FeatureChunk chunk = vision::rowFromMap(options) ? vision::extractMapChunk(dataset, begin, end, networks, options, decoded, job,
                                                                               head.empty() ? nullptr : &head)
                                                     : vision::extractChunk(dataset, begin, end, *backbone, options, decoded, job);
    // The rows' width: what the chunk holds (a network that only gave maps has not learnt its dim()).
    if (!chunk.ids.isEmpty()) run.dim = int(chunk.features.size() / std::size_t(chunk.ids.size()));
    // The last chunk goes straight into the final files below: a partial copy would only be
    // written, synced and deleted (with the concept CNN, in a single chunk, 3 % of the run).
    if (c + 1 < chunkCount) vision::writeChunk(folder, c, key, chunk, run.dim, options.regions, options.chunkImages);
    run.chunks.push_back(std::move(chunk));
    run.processed += end - begin;
    if (job) job->setItemProgress(end, total, QStringLiteral("extracting features (%1)").arg(spec.describe()));
  }
  run.extractMs = clock.nsecsElapsed() / 1e6;
  run.decodedSummary = decodedCacheSummary(decoded, job);
  return run;
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

ClassHead classHeadOf(const BackboneSpec &specIn, const QStringList &samplePaths, const QString &featureFolder, JobContext *job) {
  const QString path = classHeadPath(featureFolder);
  if (QFileInfo(path).isFile()) return loadClassHead(path);
  if (specIn.kind != BackboneKind::Onnx)
    throw std::runtime_error(QStringLiteral("%1: only an ONNX network's classifier can score regions").arg(specIn.describe()).toStdString());
  const BackboneSpec spec = vision::extractionSpec(specIn);
  const std::unique_ptr<vision::Backbone> backbone = vision::openOnnxBackbone(spec);
  return headOf(*backbone, samplePaths, spec, featureFolder, job);
}

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
  vision::writeFeatureSet(folder, manifestPath, dataset, spec, options, key, run, job);
  QDir(QDir(folder).filePath(QStringLiteral("partial"))).removeRecursively();
  return loadFeatures(folder);
}

}  // namespace gs
