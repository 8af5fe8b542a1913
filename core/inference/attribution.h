#pragma once
// Why a trained run scores an image and a sentence as it does: how much each part of the sentence
// (tree node, word or character) and each part of the image (region, concept, or cell of a grid
// over the photo) contributes to s(image, sentence), and where the image ranks when that part is
// taken away. Three methods on the sentence side:
//  - occlusion: take the part away and encode again (a tree node's whole subtree, a word or a
//    character removed from the sentence, which is then parsed again as typed; or each word
//    replaced by the unknown word, the tree kept). Δ = s − s(edited): what the part added.
//  - gradient × input: ∂s/∂x · x for the input vector x of every word (or character).
//  - integrated gradients (Sundararajan et al. 2017): (x − x₀) · mean over α of ∂s/∂x at
//    x₀ + α(x − x₀), from the zero vector x₀, for the recurrent and character models where one
//    gradient is not enough. Completeness: the contributions sum to s(x) − s(x₀); the steps are
//    doubled until the gap is within 1 % (or 1,024 steps).
// A tree node's contribution under the gradient methods is its own word's; a phrase node (no word
// of its own) gets the sum over its subtree, which every node also carries as `subtree`.
// On the image side, occlusion only: the concepts model's concept scores p_c set to 0 (Huang et
// al. §3.2: the concept input of Eq. 2); the HM-LSTM's candidate regions removed from the phrase–
// region match (each noun phrase's best region, HM-LSTM §3.3), since its image–sentence score reads
// the whole image; and, for any run on a pixel backbone, a grid of cells greyed out one at a time,
// each occluded photo sent through the run's own backbone again (Zeiler & Fergus 2014).
// Torch-free.

#include "data/boxes.h"
#include "io/enumnames.h"
#include "training/trainingdata.h"

#include <QString>
#include <QStringList>

#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace gs {

class Dataset;
class JobContext;
class TrainedModel;

enum class AttributionMethod { Occlusion, Gradient, IntegratedGradients };
template <> const std::vector<EnumName<AttributionMethod>> &enumTable<AttributionMethod>();
// The names the CLI and JSON use: "occlusion", "gradient", "ig".
QString attributionMethodName(AttributionMethod method);
std::optional<AttributionMethod> attributionMethodNamed(const QString &name);
QStringList attributionMethodNames();

// What occlusion takes away from the sentence.
enum class OcclusionKind {
  Remove,  // the part's words (a tree node: its subtree's) removed, the sentence encoded as typed
  Unknown  // the part's words replaced by the unknown word, everything else (the tree) kept
};
template <> const std::vector<EnumName<OcclusionKind>> &enumTable<OcclusionKind>(); // "remove", "unknown"

enum class SentenceUnitKind { TreeNode, Word, Character };
template <> const std::vector<EnumName<SentenceUnitKind>> &enumTable<SentenceUnitKind>(); // "node", "word", "character"

struct AttributedPart {
  QString text;               // the word, the character, or the words under a tree node (its subtree's)
  QString word;               // a tree node's own word ("" for a phrase node); words, characters: = text
  int token = -1;             // the index of `word` among the tokens (characters: of the character)
  QString label;              // tree nodes: the relation to the parent or the phrase label
  int parent = -1;            // tree nodes: index into SentenceAttribution::parts, -1 for the root
  std::vector<int> children;  // tree nodes
  bool nounPhrase = false;    // phrase trees: a noun-phrase node
  int begin = -1, end = -1;   // the word tokens (characters: the characters) it covers, half-open
  double contribution = 0;    // see the file comment; positive: the part raises the score
  double subtree = 0;         // tree nodes: the sum of `contribution` over the node and its descendants
                              // (gradient methods); occlusion: equal to contribution
  // Occlusion only: the score and the image's rank (1-based) with the part taken away, and the
  // sentence that was encoded. NaN / 0 / "" where nothing would remain.
  double occludedScore = std::numeric_limits<double>::quiet_NaN();
  int occludedRank = 0;
  QString occludedCaption;
};

