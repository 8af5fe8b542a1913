#pragma once
// Pre-trained word vectors from a GloVe or word2vec text file ("word v1 v2 …" per line; a
// word2vec header line "count dim" is skipped), copied into an embedding matrix for a vocabulary.

#include "models/detail/vocabulary.h"

#include <torch/torch.h>

namespace gs::detail {

struct WordVectorLoad {
  int found = 0;   // vocabulary words that had a vector
  int missing = 0; // vocabulary words without one (kept at their random initialisation)
};

// Fills rows of `embedding` (vocab × dim) for the words found. Throws std::runtime_error naming
// the file and line for an unreadable file or a line whose dimension differs from `embedding`'s.
WordVectorLoad loadWordVectors(const QString &path, const Vocabulary &vocabulary, torch::Tensor embedding);

}  // namespace gs::detail
