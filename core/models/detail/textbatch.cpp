#include "models/detail/textbatch.h"

#include <algorithm>

namespace gs::detail {

namespace {
void pad(const std::vector<const std::vector<std::int64_t> *> &sequences, torch::Tensor &ids, torch::Tensor &lengths) {
  const std::int64_t batch = std::int64_t(sequences.size());
  std::int64_t longest = 1;
  for (const auto *s : sequences) longest = std::max<std::int64_t>(longest, std::int64_t(s->size()));
  ids = torch::zeros({batch, longest}, torch::kInt64);
  lengths = torch::empty({batch}, torch::kInt64);
  auto idsA = ids.accessor<std::int64_t, 2>();
  auto lengthsA = lengths.accessor<std::int64_t, 1>();
  for (std::int64_t b = 0; b < batch; ++b) {
    const auto &s = *sequences[b];
    for (std::size_t t = 0; t < s.size(); ++t) idsA[b][t] = s[t];
    lengthsA[b] = std::int64_t(s.size());
  }
}
}  // namespace

TextBatch makeTextBatch(const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows) {
  TextBatch batch;
  batch.captionRows = rows;
  std::vector<const std::vector<std::int64_t> *> words, chars;
  for (int row : rows) {
    words.push_back(&encoded.at(row).words);
    chars.push_back(&encoded.at(row).characters);
    batch.trees.push_back(&encoded.at(row).tree);
  }
  pad(words, batch.words, batch.wordLengths);
  pad(chars, batch.characters, batch.charLengths);
  return batch;
}

torch::Tensor lengthMask(const torch::Tensor &lengths, std::int64_t maxLength) {
  return torch::arange(maxLength, torch::kInt64).unsqueeze(0) < lengths.unsqueeze(1);
}

}  // namespace gs::detail
