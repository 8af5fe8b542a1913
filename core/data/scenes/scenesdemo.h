#pragma once
// "Scenes": the built-in demo dataset. A seeded generator draws 1–4 coloured shapes per image on
// a textured background and writes five captions per image from a grammar with real paraphrase
// variety, with ground truth kept for every caption: each noun phrase's token span and the
// box(es) of the object(s) it names, and per-image concept labels. About a third of the images
// have a distractor twin in the same split with the same bag of words but swapped attributes or
// relation ("a red circle left of a blue square" / "a blue circle left of a red square"); their
// captions are marked CaptionRecord::orderSensitive.
//
// On disk it has a real dataset's layout, read back by the Karpathy loader:
//   OUT_DIR/images/scene_00000.png …   OUT_DIR/dataset.json (Karpathy split JSON, with sizes and
//   concepts)   OUT_DIR/regions.json (per caption: phrase spans and boxes)

#include "data/dataset.h"

#include <QString>

namespace gs {

class JobContext;

struct ScenesOptions {
  int images = 1000;   // like the DT-RNN paper's Pascal set: 1000 images × 5 captions
  quint32 seed = 1;    // same seed → byte-identical files
  int imageSize = 128; // square images, pixels: small so CNN features extract fast
  // Split fractions; the rest is test. Default 800/100/100 for 1000 images.
  double trainFraction = 0.8;
  double valFraction = 0.1;
};

// Writes the demo into `outDir` (created if missing; files replaced atomically) and returns it
// loaded through loadDataset. Throws std::runtime_error naming the folder when it cannot write,
// or naming the function for bad options (images < 2, imageSize < 64). Cost: O(images), about a
// millisecond per 128×128 image.
Dataset makeScenesDemo(const QString &outDir, const ScenesOptions &options, JobContext *job = nullptr);

// The folder holding the demo for these options in gs::userCacheDir("datasets"), made on first
// use ("scenes-<images>-seed<seed>[-<size>px]"); a later call finds it complete and reuses it.
// `loaded`, when given, receives the dataset as it was checked or made, so the caller need not
// read it again.
QString ensureScenesDemo(const ScenesOptions &options, JobContext *job = nullptr, Dataset *loaded = nullptr);

}  // namespace gs
