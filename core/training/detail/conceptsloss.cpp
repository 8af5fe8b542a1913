#include "training/detail/conceptsloss.h"

#include "training/detail/losses.h"
#include "training/parallel/detail/shardedencoding.h"

#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <random>
#include <unordered_set>

namespace gs::detail {

BatchImages batchImages(const TrainingData &data, const std::vector<int> &captionRows) {
  std::vector<std::int64_t> unique, of;
  for (int c : captionRows) {
    const std::int64_t image = data.captions[std::size_t(c)].image;
    auto it = std::find(unique.begin(), unique.end(), image);
    if (it == unique.end()) it = unique.insert(unique.end(), image);
    of.push_back(std::int64_t(it - unique.begin()));
  }
  return {torch::tensor(unique, torch::kInt64), torch::tensor(of, torch::kInt64)};
}

std::vector<int> extraNegatives(const std::vector<int> &rows, const std::vector<int> &pool, int negatives, std::uint64_t seed) {
  const int inBatch = int(rows.size()) - 1;
  const std::unordered_set<int> taken(rows.begin(), rows.end());
  const int available = int(pool.size()) - int(taken.size());
  const int wanted = std::min(negatives - inBatch, available);
  std::vector<int> extra;
  if (wanted <= 0) return extra;
  std::unordered_set<int> chosen;
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  while (int(extra.size()) < wanted) {
    const int c = pool[pick(rng)];
    if (taken.count(c) || !chosen.insert(c).second) continue;
    extra.push_back(c);
  }
  return extra;
}

torch::Tensor conceptsLoss(JointModel &model, const TrainConfig &config, const ConceptsLossInputs &in,
                           const std::vector<int> &captionRows) {
  // The minibatch's captions are the anchors; the extra ones only ever serve as mismatched pairs.
  std::vector<int> captions = captionRows;
  const std::vector<int> extra = extraNegatives(captionRows, in.trainingCaptions, config.negatives, in.seed);
  captions.insert(captions.end(), extra.begin(), extra.end());
  const BatchImages images = batchImages(in.data, captions);
  const torch::Tensor &imageOfCaption = images.imageOfCaption;
  const auto v = model->embedImages(in.features.index_select(0, images.rows));
  const TextBatch batch = makeTextBatch(in.encoded, captions);
  const auto s = embedCaptionsSharded(model, in.encoded, captions, in.collective);
  const auto anchors = std::int64_t(captionRows.size());
  torch::Tensor loss = contrastiveHinge(model->similarity(v, s), imageOfCaption, config.margin, HingeNegatives::Sum, {}, anchors);
  if (model->generator && config.generationWeight > 0) {
    // L_gen: each anchor caption generated from its own image's v (Eq. 3), λ of Eq. 4.
    const auto length = std::min<std::int64_t>(batch.words.size(1), kMaxGeneratedWords);
    const auto words = batch.words.narrow(0, 0, anchors).narrow(1, 0, length);
    const auto lengths = batch.wordLengths.narrow(0, 0, anchors).clamp_max(length);
    c10::optional<torch::Generator> draws;
    if (in.truthProbability < 1.0) draws = at::detail::createCPUGenerator(in.seed ^ 0x9e3779b97f4a7c15ULL);
    const auto vOfCaption = v.index_select(0, imageOfCaption.narrow(0, 0, anchors));
    loss = loss + config.generationWeight * model->generator->loss(vOfCaption, words, lengths, in.truthProbability, draws);
  }
  return loss;
}

}  // namespace gs::detail
