#pragma once
// How the tree encoders batch a minibatch of trees: every node of every tree in one table in level
// order (all leaves first, then height 1, …), and per level the children of that level's nodes
// grouped by child slot (the matrix that composes them), so one level is a handful of tensor
// operations. Shared by TreeRnn, TreeLstm and the H-LSTM.

#include "models/detail/encodedtree.h"

#include <torch/torch.h>

#include <vector>

namespace gs::detail {

struct TreeEncoderImpl;

// One child slot's children within a level: rows of the children in the state table, the local
// index of their parent within the level, and ℓ(child) (Eq. 4's weight).
struct SlotGroup {
  int slot = 0;
  torch::Tensor childRows, parentLocal, childSize;
};

struct Level {
  torch::Tensor words;   // [n] word ids (0 where a node has no word)
  torch::Tensor size;    // [n] ℓ(i) as float
  std::vector<SlotGroup> groups;
  std::int64_t count = 0;
};

// The batch's node table in level order: all leaves of all trees first, then height 1, … so the
// rows computed so far are always a prefix. Cost O(nodes).
struct LevelPlan {
  std::vector<Level> levels;
  std::vector<std::vector<std::int64_t>> rowOf;
  torch::Tensor rootRows;
};

// Throws std::invalid_argument when a tree is null or empty.
LevelPlan makePlan(const std::vector<const EncodedTree *> &trees, const TreeEncoderImpl &encoder);

// Nodes of one tree, children before parents (ascending height; node order within a height).
// Cost O(nodes): a counting sort by height.
std::vector<int> bottomUp(const EncodedTree &tree);

// Every node's children, in node order: one pass over the parent array, O(nodes). (Scanning the
// parent array once per node made planning a deep tree O(nodes²).)
std::vector<std::vector<int>> childLists(const EncodedTree &tree);

// Per-row tensors of the reference (node-by-node) path stacked into row order.
torch::Tensor stackRows(std::vector<torch::Tensor> rows);

}  // namespace gs::detail
