#include "training/importedspace.h"

#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "io/embeddingmatrix.h"
#include "training/detail/importedembedder.h"
#include "training/detail/importedtextencoder.h"
#include "training/detail/loop/runresult.h"
#include "training/detail/runfiles.h"
#include "training/detail/trajectoryrecorder.h"
#include "training/modelregistry.h"
#include "training/runs/runindex.h"
#include "training/trainingsource.h"
#include "vision/backbonespec.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace gs {

using namespace detail;

namespace {

[[noreturn]] void fail(const QString &message) { throw std::runtime_error(message.toStdString()); }

// The lines of an id list, each with its 1-based line number; blank lines are skipped.
std::vector<std::pair<int, QString>> readIdLines(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) fail(QStringLiteral("%1: cannot read (%2)").arg(path, file.errorString()));
  std::vector<std::pair<int, QString>> lines;
  int number = 0;
  while (!file.atEnd()) {
    ++number;
    QString line = QString::fromUtf8(file.readLine());
    while (line.endsWith(QLatin1Char('\n')) || line.endsWith(QLatin1Char('\r'))) line.chop(1);
    if (!line.trimmed().isEmpty()) lines.emplace_back(number, line);
  }
  return lines;
}

QString splitWords(const std::optional<Split> &split) {
  return split ? QStringLiteral(" of the %1 split").arg(splitName(*split)) : QString();
}