struct SentenceAttribution {
  QString model;
  QString caption;
  QString imageId;
  AttributionMethod method = AttributionMethod::Occlusion;
  OcclusionKind occlusion = OcclusionKind::Remove;
  SentenceUnitKind unit = SentenceUnitKind::Word;
  QStringList tokens;                 // the caption's word tokens
  std::vector<AttributedPart> parts;  // tree nodes (tree order), words or characters
  int root = -1;                      // tree models: the root part
  double score = 0;                   // s(image, sentence)
  int rank = 0;                       // the image's rank among the candidates for this sentence
  int candidates = 0;                 // images ranked (the split's)
  // Integrated gradients: s(x₀), the gap |Σ contribution − (s − s(x₀))| / |s − s(x₀)|, the steps.
  double baselineScore = 0;
  double completenessGap = 0;
  int steps = 0;
  double sum() const;                 // Σ contribution over the parts without a parent (all, for words)
};

enum class ImageAreaKind { Region, Concept, GridCell };
template <> const std::vector<EnumName<ImageAreaKind>> &enumTable<ImageAreaKind>(); // "region", "concept", "grid"

struct AttributedArea {
  QString name;               // "region 3", the concept's name, "cell 2,5"
  Box box;                    // image pixels
  double contribution = 0;    // s − s(occluded): positive where the area raises the score
  double occludedScore = 0;
  int occludedRank = 0;       // the image's rank with the area occluded (0 for regions: see note)
};

struct ImageAttribution {
  QString model;
  QString caption;
  QString imageId;
  ImageAreaKind kind = ImageAreaKind::GridCell;
  std::vector<AttributedArea> areas; // regions and cells in image order; concepts by |contribution|
  double score = 0;                  // the score the contributions are differences of
  int rank = 0;
  int candidates = 0;
  int gridRows = 0, gridColumns = 0; // grid only
  int imageWidth = 0, imageHeight = 0;
  QString scoreName;                 // what `score` is: "s(image, sentence)" or the phrase–region match
};

// A sentence as the lab scores it against one image: the score, the image's rank, the best images.
struct CaptionScore {
  double score = 0;
  int rank = 0;
  int candidates = 0;
  struct Ranked {
    int image = 0;      // row in the data
    QString imageId;
    double score = 0;
  };
  std::vector<Ranked> top; // best first
  bool readable = true;    // false: no word of the sentence is in the run's vocabulary
};

class ScoreExplainer {
public:
  // Opens its own copy of the run's best model (gradients need parameters nobody else is using)
  // over `data`, the run's prepared data (TrainedModel::prepareData). The candidates an image is
  // ranked among are the images of `split`. Throws std::runtime_error naming the folder when the
  // run cannot be opened, std::invalid_argument when the data has no image of the split.
  ScoreExplainer(const QString &runDir, std::shared_ptr<const TrainingData> data, Split split = Split::Test);
  ~ScoreExplainer();
  ScoreExplainer(const ScoreExplainer &) = delete;
  ScoreExplainer &operator=(const ScoreExplainer &) = delete;

  const TrainingData &data() const;
  Split split() const;
  QString modelName() const;
  SentenceUnitKind unitKind() const;
  bool hasGradients() const;        // false for kCCA (no network to differentiate)
  int imageRow(const QString &imageId) const; // -1 when the data has no such image

  // Throws std::invalid_argument for an empty caption, one with no word the run knows (word
  // models), an image row out of range, or a gradient method on kCCA.
  SentenceAttribution explainSentence(int image, const QString &caption, AttributionMethod method,
                                      OcclusionKind occlusion = OcclusionKind::Remove) const;
  CaptionScore scoreCaption(int image, const QString &caption, int top = 5) const;

  // The concepts model: each concept; the HM-LSTM: each candidate region. Throws
  // std::invalid_argument for another model or an image without regions (naming the image).
  ImageAttribution explainImageParts(int image, const QString &caption) const;
  bool hasImageParts() const;

  // Grid occlusion over the photo (rows × columns cells, each filled with the network's mean
  // colour), features from the run's own backbone; progress and cancel through `job`. Throws
  // std::runtime_error naming the file when the photo or the backbone's network cannot be read,
  // std::invalid_argument for precomputed (.npy) features, which have no network to run again.
  ImageAttribution explainGrid(int image, const QString &caption, const Dataset &dataset, int rows = 7,
                               int columns = 7, JobContext *job = nullptr) const;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace gs
