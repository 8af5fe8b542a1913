// MS-COCO's own caption files: annotations/captions_{train,val}20xx.json with
// {"images": [{"id", "file_name", "width", "height"}], "annotations": [{"id", "image_id", "caption"}]}
// and the images in <root>/{train,val}20xx/ (or images/{train,val}20xx/). The split is the
// official one (train/val by file); Karpathy's 5K split comes with dataset_coco.json (read by
// the Karpathy loader), and the 1K×5-fold test protocol is gs::testFolds on either.

#include "data/detail/datasetbuilder.h"
#include "data/detail/loaders.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace gs::detail {

namespace {

Split splitOfFile(const QString &stem) {
  if (stem.contains(QLatin1String("train"))) return Split::Train;
  if (stem.contains(QLatin1String("val"))) return Split::Val;
  if (stem.contains(QLatin1String("test"))) return Split::Test;
  return Split::Unassigned;
}

void loadCocoFile(const QString &file, DatasetBuilder &builder, Dataset &dataset) {
  const std::optional<QJsonDocument> document = readJsonFile(file, dataset.report);
  if (!document) return;
  const QFileInfo info(file);
  const QString stem = info.completeBaseName();                      // captions_val2014
  const QString part = stem.mid(stem.indexOf(QLatin1Char('_')) + 1); // val2014
  QString root = info.absolutePath();
  if (info.dir().dirName() == QLatin1String("annotations")) root = QFileInfo(root).absolutePath();
  const QStringList dirs = existingDirs(root, {part, QStringLiteral("images/") + part, QStringLiteral("images"), QString()});
  builder.allowImagesUnder(dirs);
  const Split split = splitOfFile(part);

  const QJsonObject top = document->object();
  const QJsonArray images = top.value(QStringLiteral("images")).toArray();
  QHash<qint64, int> byCocoId;
  for (int i = 0; i < images.size(); ++i) {
    builder.progress(i, images.size(), QStringLiteral("reading %1").arg(info.fileName()));
    const QJsonObject entry = images[i].toObject();
    const QString where = QStringLiteral("%1: images[%2]").arg(file).arg(i);
    const QString name = entry.value(QStringLiteral("file_name")).toString();
    if (name.isEmpty() || !entry.contains(QStringLiteral("id"))) {
      dataset.report.add(kMalformedJson, QStringLiteral("%1: needs \"id\" and \"file_name\"").arg(where));
      continue;
    }
    const qint64 cocoId = entry.value(QStringLiteral("id")).toInteger();
    if (byCocoId.contains(cocoId)) {
      dataset.report.add(kDuplicateId, QStringLiteral("%1: image id %2 already used").arg(where).arg(cocoId));
      continue;
    }
    const int image = builder.addImage(QString::number(cocoId), locateImage(dirs, name), split, where);
    if (image < 0) continue;
    dataset.images[image].width = entry.value(QStringLiteral("width")).toInt();
    dataset.images[image].height = entry.value(QStringLiteral("height")).toInt();
    byCocoId.insert(cocoId, image);
  }
  const QJsonArray annotations = top.value(QStringLiteral("annotations")).toArray();
  for (int i = 0; i < annotations.size(); ++i) {
    builder.progress(i, annotations.size(), QStringLiteral("reading captions of %1").arg(info.fileName()));
    const QJsonObject entry = annotations[i].toObject();
    const QString where = QStringLiteral("%1: annotations[%2]").arg(file).arg(i);
    const qint64 imageId = entry.value(QStringLiteral("image_id")).toInteger(-1);
    const int image = byCocoId.value(imageId, -1);
    if (image < 0) {
      dataset.report.add(kUnknownImage, QStringLiteral("%1: image_id %2").arg(where).arg(imageId));
      continue;
    }
    const QJsonValue id = entry.value(QStringLiteral("id"));
    builder.addCaption(image, id.isUndefined() ? QStringLiteral("%1:%2").arg(stem).arg(i) : QString::number(id.toInteger()),
                       entry.value(QStringLiteral("caption")).toString(), where);
  }
}

}  // namespace

QStringList cocoCaptionFilesIn(const QString &folder) {
  QStringList files;
  for (const QString &sub : {QStringLiteral("annotations"), QString()}) {
    const QDir dir(sub.isEmpty() ? folder : folder + QLatin1Char('/') + sub);
    for (const QString &name : dir.entryList({QStringLiteral("captions_*.json")}, QDir::Files, QDir::Name))
      files << dir.absoluteFilePath(name);
    if (!files.isEmpty()) break;
  }
  return files;
}

Dataset loadCocoCaptions(const QString &path, JobContext *job) {
  Dataset dataset;
  const QFileInfo info(path);
  dataset.format = QStringLiteral("coco-captions");
  dataset.name = QStringLiteral("coco");
  const QStringList files = info.isFile() ? QStringList{info.absoluteFilePath()} : cocoCaptionFilesIn(path);
  dataset.root = info.isFile() ? info.absolutePath() : info.absoluteFilePath();
  DatasetBuilder builder(dataset, job);
  for (const QString &file : files) loadCocoFile(file, builder, dataset);
  builder.finish();
  return dataset;
}

}  // namespace gs::detail
