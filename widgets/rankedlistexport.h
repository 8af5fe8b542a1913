#pragma once
// A ranked retrieval list (images for a sentence, or captions for an image) written out for a
// report: CSV (RFC 4180 quoting), JSON, or one self-contained HTML page whose thumbnails are
// embedded as base64 data URIs, so the page can be mailed or archived alone. No core types: the
// Retrieval panel fills a RankedList, tests build one by hand.

#include <QByteArray>
#include <QImage>
#include <QString>

#include <vector>

namespace gs {

struct RankedRow {
  int rank = 0;        // 1-based
  QString imageId;     // the image ranked, or the image the caption describes
  QString imagePath;   // for the HTML thumbnail; "" when unknown
  QString caption;     // caption rows only
  double score = 0;    // the model's score, higher is closer
  bool relevant = false; // the query's own image, or a caption that describes the query image
};

struct RankedList {
  enum class Kind { Images, Captions };
  Kind kind = Kind::Images;
  QString query;   // the sentence, or the query image's id
  QString run;     // the run folder the ranking came from
  std::vector<RankedRow> rows;
};

// Columns: rank, image_id, caption (caption lists only), score, relevant. Fields holding a comma,
// a double quote, CR or LF are quoted, quotes doubled. UTF-8, CRLF line ends as RFC 4180 asks.
QByteArray toCsv(const RankedList &list);
// {"kind": "images"|"captions", "query", "run", "rows": [{rank, image_id, [caption], score, relevant, image_path}]}
QByteArray toJson(const RankedList &list);
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
