#include "analysis/runanalysis.h"

#include <QJsonArray>

namespace gs {

namespace {

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

}  // namespace

QJsonObject RunAnalysis::toJson() const {
  const RunAnalysis &a = *this;
  QJsonArray epochs;
  for (const GapEpoch &e : a.gapByEpoch) {
    QJsonObject entry = gapJson(e.gap);
    entry.insert(QStringLiteral("epoch"), e.epoch);
    epochs.append(entry);
  }
  return {{QStringLiteral("run"), a.runDir},
          {QStringLiteral("split"), splitName(a.split)},
          {QStringLiteral("retrieval"), a.intervals.toJson()},
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
          {QStringLiteral("plausible"), a.hasConcepts() ? QJsonValue(QJsonObject{{QStringLiteral("text_to_image"), plausibleJson(a.plausible.textToImage)},
                                                                                  {QStringLiteral("image_to_text"), plausibleJson(a.plausible.imageToText)},
                                                                                  {QStringLiteral("concepts"), enumName(a.conceptSource)}})
                                                        : QJsonValue()}};
}


}  // namespace gs
