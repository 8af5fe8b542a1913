#pragma once
// A CLIP-style dual encoder for the Scenes demo, made and saved with LibTorch's TorchScript
// compiler (no Python): an image tower that returns the chroma of the image's bright pixels (the
// demo's objects are bright, saturated colours on darker backgrounds) and a text tower that sums
// the chroma of the colour words it reads. Both are three-dimensional, so cosine retrieval works
// by colour alone: well above chance, far from perfect. The text tower reads token ids through a
// real tokenizer: a WordPiece vocab.txt or a CLIP-style byte-level BPE (vocab.json + merges.txt).
// Torch-free: the towers are made in the gstestdualencoder library (dualencoder.cpp).

#include "text/texttokenizer.h"

#include <QDir>
#include <QString>

namespace gs::test {

struct DualEncoderFiles {
  QString imageEncoder; // "torchscript:FILE"
  QString textEncoder;  // FILE
  TokenizerSpec tokenizer;
};

// Writes both towers and the tokenizer's files (WordPiece or ClipBpe) into `dir`.
DualEncoderFiles writeDualEncoder(const QDir &dir, TokenizerKind kind);

// A TorchScript module with one method, `source` (TorchScript), saved to `path`: broken towers for
// the loader's tests.
void writeScriptModule(const QString &path, const std::string &source);

}  // namespace gs::test
