// Karpathy's split JSON (dataset_flickr8k.json, dataset_flickr30k.json, dataset_coco.json), and
// the Scenes demo's dataset.json, which adds image sizes, concept labels and order-sensitive
// flags, with its phrase regions in regions.json beside it.
//
// {"dataset": "coco", "images": [{"filepath": "val2014", "filename": "COCO_val2014_….jpg",
//   "imgid": 0, "split": "test", "sentids": [...], "sentences": [{"raw": "...", "tokens": [...],
//   "sentid": 0, "imgid": 0}]}]}

#include "data/detail/datasetbuilder.h"
#include "data/detail/loaders.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

namespace gs::detail {

namespace {

// Folders where Karpathy-style datasets keep their images, relative to the JSON's folder.
const QStringList kImageDirs = {QStringLiteral("images"), QString(), QStringLiteral("Flicker8k_Dataset"),
                                QStringLiteral("Flickr8k_Dataset"), QStringLiteral("flickr30k-images"),
                                QStringLiteral("../images"), QStringLiteral("..")};

QStringList stringList(const QJsonArray &array) {
  QStringList list;
  for (const QJsonValue &value : array) list << value.toString().toLower();
  list.removeAll(QString());
  return list;
}

// regions.json: {"captions": [{"sentid": 3, "phrases": [{"begin": 0, "end": 3,
//   "boxes": [[x, y, w, h], ...]}]}]}. Spans outside the caption's tokens are reported and dropped.
void loadRegions(const QString &file, Dataset &dataset, const QHash<QString, int> &captionById) {
  const std::optional<QJsonDocument> document = readJsonFile(file, dataset.report);
  if (!document) return;
  const QJsonArray captions = document->object().value(QStringLiteral("captions")).toArray();
  for (int i = 0; i < captions.size(); ++i) {
    const QJsonObject entry = captions[i].toObject();
    const QJsonValue sentid = entry.value(QStringLiteral("sentid"));
    const QString id = sentid.isString() ? sentid.toString() : QString::number(sentid.toInteger());
    const int index = captionById.value(id, -1);
    if (index < 0) continue; // its caption was skipped (and reported) already
    CaptionRecord &caption = dataset.captions[index];
    const ImageRecord &image = dataset.images[caption.image];
    for (const QJsonValue &p : entry.value(QStringLiteral("phrases")).toArray()) {
      const QJsonObject phrase = p.toObject();
      PhraseRegion region;
      region.begin = phrase.value(QStringLiteral("begin")).toInt(-1);
      region.end = phrase.value(QStringLiteral("end")).toInt(-1);
      if (region.begin < 0 || region.end <= region.begin || region.end > caption.tokens.size()) {
        dataset.report.add(kBadRegion, QStringLiteral("%1: caption %2: span [%3, %4) outside its %5 tokens")
                                           .arg(file, id).arg(region.begin).arg(region.end).arg(caption.tokens.size()));
        continue;
      }
      for (const QJsonValue &b : phrase.value(QStringLiteral("boxes")).toArray()) {
        const QJsonArray box = b.toArray();
        if (box.size() != 4) {
          dataset.report.add(kBadRegion, QStringLiteral("%1: caption %2: a box needs [x, y, w, h]").arg(file, id));
          continue;
        }
        const Box r{float(box[0].toDouble()), float(box[1].toDouble()), float(box[2].toDouble()), float(box[3].toDouble())};
        const bool inside = r.x >= 0 && r.y >= 0 && r.width > 0 && r.height > 0 &&
                            (image.width == 0 || r.x + r.width <= image.width) &&
                            (image.height == 0 || r.y + r.height <= image.height);
        if (!inside) {
          dataset.report.add(kBadRegion, QStringLiteral("%1: caption %2: box outside its image").arg(file, id));
          continue;
        }
        region.boxes.push_back(r);
      }
      caption.phrases.push_back(std::move(region));
    }
  }
}

}  // namespace

QString karpathyJsonIn(const QString &folder) {
  const QDir dir(folder);
  const QStringList names = dir.entryList({QStringLiteral("dataset_*.json"), QStringLiteral("dataset.json")}, QDir::Files, QDir::Name);
  return names.isEmpty() ? QString() : dir.absoluteFilePath(names.first());
}

Dataset loadKarpathyJson(const QString &jsonFile, JobContext *job) {
  Dataset dataset;
  const QFileInfo info(jsonFile);
  dataset.root = info.absolutePath();
  dataset.format = QStringLiteral("karpathy-json");
  const std::optional<QJsonDocument> document = readJsonFile(jsonFile, dataset.report);
  if (!document) return dataset;
  const QJsonObject top = document->object();
  dataset.name = top.value(QStringLiteral("dataset")).toString(info.completeBaseName());
  if (top.value(QStringLiteral("generator")).toString() == QLatin1String("groundscope-scenes"))
    dataset.format = QStringLiteral("scenes-demo");
  const QJsonArray images = top.value(QStringLiteral("images")).toArray();
  const QStringList dirs = existingDirs(dataset.root, kImageDirs);

  DatasetBuilder builder(dataset, job);
  builder.allowImagesUnder(dirs); // the layout's own folders, ".." ones included
  QSet<qint64> imgids;
  QHash<QString, QString> distractorOf; // the demo's twin images, by id
  for (int i = 0; i < images.size(); ++i) {
    builder.progress(i, images.size(), QStringLiteral("reading %1").arg(info.fileName()));
    const QJsonObject entry = images[i].toObject();
    const QString where = QStringLiteral("%1: images[%2]").arg(jsonFile).arg(i);
    const QString filename = entry.value(QStringLiteral("filename")).toString();
    if (filename.isEmpty()) {
      dataset.report.add(kMalformedJson, QStringLiteral("%1: no \"filename\"").arg(where));
      continue;
    }
    if (entry.contains(QStringLiteral("imgid"))) {
      const qint64 imgid = entry.value(QStringLiteral("imgid")).toInteger();
      if (imgids.contains(imgid)) {
        dataset.report.add(kDuplicateId, QStringLiteral("%1: imgid %2 already used").arg(where).arg(imgid));
        continue;
      }
      imgids.insert(imgid);
    }
    const QString filepath = entry.value(QStringLiteral("filepath")).toString();
    const QString relative = filepath.isEmpty() ? filename : filepath + QLatin1Char('/') + filename;
    const QString splitText = entry.value(QStringLiteral("split")).toString();
    std::optional<Split> split = splitFromName(splitText);
    if (!split) {
      dataset.report.add(kBadSplit, QStringLiteral("%1: split '%2'").arg(where, splitText));
      split = Split::Unassigned;
    }
    const int image = builder.addImage(QFileInfo(filename).completeBaseName(), locateImage(dirs, relative), *split, where);
    if (image < 0) continue;
    ImageRecord &record = dataset.images[image];
    record.width = entry.value(QStringLiteral("width")).toInt();
    record.height = entry.value(QStringLiteral("height")).toInt();
    record.concepts = stringList(entry.value(QStringLiteral("concepts")).toArray());
    if (const QString twin = entry.value(QStringLiteral("distractor")).toString(); !twin.isEmpty())
      distractorOf.insert(record.id, twin);
    const QJsonArray sentences = entry.value(QStringLiteral("sentences")).toArray();
    for (int k = 0; k < sentences.size(); ++k) {
      const QJsonObject sentence = sentences[k].toObject();
      const QJsonValue sentid = sentence.value(QStringLiteral("sentid"));
      const QString id = sentid.isUndefined() ? QStringLiteral("%1#%2").arg(dataset.images[image].id).arg(k)
                         : sentid.isString()  ? sentid.toString()
                                              : QString::number(sentid.toInteger());
      const int caption = builder.addCaption(image, id, sentence.value(QStringLiteral("raw")).toString(),
                                             QStringLiteral("%1.sentences[%2]").arg(where).arg(k),
                                             stringList(sentence.value(QStringLiteral("tokens")).toArray()));
      if (caption >= 0) dataset.captions[caption].orderSensitive = sentence.value(QStringLiteral("order_sensitive")).toBool();
    }
  }
  builder.finish();
  if (!distractorOf.isEmpty()) {
    QHash<QString, int> indexOf;
    for (int i = 0; i < int(dataset.images.size()); ++i) indexOf.insert(dataset.images[i].id, i);
    for (ImageRecord &image : dataset.images) image.distractor = indexOf.value(distractorOf.value(image.id), -1);
  }

  const QString regions = dataset.root + QStringLiteral("/regions.json");
  if (QFileInfo::exists(regions)) {
    QHash<QString, int> captionById;
    for (int i = 0; i < int(dataset.captions.size()); ++i) captionById.insert(dataset.captions[i].id, i);
    loadRegions(regions, dataset, captionById);
  }
  return dataset;
}

}  // namespace gs::detail
