#pragma once
// What every loader shares: adding images and captions with the bad-input checks (duplicate ids,
// images referenced twice, empty captions), decoding text that may not be UTF-8, parsing JSON
// with file:line:column errors, and the final pass that drops images whose file is missing or
// that have no caption, reports them, and renumbers. Internal to core/data.

#include "data/dataset.h"

#include <QHash>
#include <QJsonDocument>
#include <QString>

#include <optional>

namespace gs {
class JobContext;
}

namespace gs::detail {

// Problem kinds, as LoadReport keys (the CLI and the tests read them).
inline const QString kMissingImage = QStringLiteral("missing image");
inline const QString kMalformedJson = QStringLiteral("malformed JSON");
inline const QString kMalformedLine = QStringLiteral("malformed line");
inline const QString kDuplicateId = QStringLiteral("duplicate id");
inline const QString kNonUtf8 = QStringLiteral("non-UTF-8 text");
inline const QString kEmptyCaption = QStringLiteral("empty caption");
inline const QString kReferencedTwice = QStringLiteral("image referenced twice");
inline const QString kNoCaptions = QStringLiteral("image without captions");
inline const QString kUnknownImage = QStringLiteral("caption of unknown image");
inline const QString kBadImageName = QStringLiteral("not an image file name");
inline const QString kBadSplit = QStringLiteral("unknown split");
inline const QString kBadRegion = QStringLiteral("bad region");
inline const QString kOutsideRoot = QStringLiteral("path outside the dataset folder");
inline const QString kInconsistentMetadata = QStringLiteral("inconsistent metadata");

class DatasetBuilder {
public:
  DatasetBuilder(Dataset &dataset, JobContext *job);

  // The new image's index, or -1 when `id` is taken ("duplicate id"), `path` already belongs
  // to another image ("image referenced twice") or lies outside the dataset's folders ("path
  // outside the dataset folder", see outsidepaths.h). `where` ("file:line") goes into the report.
  int addImage(const QString &id, const QString &path, Split split, const QString &where);

  // Folders besides Dataset::root where the format's own layout keeps images (Flickr8k's
  // ../Flicker8k_Dataset beside its text folder, COCO's train2014 beside annotations/): names the
  // loader chose, never names read from the dataset's files. Call before addImage.
  void allowImagesUnder(const QStringList &dirs);
  int imageIndex(const QString &id) const { return m_imageById.value(id, -1); }

  // The new caption's index, or -1 for an empty caption (no word tokens) or a taken id.
  // Tokens come from gs::tokenize(raw) unless given (Karpathy's JSON carries its own).
  int addCaption(int image, const QString &id, const QString &raw, const QString &where,
                 const QStringList &tokens = {});

  // Drops images whose file is missing or that have no caption (with their captions), reports
  // them, renumbers, and sets progress. Cost: one stat per image.
  void finish();

  // Reports progress (items of total) and honours cancel/pause every kCheckEvery calls.
  void progress(qint64 done, qint64 total, const QString &message);
  // The same, every call: for coarse units of work (a category, a file).
  void step(qint64 done, qint64 total, const QString &message);

  LoadReport &report() { return m_dataset.report; }

private:
  // True when `path` lies under the dataset's folders, checked on the cleaned path first (no file
  // system access for "../../etc/passwd") and then with symlinks resolved; `resolved` gets the
  // resolved path when symlinks changed it.
  bool insideDataset(const QString &path, QString *resolved);

  Dataset &m_dataset;
  QStringList m_extraDirs;
  QStringList m_lexicalRoots, m_canonicalRoots; // computed at the first addImage
  JobContext *m_job;
  QHash<QString, int> m_imageById;
  QHash<QString, int> m_imageByPath;
  QHash<QString, int> m_captionById;
};

// "file:line:column" for a byte offset into `data`, 1-based as editors count.
QString positionAt(const QString &file, const QByteArray &data, qint64 offset);

// Byte offset of the first invalid UTF-8 sequence in `data`, or -1 when it is valid.
qint64 firstInvalidUtf8(const QByteArray &data);

// `bytes` as text: UTF-8 when valid, else Latin-1 with a "non-UTF-8 text" entry at `where`.
QString decodeText(const QByteArray &bytes, const QString &where, LoadReport &report);

// Reads and parses a JSON file. Invalid UTF-8 is reported (file:line:column) and replaced by
// U+FFFD so the rest parses; a syntax error is reported as "malformed JSON" at file:line:column
// and gives nullopt. A file that cannot be opened throws std::runtime_error naming it.
std::optional<QJsonDocument> readJsonFile(const QString &file, LoadReport &report);

// Reads a whole text file; throws std::runtime_error naming it when it cannot be opened.
QByteArray readFileBytes(const QString &file);

// A text file's lines, LF or CRLF, without the line ends (no empty last line for a final newline).
QList<QByteArray> textLines(const QByteArray &data);

// True when the name ends in an image extension (jpg, jpeg, png, bmp, gif, tif, tiff, webp).
bool hasImageSuffix(const QString &name);

}  // namespace gs::detail

namespace gs::detail {

// The first of `dirs`/`relative` that exists, else `dirs.first()`/`relative` (reported missing
// later by DatasetBuilder::finish). Cost: up to dirs.size() stats per image.
QString locateImage(const QStringList &dirs, const QString &relative);

// Those of `candidates` (folders relative to `root`, "" for root itself) that exist, as absolute
// paths; `root` itself when none does.
QStringList existingDirs(const QString &root, const QStringList &candidates);

// For formats with no split of their own (Pascal Sentences, a CSV without a split column):
// in dataset order, the first 80% of the images train, the next 10% val, the rest test: the
// DT-RNN paper's 800/100/100 protocol on 1000 Pascal images.
void assignDefaultSplits(Dataset &dataset);

}  // namespace gs::detail
