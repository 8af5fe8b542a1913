#pragma once
// What the Map panel shows, apart from how: the images and captions of a run's split (items 0 …
// imageCount-1 are images, then the captions), their joint-space vectors, their 2-D positions once
// a layout exists, the image–caption links and the rubber-band selection. No widgets: testable alone.

#include "data/dataset.h"

#include <QPointF>
#include <QRectF>
#include <QStringList>

#include <QHash>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace gs {

constexpr double kMaxRankedPairs = 2e9;
// Level of detail (the Map's plot and its figure): above this many items each item is a small dot
// of its colour and the image–caption lines are left out — 100k markers and lines are a grey mass,
// and slow to draw.
constexpr int kDenseMapItems = 20000;

class JointSpace;
struct TrajectorySample;

// Each caption word's caption rows (ascending), as tokenize() splits the captions: a word search over
// COCO's 616,767 captions intersects a few lists instead of tokenizing every caption again.
struct CaptionWordIndex {
  QHash<QString, std::vector<int>> rows;
  static std::shared_ptr<const CaptionWordIndex> build(const QStringList &captions);
};

// Plain copy of the parts of a JointSpace the map needs (tests build one directly).
struct MapData {
  QStringList imageIds, imagePaths;      // per image row; paths may be empty
  std::vector<float> imageEmbeddings;    // imageCount × dim
  QStringList captions;                  // per caption row
  std::vector<int> captionImage;         // image row each caption describes (-1: unknown)
  std::vector<float> captionEmbeddings;  // captionCount × dim
  int dim = 0;
  // What the data knows about each item, for colouring and filtering (each may be empty: unknown).
  std::vector<int> captionPartnerRank;   // rank of the caption's own image when it searches the split (1 = first)
  std::vector<int> imagePartnerRank;     // best rank of the image's own captions when it searches them
  std::vector<float> captionLoss, imageLoss; // the model's ranking loss on each item (JointSpace::PartnerRanks)
  std::vector<int> imageOccurrence, captionOccurrence; // N_10 per row (hubness.h), empty when not computed
  std::vector<QStringList> imageConcepts; // ground-truth concepts (the Scenes demo's)
  std::vector<QStringList> imagePredictedConcepts; // the concept CNN's, for concepts runs (JointSpace::predictedConcepts)
  std::vector<char> captionOrderSensitive; // captions only word order resolves (the demo's twins)
  std::vector<Split> imageSplit;         // each image's split (a map of all splits colours by it)
  // Built with the items by fromJointSpace (off the GUI thread); without it a search scans the captions.
  std::shared_ptr<const CaptionWordIndex> captionWords;

  // Partner ranks, losses and k-occurrences are left out above kMaxRankedPairs image–caption pairs
  // (all of COCO's would take minutes), and the colourings and sizes by them.
  static MapData fromJointSpace(const JointSpace &space);
  // A run's recorded sample at one epoch (`vectors`: its items × dim, runtrajectory.h). Image paths
  // (for thumbnails) come from `space` where it holds the image; partner ranks, losses and
  // k-occurrences stay unknown (they would be the final model's, not the epoch's).
  static MapData fromTrajectory(const TrajectorySample &sample, const std::vector<float> &vectors, const JointSpace *space = nullptr);
  // What the dataset knows beyond the joint space, joined by image id and caption text: the
  // images' ground-truth concepts (left empty when no image has any) and the demo's
  // order-sensitive captions.
  void addDatasetMetadata(const Dataset &dataset);
};

enum class MapItemKind { Image, Caption };

class MapModel {
public:
  // Throws std::invalid_argument when the vectors' sizes disagree with the lists and dim.
  void setData(MapData data);
  const MapData &data() const { return m_data; }

  int imageCount() const { return int(m_data.imageIds.size()); }
  int captionCount() const { return int(m_data.captions.size()); }
  int itemCount() const { return imageCount() + captionCount(); }
  MapItemKind kind(int item) const { return item < imageCount() ? MapItemKind::Image : MapItemKind::Caption; }
  int row(int item) const { return item < imageCount() ? item : item - imageCount(); } // image or caption row
  int imageItem(int imageRow) const { return imageRow; }
  int captionItem(int captionRow) const { return imageCount() + captionRow; }

