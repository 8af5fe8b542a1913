// `groundscope-cli analyze RUN`: where a run's joint space fails, on one split. Slices: each
// query's rank of its true partner grouped by a linguistic or image feature (caption length, tree
// depth, noun phrases, each relation, parse status, concepts, regions), worst first. Retrieval with a
// bootstrap 95 % interval over the queries (so a point of R@10 on 100 test images reads as the
// noise it is), hubs (k-occurrence, its skewness, the top hubs) with CSLS and inverted-softmax
// re-ranking reported beside plain ranking, and the modality gap (centroid distance, cross-modal
// neighbours, retrieval after centring each modality, and the gap at every recorded epoch), and
// plausible matches (images sharing the query's concepts counted as right: PMRP beside R@K).

#include "arguments.h"
#include "clioutput.h"
#include "commands/commands.h"
#include "commands/metricstable.h"
#include "analysis/gaptrajectory.h"
#include "analysis/hubness.h"
#include "analysis/hubreranking.h"
#include "analysis/jointspace.h"
#include "analysis/modalitygap.h"
#include "analysis/plausiblematches.h"
#include "analysis/slicefeatures.h"
#include "analysis/slices.h"
#include "data/loaddataset.h"
#include "parse/datasetparser.h"
#include "training/runs/runfolder.h"
#include "engine/jobcontext.h"
#include "evaluation/retrievalintervals.h"
#include "evaluation/scorematrix.h"
#include "jobrunner.h"
#include "training/runs/runtrajectory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace gs::cli {

