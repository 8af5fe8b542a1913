#pragma once
// A trained run's encoders as TorchScript modules, for use outside Groundscope: the
// sentence encoder (words, characters or a tree → the joint space) and the image encoder (CNN
// features → the joint space), each a torch::jit::Module built in C++ with Module::define, its
// parameters copied from the trained modules and its forward() written in TorchScript after the
// node-by-node reference path of each encoder, so the same equations hold (cited there). Loadable
// with torch.jit.load in Python or torch::jit::load in C++, without Groundscope.

#include "models/detail/jointmodel.h"
#include "training/detail/cca.h"

#include <torch/script.h>

#include <vector>

namespace gs::detail {

// What a scripted sentence encoder's forward() takes, one list entry per sentence:
//  - Words:      forward(tokens: List[Tensor]) with each sentence's word ids (int64 [T]);
//  - Characters: the same with UTF-8 byte values + 1;
//  - Tree:       forward(words, parents, positions, labels: List[Tensor]), each int64 [N] per tree:
//                a node's word id (−1 for a phrase node), its parent (−1 at the root), its place in
//                the sentence (a phrase's: its first word's) and its label (the SDT-RNN's relation
//                id, the H-LSTM's 1 for a noun phrase; read by no other model).
enum class ScriptInput { Words, Characters, Tree };

struct ScriptedEncoders {
  torch::jit::Module sentence{"__torch__.groundscope.SentenceEncoder"};
  torch::jit::Module image{"__torch__.groundscope.ImageEncoder"};
  ScriptInput input = ScriptInput::Words;
};

// One model, or a snapshot ensemble (Merkx & Frank §3.3) whose members' L2-normalised embeddings are
// concatenated with weight 1/√K, as JointEmbedder does; featureDim: the image features' size. Throws std::invalid_argument for a member
// whose encoder has no TorchScript form.
ScriptedEncoders scriptJointModels(const std::vector<JointModel> &members, std::int64_t featureDim);
// The CCA baseline: sentence features (mean word vector, or L2-normalised word counts) and image
// features centred and projected onto the canonical directions.
ScriptedEncoders scriptCca(const CcaEmbedder &cca);

}  // namespace gs::detail
