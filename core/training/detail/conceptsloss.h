#pragma once
// The concepts model's objective, Huang et al. 2018 §3.4, Eq. 4: L = L_mat + λ L_gen.
//  - L_mat: Σ_ik max(0, m − s_ii + s_ik) + max(0, m − s_ii + s_ki) over cosine scores, with a fixed
//    number of mismatched pairs per matched pair (128 in the paper): the minibatch's own, then
//    captions (and their images) drawn from the training set to make up the number.
//  - L_gen: the generator's negative log-likelihood of each matched caption given its image's v
//    (models/detail/captiongenerator.h), summed over the minibatch.

#include "models/detail/jointmodel.h"
#include "models/detail/textbatch.h"
#include "training/trainconfig.h"
#include "training/trainingdata.h"

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace gs::detail {

class Collective;

struct ConceptsLossInputs {
  const TrainingData &data;
  const std::vector<EncodedCaption> &encoded;
  const torch::Tensor &features;            // [images, contextDim + K]
  const std::vector<int> &trainingCaptions; // where extra mismatched pairs come from
  std::uint64_t seed = 0;                   // this step's draws (extra negatives, scheduled sampling)
  double truthProbability = 1.0;            // scheduled sampling's ε (1: teacher forcing throughout)
  Collective *collective = nullptr;         // data-parallel: the sentence encoder's work is shared
};

// The distinct images of some captions, in first-seen order (rows of TrainingData), and per caption
// its image's index among them: what every joint loss embeds and scores a minibatch with.
struct BatchImages {
  torch::Tensor rows;           // [U] int64
  torch::Tensor imageOfCaption; // [C] int64
};
BatchImages batchImages(const TrainingData &data, const std::vector<int> &captionRows);

// The captions drawn to make up `negatives` mismatched pairs per matched pair beyond the
// minibatch's own (none when the minibatch already has enough); none of them is in `rows`.
std::vector<int> extraNegatives(const std::vector<int> &rows, const std::vector<int> &pool, int negatives, std::uint64_t seed);

// The longest caption the generator learns to produce (§4.2: J = 50; longer ones are cut).
constexpr std::int64_t kMaxGeneratedWords = 50;

torch::Tensor conceptsLoss(JointModel &model, const TrainConfig &config, const ConceptsLossInputs &in,
                           const std::vector<int> &captionRows);

}  // namespace gs::detail