namespace {

struct Analysis {
  QString runDir;
  Split split = Split::Test;
  int images = 0, captions = 0;
  RetrievalIntervals intervals;
  Hubness hubs;
  HubReducedRetrieval reranked;
  ModalityGap gap;
  std::vector<GapEpoch> gapByEpoch;
  QStringList imageIds, captionTexts;
  std::vector<SliceReport> captionSlices; // text→image queries, one report per field
  std::vector<SliceReport> imageSlices;   // image→text queries
  PlausibleRetrieval plausible;
  bool hasConcepts = false;
};

// Each caption's and each image's features, in the split's rows: parses from the training cache
// (a tree run's captions are there already), concepts from the dataset or the concepts run.
struct SplitFeatures {
  std::vector<QueryFeatures> captions, images;
  std::vector<QStringList> concepts; // per image row
};

SplitFeatures featuresOf(const JointSpace &space, const Dataset &dataset, JobContext &job) {
  CaptionParseOptions options;
  options.cacheName = QStringLiteral("training-captions");
  const CaptionParses parses = parseCaptions(space.captions(), options, &job);
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

void addSlicesAndPlausible(Analysis &a, const JointSpace &space, const Dataset &dataset, const std::vector<float> &similarity,
                           const QStringList &by, JobContext &job) {
  job.setProgress(0.5, QStringLiteral("caption features"));
  const SplitFeatures features = featuresOf(space, dataset, job);
  const QueryRanks ranks = retrievalRanks(similarity, a.images, a.captions, space.captionImage());
  const QStringList fields = by.isEmpty() ? defaultFields(features.captions) : by;
  a.captionSlices = slicesOf(ranks.textToImage, features.captions, fields);
  a.imageSlices = slicesOf(ranks.imageToText, features.images, fields);
  for (const QStringList &concepts : features.concepts) a.hasConcepts = a.hasConcepts || !concepts.isEmpty();
  a.plausible = evaluatePlausible(similarity, a.images, a.captions, space.captionImage(), features.concepts);
}

Analysis analyse(const QString &runDir, Split split, int k, const QStringList &by, JobContext &job) {
  const auto dataset = std::make_shared<const Dataset>(loadDataset(RunFolder(runDir).source().datasetPath, &job));
  const auto space = JointSpace::open(runDir, split, &job, dataset);
  Analysis a;
  a.runDir = runDir;
  a.split = split;
  a.images = space->imageCount();
  a.captions = space->captionCount();
  a.imageIds = space->imageIds();
  a.captionTexts = space->captions();
  job.setProgress(0.6, QStringLiteral("scoring %1 images × %2 captions").arg(a.images).arg(a.captions));
  const std::vector<float> similarity = scoreMatrix(space->imageEmbeddings(), a.images, space->captionEmbeddings(), a.captions,
                                                    space->dim(), space->scoreKind());
  a.intervals = retrievalIntervals(similarity, a.images, a.captions, space->captionImage());
  addSlicesAndPlausible(a, *space, *dataset, similarity, by, job);
  a.hubs = hubness(similarity, a.images, a.captions);
  a.reranked = hubReducedRetrieval(similarity, a.images, a.captions, space->captionImage());
  job.setProgress(0.8, QStringLiteral("the modality gap"));
  a.gap = modalityGap(space->imageEmbeddings(), space->captionEmbeddings(), space->dim(), space->captionImage(), space->scoreKind(), k);
  if (RunTrajectory::exists(runDir)) a.gapByEpoch = gapTrajectory(runDir, k);
  return a;
}

QString withInterval(double value, const Interval &interval) {
  return QStringLiteral("%1 [%2, %3]").arg(value, 0, 'f', 1).arg(interval.low, 0, 'f', 1).arg(interval.high, 0, 'f', 1);
}

QStringList intervalRow(const QString &direction, const DirectionIntervals &d) {
  return {direction, QString::number(d.queries), withInterval(d.point.r1, d.r1), withInterval(d.point.r5, d.r5),
          withInterval(d.point.r10, d.r10), withInterval(d.point.medianRank, d.medianRank), withInterval(d.point.meanRank, d.meanRank)};
}

QString retrievalText(const Analysis &a) {
  std::vector<QStringList> rows{{QStringLiteral("direction"), QStringLiteral("queries"), QStringLiteral("R@1"), QStringLiteral("R@5"),
                                 QStringLiteral("R@10"), QStringLiteral("median rank"), QStringLiteral("mean rank")},
                                intervalRow(QStringLiteral("image→text"), a.intervals.imageToText),
                                intervalRow(QStringLiteral("text→image"), a.intervals.textToImage)};
  return QStringLiteral("Retrieval (95 % bootstrap interval over the queries)\n") + alignedColumns(rows);
}

QString hubsText(const Analysis &a) {
  std::vector<QStringList> rows{{QStringLiteral("side"), QStringLiteral("k"), QStringLiteral("skewness of N_k"), QStringLiteral("largest N_k"),
                                 QStringLiteral("top hubs")}};
  const auto add = [&](const QString &side, const std::vector<KOccurrence> &list, const QStringList &names) {
    for (const KOccurrence &o : list) {
      QStringList hubs;
      for (std::size_t h = 0; h < std::min<std::size_t>(3, o.hubs.size()); ++h)
        hubs << QStringLiteral("%1 (%2)").arg(names.value(o.hubs[h].index).left(40)).arg(o.hubs[h].count);
      rows.push_back({side, QString::number(o.k), QString::number(o.skewness, 'f', 2),
                      o.hubs.empty() ? QStringLiteral("-") : QString::number(o.hubs.front().count), hubs.join(QStringLiteral("; "))});
    }
  };
  add(QStringLiteral("images"), a.hubs.images, a.imageIds);
  add(QStringLiteral("captions"), a.hubs.captions, a.captionTexts);
  std::vector<QStringList> reranked{{QStringLiteral("ranking"), QStringLiteral("R@1 i→t"), QStringLiteral("R@10 i→t"), QStringLiteral("R@1 t→i"),
                                     QStringLiteral("R@10 t→i"), QStringLiteral("rsum")}};
  const auto line = [&](const QString &name, const RetrievalMetrics &m) {
    reranked.push_back({name, QString::number(m.imageToText.r1, 'f', 1), QString::number(m.imageToText.r10, 'f', 1),
                        QString::number(m.textToImage.r1, 'f', 1), QString::number(m.textToImage.r10, 'f', 1), QString::number(m.rsum, 'f', 1)});
  };
  line(QStringLiteral("plain"), a.reranked.plain);
  line(QStringLiteral("CSLS (k=%1)").arg(a.reranked.options.cslsK), a.reranked.csls);
  line(QStringLiteral("inverted softmax (β=%1)").arg(a.reranked.options.beta), a.reranked.invertedSoftmax);
  return QStringLiteral("\nHubs (N_k: how often an item is among the other side's top k)\n") + alignedColumns(rows) +
         QStringLiteral("\nHub-reducing re-ranking, beside plain ranking (not replacing it)\n") + alignedColumns(reranked);
}

QString gapText(const Analysis &a) {
  QString text = QStringLiteral("\nModality gap\n  centroid distance %1 (normalised vectors), %2 (raw)\n"
                                "  other-modality share of the %3 nearest items: images %4 %, captions %5 %\n"
                                "  rsum %6 plain, %7 with each modality centred\n")
                     .arg(a.gap.centroidDistance, 0, 'f', 3)
                     .arg(a.gap.rawCentroidDistance, 0, 'f', 3)
                     .arg(a.gap.k)
                     .arg(100 * a.gap.imageCrossShare, 0, 'f', 1)
                     .arg(100 * a.gap.captionCrossShare, 0, 'f', 1)
                     .arg(a.gap.plain.rsum, 0, 'f', 1)
                     .arg(a.gap.centred.rsum, 0, 'f', 1);
  if (a.gapByEpoch.empty()) return text + QStringLiteral("  (the run recorded no epochs)\n");
  std::vector<QStringList> rows{{QStringLiteral("epoch"), QStringLiteral("centroid distance"), QStringLiteral("cross-modal share %"),
                                 QStringLiteral("rsum"), QStringLiteral("rsum centred")}};
  for (const GapEpoch &e : a.gapByEpoch)
    rows.push_back({QString::number(e.epoch), QString::number(e.gap.centroidDistance, 'f', 3),
                    QString::number(50 * (e.gap.imageCrossShare + e.gap.captionCrossShare), 'f', 1), QString::number(e.gap.plain.rsum, 'f', 1),
                    QString::number(e.gap.centred.rsum, 'f', 1)});
  return text + QStringLiteral("  per recorded epoch (the trajectory's sample):\n") + alignedColumns(rows);
}

// Every slice of every field together, worst first by R@10 (then mean rank), the smallest marked.
QString slicesText(const Analysis &a, int worst) {
  std::vector<SliceStats> all;
  for (const SliceReport &report : a.captionSlices)
    for (const SliceStats &slice : report.slices)
      if (!slice.small) all.push_back(slice);
  std::stable_sort(all.begin(), all.end(), [](const SliceStats &x, const SliceStats &y) { return x.r10 < y.r10 || (x.r10 == y.r10 && x.meanRank > y.meanRank); });
  std::vector<QStringList> rows{{QStringLiteral("slice (text→image)"), QStringLiteral("queries"), QStringLiteral("R@1"), QStringLiteral("R@10 [95 %]"),
                                 QStringLiteral("Δ R@10"), QStringLiteral("mean rank [95 %]"), QStringLiteral("Δ mean rank")}};
  for (std::size_t s = 0; s < all.size() && int(s) < worst; ++s) {
    const SliceStats &x = all[s];
    rows.push_back({x.field + QLatin1Char('=') + x.value, QString::number(x.count), QString::number(x.r1, 'f', 1),
                    QStringLiteral("%1 [%2, %3]").arg(x.r10, 0, 'f', 1).arg(x.r10Low, 0, 'f', 1).arg(x.r10High, 0, 'f', 1),
                    QString::number(x.deltaR10, 'f', 1),
                    QStringLiteral("%1 [%2, %3]").arg(x.meanRank, 0, 'f', 1).arg(x.meanRankLow, 0, 'f', 1).arg(x.meanRankHigh, 0, 'f', 1),
                    QString::number(x.deltaMeanRank, 'f', 1)});
  }
  const SliceStats whole = a.captionSlices.empty() ? SliceStats{} : a.captionSlices.front().whole;
  return QStringLiteral("Slices, worst first (slices of fewer than 5 queries left out; whole split: R@10 %1, mean rank %2)\n")
             .arg(whole.r10, 0, 'f', 1)
             .arg(whole.meanRank, 0, 'f', 1) +
         alignedColumns(rows) + QLatin1Char('\n');
}

QString plausibleText(const Analysis &a) {
  if (!a.hasConcepts) return QStringLiteral("\nPlausible matches: the images have no concepts (ground truth or a concepts run's)\n");
  const auto line = [](const QString &name, const PlausibleMetrics &m) {
    return QStringList{name, QString::number(m.pmrp, 'f', 1), QString::number(m.r1, 'f', 1), QString::number(m.r5, 'f', 1),
                       QString::number(m.r10, 'f', 1), QString::number(m.meanRelevant, 'f', 1)};
  };
  std::vector<QStringList> rows{{QStringLiteral("direction"), QStringLiteral("PMRP"), QStringLiteral("plausible R@1"), QStringLiteral("R@5"),
                                 QStringLiteral("R@10"), QStringLiteral("plausible items per query")},
                                line(QStringLiteral("text→image"), a.plausible.textToImage),
                                line(QStringLiteral("image→text"), a.plausible.imageToText)};
  return QStringLiteral("\nPlausible matches (an image with the same concepts as the query's counts as right)\n") + alignedColumns(rows);
}

QJsonArray slicesJson(const std::vector<SliceReport> &reports) {
  const auto stats = [](const SliceStats &x) {
    return QJsonObject{{QStringLiteral("value"), x.value},           {QStringLiteral("count"), x.count},
                       {QStringLiteral("r1"), x.r1},                 {QStringLiteral("r5"), x.r5},
                       {QStringLiteral("r10"), x.r10},               {QStringLiteral("r10_low"), x.r10Low},
                       {QStringLiteral("r10_high"), x.r10High},      {QStringLiteral("mean_rank"), x.meanRank},
                       {QStringLiteral("mean_rank_low"), x.meanRankLow}, {QStringLiteral("mean_rank_high"), x.meanRankHigh},
                       {QStringLiteral("median_rank"), x.medianRank}, {QStringLiteral("delta_r10"), x.deltaR10},
                       {QStringLiteral("delta_mean_rank"), x.deltaMeanRank}, {QStringLiteral("small"), x.small}};
  };
  QJsonArray out;
  for (const SliceReport &report : reports) {
    QJsonArray slices;
    for (const SliceStats &slice : report.slices) slices.append(stats(slice));
    out.append(QJsonObject{{QStringLiteral("field"), report.field}, {QStringLiteral("whole"), stats(report.whole)}, {QStringLiteral("slices"), slices}});
  }
  return out;
}

QJsonObject plausibleJson(const PlausibleMetrics &m) {
  return {{QStringLiteral("pmrp"), m.pmrp}, {QStringLiteral("r1"), m.r1}, {QStringLiteral("r5"), m.r5},
          {QStringLiteral("r10"), m.r10}, {QStringLiteral("mean_plausible"), m.meanRelevant}, {QStringLiteral("queries"), m.queries}};
}

QJsonObject intervalJson(const DirectionIntervals &d) {
  const auto pair = [](double value, const Interval &i) {
    return QJsonObject{{QStringLiteral("value"), value}, {QStringLiteral("low"), i.low}, {QStringLiteral("high"), i.high}};
  };
  return {{QStringLiteral("queries"), d.queries},           {QStringLiteral("r1"), pair(d.point.r1, d.r1)},
          {QStringLiteral("r5"), pair(d.point.r5, d.r5)},  {QStringLiteral("r10"), pair(d.point.r10, d.r10)},
          {QStringLiteral("medr"), pair(d.point.medianRank, d.medianRank)}, {QStringLiteral("meanr"), pair(d.point.meanRank, d.meanRank)},
          {QStringLiteral("confidence"), d.confidence},    {QStringLiteral("resamples"), d.resamples}};
}

QJsonArray occurrenceJson(const std::vector<KOccurrence> &list, const QStringList &names) {
  QJsonArray out;
  for (const KOccurrence &o : list) {
    QJsonArray hubs;
    for (const Hub &h : o.hubs) hubs.append(QJsonObject{{QStringLiteral("index"), h.index}, {QStringLiteral("item"), names.value(h.index)}, {QStringLiteral("count"), h.count}});
    out.append(QJsonObject{{QStringLiteral("k"), o.k}, {QStringLiteral("skewness"), o.skewness}, {QStringLiteral("hubs"), hubs}});
  }
  return out;
}

QJsonObject gapJson(const ModalityGap &g) {
  return {{QStringLiteral("centroid_distance"), g.centroidDistance}, {QStringLiteral("raw_centroid_distance"), g.rawCentroidDistance},
          {QStringLiteral("k"), g.k}, {QStringLiteral("image_cross_share"), g.imageCrossShare},
          {QStringLiteral("caption_cross_share"), g.captionCrossShare}, {QStringLiteral("plain"), g.plain.toJson()},
          {QStringLiteral("centred"), g.centred.toJson()}};
}

QJsonObject analysisJson(const Analysis &a) {
  QJsonArray epochs;
  for (const GapEpoch &e : a.gapByEpoch) {
    QJsonObject entry = gapJson(e.gap);
    entry.insert(QStringLiteral("epoch"), e.epoch);
    epochs.append(entry);
  }
  return {{QStringLiteral("run"), a.runDir},
          {QStringLiteral("split"), splitName(a.split)},
          {QStringLiteral("retrieval"), QJsonObject{{QStringLiteral("image_to_text"), intervalJson(a.intervals.imageToText)},
                                                    {QStringLiteral("text_to_image"), intervalJson(a.intervals.textToImage)}}},
          {QStringLiteral("hubs"), QJsonObject{{QStringLiteral("images"), occurrenceJson(a.hubs.images, a.imageIds)},
                                               {QStringLiteral("captions"), occurrenceJson(a.hubs.captions, a.captionTexts)}}},
          {QStringLiteral("reranking"), QJsonObject{{QStringLiteral("plain"), a.reranked.plain.toJson()},
                                                    {QStringLiteral("csls"), a.reranked.csls.toJson()},
                                                    {QStringLiteral("inverted_softmax"), a.reranked.invertedSoftmax.toJson()},
                                                    {QStringLiteral("csls_k"), a.reranked.options.cslsK},
                                                    {QStringLiteral("beta"), a.reranked.options.beta}}},
          {QStringLiteral("gap"), gapJson(a.gap)},
          {QStringLiteral("gap_by_epoch"), epochs},
          {QStringLiteral("slices"), QJsonObject{{QStringLiteral("text_to_image"), slicesJson(a.captionSlices)},
                                                 {QStringLiteral("image_to_text"), slicesJson(a.imageSlices)}}},
          {QStringLiteral("plausible"), a.hasConcepts ? QJsonValue(QJsonObject{{QStringLiteral("text_to_image"), plausibleJson(a.plausible.textToImage)},
                                                                                {QStringLiteral("image_to_text"), plausibleJson(a.plausible.imageToText)}})
                                                      : QJsonValue()}};
}

int runAnalyze(const Arguments &args) {
  const QString runDir = args.positional().at(0);
  const auto split = splitFromName(args.value(QStringLiteral("split")));
  if (!split || *split == Split::Unassigned) throw UsageError("--split: expected train, val or test");
  const int k = args.intValue(QStringLiteral("neighbours"), 10, 1, 1000);
  Analysis analysis;
  Engine engine;
  const QStringList by = args.value(QStringLiteral("by")).split(QLatin1Char(','), Qt::SkipEmptyParts);
  requireSuccess(runJob(engine, QStringLiteral("Analyze"), [&](JobContext &job) { analysis = analyse(runDir, *split, k, by, job); }));
  if (args.isSet(QStringLiteral("json"))) out() << QJsonDocument(analysisJson(analysis)).toJson(QJsonDocument::Indented);
  else out() << slicesText(analysis, args.intValue(QStringLiteral("worst"), 12, 1, 100000)) << retrievalText(analysis) << hubsText(analysis)
             << gapText(analysis) << plausibleText(analysis);
  return kExitOk;
}

}  // namespace

Command analyzeCommand() {
  Command command;
  command.name = QStringLiteral("analyze");
  command.summary = QStringLiteral("where a run's joint space fails: slices, retrieval with intervals, hubs, the modality gap, plausible matches");
  command.syntax = {QStringLiteral("RUN_DIR"), 1, 1,
                    {{QStringLiteral("split"), QStringLiteral("SPLIT"), QStringLiteral("train, val or test."), QStringLiteral("test")},
                     {QStringLiteral("neighbours"), QStringLiteral("K"), QStringLiteral("Nearest items per item for the cross-modal share."),
                      QStringLiteral("10")},
                     {QStringLiteral("by"), QStringLiteral("FIELDS"),
                      QStringLiteral("Slice by these fields (length, depth, nps, parse_status, regions, relation:LABEL, concept:NAME); "
                                     "default: every caption field, regions")},
                     {QStringLiteral("worst"), QStringLiteral("N"), QStringLiteral("Slices the text shows, worst first."), QStringLiteral("12")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON (--format json)."), {}}}};
  command.run = runAnalyze;
  return command;
}

}  // namespace gs::cli
