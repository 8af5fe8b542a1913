#include "training/detail/trainstep.h"

#include "training/detail/conceptsloss.h"
#include "training/detail/losses.h"

#include <algorithm>
#include <cmath>

namespace gs::detail {

namespace {

constexpr double kExplodingLoss = 1e8; // a minibatch loss beyond this has diverged

// The configured joint-space loss of every model but the HM-LSTM.
torch::Tensor jointLoss(JointModel &model, const TrainConfig &config, const StepInputs &in, const std::vector<int> &captionRows) {
  const BatchImages images = batchImages(in.data, captionRows);
  const torch::Tensor &imageOfCaption = images.imageOfCaption;
  const auto v = model->embedImages(in.features.index_select(0, images.rows));
  const auto y = model->embedCaptions(makeTextBatch(in.encoded, captionRows));
  if (config.loss == LossKind::Squared) return squaredError(v, y, imageOfCaption);
  return contrastiveHinge(model->similarity(v, y), imageOfCaption, config.margin,
                          config.loss == LossKind::Vsepp ? HingeNegatives::Hardest : HingeNegatives::Sum);
}

}  // namespace

double trainStep(JointModel &model, torch::optim::Optimizer &optimizer, const TrainConfig &config, const StepInputs &in,
                 const std::vector<int> &captionRows, int epoch) {
  const bool squared = config.loss == LossKind::Squared;
  torch::Tensor loss;
  if (in.phrases)
    loss = hmlstmLoss(model, in.data, in.encoded, in.features, *in.regionFeatures, *in.phrases, *in.correspondences,
                      captionRows, config.margin);
  else if (config.readsConcepts())
    loss = conceptsLoss(model, config,
                        {in.data, in.encoded, in.features, in.negativePool ? *in.negativePool : captionRows,
                         in.stepSeed, in.truthProbability},
                        captionRows);
  else
    loss = jointLoss(model, config, in, captionRows);
  loss = loss + l2Penalty(in.trainable, config.regularisation, double(captionRows.size()) / double(in.trainingCaptions));
  const double value = loss.item<double>();
  if (!std::isfinite(value) || value > kExplodingLoss)
    throw std::runtime_error(QStringLiteral("training diverged: loss %1").arg(value).toStdString());
  optimizer.zero_grad();
  loss.backward();
  if (squared) {
    // Socher §5: the squared loss is minimised alternately, W_I on odd epochs and θ on even ones.
    for (auto &p : epoch % 2 ? model->encoder->parameters() : model->imageSide->parameters())
      if (p.grad().defined()) p.grad().zero_();
  }
  optimizer.step();
  return value;
}

}  // namespace gs::detail
