#include "models/detail/packedlstm.h"

#include <stdexcept>
#include <vector>

namespace gs::detail {

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// Where each step's rows start in the packed data: the running sum of the batch sizes.
std::vector<std::int64_t> stepOffsets(const torch::Tensor &batchSizes) {
  const auto sizes = batchSizes.accessor<std::int64_t, 1>();
  std::vector<std::int64_t> offsets(std::size_t(sizes.size(0)) + 1, 0);
  for (std::int64_t t = 0; t < sizes.size(0); ++t) offsets[std::size_t(t) + 1] = offsets[std::size_t(t)] + sizes[t];
  return offsets;
}

// The packed rows hold the sequences sorted longest first, so step t's rows are the first
// batchSizes[t] sequences. A sequence's state stays in h's row once it has ended: after the last step
// h holds every sequence's h_n.
struct PackedLstmFunction : torch::autograd::Function<PackedLstmFunction> {
  static torch::Tensor forward(AutogradContext *ctx, const torch::Tensor &data, const torch::Tensor &batchSizes,
                               const torch::Tensor &inputWeight, const torch::Tensor &hiddenWeight,
                               const torch::Tensor &inputBias, const torch::Tensor &hiddenBias) {
    const auto offsets = stepOffsets(batchSizes);
    const std::int64_t steps = batchSizes.size(0), batch = offsets[1], hidden = hiddenWeight.size(1);
    // Every step's W_i x_t + b_i + b_h in one product; each step then adds W_h h_{t-1} and applies
    // its gates in place, so `gates` ends holding i, f, g, o for the backward pass.
    auto gates = torch::addmm(inputBias + hiddenBias, data, inputWeight.t());
    auto cells = torch::empty({data.size(0), hidden}, data.options());
    auto previousHidden = torch::empty_like(cells);
    auto h = torch::zeros({batch, hidden}, data.options()), c = torch::zeros_like(h);
    for (std::int64_t t = 0; t < steps; ++t) {
      const std::int64_t rows = offsets[std::size_t(t) + 1] - offsets[std::size_t(t)];
      auto hNow = h.narrow(0, 0, rows), cNow = c.narrow(0, 0, rows);
      previousHidden.narrow(0, offsets[std::size_t(t)], rows).copy_(hNow);
      auto g = gates.narrow(0, offsets[std::size_t(t)], rows);
      g.addmm_(hNow, hiddenWeight.t());
      const auto gate = g.chunk(4, 1);
      gate[0].sigmoid_();
      gate[1].sigmoid_();
      gate[2].tanh_();
      gate[3].sigmoid_();
      auto cell = cells.narrow(0, offsets[std::size_t(t)], rows);
      torch::mul_out(cell, gate[1], cNow).addcmul_(gate[0], gate[2]); // c_t = f ⊙ c_{t-1} + i ⊙ g
      cNow.copy_(cell);
      torch::mul_out(hNow, gate[3], cell.tanh());                     // h_t = o ⊙ tanh(c_t)
    }
    ctx->save_for_backward({data, inputWeight, hiddenWeight, gates, cells, previousHidden});
    ctx->saved_data["batch_sizes"] = batchSizes;
    return h;
  }

  static variable_list backward(AutogradContext *ctx, variable_list gradOutputs) {
    const auto saved = ctx->get_saved_variables();
    const auto &data = saved[0], &inputWeight = saved[1], &hiddenWeight = saved[2], &gates = saved[3];
    const auto &cells = saved[4], &previousHidden = saved[5];
    const auto batchSizes = ctx->saved_data["batch_sizes"].toTensor();
    const auto offsets = stepOffsets(batchSizes);
    // dh starts as the gradient of each h_n; a sequence's row is overwritten by the recurrence's
    // gradient (for h_{t-1}) once its step t has been gone back through. dc starts at zero: c_n is no output.
    auto dh = gradOutputs[0].contiguous().clone(), dc = torch::zeros_like(dh);
    auto gateGradients = torch::empty_like(gates);
    for (std::int64_t t = batchSizes.size(0) - 1; t >= 0; --t) {
      const std::int64_t start = offsets[std::size_t(t)], rows = offsets[std::size_t(t) + 1] - start;
      const auto gate = gates.narrow(0, start, rows).chunk(4, 1);
      const auto &i = gate[0], &f = gate[1], &g = gate[2], &o = gate[3];
      auto dhNow = dh.narrow(0, 0, rows), dcNow = dc.narrow(0, 0, rows);
      const auto tanhCell = cells.narrow(0, start, rows).tanh();
      dcNow.addcmul_(dhNow * o, 1 - tanhCell * tanhCell);             // dc_t += dh_t ⊙ o ⊙ tanh'(c_t)
      auto d = gateGradients.narrow(0, start, rows).chunk(4, 1);
      torch::mul_out(d[0], dcNow * g, i * (1 - i));                   // through i = σ(·)
      // c_{t-1} of step t's sequences is the previous step's cells' first rows (zero before step 0).
      if (t == 0) d[1].zero_();
      else torch::mul_out(d[1], dcNow * cells.narrow(0, offsets[std::size_t(t) - 1], rows), f * (1 - f));
      torch::mul_out(d[2], dcNow * i, 1 - g * g);                     // through g = tanh(·)
      torch::mul_out(d[3], dhNow * tanhCell, o * (1 - o));
      dcNow.mul_(f);                                                   // dc_{t-1} = dc_t ⊙ f
      torch::mm_out(dhNow, gateGradients.narrow(0, start, rows), hiddenWeight); // dh_{t-1} = dgates_t W_h
    }
    const auto biasGradient = gateGradients.sum(0);
    return {gateGradients.mm(inputWeight), torch::Tensor(), gateGradients.t().mm(data),
            gateGradients.t().mm(previousHidden), biasGradient, biasGradient};
  }
};

}  // namespace

LstmWeights lstmWeightsOf(torch::nn::LSTMImpl &lstm) {
  const auto &o = lstm.options;
  if (o.num_layers() != 1 || o.bidirectional() || !o.bias() || o.proj_size() != 0)
    throw std::invalid_argument("lstmWeightsOf: one layer, one direction, with biases and no projection");
  const auto parameters = lstm.named_parameters();
  return {parameters["weight_ih_l0"], parameters["weight_hh_l0"], parameters["bias_ih_l0"], parameters["bias_hh_l0"]};
}

torch::Tensor packedLstmFinalState(const torch::nn::utils::rnn::PackedSequence &packed, const LstmWeights &w) {
  const auto sorted = PackedLstmFunction::apply(packed.data().contiguous(), packed.batch_sizes().contiguous(),
                                                w.inputWeight, w.hiddenWeight, w.inputBias, w.hiddenBias);
  const auto &unsorted = packed.unsorted_indices();
  return unsorted.defined() ? sorted.index_select(0, unsorted) : sorted;
}

}  // namespace gs::detail
