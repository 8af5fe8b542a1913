#include "data/detail/datasetbuilder.h"

#include "data/outsidepaths.h"
#include "engine/jobcontext.h"
#include "text/tokenizer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonParseError>

#include <algorithm>
#include <stdexcept>

namespace gs::detail {

namespace {

// Cancel/pause and progress are checked this often while adding items: cheap enough to be
// invisible, frequent enough that cancel answers within milliseconds.
constexpr qint64 kCheckEvery = 1024;

}  // namespace

DatasetBuilder::DatasetBuilder(Dataset &dataset, JobContext *job) : m_dataset(dataset), m_job(job) {}

void DatasetBuilder::allowImagesUnder(const QStringList &dirs) {
  m_extraDirs << dirs;
  m_lexicalRoots.clear(); // recomputed with them
}

namespace {

bool isUnder(const QString &path, const QString &folder) {
  if (folder == QLatin1String("/")) return path.startsWith(QLatin1Char('/'));
  return path == folder || (path.startsWith(folder) && path.at(folder.size()) == QLatin1Char('/'));
}

bool isUnderAny(const QString &path, const QStringList &folders) {
  return std::any_of(folders.begin(), folders.end(), [&](const QString &folder) { return isUnder(path, folder); });
}

}  // namespace

bool DatasetBuilder::insideDataset(const QString &path, QString *resolved) {
  if (m_lexicalRoots.isEmpty()) {
    // The root as the user named it, and as it really is (the user chose it, symlinks and all);
    // the layout's folders relative to it, their own symlinks not followed.
    const QString root = QDir::cleanPath(QFileInfo(m_dataset.root).absoluteFilePath());
    QString canonical = QFileInfo(root).canonicalFilePath();
    if (canonical.isEmpty()) canonical = root;
    QStringList relatives = {QStringLiteral(".")};
    for (const QString &dir : m_extraDirs) relatives << QDir(root).relativeFilePath(QFileInfo(dir).absoluteFilePath());
    m_canonicalRoots.clear();
    for (const QString &relative : relatives) {
      m_lexicalRoots << QDir::cleanPath(root + QLatin1Char('/') + relative);
      m_canonicalRoots << QDir::cleanPath(canonical + QLatin1Char('/') + relative);
    }
  }
  const QString lexical = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
  if (!isUnderAny(lexical, m_lexicalRoots)) return false;
  const QString canonical = QFileInfo(lexical).canonicalFilePath(); // empty when missing: reported later
  if (canonical.isEmpty()) return true;
  if (canonical != lexical) *resolved = canonical;
  return isUnderAny(canonical, m_canonicalRoots);
}

int DatasetBuilder::addImage(const QString &id, const QString &path, Split split, const QString &where) {
  QString resolved;
  if (!outsidePathsAllowed() && !insideDataset(path, &resolved)) {
    report().add(kOutsideRoot, QStringLiteral("%1: %2%3 is outside %4 (refused; allow with groundscope-cli --allow-outside-paths "
                                              "or Settings ▸ Allow images outside the dataset folder)")
                                   .arg(where, path, resolved.isEmpty() ? QString() : QStringLiteral(" (resolves to %1)").arg(resolved),
                                        m_dataset.root));
    return -1;
  }
  // The same file under a second entry is the more telling diagnosis, so it is checked first.
  const QString key = QFileInfo(path).absoluteFilePath();
  if (const auto it = m_imageByPath.constFind(key); it != m_imageByPath.constEnd()) {
    report().add(kReferencedTwice, QStringLiteral("%1: %2 is already image '%3'").arg(where, path, m_dataset.images[*it].id));
    return -1;
  }
  if (m_imageById.contains(id)) {
    report().add(kDuplicateId, QStringLiteral("%1: image id '%2' already used").arg(where, id));
    return -1;
  }
  ImageRecord image;
  image.id = id;
  image.path = key;
  image.split = split;
  const int index = int(m_dataset.images.size());
  m_dataset.images.push_back(std::move(image));
  m_imageById.insert(id, index);
  m_imageByPath.insert(key, index);
  return index;
}

int DatasetBuilder::addCaption(int image, const QString &id, const QString &raw, const QString &where,
                               const QStringList &tokens) {
  if (image < 0 || image >= int(m_dataset.images.size())) return -1;
  if (m_captionById.contains(id)) {
    report().add(kDuplicateId, QStringLiteral("%1: caption id '%2' already used").arg(where, id));
    return -1;
  }
  CaptionRecord caption;
  caption.id = id;
  caption.image = image;
  caption.raw = raw.trimmed();
  caption.tokens = tokens.isEmpty() ? tokenize(caption.raw) : tokens;
  if (caption.tokens.isEmpty()) {
    report().add(kEmptyCaption, QStringLiteral("%1: caption '%2' has no words").arg(where, id));
    return -1;
  }
  const int index = int(m_dataset.captions.size());
  m_dataset.captions.push_back(std::move(caption));
  m_dataset.images[image].captions.push_back(index);
  m_captionById.insert(id, index);
  return index;
}

void DatasetBuilder::progress(qint64 done, qint64 total, const QString &message) {
  if (!m_job || done % kCheckEvery != 0) return;
  m_job->checkpoint();
  m_job->setItemProgress(done, total, message);
}

void DatasetBuilder::step(qint64 done, qint64 total, const QString &message) {
  if (!m_job) return;
  m_job->checkpoint();
  m_job->setItemProgress(done, total, message);
}

void DatasetBuilder::finish() {
  const int n = int(m_dataset.images.size());
  std::vector<int> newIndex(n, -1);
  std::vector<ImageRecord> kept;
  kept.reserve(n);
  for (int i = 0; i < n; ++i) {
    progress(i, n, QStringLiteral("checking image files"));
    ImageRecord &image = m_dataset.images[i];
    if (!QFileInfo::exists(image.path)) {
      report().add(kMissingImage, image.path);
      continue;
    }
    if (image.captions.empty()) {
      report().add(kNoCaptions, QStringLiteral("%1 (%2)").arg(image.id, image.path));
      continue;
    }
    newIndex[i] = int(kept.size());
    image.captions.clear();
    kept.push_back(std::move(image));
  }
  std::vector<CaptionRecord> captions;
  captions.reserve(m_dataset.captions.size());
  for (CaptionRecord &caption : m_dataset.captions) {
    const int image = newIndex[caption.image];
    if (image < 0) continue;
    caption.image = image;
    kept[image].captions.push_back(int(captions.size()));
    captions.push_back(std::move(caption));
  }
  m_dataset.images = std::move(kept);
  m_dataset.captions = std::move(captions);
}

QString positionAt(const QString &file, const QByteArray &data, qint64 offset) {
  offset = std::clamp<qint64>(offset, 0, data.size());
  int line = 1;
  qint64 lineStart = 0;
  for (qint64 i = 0; i < offset; ++i)
    if (data.at(i) == '\n') {
      ++line;
      lineStart = i + 1;
    }
  return QStringLiteral("%1:%2:%3").arg(file).arg(line).arg(offset - lineStart + 1);
}

qint64 firstInvalidUtf8(const QByteArray &data) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(data.constData());
  const qint64 n = data.size();
  for (qint64 i = 0; i < n;) {
    const unsigned char c = bytes[i];
    int extra = 0;
    quint32 minimum = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      extra = 1;
      minimum = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2;
      minimum = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3;
      minimum = 0x10000;
    } else {
      return i;
    }
    if (i + extra > n - 1) return i;
    quint32 code = c & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k) {
      if ((bytes[i + k] & 0xC0) != 0x80) return i;
      code = (code << 6) | (bytes[i + k] & 0x3F);
    }
    if (code < minimum || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return i;
    i += extra + 1;
  }
  return -1;
}

