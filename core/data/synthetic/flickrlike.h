#pragma once
// Synthetic photos of Flickr's size with captions of Flickr's length, for timing the whole
// pipeline at a scale no real dataset here has (`groundscope-cli bench pipeline`). Nothing is
// learnable in them beyond chance: the images are random scenes of textured shapes on a smooth
// background, so JPEG decoding, selective search and the networks cost what they cost on photos,
// and the captions are drawn from a grammar of everyday Flickr words with a Zipf-shaped tail of
// WordNet's nouns, so the parser and the encoders read sentences of the real length distribution
// and the vocabulary grows with the captions as a real one does (COCO's size at COCO's images).
//
// On disk it has the Karpathy split JSON's layout (what Flickr30k is distributed as):
//   OUT_DIR/images/synth_000000.jpg …   OUT_DIR/dataset.json

#include "data/dataset.h"

#include <QString>
#include <QStringList>

#include <map>

namespace gs {

class JobContext;

struct FlickrLikeOptions {
  int images = 31000;       // Flickr30k's 31,014, rounded
  int captionsPerImage = 5; // 155,000 captions at the default size
  quint32 seed = 1;         // same seed → byte-identical files
  // Flickr's photos are at most 500 pixels on the long side; a quarter are portrait.
  int longSide = 500;
  int shortSide = 375;
  // Karpathy's Flickr30k split: 1,000 validation and 1,000 test images of 31,014.
  double valFraction = 1000.0 / 31014.0;
  double testFraction = 1000.0 / 31014.0;
};

// One caption of the grammar, seeded by (seed, image, caption): tokens without punctuation, as
// Karpathy's files give them. Flickr30k's captions average 12.3 such tokens.
QStringList flickrLikeCaption(quint32 seed, int image, int caption);

// How often each word occurs in the training split's captions of the dataset `options` describes,
// counted without writing anything: the vocabulary a model trained on all of it would have, for a
// bench that trains on fewer images. O(images × captionsPerImage).
std::map<QString, int> flickrLikeTrainingWordCounts(const FlickrLikeOptions &options);

// Writes the dataset into `outDir` (created if missing) and returns it loaded through
// loadDataset. Images are JPEG (quality 90), written on all cores with cancel between batches.
// Throws std::runtime_error naming the folder when it cannot write, std::invalid_argument
// for options out of range (fewer than 4 images, a side under 64 pixels).
Dataset makeFlickrLikeDataset(const QString &outDir, const FlickrLikeOptions &options, JobContext *job = nullptr);

}  // namespace gs
