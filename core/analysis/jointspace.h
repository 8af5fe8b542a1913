#pragma once
// One split of a trained run, embedded once into its joint space, for the views that look at that
// space: the map (t-SNE/PCA of images and captions), the retrieval panel and `groundscope-cli
// retrieve` (rank images for a sentence, captions for an image: the one place ranking and its
// "true rank" rule live) and the tree inspector (images nearest to a phrase's vector).
// Torch-free; the model stays open inside so new sentences can be embedded.

#include "analysis/rankedlist.h"
#include "analysis/vectorindex.h"
#include "data/dataset.h"
#include "evaluation/scorekind.h"

#include <QHash>

#include <memory>
#include <optional>
#include <vector>

namespace gs {

class JobContext;
class TrainedModel;

class JointSpace {
public:
  // Opens the run's best model, prepares its training data (features from the cache; the dataset
  // is loaded unless `dataset` is given and its source is the run's) and embeds the split's
  // images and captions. Cost: one forward pass over the split (seconds for 1,000 images), plus
  // feature extraction if the cache is gone. Throws std::runtime_error naming the folder when the
  // run or its data cannot be opened.
  // Rankings search a nearest-neighbour index of each side (analysis/vectorindex.h): exact (flat)
  // unless `index` asks for HNSW or IVF-PQ, whose builds are saved in RUN/index/ with a fingerprint
  // of the embeddings they index and reused while it matches.
  static std::shared_ptr<const JointSpace> open(const QString &runDir, Split split = Split::Test,
                                                JobContext *job = nullptr,
                                                std::shared_ptr<const Dataset> dataset = nullptr,
                                                const IndexOptions &index = {});
  // Every image of the run's data (train, val, test and unassigned) with its captions: the Map's
  // "all splits". Costs one forward pass over the whole dataset. split() is then Split::Unassigned.
  static std::shared_ptr<const JointSpace> openAll(const QString &runDir, JobContext *job = nullptr,
                                                   std::shared_ptr<const Dataset> dataset = nullptr,
                                                   const IndexOptions &index = {});

  // The search behind the rankings. With an approximate index a ranking holds the best
  // kApproximateDepth items (RankedList::candidates still counts all, trueRank is 0 beyond them).
  static constexpr int kApproximateDepth = 1000;
  // The caption side's index kind (the larger side; Auto resolved), Flat before any index exists.
  IndexKind indexKind() const { return m_captionIndex ? m_captionIndex->kind() : m_imageIndex ? m_imageIndex->kind() : IndexKind::Flat; }
  // Each side's own kind: with Auto, 200,000 images may be searched exactly and a million captions
  // through HNSW, and a ranking of images says so only when its own side is approximate.
  IndexKind imageIndexKind() const { return m_imageIndex ? m_imageIndex->kind() : IndexKind::Flat; }
  IndexKind captionIndexKind() const { return m_captionIndex ? m_captionIndex->kind() : IndexKind::Flat; }
  // Approximate indexes: whether they were read from RUN/index/ (true) or built now.
  bool indexReused() const { return m_indexReused; }
  ~JointSpace();

  QString runDir() const { return m_runDir; }
  QString datasetPath() const { return m_datasetPath; }
  // The feature cache folder the run's images were embedded from (features.npy, manifest.json).
  QString featuresFolder() const { return m_featuresFolder; }
  QString model() const { return m_model; }
  Split split() const { return m_split; }
  bool allSplits() const { return m_allSplits; }
  // Concepts runs (Huang et al.): the concepts the concept CNN finds in each image row (score
  // p ≥ kConceptPresent, from the run's features); empty for other runs.
  static constexpr float kConceptPresent = 0.5f;
  const std::vector<QStringList> &predictedConcepts() const { return m_predictedConcepts; }
  const std::vector<Split> &imageSplits() const { return m_imageSplits; } // per image row
  int dim() const { return m_dim; }
  ScoreKind scoreKind() const; // how the run scores an image against a caption

  // The split's images (rows), in dataset order.
  int imageCount() const { return int(m_imageIds.size()); }
  const QStringList &imageIds() const { return m_imageIds; }
  const QStringList &imagePaths() const { return m_imagePaths; } // absolute; "" when unknown
  const std::vector<float> &imageEmbeddings() const { return m_imageEmbeddings; } // imageCount × dim
  std::vector<float> imageFeatures(int row) const; // the backbone's features (for TreeInspector)
  int imageRowOf(const QString &id) const;          // -1 when not in the split

  // The split's captions (rows) and the image row each describes.
  int captionCount() const { return int(m_captions.size()); }
  const QStringList &captions() const { return m_captions; }
  const std::vector<int> &captionImage() const { return m_captionImage; }
  const std::vector<float> &captionEmbeddings() const { return m_captionEmbeddings; } // captionCount × dim

