#pragma once
// A matrix of embeddings a user brings: a .npy (float32, float16 or float64) or a TensorBoard
// projector's vectors.tsv (one row per line, values separated by tabs). Every row must be finite.

#include "io/npy.h"

#include <QString>

namespace gs {

// Throws std::runtime_error naming the file, and the line (TSV) or row (.npy), for a missing or
// unreadable file, a malformed header, a ragged or non-numeric TSV line, an empty matrix, or a NaN
// or infinite value. Cost: a scan of every value (a .npy stays mapped).
NpyMatrix readEmbeddingMatrix(const QString &path);

}  // namespace gs
