#pragma once
// Image features: extract them once per (dataset, backbone, crop mode, regions) into an on-disk
// cache and read them back memory-mapped. This is what training calls:
//
//   FeatureSet set = extractFeatures(dataset, BackboneSpec::parse("concept-cnn"), {}, &job);
//   int r = set.rowOf(image.id);             // -1 when the image was skipped
//   const float *v = set.row(r);             // set.dim() floats
//   for (const RegionFeature &reg : set.regionsOf(r)) ...  // boxes + features (HM-LSTM)
//
// Torch- and OpenCV-free.

#include "data/boxes.h"
#include "data/dataset.h"
#include "io/npy.h"
#include "vision/backbonespec.h"
#include "vision/classhead.h"

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

class JobContext;

enum class CropMode {
  Center,  // shortest side to 256, centre 224 crop (1 crop)
  TenCrop, // four corners + centre and their mirrors, each through the network, features averaged
           // (Huang et al. §4.2; Merkx & Frank)
  // The same ten crops' boxes pooled by RoIAlign (roialign.h) from one map of the image and one of
  // its mirror, the image's shortest side resized to regionInput: two passes of the network instead
  // of ten. A crop's feature then also sees the pixels around it, which the crop cut away.
  TenCropMap,
  FiveCrop,   // the four corners and the centre without their mirrors, each through the network
  // The five crops' boxes pooled from the image's one map: no pass of its own where the regions are
  // pooled from the same map (the concepts model's detectors read them), one pass otherwise. The
  // mirrors are left out because pooling a mirrored box from the mirrored map gives the same average;
  // only a second pass over the mirrored image could add anything.
  FiveCropMap
};
inline int cropCount(CropMode mode) {
  return mode == CropMode::Center ? 1 : (mode == CropMode::FiveCrop || mode == CropMode::FiveCropMap) ? 5 : 10;
}
// The counts of crops a context can be averaged over: 1, 5 or 10 (cropModeOf).
inline bool isCropCount(int crops) { return crops == 1 || crops == 5 || crops == 10; }
inline bool cropsFromMap(CropMode mode) { return mode == CropMode::TenCropMap || mode == CropMode::FiveCropMap; }

// Where several crops' features come from: each crop through the network (the papers'), or pooled
// from the map of the image (and, for ten, of its mirror): CropMode's map modes.
enum class CropSource { Images, Map };
// The crop mode of `crops` (1, 5 or 10) crops from `from`; one crop is always the centre's.
inline CropMode cropModeOf(int crops, CropSource from) {
  if (crops == 1) return CropMode::Center;
  if (crops == 5) return from == CropSource::Map ? CropMode::FiveCropMap : CropMode::FiveCrop;
  return from == CropSource::Map ? CropMode::TenCropMap : CropMode::TenCrop;
}
template <> const std::vector<EnumName<CropSource>> &enumTable<CropSource>(); // "images", "map"

struct ExtractOptions {
  CropMode crops = CropMode::Center;
  bool regions = false;  // the whole image + up to maxRegions boxes of `regionSet`
  int maxRegions = 19;   // proposals kept after NMS (Karpathy's and HM-LSTM's 19)
  RegionSet regionSet = RegionSet::Proposals;
  // How region features are pooled (boxes.h); extractFeatures resolves Auto by the backbone, and
  // the manifest records what it used. RoIAlign runs the network once per image, its shortest side
  // resized to regionInput (longest at most twice that): 448 px gives MobileNetV2 a 14×14 map, each
  // cell 32 px of the resized image.
  ProposalSearch proposals = ProposalSearch::Fast;
  RegionPooling regionPooling = RegionPooling::Auto;
  int regionInput = 448;
  // Folder of the feature set. Empty: userCacheDir("features")/<cache key>. A folder holding a
  // complete set with the same key is reused; a partial one with the same key is resumed.
  QString outDir;
  // Images per resumable chunk. 0: 64, or 512 for a network of 128 px or less, which runs 64 images
  // in 20 ms (the concept CNN): its chunks would spend a twentieth of the run being written.
  int chunkImages = 0;
  int batchSize = 16;    // images per network call (networks fixed at batch 1 run them one by one)
  // Threads decoding, cropping and normalising images (and proposing regions) ahead of the network,
  // so that work overlaps the forward passes; 0 prepares each image on the network's thread when it
  // is needed. Features are identical either way (tst_features).
  int prepareThreads = 1;
  // RoIAlign with one centre crop runs one network per image, never batched: this many copies of the
  // network (ONNX) run on different images at once. 0: one per configured core (GS_THREADS).
  // Features are identical for any count (tst_roialign).
  int mapNetworks = 0;
  // Small networks (an input short side up to 128 px: the concept CNN) read their images from the
  // decoded-image cache, where each image is stored once, decoded and resized to the input's short
  // side, instead of decoding every JPEG again for each feature set: decoding costs more than such a
  // network. Training the concept CNN fills it. Regions need the whole image and always decode.
  // Features are identical either way. decodedCacheDir: empty means userCacheDir("decoded").
  bool reuseDecoded = true;
  QString decodedCacheDir;
};

