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
#include "commands/analyse/metricstable.h"
#include "analysis/runanalysis.h"
#include "engine/jobcontext.h"
#include "jobrunner.h"

#include <QJsonDocument>

#include <algorithm>

namespace gs::cli {

namespace {

QString withInterval(double value, const Interval &interval) {
  return QStringLiteral("%1 [%2, %3]").arg(value, 0, 'f', 1).arg(interval.low, 0, 'f', 1).arg(interval.high, 0, 'f', 1);
}

QStringList intervalRow(const QString &direction, const DirectionIntervals &d) {
  return {direction, QString::number(d.queries), withInterval(d.point.r1, d.r1), withInterval(d.point.r5, d.r5),
          withInterval(d.point.r10, d.r10), withInterval(d.point.medianRank, d.medianRank), withInterval(d.point.meanRank, d.meanRank)};
}

QString retrievalText(const RunAnalysis &a) {
  std::vector<QStringList> rows{{QStringLiteral("direction"), QStringLiteral("queries"), QStringLiteral("R@1"), QStringLiteral("R@5"),
                                 QStringLiteral("R@10"), QStringLiteral("median rank"), QStringLiteral("mean rank")},
                                intervalRow(QStringLiteral("image→text"), a.intervals.imageToText),
                                intervalRow(QStringLiteral("text→image"), a.intervals.textToImage)};
  return QStringLiteral("Retrieval (95 % bootstrap interval over the queries)\n") + alignedColumns(rows);
}

QString hubsText(const RunAnalysis &a) {
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

QString gapText(const RunAnalysis &a) {
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

// Every slice of every field of one direction together, worst first by R@10 (then mean rank),
// those under SliceOptions' minimum left out.
QString slicesText(const std::vector<SliceReport> &reports, const QString &direction, int worst) {
  std::vector<SliceStats> all;
  for (const SliceReport &report : reports)
    for (const SliceStats &slice : report.slices)
      if (!slice.small) all.push_back(slice);
  if (all.empty()) return {};
  std::stable_sort(all.begin(), all.end(), [](const SliceStats &x, const SliceStats &y) { return x.r10 < y.r10 || (x.r10 == y.r10 && x.meanRank > y.meanRank); });
  std::vector<QStringList> rows{{QStringLiteral("slice (%1)").arg(direction), QStringLiteral("queries"), QStringLiteral("R@1"), QStringLiteral("R@10 [95 %]"),
                                 QStringLiteral("Δ R@10"), QStringLiteral("mean rank [95 %]"), QStringLiteral("Δ mean rank")}};
  for (std::size_t s = 0; s < all.size() && int(s) < worst; ++s) {
    const SliceStats &x = all[s];
    rows.push_back({x.field + QLatin1Char('=') + x.value, QString::number(x.count), QString::number(x.r1, 'f', 1),
                    QStringLiteral("%1 [%2, %3]").arg(x.r10, 0, 'f', 1).arg(x.r10Low, 0, 'f', 1).arg(x.r10High, 0, 'f', 1),
                    QString::number(x.deltaR10, 'f', 1),
                    QStringLiteral("%1 [%2, %3]").arg(x.meanRank, 0, 'f', 1).arg(x.meanRankLow, 0, 'f', 1).arg(x.meanRankHigh, 0, 'f', 1),
                    QString::number(x.deltaMeanRank, 'f', 1)});
  }
  const SliceStats &whole = reports.front().whole;
  return QStringLiteral("Slices of %1 queries, worst first (slices of fewer than 5 queries left out; whole split: R@10 %2, mean rank %3)\n")
             .arg(direction)
             .arg(whole.r10, 0, 'f', 1)
             .arg(whole.meanRank, 0, 'f', 1) +
         alignedColumns(rows) + QLatin1Char('\n');
}

QString slicesText(const RunAnalysis &a, int worst) {
  return slicesText(a.captionSlices, QStringLiteral("text→image"), worst) + slicesText(a.imageSlices, QStringLiteral("image→text"), worst);
}

QString plausibleText(const RunAnalysis &a) {
  if (!a.hasConcepts())
    return QStringLiteral("\nPlausible matches: the images have no concepts (ground truth, a concepts run's, or nouns their captions agree on)\n");
  const auto line = [](const QString &name, const PlausibleMetrics &m) {
    return QStringList{name, QString::number(m.pmrp, 'f', 1), QString::number(m.r1, 'f', 1), QString::number(m.r5, 'f', 1),
                       QString::number(m.r10, 'f', 1), QString::number(m.meanRelevant, 'f', 1)};
  };
  std::vector<QStringList> rows{{QStringLiteral("direction"), QStringLiteral("PMRP"), QStringLiteral("plausible R@1"), QStringLiteral("R@5"),
                                 QStringLiteral("R@10"), QStringLiteral("plausible items per query")},
                                line(QStringLiteral("text→image"), a.plausible.textToImage),
                                line(QStringLiteral("image→text"), a.plausible.imageToText)};
  return QStringLiteral("\nPlausible matches (an image with the same concepts as the query's counts as right; concepts: %1)\n")
             .arg(QString::fromUtf8(conceptSourceDescription(a.conceptSource))) +
         alignedColumns(rows);
}

int runAnalyze(const Arguments &args) {
  const QString runDir = args.positional().at(0);
  const auto split = splitFromName(args.value(QStringLiteral("split")));
  if (!split || *split == Split::Unassigned) throw UsageError("--split: expected train, val or test");
  const int k = args.intValue(QStringLiteral("neighbours"), 10, 1, 1000);
  RunAnalysis analysis;
  Engine engine;
  const QStringList by = args.value(QStringLiteral("by")).split(QLatin1Char(','), Qt::SkipEmptyParts);
  requireSuccess(runJob(engine, QStringLiteral("Analyze"), [&](JobContext &job) { analysis = analyzeRun(runDir, {*split, k, by}, &job); }));
  if (args.isSet(QStringLiteral("json"))) out() << QJsonDocument(analysis.toJson()).toJson(QJsonDocument::Indented);
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
                      QStringLiteral("Slice by these fields (length, depth, nps, parse_status, regions, relation:LABEL, concept:NAME, "
                                     "meta:COLUMN); default: every caption field, regions and metadata column")},
                     {QStringLiteral("worst"), QStringLiteral("N"), QStringLiteral("Slices the text shows, worst first."), QStringLiteral("12")},
                     {QStringLiteral("json"), {}, QStringLiteral("Print JSON (--format json)."), {}}}};
  command.run = runAnalyze;
  return command;
}

}  // namespace gs::cli
