#include "data/loaddataset.h"

#include "data/detail/loaders.h"
#include "engine/jobcontext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <stdexcept>

namespace gs {

namespace {

// Enough of a JSON file to tell Karpathy's layout (images with "sentences") from COCO's
// ("annotations" with "caption", images with "coco_url"): both name their keys early.
constexpr qint64 kJsonSniffBytes = 64 * 1024;

QString sniffJson(const QString &file) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QByteArray head = f.read(kJsonSniffBytes);
  if (head.contains("\"sentences\"") || head.contains("\"filepath\"") || head.contains("\"sentids\""))
    return QStringLiteral("karpathy-json");
  if (head.contains("\"annotations\"") || head.contains("\"coco_url\"") || head.contains("\"caption\""))
    return QStringLiteral("coco-captions");
  return {};
}

}  // namespace

QString detectDatasetFormat(const QString &path) {
  const QFileInfo info(path);
  if (!info.exists()) return {};
  if (info.isFile()) {
    const QString name = info.fileName().toLower();
    const QString suffix = info.suffix().toLower();
    if (name == QLatin1String("flickr8k.token.txt") || name == QLatin1String("flickr30k.token.txt"))
      return QStringLiteral("flickr8k-native");
    if (suffix == QLatin1String("json")) return sniffJson(path);
    if (suffix == QLatin1String("csv") || suffix == QLatin1String("tsv")) return QStringLiteral("csv");
    return {};
  }
  if (!detail::karpathyJsonIn(path).isEmpty()) return QStringLiteral("karpathy-json");
  if (!detail::flickr8kTokenFileIn(path).isEmpty()) return QStringLiteral("flickr8k-native");
  if (!detail::cocoCaptionFilesIn(path).isEmpty()) return QStringLiteral("coco-captions");
  if (!detail::pascalSentenceFolderIn(path).isEmpty()) return QStringLiteral("pascal-sentences");
  if (!detail::csvFileIn(path).isEmpty()) return QStringLiteral("csv");
  return {};
}

Dataset loadDataset(const QString &path, JobContext *job) {
  const QFileInfo info(path);
  if (!info.exists()) throw std::runtime_error(QStringLiteral("%1: no such file or folder").arg(path).toStdString());
  const QString format = detectDatasetFormat(path);
  if (format.isEmpty())
    throw std::runtime_error(
        QStringLiteral("%1: no dataset format recognised (expected a Karpathy dataset_*.json, Flickr8k.token.txt, "
                       "COCO captions_*.json, a Pascal Sentences folder or a CSV/TSV of image,caption)")
            .arg(path)
            .toStdString());
  const QString absolute = info.absoluteFilePath();
  Dataset dataset;
  if (format == QLatin1String("karpathy-json"))
    dataset = detail::loadKarpathyJson(info.isFile() ? absolute : detail::karpathyJsonIn(absolute), job);
  else if (format == QLatin1String("flickr8k-native"))
    dataset = detail::loadFlickr8kNative(info.isFile() ? info.absolutePath() : absolute, job);
  else if (format == QLatin1String("coco-captions"))
    dataset = detail::loadCocoCaptions(absolute, job);
  else if (format == QLatin1String("pascal-sentences"))
    dataset = detail::loadPascalSentences(absolute, job);
  else
    dataset = detail::loadCsv(info.isFile() ? absolute : detail::csvFileIn(absolute), job);
  if (dataset.format.isEmpty()) dataset.format = format;
  dataset.source = path;
  if (dataset.captions.empty() || dataset.images.empty()) {
    QString message = QStringLiteral("%1: no usable image–caption pairs in this %2 dataset").arg(path, format);
    if (dataset.report.total() > 0) message += QStringLiteral("\n") + dataset.report.toText().trimmed();
    throw std::runtime_error(message.toStdString());
  }
  if (job) job->setProgress(1.0, QStringLiteral("loaded %1 images, %2 captions").arg(dataset.images.size()).arg(dataset.captions.size()));
  return dataset;
}

}  // namespace gs
