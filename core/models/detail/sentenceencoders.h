#pragma once
// The sentence encoders, each a torch module from a TextBatch to [B, outputDim]:
//  - BagOfWords: mean of word vectors (the DeViSE / Socher et al. 2014 §6 "BoW" baseline);
//  - ChainRnn: Elman RNN, last hidden state (Socher §6 "Recurrent NN");
//  - Lstm: LSTM, last hidden state (Huang et al. §3.1: "the hidden state at the last timestep");
//  - CharRnn: bidirectional GRU/LSTM over characters with self-attention or max pooling, L2-normalised
//    (Merkx & Frank 2019 §3.1.2).
// The tree encoders (treeencoders.h) implement the same interface.

#include "models/detail/textbatch.h"
#include "models/modeloptions.h"

#include <torch/torch.h>

namespace gs::detail {

struct SentenceEncoderImpl : torch::nn::Module {
  virtual torch::Tensor forward(const TextBatch &batch) = 0;
  virtual std::int64_t outputDim() const = 0;
  // The word embedding table, when the encoder has one (pre-trained vectors are loaded into it).
  virtual torch::nn::Embedding wordEmbedding() { return nullptr; }
};

struct BagOfWordsImpl : SentenceEncoderImpl {
  BagOfWordsImpl(std::int64_t vocabulary, std::int64_t wordDim, std::int64_t outputDim);
  torch::Tensor forward(const TextBatch &batch) override;
  std::int64_t outputDim() const override { return m_outputDim; }
  torch::nn::Embedding wordEmbedding() override { return embedding; }

  torch::nn::Embedding embedding{nullptr};
  torch::nn::Linear projection{nullptr}; // only when wordDim != outputDim
  std::int64_t m_outputDim;
};

enum class WordRnnCell { Elman, Lstm };

struct WordRnnImpl : SentenceEncoderImpl {
  WordRnnImpl(WordRnnCell cell, std::int64_t vocabulary, std::int64_t wordDim, std::int64_t hiddenDim);
  // The LSTM through packedLstmFinalState (its input products and weight gradients in one GEMM each).
  torch::Tensor forward(const TextBatch &batch) override;
  // The same through LibTorch's own packed recurrence: what forward is tested and timed against.
  torch::Tensor libTorchForward(const TextBatch &batch);
  torch::nn::utils::rnn::PackedSequence packedWords(const TextBatch &batch);
  std::int64_t outputDim() const override { return m_hidden; }
  torch::nn::Embedding wordEmbedding() override { return embedding; }

  torch::nn::Embedding embedding{nullptr};
  torch::nn::RNN rnn{nullptr};
  torch::nn::LSTM lstm{nullptr};
  std::int64_t m_hidden;
  // forward goes through libTorchForward: the baseline `bench pipeline` times an epoch against.
  bool libTorchRecurrence = false;
};

enum class CharRnnCell { Gru, Lstm };

struct CharRnnImpl : SentenceEncoderImpl {
  CharRnnImpl(CharRnnCell cell, PoolingKind pooling, std::int64_t charDim, std::int64_t hiddenDim,
              std::int64_t attentionHidden);
  torch::Tensor forward(const TextBatch &batch) override;
  std::int64_t outputDim() const override { return 2 * m_hidden; }
  // Merkx & Frank: a_t = softmax(V tanh(W h_t + b_w) + b_v), softmax over t for each feature;
  // Att = Σ_t a_t ∘ h_t. Returns the weights a [B, T, 2n] (padding gets 0) for inspection.
  torch::Tensor attentionWeights(const torch::Tensor &states, const torch::Tensor &mask);

  torch::nn::Embedding embedding{nullptr};
  torch::nn::GRU gru{nullptr};
  torch::nn::LSTM lstm{nullptr};
  torch::nn::Linear attentionW{nullptr}, attentionV{nullptr};
  bool m_attention;
  std::int64_t m_hidden;
};

TORCH_MODULE(BagOfWords);
TORCH_MODULE(WordRnn);
TORCH_MODULE(CharRnn);

}  // namespace gs::detail