// The pooling extractFeatures uses for `requested`: Auto becomes RoIAlign for ONNX and
// TorchScript backbones and crops for the concept CNN.
RegionPooling resolvedRegionPooling(const BackboneSpec &spec, RegionPooling requested);

struct SkippedImage {
  QString id;
  QString path;
  QString reason;
};

struct RegionFeature {
  Box box;             // image pixels; the first region of every image is the whole image
  const float *feature = nullptr; // dim() floats
};

class FeatureSet {
public:
  int size() const { return m_ids.size(); }
  int dim() const { return static_cast<int>(m_features.cols()); }
  const QStringList &imageIds() const { return m_ids; }
  const float *row(int i) const { return m_features.row(i); }
  const NpyMatrix &matrix() const { return m_features; } // every image's row
  int rowOf(const QString &imageId) const { return m_rowOf.value(imageId, -1); }
  bool isMapped() const { return m_features.isMapped(); }

  bool hasRegions() const { return !m_regionOffsets.empty(); }
  std::vector<RegionFeature> regionsOf(int row) const;
  // Row `row`'s regions are regionMatrix()'s rows [firstRegionOf(row), + regionCountOf(row)).
  int firstRegionOf(int row) const { return m_regionOffsets[std::size_t(row)]; }
  int regionCountOf(int row) const { return m_regionOffsets[std::size_t(row) + 1] - m_regionOffsets[std::size_t(row)]; }
  int regionCount() const { return static_cast<int>(m_regionFeatures.rows()); }
  const NpyMatrix &regionMatrix() const { return m_regionFeatures; } // every image's region rows

  const std::vector<SkippedImage> &skipped() const { return m_skipped; }
  QString folder() const { return m_folder; }
  QJsonObject manifest() const { return m_manifest; }
  bool reused() const { return m_reused; } // true when nothing had to be extracted

private:
  friend FeatureSet loadFeatures(const QString &dir);
  friend FeatureSet extractFeatures(const Dataset &, const BackboneSpec &, const ExtractOptions &, JobContext *);
  QString m_folder;
  QJsonObject m_manifest;
  QStringList m_ids;
  QHash<QString, int> m_rowOf;
  NpyMatrix m_features;
  NpyMatrix m_regionFeatures;
  std::vector<Box> m_regionBoxes;
  std::vector<int> m_regionOffsets; // size()+1 prefix sums into the region rows
  std::vector<SkippedImage> m_skipped;
  bool m_reused = false;
};

// Reads a complete feature set from `dir` (manifest.json, features.npy, and regions when made),
// memory-mapped. Throws std::runtime_error naming the file when it is missing, incomplete or
// inconsistent. Cost: O(images) for the id table; the features themselves are not read.
FeatureSet loadFeatures(const QString &dir);

// The cache key of a run: a hash of the dataset's image list (ids, paths, sizes, mtimes), the
// backbone (its file's content hash, or the concept-CNN options), the crop mode and regions flag.
QString featureCacheKey(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options);

// The classifier of `spec`'s network as a linear head over the features of the set in
// `featureFolder` (vision/classhead.h): its classhead.npy when extraction left one (scored
// proposals do), else read from the network now (an 8-bit classifier's scales fitted on the first
// of `samplePaths` that decode) and kept there. Throws std::runtime_error naming the model file when
// the backbone has no such classifier (only ONNX networks that end in one do).
ClassHead classHeadOf(const BackboneSpec &spec, const QStringList &samplePaths, const QString &featureFolder, JobContext *job = nullptr);

// Extracts features of every image of `dataset` (reusing the cache when complete, resuming it when
// partial), reporting progress and honouring cancel through `job` when given. Bad images (missing,
// corrupt, truncated, tiny) are skipped and listed in FeatureSet::skipped(); a network that fails
// to load, or a layer that does not exist or gives no usable output, throws std::runtime_error
// naming the file and the reason. The concept CNN is trained first (weights kept in the folder).
FeatureSet extractFeatures(const Dataset &dataset, const BackboneSpec &spec, const ExtractOptions &options = {},
                           JobContext *job = nullptr);

}  // namespace gs
