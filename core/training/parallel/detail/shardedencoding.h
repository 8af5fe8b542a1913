#pragma once
// The expensive half of a training step, the sentence encoder, split over the workers of a
// data-parallel job: each rank encodes its contiguous share of the minibatch's captions and the
// shares are gathered (Collective::gatherRows), so the loss that follows sees the whole minibatch
// exactly as one process would. Everything after the gather (image side, scores, hinge terms) is
// cheap and runs identically on every rank.

#include "models/detail/jointmodel.h"
#include "models/detail/textbatch.h"

#include <torch/torch.h>

#include <vector>

namespace gs::detail {

class Collective;

// model->embedCaptions of the captions `rows`, [rows.size(), d]. collective null: one process.
torch::Tensor embedCaptionsSharded(JointModel &model, const std::vector<EncodedCaption> &encoded, const std::vector<int> &rows,
                                   Collective *collective);

}  // namespace gs::detail
