#pragma once
// A gold set of phrase boxes on photos: for one caption of each image, every base noun phrase that
// names something in the photo with the box around it, drawn by hand
// (tests/data/flickr8k-phrase-boxes.tsv). Like the caption gold set, the file holds only the
// annotation: each phrase is a character range of its caption, whose text is read from the dataset
// by caption id ("IMAGE.jpg#K": the image's K-th caption), so no dataset text is copied.
//
// Format: UTF-8, '#' starts a comment line; each other line is tab-separated
//   CAPTION_ID   FROM:TO   X,Y,W,H | -   [REASON]
// FROM:TO is the phrase's character range in the caption (TO exclusive); X,Y,W,H its box in the
// photo's pixels; '-' a phrase that names nothing visible (REASON says why: "not-a-thing",
// "not-visible"), kept so the set is complete but never scored. Torch- and OpenCV-free.

#include "data/dataset.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

struct GoldPhraseBox {
  QString captionId;        // "1258913059_07c613f7ff.jpg#3"
  QString imageId;          // the id without extension and caption number: "1258913059_07c613f7ff"
  int captionIndex = 0;     // K: the image's K-th caption (0-based)
  int from = 0, to = 0;     // character range in the caption
  bool visible = true;      // false: '-', no box
  Box box;                  // photo pixels, when visible
  QString reason;           // why there is no box ('-' lines)
  QStringList types;        // Flickr30k Entities' phrase types ("people", "clothing", …); empty for the TSV gold set
  int line = 0;             // in the file, for messages
};

// Every phrase of the file in file order. Throws std::runtime_error naming the file and line of the
// first malformed line (wrong column count, a caption id without '#K', a bad range or box, an empty
// box) or when the file cannot be read or holds no phrase.
std::vector<GoldPhraseBox> readPhraseBoxGold(const QString &path);

// The phrase's text in `caption`. Throws std::runtime_error naming `goldPath` and the line when the
// range falls outside the caption.
QString goldPhraseText(const GoldPhraseBox &phrase, const QString &caption, const QString &goldPath);

}  // namespace gs