  struct Ranked {
    int row = -1;     // image row (rankImages…) or caption row (rankCaptions…)
    float score = 0;  // the model's score: higher is closer
  };
  // All images of the split, best first. Throws std::invalid_argument when the sentence has no words.
  // Thread-safe (const); one sentence costs a parse (tree models) and one forward pass.
  std::vector<Ranked> rankImagesForSentence(const QString &sentence) const;
  // All images, best first, for a vector already in the joint space (a tree node's InspectedNode::joint).
  std::vector<Ranked> rankImagesForVector(const std::vector<float> &joint) const;
  // All captions of the split, best first, for image row `row`.
  std::vector<Ranked> rankCaptionsForImage(int row) const;
  // The k images and k captions of the split nearest to one of its items by the model's own score
  // (the Embedding Projector's "nearest points in the original space", not on the map), the item
  // itself left out; best first. Both modalities are scored as the model scores an image against a
  // caption, the query's vector taking the other side's place. Throws std::out_of_range for a bad row.
  struct Neighbours {
    std::vector<Ranked> images, captions;
  };
  Neighbours neighboursOfImage(int row, int k) const;
  Neighbours neighboursOfCaption(int row, int k) const;

  // How well the model retrieves each item's partner (the Map colours by it): for each caption the
  // 1-based rank of its own image when it searches the split's images; for each image the best rank
  // of its own captions when it searches the split's captions (0: no partner in the split). And
  // the model's ranking loss on each item within the split, with the run's margin Δ: for a caption
  // Σ_j max(0, Δ − s(own image, c) + s(j, c)) over the other images (the sentence term of Socher et
  // al. 2014 Eq. 5, the hinge loss's caption side); for an image the mean over its captions c of
  // Σ_c' max(0, Δ − s(i, c) + s(i, c')) over the other images' captions (the image term); 0 with
  // no partner in the split. And each item's k-occurrence N_k with k = kOccurrenceK (hubness.h,
  // Radovanović et al. 2010): for an image how many of the split's captions have it among their k
  // nearest images, for a caption how many images have it among their k nearest captions (a list
  // holds at most all of the side it ranks; ties by ranksAbove); empty when either side is. Two
  // passes of the model's score over the split, in blocks of captions (no images × captions matrix).
  static constexpr int kOccurrenceK = 10;
  static constexpr int kScoreBlock = 2048; // captions per block of scores: images × 2,048 floats at a time
  struct PartnerRanks {
    std::vector<int> captions, images;
    std::vector<float> captionLoss, imageLoss;
    std::vector<int> imageOccurrence, captionOccurrence; // N_k per image row, per caption row
  };
  PartnerRanks partnerRanks() const;

  // 1-based rank of `imageRow` in `ranked`, 0 when absent.
  static int rankOf(const std::vector<Ranked> &ranked, int imageRow);

  // The same rankings as lists every view shows and exports (all candidates; RankedList::top cuts).
  // Images for a sentence: relevant are the images of the split's captions that equal the sentence
  // up to case and punctuation, trueRank the best of them. Throws like rankImagesForSentence.
  // depth ≥ 0: the list holds the best `depth` rows only (the Retrieval dock shows 10,000 of a
  // million), trueRank still counted over all of them.
  RankedList imagesForSentence(const QString &sentence, int depth = -1) const;
  // Captions for image row `row` of the split: relevant are its own captions.
  RankedList captionsForImage(int row, int depth = -1) const;
  // Captions for any image of the run's data (not only the split's), named by id, file name or
  // path; its features come from the feature cache. Throws std::invalid_argument naming the query
  // when no image with features matches.
  RankedList captionsForImage(const QString &image) const;
  // The images of the split whose captions equal `sentence` up to case and punctuation.
  QList<int> imagesDescribedBy(const QString &sentence) const;

private:
  JointSpace() = default;
  // One split, or every image when `split` is empty.
  static std::shared_ptr<const JointSpace> openSplits(const QString &runDir, std::optional<Split> split, JobContext *job,
                                                      std::shared_ptr<const Dataset> dataset, const IndexOptions &index);
  // Best first from an index, ties by row; the whole list from an exact index, the best
  // kApproximateDepth from an approximate one (depth < 0), or the best `depth`.
  std::vector<Ranked> searched(const VectorIndex &index, const std::vector<float> &query, int depth = -1) const;
  void attachIndexes(const IndexOptions &options, JobContext *job);
  std::vector<Ranked> rankCaptionsForEmbedding(const std::vector<float> &imageEmbedding) const;
  Neighbours neighboursOf(const std::vector<float> &joint, int k, int selfImage, int selfCaption) const;
  RankedList captionList(const std::vector<Ranked> &ranked, const QString &query, int ownRow, int depth = -1) const;
  std::vector<float> featuresOfDataImage(int dataRow) const;

  QString m_runDir, m_datasetPath, m_model;
  Split m_split = Split::Test;
  bool m_allSplits = false;
  std::vector<Split> m_imageSplits;
  std::vector<QStringList> m_predictedConcepts;
  int m_dim = 0, m_featureDim = 0;
  std::shared_ptr<TrainedModel> m_trained;
  QStringList m_imageIds, m_imagePaths, m_captions;
  std::vector<float> m_imageFeatures, m_imageEmbeddings, m_captionEmbeddings;
  std::vector<int> m_captionImage;
  bool m_indexReused = false;
  std::shared_ptr<const VectorIndex> m_imageIndex, m_captionIndex;
  QHash<QString, QList<int>> m_imagesOfCaption; // normalised caption text → split image rows
  // Every image of the run's data, for queries outside the split; their features stay in the
  // feature cache (memory-mapped) until asked for.
  QStringList m_dataImageIds, m_dataImagePaths;
  QString m_featuresFolder;
};

}  // namespace gs
