#include "inference/detail/singlejointmodel.h"

#include "inference/trainedmodel.h"
#include "training/detail/embedder.h"

#include <stdexcept>

namespace gs::detail {

JointModel singleJointModel(const TrainedModel &model) {
  const auto *joint = dynamic_cast<const JointEmbedder *>(model.embedder().get());
  if (!joint) throw std::runtime_error(model.runDir().toStdString() + ": not a joint-space run");
  JointModel single = joint->members().front();
  single->eval();
  return single;
}

InspectedModel inspectedModel(const TrainedModel &model) {
  InspectedModel inspected;
  inspected.config = model.config();
  inspected.vocabulary = model.vocabulary();
  inspected.trees = model.trees();
  inspected.embedder = model.embedder();
  inspected.model = singleJointModel(model);
  return inspected;
}

}  // namespace gs::detail
