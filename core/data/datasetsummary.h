#pragma once
// What `groundscope-cli dataset info` and the GUI's dataset panel show about a loaded dataset:
// format, counts per split, vocabulary, caption lengths, ground truth present, and the load report.

#include "data/dataset.h"

#include <QJsonObject>
#include <QString>

namespace gs {

// {"name", "format", "root", "images": {"train", "val", "test", "none", "total"}, "captions": {…},
//  "vocabulary", "caption_length": {"mean", "min", "max", "histogram"}, "missing_images",
//  "captions_with_regions", "order_sensitive_captions", "images_with_concepts",
//  "report": [{"kind", "count", "examples"}]}
QJsonObject datasetSummary(const Dataset &dataset);

// The same as lines of text for people.
QString describeDataset(const Dataset &dataset);

}  // namespace gs
