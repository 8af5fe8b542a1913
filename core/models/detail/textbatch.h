#pragma once
// A minibatch of captions as padded id tensors, built from pre-encoded captions.

#include "models/detail/encodedtree.h"

#include <torch/torch.h>

#include <QString>

#include <cstdint>
#include <vector>

namespace gs::detail {

struct EncodedCaption {
  std::vector<std::int64_t> words;      // Vocabulary::encodeWords
  std::vector<std::int64_t> characters; // Vocabulary::encodeCharacters
  EncodedTree tree;                     // tree models only (empty otherwise)
  QString text;                         // the caption as written: what an imported space looks up or tokenises
};

struct TextBatch {
  torch::Tensor words;          // [B, Tw] int64, 0-padded
  torch::Tensor wordLengths;    // [B] int64
  torch::Tensor characters;     // [B, Tc] int64, 0-padded
  torch::Tensor charLengths;    // [B] int64
  std::vector<int> captionRows; // which captions, for encoders that look up more
  std::vector<const EncodedTree *> trees; // each caption's tree (tree encoders), owned by the EncodedCaptions
  std::int64_t size() const { return words.size(0); }
};

TextBatch makeTextBatch(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows);

// [B, T] mask, true where a position holds a real token.
torch::Tensor lengthMask(const torch::Tensor &lengths, std::int64_t maxLength);

}  // namespace gs::detail
