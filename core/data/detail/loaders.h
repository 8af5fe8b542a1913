#pragma once
// The format readers behind gs::loadDataset, one source file each under core/data/loaders/.
// Each takes the resolved annotation file or folder, fills a Dataset through DatasetBuilder and
// leaves the zero-usable-pairs check to loadDataset.

#include "data/dataset.h"

#include <QString>

namespace gs {
class JobContext;
}

namespace gs::detail {

Dataset loadKarpathyJson(const QString &jsonFile, JobContext *job);
Dataset loadFlickr8kNative(const QString &folder, JobContext *job);
Dataset loadCocoCaptions(const QString &path, JobContext *job);
Dataset loadPascalSentences(const QString &folder, JobContext *job);
Dataset loadCsv(const QString &file, JobContext *job);

// The file inside `path` a format reads: e.g. for "karpathy-json" the dataset_*.json of a folder.
// Empty when there is none.
QString karpathyJsonIn(const QString &folder);
QString flickr8kTokenFileIn(const QString &folder);
QStringList cocoCaptionFilesIn(const QString &folder);
QString pascalSentenceFolderIn(const QString &folder);
QString csvFileIn(const QString &folder);

}  // namespace gs::detail
