#pragma once
// What a retrieval query is made of, as the slices of analysis/slices.h group queries by it: a
// caption's length, tree depth, noun phrases, dependency relations and parse status (from its
// ParsedCaption), and its image's concepts, region count and metadata columns. Torch-free.

#include "data/dataset.h"
#include "parse/parsedcaption.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gs {

struct CaptionFeatures {
  int words = 0;         // tokens that are not punctuation (UPOS PUNCT); all tokens when UPOS is missing
  int depth = 0;         // the dependency tree's height: edges from the root to its deepest token
  int nounPhrases = 0;   // NP nodes of the constituency tree, nested ones included
  QStringList relations; // the distinct dependency labels, sorted ("root" included)
  QString parseStatus;   // "complete", "fragment", "partial" or "fallback" (parseStatusName)
};

// The status a slice names: Link Grammar's quality, with a complete parse that only linked inside
// a frame ("there is …") called "fragment", since it is less trustworthy than a plain complete one.
QString parseStatusName(const ParsedCaption &parsed);
CaptionFeatures captionFeatures(const ParsedCaption &parsed);

struct ImageFeatures {
  QStringList concepts;              // ground truth, or a concepts run's predictions
  int regions = 0;                   // distinct ground-truth boxes over the image's captions' phrases
  QHash<QString, QString> metadata;  // column → value, for datasets that keep extra columns
};

// Image `image` of `dataset`: its ground-truth concepts, or `predicted` when it has none
// (JointSpace::predictedConcepts for concepts runs). Throws std::out_of_range for a bad index.
ImageFeatures imageFeatures(const Dataset &dataset, int image, const QStringList &predicted = {});

// One query of a retrieval direction: a caption searching images has both parts (its image's
// features describe the image it should find); an image searching captions has no caption part.
struct QueryFeatures {
  std::optional<CaptionFeatures> caption;
  ImageFeatures image;
};

// The length bins of the "length" field: 1–8, 9–12, 13–16 and 17+ words ("0" for none).
QString lengthBin(int words);

// How many concepts an image has, as a slice: "0" … "3", "4-6", "7-9", "10+" (how much the image
// shows, as far as its labels say: agreed nouns on photos, objects and attributes on the demo).
QString conceptCountBin(int concepts);

// The value of `field` for one query, the name of the slice it falls in:
//   length → lengthBin; depth, nps, regions → the number; concepts → conceptCountBin;
//   parse_status → parseStatusName;
//   relation:<label>, concept:<name> → "present" or "absent"; meta:<column> → the value, "(missing)".
// Throws std::invalid_argument naming sliceValue for an unknown field, or a caption field asked of
// a query without a caption.
QString sliceValue(const QueryFeatures &query, const QString &field);

// Every field the queries can be sliced by: the caption fields when any query has a caption,
// regions, concepts when any image has some, then relation:<label>, concept:<name> and
// meta:<column> for each label, concept and column met (sorted).
QStringList sliceFields(const std::vector<QueryFeatures> &queries);

}  // namespace gs
