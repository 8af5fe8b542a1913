#include "inference/correspondencefile.h"

#include "io/atomicfile.h"
#include "io/csvfield.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <stdexcept>

namespace gs {

namespace {

QJsonArray boxJson(const Box &b) { return {double(b.x), double(b.y), double(b.width), double(b.height)}; }

QByteArray number(double value, int decimals) { return QByteArray::number(value, 'f', decimals); }

}  // namespace

QByteArray correspondencesCsv(const std::vector<GroundedPhrase> &phrases, int top) {
  QByteArray csv = "image,caption,phrase,begin,end,rank,region,x,y,width,height,score,iou,correct\n";
  for (const GroundedPhrase &p : phrases)
    for (std::size_t k = 0; k < p.regions.size() && int(k) < top; ++k) {
      const RankedRegion &r = p.regions[k];
      const QList<QByteArray> fields = {csvField(p.imageId),
                                        csvField(p.caption),
                                        csvField(p.text),
                                        QByteArray::number(p.begin),
                                        QByteArray::number(p.end),
                                        QByteArray::number(qulonglong(k + 1)),
                                        QByteArray::number(r.region),
                                        number(r.box.x, 1),
                                        number(r.box.y, 1),
                                        number(r.box.width, 1),
                                        number(r.box.height, 1),
                                        number(r.score, 4),
                                        p.hasTruth ? number(r.iou, 3) : QByteArray(),
                                        p.hasTruth ? QByteArray(r.iou >= kCorrectIoU ? "1" : "0") : QByteArray()};
      csv += fields.join(',') + '\n';
    }
  return csv;
}

QJsonDocument correspondencesJson(const std::vector<GroundedPhrase> &phrases, int top) {
  QJsonArray list;
  for (const GroundedPhrase &p : phrases) {
    QJsonArray regions;
    for (std::size_t k = 0; k < p.regions.size() && int(k) < top; ++k) {
      const RankedRegion &r = p.regions[k];
      QJsonObject o{{QStringLiteral("rank"), int(k) + 1},
                    {QStringLiteral("region"), r.region},
                    {QStringLiteral("box"), boxJson(r.box)},
                    {QStringLiteral("score"), r.score}};
      if (p.hasTruth) {
        o.insert(QStringLiteral("iou"), r.iou);
        o.insert(QStringLiteral("correct"), r.iou >= kCorrectIoU);
      }
      regions.append(o);
    }
    QJsonObject o{{QStringLiteral("image"), p.imageId}, {QStringLiteral("caption"), p.caption},
                  {QStringLiteral("phrase"), p.text},   {QStringLiteral("begin"), p.begin},
                  {QStringLiteral("end"), p.end},       {QStringLiteral("regions"), regions}};
    if (p.hasTruth) o.insert(QStringLiteral("truth"), boxJson(p.truth));
    list.append(o);
  }
  return QJsonDocument(QJsonObject{{QStringLiteral("correspondences"), list}});
}

void writeCorrespondences(const QString &path, const std::vector<GroundedPhrase> &phrases, int top) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("csv")) writeFileAtomically(path, correspondencesCsv(phrases, top));
  else if (suffix == QLatin1String("json")) writeFileAtomically(path, correspondencesJson(phrases, top).toJson(QJsonDocument::Indented));
  else
    throw std::invalid_argument(QStringLiteral("%1: expected a .csv or .json file name").arg(path).toStdString());
}

}  // namespace gs
