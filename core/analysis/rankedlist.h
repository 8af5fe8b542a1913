#pragma once
// A ranked retrieval list — images for a sentence, or captions for an image — as every view shows
// it (the Retrieval panel, `groundscope-cli retrieve`) and writes it: CSV (RFC 4180) and JSON here,
// a standalone HTML page in figures/rankedlisthtml.h. JointSpace makes them; tests build them by hand.
// Torch-free.

#include <QByteArray>
#include <QString>

#include <vector>

namespace gs {

struct RankedRow {
  int rank = 0;        // 1-based
  QString imageId;     // the image ranked, or the image the caption describes
  QString imagePath;   // for thumbnails; "" when unknown
  QString caption;     // caption rows only
  double score = 0;    // the model's score, higher is closer
  bool relevant = false; // the query's own image, or a caption that describes the query image
  int row = -1;        // the item's row in the JointSpace that ranked it (-1 for hand-made lists)
};

struct RankedList {
  enum class Kind { Images, Captions };
  Kind kind = Kind::Images;
  QString query;       // the sentence, or the query image's id
  QString run;         // the run folder the ranking came from
  std::vector<RankedRow> rows;
  int candidates = 0;  // how many items were ranked (rows may hold only the top ones)
  // 1-based rank of the best relevant row among all candidates (the sentence's own image, the
  // image's first caption); 0 when nothing ranked is relevant.
  int trueRank = 0;
  int relevantCount = 0; // relevant items among all candidates

  RankedList top(int k) const; // the first k rows (all when k ≤ 0), the rest of the list unchanged
};

// Columns: rank, image_id, caption (caption lists only), score, relevant. Fields holding a comma,
// a double quote, CR or LF are quoted, quotes doubled. UTF-8, CRLF line ends as RFC 4180 asks.
QByteArray toCsv(const RankedList &list);
// {"kind": "images"|"captions", "query", "run", "candidates", "true_rank",
//  "rows": [{rank, image_id, [caption], score, relevant, image_path}]}
QByteArray toJson(const RankedList &list);

}  // namespace gs
