#include "training/trainingsource.h"

#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "parse/datasetparser.h"
#include "vision/features.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace gs {

TrainingData prepareTrainingData(const TrainingSource &source, JobContext *job) {
  return prepareTrainingData(loadDataset(source.datasetPath, job), source, job);
}

TrainingData prepareTrainingData(const Dataset &dataset, const TrainingSource &source, JobContext *job) {
  if (job && dataset.report.total() > 0)
    job->warn(QStringLiteral("%1: %2 problems while loading (see `groundscope-cli dataset info`)")
                  .arg(source.datasetPath)
                  .arg(dataset.report.total()));
  ExtractOptions options;
  options.outDir = source.featuresDir;
  const FeatureSet features = extractFeatures(dataset, BackboneSpec::parse(source.backbone), options, job);
  std::vector<int> rowOfImage(dataset.images.size());
  for (std::size_t i = 0; i < dataset.images.size(); ++i) rowOfImage[i] = features.rowOf(dataset.images[i].id);
  std::vector<float> matrix(std::size_t(features.size()) * features.dim());
  for (int r = 0; r < features.size(); ++r)
    std::copy(features.row(r), features.row(r) + features.dim(), matrix.begin() + std::size_t(r) * features.dim());
  int dropped = 0;
  TrainingData data = makeTrainingData(dataset, matrix, features.dim(), rowOfImage, &dropped);
  if (job && dropped > 0)
    job->warn(QStringLiteral("%1 captions dropped: their images have no features (%2 images skipped)")
                  .arg(dropped)
                  .arg(features.skipped().size()));
  if (source.parses) attachParses(data, job);
  data.source = {{QStringLiteral("dataset"), QFileInfo(source.datasetPath).absoluteFilePath()},
                 {QStringLiteral("backbone"), source.backbone},
                 {QStringLiteral("features"), features.folder()}};
  return data;
}

bool hasParses(const TrainingData &data) {
  for (const TrainingCaption &c : data.captions)
    if (!c.parse) return false;
  return true;
}

void attachParses(TrainingData &data, JobContext *job) {
  QStringList texts;
  std::vector<std::size_t> which;
  for (std::size_t k = 0; k < data.captions.size(); ++k)
    if (!data.captions[k].parse) {
      texts << data.captions[k].raw;
      which.push_back(k);
    }
  if (texts.isEmpty()) return;
  CaptionParseOptions options;
  options.parser.style = DependencyStyle::Collapsed;
  options.cacheName = QStringLiteral("training-captions");
  CaptionParses parses = parseCaptions(texts, options, job);
  for (std::size_t k = 0; k < which.size(); ++k)
    data.captions[which[k]].parse = std::make_shared<const ParsedCaption>(std::move(parses.captions[k]));
  if (job)
    job->log(QStringLiteral("parsed %1 captions (%2 from the cache, %3 partial, %4 fallback)")
                 .arg(parses.stats.captions)
                 .arg(parses.stats.cached)
                 .arg(parses.stats.partial)
                 .arg(parses.stats.fallback));
}

}  // namespace gs