QString decodeText(const QByteArray &bytes, const QString &where, LoadReport &report) {
  if (firstInvalidUtf8(bytes) < 0) return QString::fromUtf8(bytes);
  report.add(kNonUtf8, QStringLiteral("%1: not UTF-8, read as Latin-1").arg(where));
  return QString::fromLatin1(bytes);
}

QByteArray readFileBytes(const QString &file) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open: %2").arg(file, f.errorString()).toStdString());
  return f.readAll();
}

QList<QByteArray> textLines(const QByteArray &data) {
  QList<QByteArray> result = data.split('\n');
  if (!result.isEmpty() && result.last().isEmpty()) result.removeLast();
  for (QByteArray &line : result)
    if (line.endsWith('\r')) line.chop(1);
  return result;
}

std::optional<QJsonDocument> readJsonFile(const QString &file, LoadReport &report) {
  QByteArray data = readFileBytes(file);
  if (const qint64 bad = firstInvalidUtf8(data); bad >= 0) {
    report.add(kNonUtf8, QStringLiteral("%1: invalid UTF-8, replaced by U+FFFD").arg(positionAt(file, data, bad)));
    data = QString::fromUtf8(data).toUtf8();
  }
  QJsonParseError error;
  QJsonDocument document = QJsonDocument::fromJson(data, &error);
  if (error.error != QJsonParseError::NoError) {
    report.add(kMalformedJson, QStringLiteral("%1: %2").arg(positionAt(file, data, error.offset), error.errorString()));
    return std::nullopt;
  }
  return document;
}

bool hasImageSuffix(const QString &name) {
  static const QStringList suffixes = {QStringLiteral("jpg"), QStringLiteral("jpeg"), QStringLiteral("png"),
                                       QStringLiteral("bmp"), QStringLiteral("gif"),  QStringLiteral("tif"),
                                       QStringLiteral("tiff"), QStringLiteral("webp")};
  const int dot = int(name.lastIndexOf(QLatin1Char('.')));
  return dot >= 0 && suffixes.contains(name.mid(dot + 1).toLower());
}

}  // namespace gs::detail

namespace gs::detail {

QString locateImage(const QStringList &dirs, const QString &relative) {
  for (const QString &dir : dirs) {
    const QString candidate = dir + QLatin1Char('/') + relative;
    if (QFileInfo::exists(candidate)) return candidate;
  }
  return (dirs.isEmpty() ? QString() : dirs.first()) + QLatin1Char('/') + relative;
}

QStringList existingDirs(const QString &root, const QStringList &candidates) {
  QStringList dirs;
  for (const QString &candidate : candidates) {
    const QString dir = candidate.isEmpty() ? root : root + QLatin1Char('/') + candidate;
    if (QFileInfo(dir).isDir()) dirs << QFileInfo(dir).absoluteFilePath();
  }
  if (dirs.isEmpty()) dirs << QFileInfo(root).absoluteFilePath();
  return dirs;
}

void assignDefaultSplits(Dataset &dataset) {
  const int n = int(dataset.images.size());
  const int train = int(n * 0.8), val = int(n * 0.9);
  for (int i = 0; i < n; ++i) dataset.images[i].split = i < train ? Split::Train : i < val ? Split::Val : Split::Test;
}

}  // namespace gs::detail
