#include "vision/backboneconcepts.h"

#include "data/dataset.h"
#include "engine/jobcontext.h"
#include "io/atomicfile.h"
#include "vision/conceptprior.h"
#include "vision/conceptvocabulary.h"
#include "vision/labelprior.h"
#include "vision/detail/conceptcnn.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <stdexcept>

namespace gs {

template <>
const std::vector<EnumName<ConceptDetector>> &enumTable<ConceptDetector>() {
  static const std::vector<EnumName<ConceptDetector>> table = {{ConceptDetector::Auto, QStringLiteral("auto")},
                                                               {ConceptDetector::Cnn, QStringLiteral("cnn")},
                                                               {ConceptDetector::Backbone, QStringLiteral("backbone")}};
  return table;
}

template <>
const std::vector<EnumName<ConceptDetectorStart>> &enumTable<ConceptDetectorStart>() {
  static const std::vector<EnumName<ConceptDetectorStart>> table = {{ConceptDetectorStart::Auto, QStringLiteral("auto")},
                                                                    {ConceptDetectorStart::Zero, QStringLiteral("zero")},
                                                                    {ConceptDetectorStart::WordNet, QStringLiteral("wordnet")}};
  return table;
}

ConceptDetectorStart resolveConceptDetectorStart(ConceptDetectorStart start, const QString &backbone) {
  if (start != ConceptDetectorStart::Auto) return start;
  const BackboneSpec spec = BackboneSpec::parse(backbone);
  return spec.kind == BackboneKind::Onnx && !classLabelsBeside(spec.path).isEmpty() ? ConceptDetectorStart::WordNet
                                                                                     : ConceptDetectorStart::Zero;
}

ConceptDetector resolveConceptDetector(ConceptDetector detector, const QString &backbone) {
  if (detector != ConceptDetector::Auto) return detector;
  const BackboneKind kind = BackboneSpec::parse(backbone).kind;
  return kind == BackboneKind::Onnx || kind == BackboneKind::TorchScript ? ConceptDetector::Backbone : ConceptDetector::Cnn;
}

namespace {

constexpr int kMinConcepts = 1;
// Training images are scored out of fold (cross-fitting): the detectors that score training image n
// were trained without fold n mod kFolds. Scored by detectors that saw their own captions' concepts,
// the training images' p would be far more accurate than a new image's, and the joint model would
// learn to lean on concepts that are weaker at test time (the stacking problem, Wolpert 1992).
constexpr int kFolds = 4;
// How the detectors are trained, beyond their options: 2 since the weight decay spares the biases.
// Detectors kept from an earlier way of training are trained again.
constexpr int kDetectorTraining = 2;

[[noreturn]] void failConcepts(const FeatureSet &regions, const QString &why) {
  throw std::runtime_error(QStringLiteral("%1: concept detectors: %2").arg(regions.folder(), why).toStdString());
}

// The training images that have features, as feature-set rows.
std::vector<int> trainingRows(const Dataset &dataset, const FeatureSet &regions, std::vector<int> &images) {
  std::vector<int> rows, kept;
  for (int image : vision::conceptTrainingImages(dataset)) {
    const int row = regions.rowOf(dataset.images[std::size_t(image)].id);
    if (row < 0) continue;
    rows.push_back(row);
    kept.push_back(image);
  }
  images = std::move(kept);
  return rows;
}

// Which detectors these are: the options, the way they are trained, their start (named only when it
// is WordNet's), the region features' cache key and the training images.
QString detectorKey(const BackboneConceptOptions &options, bool wordNetStart, const FeatureSet &regions, const Dataset &dataset,
                    const std::vector<int> &images) {
  QJsonObject detector{{QStringLiteral("pooling"), enumName(options.detector.pooling)},
                       {QStringLiteral("temperature"), options.detector.temperature},
                       {QStringLiteral("loss"), enumName(options.detector.loss)},
                       {QStringLiteral("gamma"), options.detector.focalGamma},
                       {QStringLiteral("epochs"), options.detector.epochs},
                       {QStringLiteral("batch"), options.detector.batchBags},
                       {QStringLiteral("lr"), options.detector.learningRate},
                       {QStringLiteral("decay"), options.detector.weightDecay},
                       {QStringLiteral("seed"), QString::number(options.detector.seed)},
                       {QStringLiteral("folds"), kFolds},
                       {QStringLiteral("training"), kDetectorTraining}};
  if (wordNetStart) detector.insert(QStringLiteral("start"), enumName(ConceptDetectorStart::WordNet));
  QJsonObject vocabulary{{QStringLiteral("max_concepts"), options.vocabulary.maxConcepts},
                         {QStringLiteral("min_images"), options.vocabulary.minImages},
                         {QStringLiteral("words"), enumName(options.vocabulary.words)},
                         {QStringLiteral("min_agreement"), options.vocabulary.minAgreement},
                         {QStringLiteral("max_caption_share"), options.vocabulary.maxCaptionShare}};
  QCryptographicHash hash(QCryptographicHash::Sha1);
  hash.addData(QJsonDocument(QJsonObject{{QStringLiteral("detector"), detector}, {QStringLiteral("vocabulary"), vocabulary}}).toJson(QJsonDocument::Compact));
  hash.addData(regions.manifest().value(QStringLiteral("key")).toString().toUtf8());
  for (int image : images) hash.addData(QByteArray(dataset.images[std::size_t(image)].id.toUtf8()).append('\n'));
  return QString::fromLatin1(hash.result().toHex().left(16));
}

QString savedPath(const FeatureSet &regions, const QString &key) {
  return QDir(regions.folder()).filePath(QStringLiteral("conceptdetectors-%1.json").arg(key));
}

struct TrainedConcepts {
  ConceptVocabulary vocabulary;
  ConceptDetectors detectors;            // from every training image: scores the other images
  std::vector<ConceptDetectors> folds;   // kFolds, each without its fold; empty for tiny training sets
};

// Whether cross-fitting applies: each fold's complement must still be a training set.
bool crossFits(std::size_t trainingImages) { return trainingImages >= std::size_t(4 * kFolds); }

bool loadSavedDetectors(const QString &path, TrainedConcepts &trained, JobContext *job) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return false;
  const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
  try {
    trained.vocabulary = ConceptVocabulary::fromJson(json.value(QStringLiteral("vocabulary")).toObject());
    trained.detectors = ConceptDetectors::fromJson(json.value(QStringLiteral("detectors")).toObject());
    for (const QJsonValue &fold : json.value(QStringLiteral("folds")).toArray()) trained.folds.push_back(ConceptDetectors::fromJson(fold.toObject()));
  } catch (const std::exception &error) {
    if (job) job->warn(QStringLiteral("%1: unreadable (%2); training the concept detectors again").arg(path, QString::fromUtf8(error.what())));
    return false;
  }
  for (const ConceptDetectors &fold : trained.folds)
    if (fold.concepts != trained.detectors.concepts) return false;
  return trained.vocabulary.size() == trained.detectors.concepts;
}

// Bags over `regions`' whole region file, none yet: appendBag names the rows of each.
RegionBags bagsOver(const FeatureSet &regions) {
  RegionBags bags;
  bags.dim = regions.dim();
  const NpyMatrix &matrix = regions.regionMatrix();
  bags.features = FloatRows::window(matrix, 0, std::size_t(matrix.rows()) * std::size_t(matrix.cols()));
  return bags;
}

// Appends feature-set row `row`'s regions (the whole image and its proposals) to `bags` as one bag;
// returns how many regions it has.
int appendBag(const FeatureSet &regions, int row, RegionBags &bags) {
  bags.firstRegion.push_back(regions.firstRegionOf(row));
  bags.regionCounts.push_back(regions.regionCountOf(row));
  return bags.regionCounts.back();
}

// The training images' bags and their concepts' labels.
void trainingBags(const Dataset &dataset, const FeatureSet &regions, const std::vector<int> &rows, const std::vector<int> &images,
                  const ConceptVocabulary &vocabulary, RegionBags &bags, std::vector<char> &labels) {
  bags = bagsOver(regions);
  const int k = vocabulary.size();
  labels.assign(rows.size() * std::size_t(k), 0);
  for (std::size_t n = 0; n < rows.size(); ++n) {
    appendBag(regions, rows[n], bags);
    for (int c : vocabulary.conceptsOf(dataset, images[n])) labels[n * std::size_t(k) + std::size_t(c)] = 1;
  }
}

// The start from the classifier over the training images' bags (features only: no fold's captions
// reach it).
ConceptPrior startOf(const RegionBags &bags, const ConceptVocabulary &vocabulary, const LabelPrior &classes, const FeatureSet &regions,
                     JobContext *job) {
  try {
    ConceptPrior prior = conceptPriorOf(*classes.head, *classes.coverage, vocabulary.names(), bags);
    if (job) job->log(QStringLiteral("concept detectors: %1 of %2 concepts name ImageNet classes and start from them").arg(prior.covered()).arg(vocabulary.size()));
    return prior;
  } catch (const std::invalid_argument &error) {
    failConcepts(regions, QString::fromUtf8(error.what()));
  }
}

TrainedConcepts trainConcepts(const Dataset &dataset, const FeatureSet &regions, const std::vector<int> &rows,
                              const std::vector<int> &images, const BackboneConceptOptions &options, const LabelPrior *classes,
                              JobContext *job) {
  TrainedConcepts trained;
  trained.vocabulary = vision::buildConceptVocabulary(dataset, images, options.vocabulary, job);
  if (trained.vocabulary.size() < kMinConcepts)
    failConcepts(regions, QStringLiteral("no word occurs in the captions of %1 training images").arg(options.vocabulary.minImages));
  // Every training image's bags (the rows they name in the region file): the start reads them, and
  // the detectors that score the other images learn from them.
  RegionBags bags;
  std::vector<char> labels;
  trainingBags(dataset, regions, rows, images, trained.vocabulary, bags, labels);
  const ConceptPrior start = classes ? startOf(bags, trained.vocabulary, *classes, regions, job) : ConceptPrior{};
  const auto train = [&] { return trainConceptDetectors(bags, labels, trained.vocabulary.size(), options.detector, job, &start); };
  if (job) job->log(QStringLiteral("concept detectors: training on %1 images").arg(rows.size()));
  trained.detectors = train();
  if (!crossFits(rows.size())) return trained;
  for (int fold = 0; fold < kFolds; ++fold) {
    std::vector<int> foldRows, foldImages;
    for (std::size_t n = 0; n < rows.size(); ++n)
      if (int(n % kFolds) != fold) {
        foldRows.push_back(rows[n]);
        foldImages.push_back(images[n]);
      }
    trainingBags(dataset, regions, foldRows, foldImages, trained.vocabulary, bags, labels);
    if (job)
      job->log(QStringLiteral("concept detectors: fold %1 of %2 (scores its %3 left-out training images)")
                   .arg(fold + 1).arg(kFolds).arg(rows.size() - foldRows.size()));
    trained.folds.push_back(train());
  }
  return trained;
}

void saveDetectors(const QString &path, const TrainedConcepts &trained, const FeatureSet &regions, JobContext *job) {
  QJsonArray folds;
  for (const ConceptDetectors &fold : trained.folds) folds.append(fold.toJson());
  const QJsonObject json{{QStringLiteral("vocabulary"), trained.vocabulary.toJson()},
                         {QStringLiteral("detectors"), trained.detectors.toJson()},
                         {QStringLiteral("folds"), folds}};
  try {
    writeFileAtomically(path, QJsonDocument(json).toJson(QJsonDocument::Compact));
  } catch (const std::exception &error) {
    if (job)
      job->warn(QStringLiteral("%1: the concept detectors could not be kept (%2); they will be trained again next time")
                    .arg(regions.folder(), QString::fromUtf8(error.what())));
  }
}

// The rows `detectors` score, a few hundred at a time so their scores' working copy stays small.
void scoreRowsWith(const FeatureSet &regions, const ConceptDetectors &detectors, const std::vector<int> &rows, ConceptScores &scores) {
  const int k = detectors.concepts;
  constexpr std::size_t kRowsPerChunk = 256;
  for (std::size_t from = 0; from < rows.size(); from += kRowsPerChunk) {
    RegionBags bags = bagsOver(regions);
    const std::size_t to = std::min(rows.size(), from + kRowsPerChunk);
    for (std::size_t n = from; n < to; ++n) {
      scores.regionCounts[std::size_t(rows[n])] = appendBag(regions, rows[n], bags);
    }
    std::vector<int> best;
    const std::vector<float> p = detectConcepts(detectors, bags, &best);
    for (std::size_t n = from; n < to; ++n) {
      const std::size_t at = std::size_t(rows[n]) * std::size_t(k), in = (n - from) * std::size_t(k);
      std::copy(p.begin() + long(in), p.begin() + long(in + k), scores.scores.begin() + long(at));
      std::copy(best.begin() + long(in), best.begin() + long(in + k), scores.bestRegion.begin() + long(at));
    }
  }
}

// Every row scored: training rows by the detectors of the folds that left them out, the others by
// the detectors trained on every training image.
void scoreRows(const FeatureSet &regions, const TrainedConcepts &trained, const std::vector<int> &trainingRows, ConceptScores &scores) {
  scores.rows = regions.size();
  scores.scores.resize(std::size_t(scores.rows) * std::size_t(trained.detectors.concepts));
  scores.bestRegion.resize(scores.scores.size());
  scores.regionCounts.resize(std::size_t(scores.rows));
  std::vector<int> scorer(std::size_t(scores.rows), -1);
  if (!trained.folds.empty())
    for (std::size_t n = 0; n < trainingRows.size(); ++n) scorer[std::size_t(trainingRows[n])] = int(n % kFolds);
  for (int which = -1; which < int(trained.folds.size()); ++which) {
    std::vector<int> rows;
    for (int row = 0; row < scores.rows; ++row)
      if (scorer[std::size_t(row)] == which) rows.push_back(row);
    scoreRowsWith(regions, which < 0 ? trained.detectors : trained.folds[std::size_t(which)], rows, scores);
  }
}

}  // namespace

ConceptScores scoreBackboneConcepts(const Dataset &dataset, const FeatureSet &regions, const BackboneConceptOptions &options, JobContext *job,
                                    const LabelPrior *classes) {
  if (!regions.hasRegions())
    failConcepts(regions, QStringLiteral("the feature set has no regions: concepts are detected in the whole image and its proposals"));
  std::vector<int> images;
  const std::vector<int> rows = trainingRows(dataset, regions, images);
  if (rows.empty()) failConcepts(regions, QStringLiteral("no training image has features"));
  const QString path = savedPath(regions, detectorKey(options, classes != nullptr, regions, dataset, images));
  TrainedConcepts trained;
  if (!loadSavedDetectors(path, trained, job)) {
    trained = trainConcepts(dataset, regions, rows, images, options, classes, job);
    saveDetectors(path, trained, regions, job);
  } else if (job) {
    job->log(QStringLiteral("concept detectors: read from %1").arg(path));
  }
  ConceptScores scores;
  scores.names = trained.vocabulary.names();
  scoreRows(regions, trained, rows, scores);
  return scores;
}

}  // namespace gs
