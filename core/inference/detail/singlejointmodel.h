#pragma once
// What the inspectors keep of an opened run (torch; included by core's sources only).

#include "models/detail/encodedtree.h"
#include "models/detail/jointmodel.h"
#include "models/detail/vocabulary.h"
#include "training/detail/embedder.h"
#include "training/trainconfig.h"

#include <memory>

namespace gs {
class TrainedModel;
}

namespace gs::detail {

// The opened run's single joint model (an ensemble's first member), in evaluation mode: what the
// inspectors read. Throws std::runtime_error naming the run when it is not a joint space (CCA).
JointModel singleJointModel(const TrainedModel &model);

// An opened run as an inspector holds it: its configuration, its vocabularies and its single
// joint model. The embedder is kept because it owns the model. The tree, region and concept
// inspectors' own state derives from it.
struct InspectedModel {
  TrainConfig config;
  Vocabulary vocabulary;
  std::shared_ptr<TreeVocabulary> trees; // null: not a tree model
  std::shared_ptr<Embedder> embedder;
  JointModel model{nullptr};
};

// Throws as singleJointModel does.
InspectedModel inspectedModel(const TrainedModel &model);

}  // namespace gs::detail
