#pragma once
// Huang et al. 2018 §3.3.2, Eq. 3: the generative LSTM that teaches the image representation the
// order of its concepts. Its initial hidden state is the image representation v (c₀ = 0); at step t
// it reads the embedded previous word F w_{t−1} and predicts w_t with q_t = softmax(W_p h_t + b_p).
// L_gen (§3.4) = −Σ_t log P(w_t | w_{t−1}, …, w_0, x, p), summed over the batch's captions.
//
// Where the paper is vague or inconsistent:
//  - Eq. 3 predicts with Fᵀ h_t, which needs D = H; with its D = 300 and H = 1024 that cannot be, so
//    the output layer W_p (G × H) is a matrix of its own.
//  - w_0 is a learned start vector; the caption ends with an end-of-caption prediction, for which
//    the padding id (Vocabulary::kPad, never a word) is the class.
//  - "shared" embeddings (Table 1's "(E)"): F is the sentence encoder's word table (not registered
//    here, so its parameters are optimised once).
//  - Scheduled sampling (Bengio et al. 2015; Table 1's "(S)"): each input after the first is the
//    true previous word with probability ε and a word sampled from the model's previous q
//    otherwise; the trainer lowers ε over training (scheduledSamplingTruth).

#include <torch/torch.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace gs::detail {

struct CaptionGeneratorImpl : torch::nn::Module {
  // `shared`: the sentence encoder's word table to read words through (null: a table of its own).
  CaptionGeneratorImpl(std::int64_t vocabulary, std::int64_t wordDim, std::int64_t stateDim,
                       torch::nn::Embedding shared = nullptr);
  // v [B, H] image representations, words [B, T] 0-padded word ids, lengths [B] → L_gen (a scalar,
  // summed over captions and steps). truthProbability < 1: scheduled sampling, drawing from
  // `generator` (seeded by the caller, so a resumed run repeats itself).
  torch::Tensor loss(const torch::Tensor &v, const torch::Tensor &words, const torch::Tensor &lengths,
                     double truthProbability = 1.0, c10::optional<torch::Generator> generator = c10::nullopt);
  // The two ways `loss` computes L_gen. Teacher forcing (truthProbability 1) knows every input in
  // advance: the whole sequence in one LSTM call. Scheduled sampling draws each input from the step
  // before, so it goes a step at a time. For truthProbability 1 both give the same loss and gradients.
  torch::Tensor teacherForcedLoss(const torch::Tensor &v, const torch::Tensor &words, const torch::Tensor &lengths);
  torch::Tensor stepwiseLoss(const torch::Tensor &v, const torch::Tensor &words, const torch::Tensor &lengths,
                             double truthProbability = 1.0, c10::optional<torch::Generator> generator = c10::nullopt);
  // Greedy decoding from one image representation v [H]: word ids, without the end.
  std::vector<std::int64_t> greedy(const torch::Tensor &v, int maxLength);

  torch::nn::Embedding embedding{nullptr}; // F: its own, or the encoder's (then not registered)
  torch::Tensor start;                     // w_0's embedding
  torch::nn::LSTMCell cell{nullptr};
  torch::nn::Linear output{nullptr};       // W_p, b_p
  // loss goes a step at a time under teacher forcing too: the baseline `bench pipeline` times an
  // epoch against.
  bool stepwiseOnly = false;
};
TORCH_MODULE(CaptionGenerator);

// ε of scheduled sampling at `iteration` of `total`: Bengio et al.'s inverse sigmoid decay
// ε_i = k / (k + exp(i / k)), with k chosen so that ε reaches one half at the last iteration.
double scheduledSamplingTruth(std::int64_t iteration, std::int64_t total);

}  // namespace gs::detail
