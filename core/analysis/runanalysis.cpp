#include "analysis/runanalysis.h"

#include "analysis/captionconcepts.h"
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
// (a tree run's captions are there already); image concepts from the dataset, else the concepts
// run's predictions, else the nouns most of each image's captions use (captionconcepts.h).
struct SplitFeatures {
  std::vector<QueryFeatures> captions, images;
  std::vector<QStringList> concepts; // per image row
  ConceptSource conceptSource = ConceptSource::None;
};

ConceptSource sourceOf(const std::vector<QueryFeatures> &images, const Dataset &dataset) {
  bool any = false;
  for (const QueryFeatures &query : images) any = any || !query.image.concepts.isEmpty();
  if (!any) return ConceptSource::None;
  for (const ImageRecord &record : dataset.images)
    if (!record.concepts.isEmpty()) return ConceptSource::GroundTruth;
  return ConceptSource::Predicted;
}

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
  }
  f.conceptSource = sourceOf(f.images, dataset);
  if (f.conceptSource == ConceptSource::None) {
    const std::vector<QStringList> consensus = captionConsensusConcepts(parses.captions, space.captionImage(), space.imageCount());
    for (std::size_t row = 0; row < f.images.size(); ++row) f.images[row].image.concepts = consensus[row];
    for (const QStringList &concepts : consensus)
      if (!concepts.isEmpty()) f.conceptSource = ConceptSource::CaptionConsensus;
  }
  for (const QueryFeatures &query : f.images) f.concepts.push_back(query.image.concepts);
  for (int c = 0; c < space.captionCount(); ++c) {
    QueryFeatures query;
    query.caption = captionFeatures(parses.captions[std::size_t(c)].expand());
    query.image = f.images[std::size_t(space.captionImage()[std::size_t(c)])].image;
    f.captions.push_back(query);
  }
  return f;
}

// One report per field; a caption field is skipped for image queries, which have no caption.
std::vector<SliceReport> slicesOf(const std::vector<int> &ranks0, const std::vector<QueryFeatures> &queries, const QStringList &fields) {
  std::vector<SliceReport> reports;
  for (const QString &field : fields) {
    try {
      reports.push_back(sliceRanks(ranks0, queries, field));
    } catch (const std::invalid_argument &) {
      continue;
    }
  }
  return reports;
}

// The fields --by names, or by default every caption field, the regions and the metadata columns;
// concepts only when asked for, since a vocabulary has hundreds of them.
QStringList defaultFields(const std::vector<QueryFeatures> &captions) {
  QStringList fields;
  for (const QString &field : sliceFields(captions))
    if (!field.startsWith(QLatin1String("concept:"))) fields << field;
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
  a.imageQueries = features.images;
  a.captionImage = space.captionImage();
  a.conceptSource = features.conceptSource;
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

QStringList sliceCaptions(const RunAnalysis &analysis, const QString &field, const QString &value, QueryDirection direction) {
  // Whether a caption row belongs to the slice: through its own features, or through its image's.
  const auto member = [&](int row) {
    if (direction == QueryDirection::TextToImage) return sliceValue(analysis.captionQueries[std::size_t(row)], field) == value;
    const int image = row < int(analysis.captionImage.size()) ? analysis.captionImage[std::size_t(row)] : -1;
    return image >= 0 && image < int(analysis.imageQueries.size()) && sliceValue(analysis.imageQueries[std::size_t(image)], field) == value;
  };
  QStringList captions;
  const int rows = std::min<int>(int(analysis.captionQueries.size()), int(analysis.captionTexts.size()));
  for (int row = 0; row < rows; ++row) {
    try {
      if (member(row)) captions << analysis.captionTexts.at(row);
    } catch (const std::invalid_argument &) {
      return {}; // a field these queries cannot be sliced by
    }
  }
  return captions;
}

}  // namespace gs
