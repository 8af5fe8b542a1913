#include "inference/attributionfile.h"

#include "io/atomicfile.h"
#include "io/csvfield.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace gs {

namespace {

QJsonValue number(double v) { return std::isfinite(v) ? QJsonValue(v) : QJsonValue(); } // NaN → null

QJsonObject partJson(const AttributedPart &p, int index, bool occlusion, bool tree) {
  QJsonObject o{{QStringLiteral("part"), index},       {QStringLiteral("text"), p.text},
                {QStringLiteral("word"), p.word},      {QStringLiteral("token"), p.token},
                {QStringLiteral("begin"), p.begin},    {QStringLiteral("end"), p.end},
                {QStringLiteral("contribution"), number(p.contribution)}};
  if (tree) {
    QJsonArray children;
    for (int c : p.children) children.append(c);
    o.insert(QStringLiteral("label"), p.label);
    o.insert(QStringLiteral("parent"), p.parent);
    o.insert(QStringLiteral("children"), children);
    o.insert(QStringLiteral("subtree"), number(p.subtree));
    o.insert(QStringLiteral("noun_phrase"), p.nounPhrase);
  }
  if (occlusion) {
    o.insert(QStringLiteral("occluded_caption"), p.occludedCaption);
    o.insert(QStringLiteral("occluded_score"), number(p.occludedScore));
    o.insert(QStringLiteral("occluded_rank"), p.occludedRank);
  }
  return o;
}

// One row per record of `list`, the header's scalar fields first.
QByteArray rowsCsv(const QJsonObject &result, const QString &listKey, const QStringList &header) {
  const QJsonArray list = result.value(listKey).toArray();
  QStringList columns = header;
  if (!list.isEmpty())
    for (const QString &key : list.first().toObject().keys())
      if (!columns.contains(key)) columns << key;
  const auto row = [](const QStringList &cells) -> QByteArray {
    QByteArray line;
    for (int k = 0; k < cells.size(); ++k) line += (k ? "," : "") + csvField(cells[k]);
    return line + '\n';
  };
  QByteArray text = row(columns);
  for (const QJsonValue &v : list) {
    const QJsonObject item = v.toObject();
    QStringList cells;
    for (const QString &c : columns) {
      const QJsonValue cell = item.contains(c) ? item.value(c) : result.value(c);
      cells << (cell.isArray() ? QString::fromUtf8(QJsonDocument(cell.toArray()).toJson(QJsonDocument::Compact)) : cell.toVariant().toString());
    }
    text += row(cells);
  }
  return text;
}

}  // namespace

QJsonObject attributionToJson(const SentenceAttribution &a) {
  const bool occlusion = a.method == AttributionMethod::Occlusion, tree = a.unit == SentenceUnitKind::TreeNode;
  QJsonArray parts;
  for (std::size_t k = 0; k < a.parts.size(); ++k) parts.append(partJson(a.parts[k], int(k), occlusion, tree));
  QJsonObject o{{QStringLiteral("model"), a.model},         {QStringLiteral("caption"), a.caption},
                {QStringLiteral("image"), a.imageId},       {QStringLiteral("method"), enumName(a.method)},
                {QStringLiteral("unit"), enumName(a.unit)}, {QStringLiteral("score"), number(a.score)},
                {QStringLiteral("rank"), a.rank},           {QStringLiteral("candidates"), a.candidates},
                {QStringLiteral("sum"), number(a.sum())},   {QStringLiteral("parts"), parts}};
  if (occlusion) o.insert(QStringLiteral("occlusion"), enumName(a.occlusion));
  if (tree) o.insert(QStringLiteral("root"), a.root);
  if (!occlusion) o.insert(QStringLiteral("baseline_score"), number(a.baselineScore));
  if (a.method == AttributionMethod::IntegratedGradients) {
    o.insert(QStringLiteral("steps"), a.steps);
    o.insert(QStringLiteral("completeness_gap"), number(a.completenessGap));
  }
  return o;
}

QJsonObject attributionToJson(const ImageAttribution &a) {
  QJsonArray areas;
  for (const AttributedArea &area : a.areas)
    areas.append(QJsonObject{{QStringLiteral("name"), area.name},
                             {QStringLiteral("x"), double(area.box.x)},
                             {QStringLiteral("y"), double(area.box.y)},
                             {QStringLiteral("width"), double(area.box.width)},
                             {QStringLiteral("height"), double(area.box.height)},
                             {QStringLiteral("contribution"), number(area.contribution)},
                             {QStringLiteral("occluded_score"), number(area.occludedScore)},
                             {QStringLiteral("occluded_rank"), area.occludedRank}});
  QJsonObject o{{QStringLiteral("model"), a.model},     {QStringLiteral("caption"), a.caption},
                {QStringLiteral("image"), a.imageId},   {QStringLiteral("kind"), enumName(a.kind)},
                {QStringLiteral("score"), number(a.score)}, {QStringLiteral("score_name"), a.scoreName},
                {QStringLiteral("rank"), a.rank},       {QStringLiteral("candidates"), a.candidates},
                {QStringLiteral("areas"), areas}};
  if (a.kind == ImageAreaKind::GridCell) {
    o.insert(QStringLiteral("rows"), a.gridRows);
    o.insert(QStringLiteral("columns"), a.gridColumns);
  }
  return o;
}

QByteArray attributionToCsv(const SentenceAttribution &a) {
  return rowsCsv(attributionToJson(a), QStringLiteral("parts"),
                 {QStringLiteral("model"), QStringLiteral("image"), QStringLiteral("caption"), QStringLiteral("method"), QStringLiteral("score")});
}

QByteArray attributionToCsv(const ImageAttribution &a) {
  return rowsCsv(attributionToJson(a), QStringLiteral("areas"),
                 {QStringLiteral("model"), QStringLiteral("image"), QStringLiteral("caption"), QStringLiteral("kind"), QStringLiteral("score")});
}

namespace {
template <typename Attribution>
void writeEither(const QString &path, const Attribution &a) {
  writeFileAtomically(path, path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
                                ? QJsonDocument(attributionToJson(a)).toJson(QJsonDocument::Indented)
                                : attributionToCsv(a));
}
}  // namespace

void writeAttribution(const QString &path, const SentenceAttribution &a) { writeEither(path, a); }
void writeAttribution(const QString &path, const ImageAttribution &a) { writeEither(path, a); }

}  // namespace gs
