#pragma once
// One entry point for every dataset format Groundscope reads: point it at a folder or a file and
// it works out the format, loads what it can and reports the rest in Dataset::report.
//
// Formats (the names detectDatasetFormat returns and Dataset::format carries):
//   "karpathy-json"    dataset_flickr8k.json / dataset_flickr30k.json / dataset_coco.json (Karpathy's
//                      splits), and the Scenes demo's dataset.json with its regions.json
//   "flickr8k-native"  Flickr8k.token.txt + Flickr_8k.{train,dev,test}Images.txt + an image folder
//   "coco-captions"    MS-COCO annotations/captions_{train,val}20xx.json + image folders
//   "pascal-sentences" UIUC Pascal Sentences: <category>/<image>.jpg + sentence/<category>/<image>.txt
//   "csv"              a .csv or .tsv file of (image path, caption) rows, optional header and split column

#include "data/dataset.h"

#include <QString>

namespace gs {

class JobContext;

// The format of the dataset at `path` (a folder or a file), or an empty string when none is
// recognised. Cheap: looks at file names and, for a lone .json, its first bytes.
QString detectDatasetFormat(const QString &path);

// Loads the dataset at `path` (folder or file) in the detected format. Problems with single
// items (missing image files, malformed lines, duplicate ids, non-UTF-8 text, empty captions,
// images referenced twice) are skipped and counted in Dataset::report; the rest loads.
// Throws std::runtime_error naming the path when the format is unknown, the annotation file
// cannot be read at all, or zero usable image–caption pairs remain. Reports progress and calls
// checkpoint() through `job` when given (so it can run as an engine job and be cancelled).
// Cost: O(captions) plus one file-existence check per image; image sizes are not read (0) except
// where the format records them.
Dataset loadDataset(const QString &path, JobContext *job = nullptr);

}  // namespace gs