std::vector<int> imagesOfSplit(const Dataset &dataset, const std::optional<Split> &split) {
  if (split) return dataset.imagesIn(*split);
  std::vector<int> all(dataset.images.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = int(i);
  return all;
}

// The dataset image of each row of the image matrix.
std::vector<int> alignImages(const Dataset &dataset, const ImportSpaceRequest &request, std::int64_t rows) {
  if (request.imageIdsFile.isEmpty()) {
    const std::vector<int> images = imagesOfSplit(dataset, request.split);
    if (std::int64_t(images.size()) != rows)
      fail(QStringLiteral("%1: %2 rows, and the dataset has %3 images%4 (give --image-ids to align by id)")
               .arg(request.imagesFile).arg(rows).arg(images.size()).arg(splitWords(request.split)));
    return images;
  }
  QHash<QString, int> imageOf;
  for (std::size_t i = 0; i < dataset.images.size(); ++i) {
    imageOf.insert(QFileInfo(dataset.images[i].path).completeBaseName(), int(i));
    imageOf.insert(dataset.images[i].id, int(i)); // an id wins over another image's file stem
  }
  const auto lines = readIdLines(request.imageIdsFile);
  if (std::int64_t(lines.size()) != rows)
    fail(QStringLiteral("%1: %2 ids for the %3 rows of %4").arg(request.imageIdsFile).arg(lines.size()).arg(rows).arg(request.imagesFile));
  std::vector<int> images;
  QHash<int, int> lineOfImage;
  for (const auto &[line, text] : lines) {
    const QString id = text.trimmed();
    int image = imageOf.value(id, -1);
    if (image < 0) image = imageOf.value(QFileInfo(id).completeBaseName(), -1);
    if (image < 0) fail(QStringLiteral("%1:%2: no image '%3' in the dataset %4").arg(request.imageIdsFile).arg(line).arg(id, request.datasetPath));
    if (lineOfImage.contains(image))
      fail(QStringLiteral("%1:%2: image '%3' again (first on line %4)").arg(request.imageIdsFile).arg(line).arg(id).arg(lineOfImage.value(image)));
    lineOfImage.insert(image, line);
    images.push_back(image);
  }
  return images;
}

// A caption named by "IMAGE<tab>TEXT": the first caption of that image with that text not taken yet.
int captionByImageAndText(const Dataset &dataset, const QHash<QString, int> &imageOf, const QString &text,
                          std::vector<char> &taken) {
  const int tab = text.indexOf(QLatin1Char('\t'));
  const int image = imageOf.value(text.left(tab), -1);
  if (image < 0) return -1;
  const QString caption = text.mid(tab + 1);
  for (int c : dataset.images[std::size_t(image)].captions)
    if (!taken[std::size_t(c)] && dataset.captions[std::size_t(c)].raw == caption) return c;
  return -1;
}

// The dataset caption of each row of the caption matrix.
std::vector<int> alignCaptions(const Dataset &dataset, const ImportSpaceRequest &request, std::int64_t rows) {
  if (request.captionIdsFile.isEmpty()) {
    std::vector<int> captions;
    for (std::size_t c = 0; c < dataset.captions.size(); ++c) {
      const int image = dataset.captions[c].image;
      if (image >= 0 && (!request.split || dataset.images[std::size_t(image)].split == *request.split)) captions.push_back(int(c));
    }
    if (std::int64_t(captions.size()) != rows)
      fail(QStringLiteral("%1: %2 rows, and the dataset has %3 captions%4 (give --caption-ids to align by id)")
               .arg(request.captionsFile).arg(rows).arg(captions.size()).arg(splitWords(request.split)));
    return captions;
  }
  QHash<QString, int> captionOf, imageOf;
  for (std::size_t c = 0; c < dataset.captions.size(); ++c) captionOf.insert(dataset.captions[c].id, int(c));
  for (std::size_t i = 0; i < dataset.images.size(); ++i) imageOf.insert(dataset.images[i].id, int(i));
  auto lines = readIdLines(request.captionIdsFile);
  if (!lines.empty() && lines.front().second == QStringLiteral("image\tcaption")) lines.erase(lines.begin()); // embed's header
  if (std::int64_t(lines.size()) != rows)
    fail(QStringLiteral("%1: %2 captions for the %3 rows of %4").arg(request.captionIdsFile).arg(lines.size()).arg(rows).arg(request.captionsFile));
  std::vector<int> captions;
  std::vector<char> taken(dataset.captions.size(), 0);
  for (const auto &[line, text] : lines) {
    const bool byText = text.contains(QLatin1Char('\t'));
    const int caption = byText ? captionByImageAndText(dataset, imageOf, text, taken) : captionOf.value(text.trimmed(), -1);
    if (caption < 0)
      fail(byText ? QStringLiteral("%1:%2: image '%3' has no caption '%4' in the dataset (or none left)")
                        .arg(request.captionIdsFile).arg(line).arg(text.section(QLatin1Char('\t'), 0, 0), text.section(QLatin1Char('\t'), 1).left(80))
                  : QStringLiteral("%1:%2: no caption with id '%3' in the dataset").arg(request.captionIdsFile).arg(line).arg(text.trimmed()));
    if (taken[std::size_t(caption)]) fail(QStringLiteral("%1:%2: caption '%3' again").arg(request.captionIdsFile).arg(line).arg(text.trimmed()));
    taken[std::size_t(caption)] = 1;
    captions.push_back(caption);
  }
  return captions;
}

// Every caption of an imported image must have a vector: its own, or that of a caption with the same text.
void requireCaptionsOfImages(const Dataset &dataset, const std::vector<int> &images, const std::vector<int> &captions,
                             const QString &captionSide) {
  QSet<QString> texts;
  for (int c : captions) texts.insert(dataset.captions[std::size_t(c)].raw);
  int missing = 0;
  QString first;
  for (int image : images)
    for (int c : dataset.images[std::size_t(image)].captions)
      if (!texts.contains(dataset.captions[std::size_t(c)].raw)) {
        if (missing++ == 0) first = QStringLiteral("image %1, \"%2\"").arg(dataset.images[std::size_t(image)].id, dataset.captions[std::size_t(c)].raw.left(80));
      }
  if (missing > 0)
    fail(QStringLiteral("%1: %2 captions of the imported images have no vector (first: %3); import them too, or only the images whose captions you have")
             .arg(captionSide).arg(missing).arg(first));
}

// Rows that repeat a caption text with another vector: the space keeps the first; say so once.
void warnOfConflictingTexts(const Dataset &dataset, const std::vector<int> &captions, const NpyMatrix &vectors,
                            const QString &file, JobContext *job) {
  if (!job) return;
  QHash<QString, std::int64_t> firstRow;
  int conflicts = 0;
  QString example;
  for (std::size_t r = 0; r < captions.size(); ++r) {
    const QString &text = dataset.captions[std::size_t(captions[r])].raw;
    const auto found = firstRow.constFind(text);
    if (found == firstRow.constEnd()) {
      firstRow.insert(text, std::int64_t(r));
      continue;
    }
    const float *a = vectors.row(*found), *b = vectors.row(std::int64_t(r));
    double difference = 0, size = 0;
    for (std::int64_t k = 0; k < vectors.cols(); ++k) {
      difference = std::max(difference, double(std::abs(a[k] - b[k])));
      size = std::max(size, double(std::abs(a[k])));
    }
    if (difference > 1e-5 * std::max(size, 1e-12) && conflicts++ == 0) example = QStringLiteral("rows %1 and %2").arg(*found).arg(r);
  }
  if (conflicts > 0)
    job->warn(QStringLiteral("%1: %2 rows repeat a caption's text with another vector (first: %3); the space looks captions up by "
                             "text and keeps the first")
                  .arg(file).arg(conflicts).arg(example));
}

void requireEmptyFolder(const QString &dir) {
  const QDir folder(dir);
  if (folder.exists() && !folder.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty())
    fail(QStringLiteral("%1: the folder is not empty; import into a new folder").arg(dir));
}

// Validation figures into metrics.json as CCA's single "epoch" has them, then result.json.
TrainResult evaluateImported(const RunFolder &run, const TrainConfig &config, const TrainingData &data) {
  const Vocabulary vocabulary = Vocabulary::build({}, 1);
  writeVocabulary(run, vocabulary);
  const std::shared_ptr<ImportedEmbedder> embedder = openImportedEmbedder(run.dir(), config.similarity);
  const std::vector<EncodedCaption> encoded = encodeCaptions(vocabulary, data.captions);
  TrainerPosition position;
  position.epoch = position.bestEpoch = 1;
  QJsonObject epoch{{QStringLiteral("epoch"), 1}};
  if (!data.captionsIn(Split::Val).empty())
    epoch.insert(QStringLiteral("validation"), evaluateSplit(*embedder, data, encoded, Split::Val).toJson());
  position.history = QJsonObject{{QStringLiteral("epochs"), QJsonArray{epoch}}};
  writeFileAtomically(run.metricsFile(), QJsonDocument(position.history).toJson());
  return finishRun(*embedder, data, encoded, run.dir(), position, RunSpan{0, 0});
}

void requireInputs(const ImportSpaceRequest &request) {
  if (request.imagesFile.isEmpty() == request.imageEncoder.isEmpty())
    throw std::invalid_argument("import: give the image vectors or an image encoder (one of them)");
  if (request.captionsFile.isEmpty() && request.textEncoder.isEmpty())
    throw std::invalid_argument("import: give the caption vectors, a text encoder, or both");
  if (!request.epochsFolder.isEmpty() && (request.imagesFile.isEmpty() || request.captionsFile.isEmpty()))
    throw std::invalid_argument("import: epochs come with the image and caption vectors they replay towards");
}

// The images' side of the run: their vectors written as precomputed features, or the image tower
// named as the backbone (it runs when the data is prepared).
TrainingSource imageSource(const ImportSpaceRequest &request, const Dataset &dataset, const ImportedSpaceFiles &files, JobContext *job) {
  TrainingSource source;
  source.datasetPath = request.datasetPath;
  if (!request.imageEncoder.isEmpty()) {
    const BackboneSpec spec = BackboneSpec::parse(request.imageEncoder);
    if (spec.kind != BackboneKind::TorchScript && spec.kind != BackboneKind::Onnx)
      throw std::invalid_argument(QStringLiteral("import: the image encoder '%1' is not a network (torchscript:FILE or onnx:FILE)")
                                      .arg(request.imageEncoder).toStdString());
    if (job) job->log(QStringLiteral("image encoder %1").arg(spec.describe()));
    source.backbone = request.imageEncoder;
    return source;
  }
  const NpyMatrix images = readEmbeddingMatrix(request.imagesFile);
  const std::vector<int> rows = alignImages(dataset, request, images.rows());
  if (!QDir().mkpath(files.folder)) fail(QStringLiteral("%1: cannot create the folder").arg(files.folder));
  writeNpy(files.images, images.data(), images.rows(), images.cols());
  QByteArray ids;
  for (int image : rows) ids += dataset.images[std::size_t(image)].id.toUtf8() + '\n';
  writeFileAtomically(files.imageIds, ids);
  source.backbone = QStringLiteral("npy:") + QFileInfo(files.images).absoluteFilePath();
  return source;
}

// The dataset index of each image the data kept.
std::vector<int> datasetImagesOf(const Dataset &dataset, const TrainingData &data) {
  QHash<QString, int> indexOf;
  for (std::size_t i = 0; i < dataset.images.size(); ++i) indexOf.insert(dataset.images[i].id, int(i));
  std::vector<int> images;
  for (const QString &id : data.imageIds) images.push_back(indexOf.value(id, -1));
  return images;
}

struct CaptionVectors {
  NpyMatrix vectors;
  std::vector<int> rows; // the dataset caption of each row
};

// The captions' vectors from their file, or from the text tower over every caption of the data's images.
CaptionVectors captionVectors(const ImportSpaceRequest &request, const Dataset &dataset, const std::vector<int> &images,
                              const ImportedTextEncoder *text, JobContext *job) {
  CaptionVectors out;
  if (!request.captionsFile.isEmpty()) {
    out.vectors = readEmbeddingMatrix(request.captionsFile);
    out.rows = alignCaptions(dataset, request, out.vectors.rows());
    return out;
  }
  QStringList texts;
  for (int image : images)
    for (int c : dataset.images[std::size_t(image)].captions) out.rows.push_back(c);
  std::sort(out.rows.begin(), out.rows.end());
  for (int c : out.rows) texts << dataset.captions[std::size_t(c)].raw;
  if (job) job->setProgress(0.5, QStringLiteral("encoding %1 captions").arg(texts.size()));
  const torch::Tensor encoded = text->encode(texts).contiguous();
  std::vector<float> values(encoded.data_ptr<float>(), encoded.data_ptr<float>() + encoded.numel());
  out.vectors = NpyMatrix::fromData(std::move(values), encoded.size(0), encoded.size(1));
  return out;
}

void writeCaptionFiles(const ImportedSpaceFiles &files, const Dataset &dataset, const CaptionVectors &captions) {
  if (!QDir().mkpath(files.folder)) fail(QStringLiteral("%1: cannot create the folder").arg(files.folder));
  writeNpy(files.captions, captions.vectors.data(), captions.vectors.rows(), captions.vectors.cols());
  QJsonArray texts, images;
  for (int c : captions.rows) {
    texts.append(dataset.captions[std::size_t(c)].raw);
    images.append(dataset.images[std::size_t(dataset.captions[std::size_t(c)].image)].id);
  }
  writeFileAtomically(files.captionTexts, QJsonDocument(QJsonObject{{QStringLiteral("texts"), texts}, {QStringLiteral("images"), images}})
                                              .toJson(QJsonDocument::Compact));
}

// space.json: the files the space came from, and the text tower the run reopens.
void writeDescription(const ImportedSpaceFiles &files, const ImportSpaceRequest &request, int dim) {
  const auto absolute = [](const QString &path) { return path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath(); };
  QJsonObject from{{QStringLiteral("images"), absolute(request.imagesFile)},
                   {QStringLiteral("captions"), absolute(request.captionsFile)},
                   {QStringLiteral("image_ids"), absolute(request.imageIdsFile)},
                   {QStringLiteral("caption_ids"), absolute(request.captionIdsFile)},
                   {QStringLiteral("image_encoder"), request.imageEncoder},
                   {QStringLiteral("split"), request.split ? splitName(*request.split) : QStringLiteral("all")},
                   {QStringLiteral("dim"), dim}};
  QJsonObject description{{QStringLiteral("imported_from"), from}};
  if (!request.textEncoder.isEmpty()) {
    TokenizerSpec tokenizer = request.tokenizer;
    tokenizer.vocabularyFile = absolute(tokenizer.vocabularyFile);
    tokenizer.mergesFile = absolute(tokenizer.mergesFile);
    description.insert(QStringLiteral("text_encoder"), QJsonObject{{QStringLiteral("module"), absolute(request.textEncoder)},
                                                                   {QStringLiteral("tokenizer"), tokenizer.toJson()}});
  }
  writeFileAtomically(files.description, QJsonDocument(description).toJson());
}

// The dataset caption of each of the data's captions: the data keeps the dataset's captions of its
// images, in the dataset's order.
std::vector<int> datasetCaptionsOf(const Dataset &dataset, const std::vector<int> &dataImages) {
  std::vector<char> kept(dataset.images.size(), 0);
  for (int image : dataImages) kept[std::size_t(image)] = 1;
  std::vector<int> captions;
  for (std::size_t c = 0; c < dataset.captions.size(); ++c) {
    const int image = dataset.captions[c].image;
    if (image >= 0 && kept[std::size_t(image)]) captions.push_back(int(c));
  }
  return captions;
}

// The epoch-N folders of `folder`, by N.
std::vector<std::pair<int, QString>> epochFolders(const QString &folder) {
  std::vector<std::pair<int, QString>> epochs;
  const QDir dir(folder);
  if (!dir.exists()) fail(QStringLiteral("%1: no such folder").arg(folder));
  for (const QString &name : dir.entryList({QStringLiteral("epoch-*")}, QDir::Dirs, QDir::Name)) {
    bool ok = false;
    const int epoch = name.mid(6).toInt(&ok);
    if (ok && epoch >= 0) epochs.emplace_back(epoch, dir.filePath(name));
  }
  if (epochs.empty()) fail(QStringLiteral("%1: no epoch-N folders").arg(folder));
  std::sort(epochs.begin(), epochs.end());
  return epochs;
}

// The matrix in `folder` named `stem` (.npy, else .tsv).
QString epochMatrix(const QString &folder, const QString &stem) {
  const QString npy = QDir(folder).filePath(stem + QStringLiteral(".npy"));
  return QFileInfo::exists(npy) ? npy : QDir(folder).filePath(stem + QStringLiteral(".tsv"));
}

// Rows of `matrix` for `wanted` (dataset indices), through `rowOf` (dataset index → matrix row).
torch::Tensor pickRows(const NpyMatrix &matrix, const std::vector<int> &rowOf, const std::vector<int> &wanted, const QString &file,
                       const char *what) {
  auto out = torch::empty({std::int64_t(wanted.size()), matrix.cols()});
  for (std::size_t k = 0; k < wanted.size(); ++k) {
    const int row = rowOf[std::size_t(wanted[k])];
    if (row < 0) fail(QStringLiteral("%1: no row for %2 %3 of the replayed sample").arg(file, QString::fromLatin1(what)).arg(wanted[k]));
    out[std::int64_t(k)] = torch::from_blob(const_cast<float *>(matrix.row(row)), {matrix.cols()}, torch::kFloat);
  }
  return out;
}

// trajectory/: the sample the trainer would record (TrainConfig::recordSample test images and their
// captions) at every epoch the folder holds, read with the main files' alignment.
void importEpochs(const ImportSpaceRequest &request, const Dataset &dataset, const TrainingData &data, const TrainConfig &config,
                  const RunFolder &run, JobContext *job) {
  TrajectoryRecorder recorder(data, config.recordSample, run.dir());
  if (!recorder.active()) return;
  const std::vector<int> dataImages = datasetImagesOf(dataset, data);
  const std::vector<int> dataCaptions = datasetCaptionsOf(dataset, dataImages);
  std::vector<int> sampleImages, sampleCaptions; // dataset indices
  for (int row : recorder.imageRows()) sampleImages.push_back(dataImages[std::size_t(row)]);
  for (int row : recorder.captionRows()) sampleCaptions.push_back(dataCaptions[std::size_t(row)]);
  for (const auto &[epoch, folder] : epochFolders(request.epochsFolder)) {
    if (job) job->checkpoint();
    ImportSpaceRequest at = request;
    at.imagesFile = epochMatrix(folder, QStringLiteral("images"));
    at.captionsFile = epochMatrix(folder, QStringLiteral("captions"));
    const NpyMatrix images = readEmbeddingMatrix(at.imagesFile), captions = readEmbeddingMatrix(at.captionsFile);
    if (images.cols() != data.featureDim || captions.cols() != data.featureDim)
      fail(QStringLiteral("%1: epoch %2 is %3-d, the space %4-d").arg(folder).arg(epoch).arg(images.cols()).arg(data.featureDim));
    std::vector<int> imageRowOf(dataset.images.size(), -1), captionRowOf(dataset.captions.size(), -1);
    const std::vector<int> imageRows = alignImages(dataset, at, images.rows()), rows = alignCaptions(dataset, at, captions.rows());
    for (std::size_t r = 0; r < imageRows.size(); ++r) imageRowOf[std::size_t(imageRows[r])] = int(r);
    for (std::size_t r = 0; r < rows.size(); ++r) captionRowOf[std::size_t(rows[r])] = int(r);
    recorder.record(pickRows(images, imageRowOf, sampleImages, at.imagesFile, "image"),
                    pickRows(captions, captionRowOf, sampleCaptions, at.captionsFile, "caption"), epoch);
  }
}

TrainResult importInto(const ImportSpaceRequest &request, const RunFolder &run, JobContext *job) {
  const Dataset dataset = loadDataset(request.datasetPath, job);
  std::unique_ptr<ImportedTextEncoder> text;
  if (!request.textEncoder.isEmpty()) text = std::make_unique<ImportedTextEncoder>(request.textEncoder, request.tokenizer);
  const ImportedSpaceFiles files(run.dir());
  if (job) job->setProgress(0.1, QStringLiteral("reading the image side"));
  const TrainingSource source = imageSource(request, dataset, files, job);
  const TrainingData data = prepareTrainingData(dataset, source, job);
  const std::vector<int> images = datasetImagesOf(dataset, data);
  const CaptionVectors captions = captionVectors(request, dataset, images, text.get(), job);
  const QString captionSide = request.captionsFile.isEmpty() ? request.textEncoder : request.captionsFile;
  const QString imageSide = request.imagesFile.isEmpty() ? request.imageEncoder : request.imagesFile;
  if (captions.vectors.cols() != data.featureDim || (text && text->dim() != data.featureDim))
    fail(QStringLiteral("%1 gives %2-d vectors and %3 %4-d: a joint space needs one dimension")
             .arg(imageSide).arg(data.featureDim).arg(text ? request.textEncoder : captionSide).arg(text ? text->dim() : captions.vectors.cols()));
  requireCaptionsOfImages(dataset, images, captions.rows, captionSide);
  warnOfConflictingTexts(dataset, captions.rows, captions.vectors, captionSide, job);
  writeCaptionFiles(files, dataset, captions);
  writeDescription(files, request, data.featureDim);

  TrainConfig config = TrainConfig::defaultsFor(ModelKind::Imported);
  config.similarity = request.similarity;
  config.epochs = 1; // metrics.json's one entry: the space as imported
  prepareRunFolder(run, config, data);
  if (!request.name.isEmpty()) writeRunLabels(run.dir(), {request.name, {modelEntry(ModelKind::Imported).name}});
  if (!request.epochsFolder.isEmpty()) {
    if (job) job->setProgress(0.6, QStringLiteral("reading the epochs"));
    importEpochs(request, dataset, data, config, run, job);
  }
  if (job) job->setProgress(0.7, QStringLiteral("evaluating"));
  return evaluateImported(run, config, data);
}

}  // namespace

TrainResult importSpace(const ImportSpaceRequest &request, JobContext *job) {
  requireInputs(request);
  requireEmptyFolder(request.outDir);
  const bool existed = QFileInfo::exists(request.outDir);
  try {
    return importInto(request, RunFolder(request.outDir), job);
  } catch (...) {
    // The folder was empty or absent: what is in it now is this import's, half made.
    QDir folder(request.outDir);
    if (existed) {
      for (const QString &entry : folder.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden))
        QFileInfo(folder.filePath(entry)).isDir() ? QDir(folder.filePath(entry)).removeRecursively() : folder.remove(entry);
    } else {
      folder.removeRecursively();
    }
    throw;
  }
}

}  // namespace gs
