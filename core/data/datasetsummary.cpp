#include "data/datasetsummary.h"

#include <QJsonArray>

#include <algorithm>
#include <limits>

namespace gs {

namespace {

constexpr Split kSplits[] = {Split::Train, Split::Val, Split::Test, Split::Unassigned};

QJsonObject perSplit(const std::array<int, 4> &counts) {
  QJsonObject object;
  int total = 0;
  for (Split split : kSplits) {
    object.insert(splitName(split), counts[int(split)]);
    total += counts[int(split)];
  }
  object.insert(QStringLiteral("total"), total);
  return object;
}

QString perSplitText(const std::array<int, 4> &counts) {
  QStringList parts;
  int total = 0;
  for (Split split : kSplits) {
    total += counts[int(split)];
    if (counts[int(split)] > 0 || split != Split::Unassigned) parts << QStringLiteral("%1 %2").arg(splitName(split)).arg(counts[int(split)]);
  }
  return QStringLiteral("%1 (%2)").arg(total).arg(parts.join(QStringLiteral(", ")));
}

struct Extras {
  int withRegions = 0, orderSensitive = 0, withConcepts = 0, distractorPairs = 0;
  int minLength = 0, maxLength = 0;
  double meanLength = 0;
};

Extras extrasOf(const Dataset &dataset) {
  Extras e;
  qint64 tokens = 0;
  e.minLength = dataset.captions.empty() ? 0 : std::numeric_limits<int>::max();
  for (const CaptionRecord &caption : dataset.captions) {
    e.withRegions += caption.phrases.empty() ? 0 : 1;
    e.orderSensitive += caption.orderSensitive ? 1 : 0;
    const int n = int(caption.tokens.size());
    tokens += n;
    e.minLength = std::min(e.minLength, n);
    e.maxLength = std::max(e.maxLength, n);
  }
  for (const ImageRecord &image : dataset.images) {
    e.withConcepts += image.concepts.isEmpty() ? 0 : 1;
    e.distractorPairs += image.distractor >= 0 ? 1 : 0;
  }
  e.distractorPairs /= 2;
  e.meanLength = dataset.captions.empty() ? 0 : double(tokens) / double(dataset.captions.size());
  return e;
}

}  // namespace

QJsonObject datasetSummary(const Dataset &dataset) {
  const DatasetStats stats = dataset.stats();
  const Extras e = extrasOf(dataset);
  QJsonArray histogram;
  for (int count : stats.captionLengthHistogram) histogram.append(count);
  QJsonArray report;
  for (const LoadIssue &issue : dataset.report.issues)
    report.append(QJsonObject{{QStringLiteral("kind"), issue.kind},
                              {QStringLiteral("count"), issue.count},
                              {QStringLiteral("examples"), QJsonArray::fromStringList(issue.examples)}});
  return {{QStringLiteral("name"), dataset.name},
          {QStringLiteral("format"), dataset.format},
          {QStringLiteral("root"), dataset.root},
          {QStringLiteral("images"), perSplit(stats.imagesPerSplit)},
          {QStringLiteral("captions"), perSplit(stats.captionsPerSplit)},
          {QStringLiteral("vocabulary"), stats.vocabularySize},
          {QStringLiteral("caption_length"), QJsonObject{{QStringLiteral("mean"), e.meanLength},
                                                         {QStringLiteral("min"), e.minLength},
                                                         {QStringLiteral("max"), e.maxLength},
                                                         {QStringLiteral("histogram"), histogram}}},
          {QStringLiteral("missing_images"), stats.missingImages},
          {QStringLiteral("captions_with_regions"), e.withRegions},
          {QStringLiteral("order_sensitive_captions"), e.orderSensitive},
          {QStringLiteral("distractor_pairs"), e.distractorPairs},
          {QStringLiteral("images_with_concepts"), e.withConcepts},
          {QStringLiteral("report"), report}};
}

QString describeDataset(const Dataset &dataset) {
  const DatasetStats stats = dataset.stats();
  const Extras e = extrasOf(dataset);
  QString text;
  const auto line = [&](const QString &key, const QString &value) { text += QStringLiteral("%1 %2\n").arg(key + QLatin1Char(':'), -15).arg(value); };
  line(QStringLiteral("dataset"), dataset.name);
  line(QStringLiteral("format"), dataset.format);
  line(QStringLiteral("root"), dataset.root);
  line(QStringLiteral("images"), perSplitText(stats.imagesPerSplit));
  line(QStringLiteral("captions"), perSplitText(stats.captionsPerSplit));
  line(QStringLiteral("vocabulary"), QStringLiteral("%1 words").arg(stats.vocabularySize));
  line(QStringLiteral("caption length"),
       QStringLiteral("mean %1 tokens (min %2, max %3)").arg(e.meanLength, 0, 'f', 1).arg(e.minLength).arg(e.maxLength));
  line(QStringLiteral("missing images"), QString::number(stats.missingImages));
  if (e.withRegions > 0) line(QStringLiteral("phrase boxes"), QStringLiteral("%1 captions").arg(e.withRegions));
  if (e.withConcepts > 0) line(QStringLiteral("concepts"), QStringLiteral("%1 images labelled").arg(e.withConcepts));
  if (e.distractorPairs > 0 || e.orderSensitive > 0)
    line(QStringLiteral("distractors"), QStringLiteral("%1 twin pairs, %2 order-sensitive captions").arg(e.distractorPairs).arg(e.orderSensitive));
  text += QStringLiteral("load report: %1 problem(s)\n").arg(dataset.report.total());
  if (dataset.report.total() > 0)
    for (const QString &l : dataset.report.toText().split(QLatin1Char('\n'), Qt::SkipEmptyParts)) text += QStringLiteral("  ") + l + QLatin1Char('\n');
  return text;
}

}  // namespace gs
