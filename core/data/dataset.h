#pragma once
// The dataset model every part of Groundscope shares: images with their split, captions with
// their tokens, optional regions linking noun-phrase spans to boxes, per-image concept labels,
// and the load report that says what was skipped and why. Torch-free, plain value types.

#include <QHash>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <vector>

namespace gs {

enum class Split { Train, Val, Test, Unassigned };

// "train", "val", "test", "none". Readers also accept "dev" and "restval" (→ Train, as Karpathy's
// splits use it) in splitFromName.
QString splitName(Split split);
std::optional<Split> splitFromName(const QString &name);

// Axis-aligned box in image pixels (x, y: top-left corner).
struct Box {
  float x = 0, y = 0, width = 0, height = 0;
  bool operator==(const Box &o) const { return x == o.x && y == o.y && width == o.width && height == o.height; }
};

// A noun phrase of a caption, as a half-open token span [begin, end) into CaptionRecord::tokens,
// and the box(es) of the object(s) it refers to (ground truth; empty when unknown).
struct PhraseRegion {
  int begin = 0;
  int end = 0;
  std::vector<Box> boxes;
};

struct CaptionRecord {
  QString id;                // unique within the dataset
  int image = -1;            // index into Dataset::images
  QString raw;               // the caption as written
  QStringList tokens;        // lower-cased word tokens, punctuation dropped (Karpathy's tokenisation)
  std::vector<PhraseRegion> phrases; // ground-truth phrase boxes, when the dataset has them
  // The demo generator marks captions whose bag of words is shared by a distractor image
  // (same words, swapped attributes or relations): the captions only word order can resolve.
  bool orderSensitive = false;
};

struct ImageRecord {
  QString id;                // unique within the dataset (file name stem for most formats)
  QString path;              // absolute path of the image file
  int width = 0, height = 0; // pixels; 0 when not read yet
  Split split = Split::Unassigned;
  std::vector<int> captions; // indices into Dataset::captions
  QStringList concepts;      // ground-truth concept labels when known (demo: shapes, colours, sizes,
                             // relations, counts); models derive their own from captions otherwise
  int distractor = -1;       // demo: index of the twin image whose captions have the same bags of
                             // words with swapped attributes or relation (same split); -1 if none
  QHash<QString, QString> metadata; // extra columns of the dataset file (CSV), column → value; empty
                                    // cells are absent. A hash like ImageFeatures::metadata, which
                                    // copies it; whoever lists the columns sorts them.
};

// One kind of problem met while loading, counted, with the first few examples kept.
struct LoadIssue {
  QString kind;     // e.g. "missing image", "malformed JSON", "duplicate id", "empty caption",
                    // "non-UTF-8 text", "image referenced twice"
  int count = 0;
  QStringList examples; // "file:line:column: message", at most LoadReport::kExamplesKept
};

struct LoadReport {
  static constexpr int kExamplesKept = 5; // examples per kind: enough to find the problem
  std::vector<LoadIssue> issues;
  void add(const QString &kind, const QString &example);
  int count(const QString &kind) const;
  int total() const;
  QString toText() const; // one block per kind: count and examples
};

struct DatasetStats {
  std::array<int, 4> imagesPerSplit{};   // indexed by Split
  std::array<int, 4> captionsPerSplit{}; // indexed by Split
  int vocabularySize = 0;                // distinct tokens over all captions
  std::vector<int> captionLengthHistogram; // [n] = captions with n tokens
  int missingImages = 0;                 // images named by the annotations but absent on disk
};

class Dataset {
public:
  QString name;   // e.g. "flickr8k", "scenes-1000-seed1"
  QString format; // detected format, e.g. "karpathy-json", "flickr8k-native", "coco-captions",
                  // "pascal-sentences", "csv", "scenes-demo"
  QString root;   // folder the dataset was loaded from
  QString source; // the path loadDataset was given (a folder or an annotation file); "" when built in memory
  std::vector<ImageRecord> images;
  std::vector<CaptionRecord> captions;
  LoadReport report;

  std::vector<int> imagesIn(Split split) const;   // image indices, in dataset order
  std::vector<int> captionsIn(Split split) const; // caption indices whose image is in `split`
  DatasetStats stats() const;
  QStringList vocabulary() const; // sorted distinct tokens
  // Whether this dataset was loaded from `path` (the same file or folder as `source`), so a caller
  // holding it can hand it on instead of having it read again.
  bool isLoadedFrom(const QString &path) const;
};

}  // namespace gs
