#pragma once
// An attribution as data: JSON (the sentence or image, the score and rank, then one record per
// part or area) and CSV (one row per part or area, the header fields repeated so each row stands
// alone). What `groundscope-cli explain` prints and the panels' "Export contributions…" write.
// Torch-free.

#include "inference/attribution.h"

#include <QByteArray>
#include <QJsonObject>

namespace gs {

QJsonObject attributionToJson(const SentenceAttribution &attribution);
QJsonObject attributionToJson(const ImageAttribution &attribution);
QByteArray attributionToCsv(const SentenceAttribution &attribution);
QByteArray attributionToCsv(const ImageAttribution &attribution);

// JSON for a path ending in .json, CSV otherwise; written atomically. Throws std::runtime_error
// naming the file when it cannot be written.
void writeAttribution(const QString &path, const SentenceAttribution &attribution);
void writeAttribution(const QString &path, const ImageAttribution &attribution);

}  // namespace gs
