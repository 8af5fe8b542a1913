#include "analysis/slicefeatures.h"

#include <QSet>

#include <algorithm>
#include <stdexcept>

namespace gs {

namespace {

const QString kPresent = QStringLiteral("present");
const QString kAbsent = QStringLiteral("absent");

int wordCount(const ParsedCaption &parsed) {
  // Punctuation would make "A dog." one word longer than "A dog" for no reason a model cares about.
  if (parsed.upos.size() != parsed.tokens.size()) return int(parsed.tokens.size());
  return int(std::count_if(parsed.upos.begin(), parsed.upos.end(), [](const QString &p) { return p != QLatin1String("PUNCT"); }));
}

int nounPhraseCount(const Tree &constituency) {
  int count = 0;
  for (int n = 0; n < constituency.nodeCount(); ++n)
    if (constituency.node(n).token < 0 && constituency.label(n) == QLatin1String("NP")) ++count;
  return count;
}

QStringList relationSet(const Tree &dependency) {
  QSet<QString> labels;
  for (int n = 0; n < dependency.nodeCount(); ++n)
    if (!dependency.label(n).isEmpty()) labels.insert(dependency.label(n));
  QStringList sorted(labels.begin(), labels.end());
  sorted.sort();
  return sorted;
}

bool isCaptionField(const QString &field) {
  return field == QLatin1String("length") || field == QLatin1String("depth") || field == QLatin1String("nps") ||
         field == QLatin1String("parse_status") || field.startsWith(QLatin1String("relation:"));
}

QString presence(bool present) { return present ? kPresent : kAbsent; }

QStringList sortedKeys(const QSet<QString> &set, const QString &prefix) {
  QStringList keys;
  for (const QString &key : set) keys << prefix + key;
  keys.sort();
  return keys;
}

}  // namespace

QString parseStatusName(const ParsedCaption &parsed) {
  if (parsed.quality == ParseQuality::Complete && parsed.fragment) return QStringLiteral("fragment");
  return qualityName(parsed.quality);
}

CaptionFeatures captionFeatures(const ParsedCaption &parsed) {
  CaptionFeatures f;
  f.words = wordCount(parsed);
  f.depth = parsed.dependency.isEmpty() ? 0 : parsed.dependency.height(parsed.dependency.root());
  f.nounPhrases = nounPhraseCount(parsed.constituency);
  f.relations = relationSet(parsed.dependency);
  f.parseStatus = parseStatusName(parsed);
  return f;
}

ImageFeatures imageFeatures(const Dataset &dataset, int image, const QStringList &predicted) {
  const ImageRecord &record = dataset.images.at(std::size_t(image));
  ImageFeatures f;
  f.concepts = record.concepts.isEmpty() ? predicted : record.concepts;
  // Several captions name the same object: count each box once. O(B²) per image, B being small.
  std::vector<Box> boxes;
  for (int c : record.captions)
    for (const PhraseRegion &phrase : dataset.captions.at(std::size_t(c)).phrases)
      for (const Box &box : phrase.boxes)
        if (std::find(boxes.begin(), boxes.end(), box) == boxes.end()) boxes.push_back(box);
  f.regions = int(boxes.size());
  f.metadata = record.metadata;
  return f;
}

QString lengthBin(int words) {
  if (words <= 0) return QStringLiteral("0");
  if (words <= 8) return QStringLiteral("1-8");
  if (words <= 12) return QStringLiteral("9-12");
  if (words <= 16) return QStringLiteral("13-16");
  return QStringLiteral("17+");
}

QString conceptCountBin(int concepts) {
  if (concepts <= 3) return QString::number(std::max(concepts, 0));
  if (concepts <= 6) return QStringLiteral("4-6");
  if (concepts <= 9) return QStringLiteral("7-9");
  return QStringLiteral("10+");
}

QString sliceValue(const QueryFeatures &query, const QString &field) {
  if (isCaptionField(field) && !query.caption)
    throw std::invalid_argument("sliceValue: field '" + field.toStdString() + "' needs a caption query");
  if (field == QLatin1String("length")) return lengthBin(query.caption->words);
  if (field == QLatin1String("depth")) return QString::number(query.caption->depth);
  if (field == QLatin1String("nps")) return QString::number(query.caption->nounPhrases);
  if (field == QLatin1String("parse_status")) return query.caption->parseStatus;
  if (field == QLatin1String("regions")) return QString::number(query.image.regions);
  if (field == QLatin1String("concepts")) return conceptCountBin(int(query.image.concepts.size()));
  if (field.startsWith(QLatin1String("relation:"))) return presence(query.caption->relations.contains(field.mid(9)));
  if (field.startsWith(QLatin1String("concept:"))) return presence(query.image.concepts.contains(field.mid(8)));
  if (field.startsWith(QLatin1String("meta:")))
    return query.image.metadata.value(field.mid(5), QStringLiteral("(missing)"));
  throw std::invalid_argument("sliceValue: unknown field '" + field.toStdString() + "'");
}

QStringList sliceFields(const std::vector<QueryFeatures> &queries) {
  QSet<QString> relations, concepts, columns;
  bool captions = false;
  for (const QueryFeatures &q : queries) {
    if (q.caption) {
      captions = true;
      for (const QString &r : q.caption->relations) relations.insert(r);
    }
    for (const QString &c : q.image.concepts) concepts.insert(c);
    for (auto it = q.image.metadata.begin(); it != q.image.metadata.end(); ++it) columns.insert(it.key());
  }
  QStringList fields;
  if (captions) fields << QStringLiteral("length") << QStringLiteral("depth") << QStringLiteral("nps") << QStringLiteral("parse_status");
  fields << QStringLiteral("regions");
  if (!concepts.isEmpty()) fields << QStringLiteral("concepts");
  fields << sortedKeys(relations, QStringLiteral("relation:")) << sortedKeys(concepts, QStringLiteral("concept:"))
         << sortedKeys(columns, QStringLiteral("meta:"));
  return fields;
}

}  // namespace gs
