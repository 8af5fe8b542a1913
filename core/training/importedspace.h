#pragma once
// A joint space made elsewhere (a CLIP-style dual encoder, another tool's run, a Groundscope run's
// own `embed` output), brought in as a run folder of the "imported" model: an image matrix and a
// caption matrix aligned with a dataset's images and captions. Everything that reads a run's
// vectors then works on it unchanged: eval with intervals, compare, the run table, the Map,
// Retrieval of the dataset's items, analyze. Torch-free.
//
// The folder holds what a trained run holds (config.json, run.json, vocabulary.json, metrics.json,
// result.json) and, in space/, the vectors: images.npy with images.ids.txt (read as precomputed
// image features, npy:FILE, so the image side is the identity), captions.npy with captions.json
// (each row's text, by which the space looks a caption up), and space.json (where they came from).
//
// With encoders instead of (or beside) vectors, the space can embed what the dataset does not hold:
// a TorchScript image tower is the run's backbone (torchscript:FILE with its preprocessing preset,
// so occlusion re-runs it), and a TorchScript text tower with its tokenizer encodes typed queries,
// edited captions and contrast sets (training/detail/importedtextencoder.h states its signature).

#include "data/dataset.h"
#include "text/texttokenizer.h"
#include "training/trainconfig.h"
#include "training/trainer.h"

#include <QString>

#include <optional>

namespace gs {

class JobContext;

struct ImportSpaceRequest {
  QString datasetPath;
  QString imagesFile, captionsFile;  // .npy (float32/16/64) or projector-style .tsv, one vector per row
  // Or encoders: the image tower as a backbone (BackboneSpec syntax: "torchscript:FILE", its
  // preprocessing preset guessed from the file name: "clip", "siglip", else torchvision's), and the
  // text tower with its tokenizer. An image encoder replaces imagesFile; a text encoder embeds the
  // captions when captionsFile is empty.
  QString imageEncoder;
  QString textEncoder;
  TokenizerSpec tokenizer;
  // How the rows align with the dataset. Image ids: one id (or file name) per row. Caption ids: one
  // per row, either a caption id of the dataset or "IMAGE<tab>CAPTION TEXT" (embed's captions.tsv,
  // header line allowed). Without them the rows follow the dataset's order: its images (of `split`
  // where given), and the captions of those images in the dataset's caption order.
  QString imageIdsFile, captionIdsFile;
  std::optional<Split> split;
  // Optional, with vectors: the space at each epoch of the training that made it, for the Map's
  // epoch replay. Sub-folders epoch-N (N ≥ 0) each hold images.npy and captions.npy (or .tsv),
  // aligned as imagesFile and captionsFile are (the same id lists, or the same order).
  QString epochsFolder;
  SimilarityKind similarity = SimilarityKind::Cosine;
  QString outDir;
  QString name; // the run table's name for it (labels.json); empty: the folder's name
};

// Checks and writes the run folder, then evaluates it as training would (validation into
// metrics.json, the test split with intervals into result.json). Throws std::runtime_error naming
// the file (and line or row) for: rows that do not match the dataset's images or captions, ids the
// dataset lacks or repeats, NaN or infinite values, image and caption dimensions that differ,
// captions of imported images without a vector, an output folder that is not empty, and an encoder
// whose module file is missing or corrupt, whose forward takes or returns the wrong shapes, or whose
// tokenizer files are malformed (each message names the file). A caption
// text given twice with different vectors keeps the first, with a warning.
TrainResult importSpace(const ImportSpaceRequest &request, JobContext *job = nullptr);

}  // namespace gs
