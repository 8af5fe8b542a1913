#include "training/detail/trainstep.h"

#include "training/parallel/detail/collective.h"
#include "training/detail/conceptsloss.h"
#include "training/detail/losses.h"
#include "training/parallel/detail/shardedencoding.h"

#include <algorithm>
#include <unordered_set>
#include <cmath>

namespace gs::detail {

namespace {

constexpr double kExplodingLoss = 1e8; // a minibatch loss beyond this has diverged

// The configured joint-space loss of every model but the HM-LSTM and the concepts model.
torch::Tensor jointLoss(JointModel &model, const TrainConfig &config, const StepInputs &in, const std::vector<int> &captionRows) {
  if (config.loss == LossKind::Squared) {
    const BatchImages images = batchImages(in.data, captionRows);
    return squaredError(model->embedImages(in.features.index_select(0, images.rows)),
                        embedCaptionsSharded(model, in.encoded, captionRows, in.collective), images.imageOfCaption);
  }
  // The minibatch's pairs are the anchors (the outer sum over P). With negative_pool 'all' every
  // other training caption, and through them every training image, joins as a contrastive item
  // only: Eq. 5's inner sums over S \ S(i) and I \ I(j) of the whole training set.
  std::vector<int> captions = captionRows;
  std::int64_t anchors = -1;
  if (config.negativePool == NegativePool::All && in.negativePool) {
    const std::unordered_set<int> inBatch(captionRows.begin(), captionRows.end());
    for (int c : *in.negativePool)
      if (!inBatch.count(c)) captions.push_back(c);
    anchors = std::int64_t(captionRows.size());
  }
  const BatchImages images = batchImages(in.data, captions);
  const auto v = model->embedImages(in.features.index_select(0, images.rows));
  const auto y = embedCaptionsSharded(model, in.encoded, captions, in.collective);
  return contrastiveHinge(model->similarity(v, y), images.imageOfCaption, config.margin,
                          config.loss == LossKind::Vsepp ? HingeNegatives::Hardest : HingeNegatives::Sum, {}, anchors);
}

}  // namespace

void freezeInactiveSide(JointModel &model, int epoch) {
  // An undefined gradient makes every LibTorch optimizer skip the parameter, state and all; a zero
  // gradient would not: Adam's moments and SGD's momentum buffer keep moving it.
  for (auto &p : epoch % 2 ? model->encoder->parameters() : model->imageSide->parameters()) p.mutable_grad() = torch::Tensor();
}

double trainStep(JointModel &model, torch::optim::Optimizer &optimizer, const TrainConfig &config, const StepInputs &in,
                 const std::vector<int> &captionRows, int epoch) {
  const bool squared = config.loss == LossKind::Squared;
  torch::Tensor loss;
  if (in.phrases)
    loss = hmlstmLoss(model, in.data, in.encoded, in.features, *in.regionFeatures, *in.phrases, *in.correspondences,
                      captionRows, config.margin, nullptr, in.collective);
  else if (config.readsConcepts())
    loss = conceptsLoss(model, config,
                        {in.data, in.encoded, in.features, in.negativePool ? *in.negativePool : captionRows,
                         in.stepSeed, in.truthProbability, in.collective},
                        captionRows);
  else
    loss = jointLoss(model, config, in, captionRows);
  loss = loss + l2Penalty(in.trainable, config.regularisation, double(captionRows.size()) / double(in.trainingCaptions));
  const double value = loss.item<double>();
  if (!std::isfinite(value) || value > kExplodingLoss)
    throw std::runtime_error(QStringLiteral("training diverged: loss %1").arg(value).toStdString());
  optimizer.zero_grad();
  if (in.collective) {
    // Data-parallel: the loss is the same number on every rank (computed from the gathered
    // minibatch); each rank back-propagates 1/world of it, its own captions' share scaled back up
    // by the gather, and the sum over ranks is exactly the one-process gradient.
    (loss / double(in.collective->worldSize())).backward();
    in.collective->allReduceGradients(in.trainable);
  } else {
    loss.backward();
  }
  if (squared) freezeInactiveSide(model, epoch);
  optimizer.step();
  return value;
}

}  // namespace gs::detail
