#include "models/detail/sentenceencoders.h"

#include "models/detail/packedlstm.h"
#include "models/detail/vocabulary.h"

namespace gs::detail {

namespace nn = torch::nn;
namespace F = torch::nn::functional;

BagOfWordsImpl::BagOfWordsImpl(std::int64_t vocabulary, std::int64_t wordDim, std::int64_t outputDim)
    : m_outputDim(outputDim) {
  embedding = register_module("embedding", nn::Embedding(nn::EmbeddingOptions(vocabulary, wordDim).padding_idx(Vocabulary::kPad)));
  if (wordDim != outputDim) projection = register_module("projection", nn::Linear(wordDim, outputDim));
}

torch::Tensor BagOfWordsImpl::forward(const TextBatch &batch) {
  // Mean over the caption's words; padding rows of the table are zero and excluded from the count.
  const auto vectors = embedding(batch.words);                      // [B, T, d]
  const auto mean = vectors.sum(1) / batch.wordLengths.unsqueeze(1).to(torch::kFloat);
  return projection ? projection(mean) : mean;
}

WordRnnImpl::WordRnnImpl(WordRnnCell cell, std::int64_t vocabulary, std::int64_t wordDim, std::int64_t hiddenDim)
    : m_hidden(hiddenDim) {
  embedding = register_module("embedding", nn::Embedding(nn::EmbeddingOptions(vocabulary, wordDim).padding_idx(Vocabulary::kPad)));
  if (cell == WordRnnCell::Lstm) {
    lstm = register_module("lstm", nn::LSTM(nn::LSTMOptions(wordDim, hiddenDim).batch_first(true)));
  } else {
    // Socher §6's chain: h_t = tanh(W_x x_t + W_h h_{t-1} + b).
    rnn = register_module("rnn", nn::RNN(nn::RNNOptions(wordDim, hiddenDim).nonlinearity(torch::kTanh).batch_first(true)));
  }
}

nn::utils::rnn::PackedSequence WordRnnImpl::packedWords(const TextBatch &batch) {
  return nn::utils::rnn::pack_padded_sequence(embedding(batch.words), batch.wordLengths,
                                              /*batch_first=*/true, /*enforce_sorted=*/false);
}

torch::Tensor WordRnnImpl::forward(const TextBatch &batch) {
  if (lstm && !libTorchRecurrence) return packedLstmFinalState(packedWords(batch), lstmWeightsOf(*lstm));
  return libTorchForward(batch);
}

torch::Tensor WordRnnImpl::libTorchForward(const TextBatch &batch) {
  const auto packed = packedWords(batch);
  // The final state of a packed sequence is the state after each caption's own last word.
  if (lstm) return std::get<0>(std::get<1>(lstm->forward_with_packed_input(packed)))[0];
  return std::get<1>(rnn->forward_with_packed_input(packed))[0];
}

CharRnnImpl::CharRnnImpl(CharRnnCell cell, PoolingKind pooling, std::int64_t charDim,
                         std::int64_t hiddenDim, std::int64_t attentionHidden)
    : m_attention(pooling == PoolingKind::Attention), m_hidden(hiddenDim) {
  embedding = register_module(
      "embedding", nn::Embedding(nn::EmbeddingOptions(Vocabulary::kCharacters, charDim).padding_idx(Vocabulary::kPad)));
  if (cell == CharRnnCell::Lstm)
    lstm = register_module("lstm", nn::LSTM(nn::LSTMOptions(charDim, hiddenDim).batch_first(true).bidirectional(true)));
  else
    gru = register_module("gru", nn::GRU(nn::GRUOptions(charDim, hiddenDim).batch_first(true).bidirectional(true)));
  if (m_attention) {
    attentionW = register_module("attention_w", nn::Linear(2 * hiddenDim, attentionHidden));
    attentionV = register_module("attention_v", nn::Linear(attentionHidden, 2 * hiddenDim));
  }
}

torch::Tensor CharRnnImpl::attentionWeights(const torch::Tensor &states, const torch::Tensor &mask) {
  auto scores = attentionV(torch::tanh(attentionW(states)));       // [B, T, 2n]
  scores = scores.masked_fill(~mask.unsqueeze(2), -1e9);
  return torch::softmax(scores, /*dim=*/1);                        // over time, per feature
}

torch::Tensor CharRnnImpl::forward(const TextBatch &batch) {
  const auto packed = nn::utils::rnn::pack_padded_sequence(embedding(batch.characters), batch.charLengths,
                                                           /*batch_first=*/true, /*enforce_sorted=*/false);
  const auto output = lstm ? std::get<0>(lstm->forward_with_packed_input(packed))
                           : std::get<0>(gru->forward_with_packed_input(packed));
  // Forward and backward states are concatenated: [B, T, 2n].
  const auto states = std::get<0>(nn::utils::rnn::pad_packed_sequence(output, /*batch_first=*/true));
  const auto mask = lengthMask(batch.charLengths, states.size(1));
  torch::Tensor pooled;
  if (m_attention) {
    pooled = (attentionWeights(states, mask) * states).sum(1);       // Att = Σ_t a_t ∘ h_t
  } else {
    pooled = std::get<0>(states.masked_fill(~mask.unsqueeze(2), -1e9).max(1)); // max pooling (§3.1.2)
  }
  return F::normalize(pooled, F::NormalizeFuncOptions().dim(1));   // emb_cap = Att(…)/‖Att(…)‖₂
}

}  // namespace gs::detail
