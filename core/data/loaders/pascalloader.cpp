// UIUC Pascal Sentences (Rashtchian et al. 2010), as its crawl is usually laid out: 1000 images
// in 20 categories, sentence/<category>/<image>.txt with five captions a line each, and the
// images in dataset/<category>/<image>.jpg (or images/, image/, or <category>/ at the top).
// The set has no official split. We use the DT-RNN paper's protocol (Socher et al. 2014, §6:
// 800 train / 100 val / 100 test) per category: of each category's images in name order, the
// first 80% train, the next 10% val, the rest test, so every split sees every category.

#include "data/detail/datasetbuilder.h"
#include "data/detail/loaders.h"

#include <QDir>
#include <QFileInfo>

namespace gs::detail {

namespace {

const QStringList kSentenceDirs = {QStringLiteral("sentence"), QStringLiteral("sentences")};
const QStringList kPascalImageDirs = {QStringLiteral("dataset"), QStringLiteral("images"), QStringLiteral("image"), QString()};
const QStringList kImageSuffixes = {QStringLiteral("jpg"), QStringLiteral("jpeg"), QStringLiteral("png")};

}  // namespace

QString pascalSentenceFolderIn(const QString &folder) {
  for (const QString &name : kSentenceDirs) {
    const QDir dir(folder + QLatin1Char('/') + name);
    if (!dir.exists()) continue;
    for (const QString &category : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
      if (!QDir(dir.filePath(category)).entryList({QStringLiteral("*.txt")}, QDir::Files).isEmpty())
        return dir.absolutePath();
  }
  return {};
}

Dataset loadPascalSentences(const QString &folder, JobContext *job) {
  Dataset dataset;
  dataset.root = QFileInfo(folder).absoluteFilePath();
  dataset.format = QStringLiteral("pascal-sentences");
  dataset.name = QStringLiteral("pascal-sentences");
  const QString sentences = pascalSentenceFolderIn(folder);
  if (sentences.isEmpty()) return dataset;
  const QStringList dirs = existingDirs(dataset.root, kPascalImageDirs);

  DatasetBuilder builder(dataset, job);
  builder.allowImagesUnder(dirs); // the layout's own folders
  const QStringList categories = QDir(sentences).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
  for (int c = 0; c < categories.size(); ++c) {
    builder.step(c, categories.size(), QStringLiteral("reading Pascal Sentences"));
    const QString category = categories[c];
    const QDir dir(sentences + QLatin1Char('/') + category);
    const QStringList files = dir.entryList({QStringLiteral("*.txt")}, QDir::Files, QDir::Name);
    const int n = int(files.size());
    for (int i = 0; i < n; ++i) {
      const QString textFile = dir.absoluteFilePath(files[i]);
      const QString stem = QFileInfo(files[i]).completeBaseName();
      QString imagePath;
      for (const QString &suffix : kImageSuffixes) {
        imagePath = locateImage(dirs, category + QLatin1Char('/') + stem + QLatin1Char('.') + suffix);
        if (QFileInfo::exists(imagePath)) break;
      }
      if (!QFileInfo::exists(imagePath)) imagePath = locateImage(dirs, category + QLatin1Char('/') + stem + QStringLiteral(".jpg"));
      // Socher et al. 2014's 800/100/100, per category (see the file comment).
      const Split split = i < n * 8 / 10 ? Split::Train : i < n * 9 / 10 ? Split::Val : Split::Test;
      const int image = builder.addImage(category + QLatin1Char('/') + stem, imagePath, split, textFile);
      if (image < 0) continue;
      const QList<QByteArray> lines = readFileBytes(textFile).split('\n');
      int k = 0;
      for (int l = 0; l < lines.size(); ++l) {
        QByteArray line = lines[l].trimmed();
        if (line.isEmpty() && l == lines.size() - 1) continue; // the file's final newline
        const QString where = QStringLiteral("%1:%2").arg(textFile).arg(l + 1);
        builder.addCaption(image, QStringLiteral("%1/%2#%3").arg(category, stem).arg(k++), decodeText(line, where, dataset.report), where);
      }
    }
  }
  builder.finish();
  return dataset;
}

}  // namespace gs::detail
