#pragma once
// A ranked list as one self-contained HTML page whose thumbnails are embedded as base64 data URIs,
// so the page can be mailed or archived alone, and the writer that picks CSV, JSON or HTML by the
// file's suffix. In the report library (Qt Gui for the image decoding), apart from gscore so the
// engine links Qt Core alone; the Retrieval panel and `groundscope-cli retrieve --out` share it.

#include "analysis/rankedlist.h"

#include <QByteArray>
#include <QImage>
#include <QString>

namespace gs {

// A standalone page: a table with one thumbnail per row (scaled to fit thumbnailSize px, JPEG,
// base64 data URI; a row whose image cannot be read says so instead). Text is HTML-escaped.
// Cost: one image decode per row (QImageReader scales while decoding).
QByteArray toHtml(const RankedList &list, int thumbnailSize = 96);

// Writes the list in the format the suffix names (.csv, .json, .html/.htm) atomically (QSaveFile);
// false with `error` naming the file otherwise.
bool writeRankedList(const RankedList &list, const QString &path, QString *error = nullptr);

QString rankedListFileFilter(); // for file dialogs

// Decodes `path` scaled to fit size×size (QImageReader scales while decoding, so a large photo costs
// a fraction of a full decode); a null image when it cannot be read. Safe on any thread; the
// export's thumbnails and the Retrieval panel's come from here.
QImage loadThumbnail(const QString &path, int size);

}  // namespace gs