  // Images then captions, itemCount × dim: the input of t-SNE / PCA.
  std::vector<float> stackedEmbeddings() const;
  // Scale every vector to unit length before mapping (default on). Models that score with inner
  // products (Socher et al.) give images and captions different norms, and t-SNE or PCA of the raw
  // vectors then mostly separates the two modalities by length; unit vectors show directions,
  // i.e. the cosine geometry HM-LSTM's Fig. 8 maps.
  void setNormalised(bool normalised) { m_normalised = normalised; }
  bool normalised() const { return m_normalised; }
  // Subtract each modality's mean vector before mapping (default on, applied after unit length).
  // Images and captions of a joint space sit in two offset cones (the "modality gap", Liang et al.
  // 2022); a layout of the raw vectors then shows two clouds, images on one side and captions on
  // the other, and hides which caption lies near which image. Centring each modality removes the
  // offset and keeps every within-modality distance; only maps with both modalities are changed.
  void setCentredModalities(bool centred) { m_centred = centred; }
  bool centredModalities() const { return m_centred; }
  // ‖mean image − mean caption‖ of the vectors as mapped before centring (unit length when
  // normalised), and that distance over the mean distance of an item from its modality's mean
  // (≈ how many "cloud radii" apart the two modalities are). 0 when a modality is missing.
  struct ModalityGap {
    double distance = 0;
    double relative = 0;
  };
  ModalityGap modalityGap() const;

  // itemCount × 2 positions; throws std::invalid_argument on a size mismatch.
  void setPositions(std::vector<float> xy);
  bool hasPositions() const { return !m_xy.empty(); }
  void clearPositions() { m_xy.clear(); }
  QPointF position(int item) const { return {m_xy[std::size_t(item) * 2], m_xy[std::size_t(item) * 2 + 1]}; }
  QRectF bounds() const; // of all positions; empty without positions

  // (image item, caption item) for each caption whose image is in the split.
  std::vector<std::pair<int, int>> links() const;

  // Items whose position lies in `rect` (plot coordinates; a normalised copy is used), ascending.
  std::vector<int> itemsInRect(const QRectF &rect) const;
  // Visible items whose position `inside` accepts (plot coordinates), ascending; a lasso's test
  // of its outline lives with the outline, in figures/maplasso.h.
  std::vector<int> itemsWhere(const std::function<bool(const QPointF &)> &inside) const;
  // The item nearest to `pixel` within `radius` pixels, positions mapped to pixels by `toPixel`; -1 if none.
  int itemAt(const std::function<QPointF(QPointF)> &toPixel, const QPointF &pixel, double radius) const;

  void setSelection(std::vector<int> items) { m_selection = std::move(items); }
  const std::vector<int> &selection() const { return m_selection; }

  // Hidden items (a legend filter): not picked by itemAt or itemsInRect, not drawn.
  void setHidden(std::vector<char> hidden) { m_hidden = std::move(hidden); }
  bool hidden(int item) const { return item >= 0 && std::size_t(item) < m_hidden.size() && m_hidden[std::size_t(item)]; }

  // Caption items matching `query`, ascending: every word of it (case-insensitive, whole words), or
  // the regular expression between slashes ("/red (circle|square)/"). Throws std::invalid_argument
  // naming the problem for an invalid expression.
  std::vector<int> matchCaptions(const QString &query) const;

  // This model's items that are `other`'s `items` (another run's map of the same data): images by
  // id, captions by text and image id; items without a counterpart are left out. Ascending.
  std::vector<int> itemsMatching(const MapModel &other, const std::vector<int> &items) const;
  // Whether both hold the same items in the same order (then one's layout can start the other's).
  bool sameItemsAs(const MapModel &other) const;

  // "image <id>" or the caption's text; the tooltip adds the caption's image.
  QString label(int item) const;
  QString toolTip(int item) const;

private:
  bool m_normalised = true;
  bool m_centred = true;
  std::vector<float> uncentredEmbeddings() const; // stacked, unit length when normalised
  std::vector<int> captionsWithWords(const QStringList &words) const; // through m_data.captionWords
  MapData m_data;
  std::vector<float> m_xy;
  std::vector<int> m_selection;
  std::vector<char> m_hidden;
};

}  // namespace gs
