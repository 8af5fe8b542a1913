#pragma once
// A one-layer LSTM's final hidden state over a packed batch, from zero states: the same equations and
// parameters as torch::nn::LSTM (gates in its order i, f, g, o), with its own backward pass.
//
//   i, f, o = σ(W_i· x_t + b_i· + W_h· h_{t-1} + b_h·),  g = tanh(W_ig x_t + b_ig + W_hg h_{t-1} + b_hg)
//   c_t = f ⊙ c_{t-1} + i ⊙ g,  h_t = o ⊙ tanh(c_t)
//
// LibTorch runs a packed sequence a step at a time through an autograd graph of small operations: each
// step multiplies its own inputs by W_i, and its backward multiplies out three products per step and
// zero-fills a gradient the size of the whole input for every step's slice of it. Here the inputs of
// every step go through W_i in one product; going back, only the recurrence (dh_{t-1} = dgates_t W_h)
// runs a step at a time, and the gradients of the input and both weights are one product each over
// all steps' gate gradients, stored as the forward pass goes.

#include <torch/torch.h>

namespace gs::detail {

// torch::nn::LSTM's own parameters for one layer and one direction.
struct LstmWeights {
  torch::Tensor inputWeight;  // W_i [4H, D]
  torch::Tensor hiddenWeight; // W_h [4H, H]
  torch::Tensor inputBias;    // b_i [4H]
  torch::Tensor hiddenBias;   // b_h [4H]
};

// The weights of a one-layer, one-direction torch::nn::LSTM with biases.
LstmWeights lstmWeightsOf(torch::nn::LSTMImpl &lstm);

// h_n of every sequence in `packed`, in the order of the batch it was packed from: [B, H].
torch::Tensor packedLstmFinalState(const torch::nn::utils::rnn::PackedSequence &packed, const LstmWeights &weights);

}  // namespace gs::detail
