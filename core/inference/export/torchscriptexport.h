#pragma once
// `groundscope-cli export RUN --torchscript DIR`: a trained run's sentence and image
// encoders as TorchScript modules for use outside Groundscope — torch.jit.load in Python,
// torch::jit::load in C++ — with a README of what they read, the vocabulary they read it with,
// and worked examples whose embeddings are the run's own, so a user (and checkTorchScriptExport)
// can confirm that the modules reproduce the run. Torch-free.

#include "training/trainingdata.h"

#include <QStringList>

namespace gs {

class TrainedModel;

struct TorchScriptExport {
  QString directory;
  QStringList files;  // written, relative to `directory`
  QString model;      // the run's model name
  QString input;      // "words", "characters" or "tree" (what the sentence encoder's forward() takes)
  QString score;      // "inner_product", "cosine" or "negative_squared_l2"
  int members = 1;    // > 1: a snapshot ensemble (Merkx & Frank §3.3)
  int dim = 0;        // joint-space dimension
  int featureDim = 0; // image features the image encoder reads
  int exampleCaptions = 0, exampleImages = 0;
};

// Writes into outDir (created if needed), each file atomically: sentence_encoder.pt,
// image_encoder.pt, encoders.json (what each module reads and returns, the score, the feature
// backbone), vocabulary.txt (line k: word id k), relations.txt (the SDT-RNN's relation ids),
// examples.json (the given captions and `exampleImages` rows of `exampleFeatures` with their
// inputs and the run's own embeddings of them; omitted when there are none) and README.md.
// Throws std::runtime_error naming the file when the run cannot be read or a file not written.
TorchScriptExport exportTorchScript(const QString &runDir, const QString &outDir,
                                    const std::vector<TrainingCaption> &exampleCaptions = {},
                                    const std::vector<float> &exampleFeatures = {}, int exampleImages = 0);
// The same for a run already opened.
TorchScriptExport exportTorchScript(const TrainedModel &model, const QString &outDir,
                                    const std::vector<TrainingCaption> &exampleCaptions = {},
                                    const std::vector<float> &exampleFeatures = {}, int exampleImages = 0);

// An export folder checked from its own files alone (no run, no Groundscope model code): its
// modules reloaded and run on examples.json's inputs, against the embeddings recorded there.
struct TorchScriptCheck {
  int captions = 0, images = 0;
  double captionError = 0, imageError = 0; // largest absolute difference
};
// Throws std::runtime_error naming the file when a module does not load or run, or examples.json
// is missing or malformed.
TorchScriptCheck checkTorchScriptExport(const QString &dir);

}  // namespace gs
