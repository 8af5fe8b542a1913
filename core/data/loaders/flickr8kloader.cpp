// Flickr8k's own text files (Hodosh et al. 2013): Flickr8k.token.txt with lines
// "<image>.jpg#<0-4>\t<caption>", and the official split in Flickr_8k.{train,dev,test}Images.txt
// (one file name a line). Flickr30k's results_20130124.token has the same line format.
// Images come from images/, Flicker8k_Dataset/ (sic, as the archive names it) or the folder itself.

#include "data/detail/datasetbuilder.h"
#include "data/detail/loaders.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>

namespace gs::detail {

namespace {

const QStringList kTokenFiles = {QStringLiteral("Flickr8k.token.txt"), QStringLiteral("Flickr30k.token.txt"),
                                 QStringLiteral("results_20130124.token")};
const QStringList kTextDirs = {QString(), QStringLiteral("Flickr8k_text"), QStringLiteral("text")};
const QStringList kFlickr8kImageDirs = {QStringLiteral("images"), QStringLiteral("Flicker8k_Dataset"),
                                        QStringLiteral("Flickr8k_Dataset"), QStringLiteral("flickr30k-images"), QString(),
                                        QStringLiteral("../Flicker8k_Dataset"), QStringLiteral("../Flickr8k_Dataset"),
                                        QStringLiteral("../images")};

// name → split from the official split files beside the token file; a name in two files is
// reported and keeps its first split.
QHash<QString, Split> readSplits(const QString &textDir, LoadReport &report) {
  QHash<QString, Split> splits;
  const std::pair<const char *, Split> files[] = {{"Flickr_8k.trainImages.txt", Split::Train},
                                                  {"Flickr_8k.devImages.txt", Split::Val},
                                                  {"Flickr_8k.testImages.txt", Split::Test}};
  for (const auto &[name, split] : files) {
    const QString file = textDir + QLatin1Char('/') + QLatin1String(name);
    if (!QFileInfo::exists(file)) continue;
    const QList<QByteArray> all = textLines(readFileBytes(file));
    for (int i = 0; i < all.size(); ++i) {
      const QString where = QStringLiteral("%1:%2").arg(file).arg(i + 1);
      const QString image = decodeText(all[i], where, report).trimmed();
      if (image.isEmpty()) continue;
      if (splits.contains(image)) {
        report.add(kReferencedTwice, QStringLiteral("%1: %2 is already in the %3 split").arg(where, image, splitName(splits[image])));
        continue;
      }
      splits.insert(image, split);
    }
  }
  return splits;
}

}  // namespace

QString flickr8kTokenFileIn(const QString &folder) {
  for (const QString &dir : kTextDirs)
    for (const QString &name : kTokenFiles) {
      const QString file = (dir.isEmpty() ? folder : folder + QLatin1Char('/') + dir) + QLatin1Char('/') + name;
      if (QFileInfo(file).isFile()) return QFileInfo(file).absoluteFilePath();
    }
  return {};
}

Dataset loadFlickr8kNative(const QString &folder, JobContext *job) {
  Dataset dataset;
  dataset.root = QFileInfo(folder).absoluteFilePath();
  dataset.format = QStringLiteral("flickr8k-native");
  const QString tokenFile = flickr8kTokenFileIn(folder);
  if (tokenFile.isEmpty()) return dataset;
  dataset.name = QFileInfo(tokenFile).fileName().startsWith(QLatin1String("Flickr8k")) ? QStringLiteral("flickr8k")
                                                                                       : QStringLiteral("flickr30k");
  const QString textDir = QFileInfo(tokenFile).absolutePath();
  const QHash<QString, Split> splits = readSplits(textDir, dataset.report);
  const QStringList dirs = existingDirs(dataset.root, kFlickr8kImageDirs);

  DatasetBuilder builder(dataset, job);
  builder.allowImagesUnder(dirs); // the layout's own folders, ".." ones included
  QSet<QString> badNames;
  const QList<QByteArray> all = textLines(readFileBytes(tokenFile));
  for (int i = 0; i < all.size(); ++i) {
    builder.progress(i, all.size(), QStringLiteral("reading %1").arg(QFileInfo(tokenFile).fileName()));
    const QString where = QStringLiteral("%1:%2").arg(tokenFile).arg(i + 1);
    const QString line = decodeText(all[i], where, dataset.report);
    if (line.trimmed().isEmpty()) continue;
    const int tab = int(line.indexOf(QLatin1Char('\t')));
    const int hash = int(line.lastIndexOf(QLatin1Char('#'), tab));
    if (tab < 0 || hash < 0) {
      dataset.report.add(kMalformedLine, QStringLiteral("%1: expected '<image>#<n><TAB><caption>'").arg(where));
      continue;
    }
    const QString name = line.left(hash).trimmed();
    const QString captionId = line.left(tab).trimmed();
    if (!hasImageSuffix(name)) {
      // Flickr8k's token file names one image "2258277193_586949ec62.jpg.1": no such file exists.
      if (!badNames.contains(name)) {
        badNames.insert(name);
        dataset.report.add(kBadImageName, QStringLiteral("%1: '%2' (its captions are skipped)").arg(where, name));
      }
      continue;
    }
    const QString id = QFileInfo(name).completeBaseName();
    int image = builder.imageIndex(id);
    if (image < 0) {
      const auto split = splits.constFind(name);
      image = builder.addImage(id, locateImage(dirs, name), split == splits.constEnd() ? Split::Unassigned : *split, where);
      if (image < 0) continue;
    }
    builder.addCaption(image, captionId, line.mid(tab + 1), where);
  }
  // Split entries with no caption at all are worth knowing about: the split files and the
  // token file disagree.
  for (auto it = splits.constBegin(); it != splits.constEnd(); ++it)
    if (builder.imageIndex(QFileInfo(it.key()).completeBaseName()) < 0 && !badNames.contains(it.key()))
      dataset.report.add(kNoCaptions, QStringLiteral("%1 (in the %2 split file, not in %3)")
                                          .arg(it.key(), splitName(it.value()), QFileInfo(tokenFile).fileName()));
  builder.finish();
  return dataset;
}

}  // namespace gs::detail
