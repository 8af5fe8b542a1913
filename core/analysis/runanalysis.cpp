#include "analysis/runanalysis.h"

#include "analysis/jointspace.h"
#include "analysis/slicefeatures.h"
#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "evaluation/scorematrix.h"
#include "parse/datasetparser.h"
#include "training/runs/runfolder.h"
#include "training/runs/runtrajectory.h"

#include <QHash>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

// Each caption's and each image's features, in the split's rows: parses from the training cache
// (a tree run's captions are there already), concepts from the dataset or the concepts run.
struct SplitFeatures {
  std::vector<QueryFeatures> captions, images;
  std::vector<QStringList> concepts; // per image row
};

SplitFeatures featuresOf(const JointSpace &space, const Dataset &dataset, JobContext *job) {
  CaptionParseOptions options;
  options.cacheName = QStringLiteral("training-captions");
  const CaptionParses parses = parseCaptions(space.captions(), options, job);
  QHash<QString, int> datasetImage;
  for (int i = 0; i < int(dataset.images.size()); ++i) datasetImage.insert(dataset.images[std::size_t(i)].id, i);
  SplitFeatures f;
  for (int row = 0; row < space.imageCount(); ++row) {
    const QStringList predicted = row < int(space.predictedConcepts().size()) ? space.predictedConcepts()[std::size_t(row)] : QStringList();
    const int index = datasetImage.value(space.imageIds().at(row), -1);
    QueryFeatures query;
    if (index >= 0) query.image = imageFeatures(dataset, index, predicted);
    f.images.push_back(query);
    f.concepts.push_back(query.image.concepts);
  }
  for (int c = 0; c < space.captionCount(); ++c) {
    QueryFeatures query;
    query.caption = captionFeatures(parses.captions[std::size_t(c)]);
    query.image = f.images[std::size_t(space.captionImage()[std::size_t(c)])].image;
    f.captions.push_back(query);
  }
  return f;
}

// The fields --by names, or by default every caption field and the concepts and regions.
std::vector<SliceReport> slicesOf(const std::vector<int> &ranks0, const std::vector<QueryFeatures> &queries, const QStringList &fields) {
  std::vector<SliceReport> reports;
  for (const QString &field : fields) {
    try {
      reports.push_back(sliceRanks(ranks0, queries, field));
    } catch (const std::invalid_argument &) {
      continue; // a caption field asked of image queries
    }
  }
  return reports;
}

QStringList defaultFields(const std::vector<QueryFeatures> &captions) {
  QStringList fields;
  for (const QString &field : sliceFields(captions))
    if (!field.startsWith(QLatin1String("concept:")) && !field.startsWith(QLatin1String("meta:"))) fields << field;
  return fields;
}

void addSlicesAndPlausible(RunAnalysis &a, const JointSpace &space, const Dataset &dataset, const std::vector<float> &similarity,
                           const QStringList &by, JobContext *job) {
  if (job) job->setProgress(0.5, QStringLiteral("caption features"));
  const SplitFeatures features = featuresOf(space, dataset, job);
  const QueryRanks ranks = retrievalRanks(similarity, a.images, a.captions, space.captionImage());
  const QStringList fields = by.isEmpty() ? defaultFields(features.captions) : by;
  a.captionSlices = slicesOf(ranks.textToImage, features.captions, fields);
  a.imageSlices = slicesOf(ranks.imageToText, features.images, fields);
  a.captionQueries = features.captions;
  for (const QStringList &concepts : features.concepts) a.hasConcepts = a.hasConcepts || !concepts.isEmpty();
  a.plausible = evaluatePlausible(similarity, a.images, a.captions, space.captionImage(), features.concepts);
}

}  // namespace

RunAnalysis analyzeRun(const QString &runDir, const RunAnalysisOptions &options, JobContext *job) {
  const auto dataset = std::make_shared<const Dataset>(loadDataset(RunFolder(runDir).source().datasetPath, job));
  const auto space = JointSpace::open(runDir, options.split, job, dataset);
  RunAnalysis a;
  a.runDir = runDir;
  a.split = options.split;
  a.images = space->imageCount();
  a.captions = space->captionCount();
  a.imageIds = space->imageIds();
  a.captionTexts = space->captions();
  if (job) job->setProgress(0.6, QStringLiteral("scoring %1 images × %2 captions").arg(a.images).arg(a.captions));
  const std::vector<float> similarity = scoreMatrix(space->imageEmbeddings(), a.images, space->captionEmbeddings(), a.captions,
                                                    space->dim(), space->scoreKind());
  a.intervals = retrievalIntervals(similarity, a.images, a.captions, space->captionImage());
  addSlicesAndPlausible(a, *space, *dataset, similarity, options.sliceFields, job);
  a.hubs = hubness(similarity, a.images, a.captions);
  a.reranked = hubReducedRetrieval(similarity, a.images, a.captions, space->captionImage());
  if (job) job->setProgress(0.8, QStringLiteral("the modality gap"));
  a.gap = modalityGap(space->imageEmbeddings(), space->captionEmbeddings(), space->dim(), space->captionImage(), space->scoreKind(),
                      options.neighbours);
  if (RunTrajectory::exists(runDir)) a.gapByEpoch = gapTrajectory(runDir, options.neighbours);
  return a;
}

QStringList sliceCaptions(const RunAnalysis &analysis, const QString &field, const QString &value) {
  QStringList captions;
  const int rows = std::min<int>(int(analysis.captionQueries.size()), int(analysis.captionTexts.size()));
  for (int row = 0; row < rows; ++row) {
    try {
      if (sliceValue(analysis.captionQueries[std::size_t(row)], field) == value) captions << analysis.captionTexts.at(row);
    } catch (const std::invalid_argument &) {
      return {}; // a field these queries cannot be sliced by
    }
  }
  return captions;
}

}  // namespace gs
