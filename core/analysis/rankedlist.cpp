#include "analysis/rankedlist.h"

#include "io/csvfield.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gs {

namespace {

QByteArray number(double value) { return QByteArray::number(value, 'g', 8); }

}  // namespace

RankedList RankedList::top(int k) const {
  RankedList out = *this;
  if (k > 0 && std::size_t(k) < out.rows.size()) out.rows.resize(std::size_t(k));
  return out;
}

QByteArray toCsv(const RankedList &list) {
  const bool captions = list.kind == RankedList::Kind::Captions;
  QByteArray out = captions ? "rank,image_id,caption,score,relevant\r\n" : "rank,image_id,score,relevant\r\n";
  for (const RankedRow &row : list.rows) {
    out += QByteArray::number(row.rank) + ',' + csvField(row.imageId) + ',';
    if (captions) out += csvField(row.caption) + ',';
    out += number(row.score) + ',' + (row.relevant ? "1" : "0") + "\r\n";
  }
  return out;
}

QByteArray toJson(const RankedList &list) {
  const bool captions = list.kind == RankedList::Kind::Captions;
  QJsonArray rows;
  for (const RankedRow &row : list.rows) {
    QJsonObject o{{QStringLiteral("rank"), row.rank},
                  {QStringLiteral("image_id"), row.imageId},
                  {QStringLiteral("score"), row.score},
                  {QStringLiteral("relevant"), row.relevant},
                  {QStringLiteral("image_path"), row.imagePath}};
    if (captions) o.insert(QStringLiteral("caption"), row.caption);
    rows.append(o);
  }
  const QJsonObject root{{QStringLiteral("kind"), captions ? QStringLiteral("captions") : QStringLiteral("images")},
                         {QStringLiteral("query"), list.query},
                         {QStringLiteral("run"), list.run},
                         {QStringLiteral("candidates"), list.candidates},
                         {QStringLiteral("true_rank"), list.trueRank},
                         {QStringLiteral("rows"), rows}};
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

}  // namespace gs
