#pragma once
// Flickr30k Entities (Plummer et al. 2015, github.com/BryanPlummer/flickr30k_entities) as a gold
// set of phrase boxes: the field's standard phrase-grounding benchmark, read from its own folder so
// that groundGold (inference/goldgrounding.h) scores a run on it like on the hand-drawn TSV set.
//
// The folder holds Sentences/<imageid>.txt (one caption a line, each phrase marked
// "[/EN#18/people A man]": chain id, '/'-separated types, the words) and Annotations/<imageid>.xml
// (PASCAL VOC: each <object> names one or more chains and has a <bndbox>, or <nobndbox> for chains
// without one, e.g. <scene> chains).
//
// Plummer et al.'s protocol, which every later paper follows: a phrase counts only when its chain
// has a box; a chain's boxes are merged into their union; a choice is right at IoU ≥ 0.5 with that
// union; accuracy is reported overall and per type; "notvisual" phrases never count. The reader
// therefore gives each phrase its chain's union box, and marks the rest not visible with a reason.
// Torch- and OpenCV-free.

#include "evaluation/phraseboxgold.h"

#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace gs {

struct EntitiesGold {
  // Every marked phrase, image by image, caption by caption, in reading order. Its range is in the
  // caption's text without markup, `line` the line of the Sentences file; `visible` phrases carry
  // their chain's union box, the others reason "notvisual" or "no-box".
  std::vector<GoldPhraseBox> phrases;
  // "<imageid>.jpg#K" (K: the image's K-th non-empty line, 0-based) → the caption without markup:
  // the dataset's own caption text, to pass to groundGold as its CaptionTexts.
  std::map<QString, QString> captions;
  int notVisual = 0;              // phrases typed "notvisual" (never scored)
  int noBox = 0;                  // other phrases whose chain has no box (never scored)
  int images = 0;                 // images read (both files present)
  QStringList missingAnnotations; // image ids skipped for lack of their Sentences or Annotations file
};

// Reads the images `imageIds` of the Flickr30k Entities folder, or every Sentences/*.txt (in name
// order) when it is empty; an image lacking either file goes to missingAnnotations. Cost: one pass
// over each image's two files. Throws std::runtime_error naming the folder when it lacks Sentences/
// or Annotations/, and naming the file and line of the first malformed caption (an unclosed '[', a
// bad /EN#ID/TYPE header, an empty phrase) or annotation (bad XML, a coordinate that is not a
// number, an inverted box), or of a file that cannot be read.
EntitiesGold readEntitiesGold(const QString &folder, const QStringList &imageIds = {});

// The eight scored phrase types in the order of Plummer et al.'s per-type table: people, clothing,
// bodyparts, animals, vehicles, instruments, scene, other ("notvisual" is never scored).
QStringList entityTypes();

}  // namespace gs
