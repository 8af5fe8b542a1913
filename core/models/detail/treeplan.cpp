#include "models/detail/treeplan.h"

#include "models/detail/treeencoders.h"

#include <algorithm>

namespace gs::detail {

LevelPlan makePlan(const std::vector<const EncodedTree *> &trees, const TreeEncoderImpl &encoder) {
  LevelPlan plan;
  int maxHeight = 0;
  for (const EncodedTree *t : trees) {
    if (!t || t->isEmpty())
      throw std::invalid_argument("tree encoder: a caption has no encoded tree (was the model built with trees?)");
    maxHeight = std::max(maxHeight, t->height[std::size_t(t->root)]);
  }
  plan.rowOf.resize(trees.size());
  std::vector<std::vector<std::vector<int>>> byHeight(std::size_t(maxHeight + 1), std::vector<std::vector<int>>(trees.size()));
  std::vector<std::vector<std::vector<int>>> children(trees.size());
  for (std::size_t t = 0; t < trees.size(); ++t) {
    plan.rowOf[t].assign(std::size_t(trees[t]->nodeCount()), -1);
    for (int n = 0; n < trees[t]->nodeCount(); ++n) byHeight[std::size_t(trees[t]->height[std::size_t(n)])][t].push_back(n);
    children[t] = childLists(*trees[t]);
  }
  std::int64_t next = 0;
  for (int h = 0; h <= maxHeight; ++h) {
    Level level;
    std::vector<std::int64_t> words;
    std::vector<float> size;
    std::vector<std::vector<std::int64_t>> childRows(std::size_t(encoder.numSlots() + 1)), parents(childRows.size());
    std::vector<std::vector<float>> childSize(childRows.size());
    for (std::size_t t = 0; t < trees.size(); ++t) {
      const EncodedTree &tree = *trees[t];
      for (int n : byHeight[std::size_t(h)][t]) {
        plan.rowOf[t][std::size_t(n)] = next++;
        words.push_back(std::max<std::int64_t>(tree.word[std::size_t(n)], 0));
        size.push_back(float(std::max(tree.size[std::size_t(n)], 1)));
      }
    }
    // Children of this level's nodes, grouped by slot.
    std::int64_t k = 0;
    for (std::size_t t = 0; t < trees.size(); ++t) {
      const EncodedTree &tree = *trees[t];
      for (int n : byHeight[std::size_t(h)][t]) {
        for (int c : children[t][std::size_t(n)]) {
          const int slot = encoder.slotOf(tree, c);
          childRows[std::size_t(slot)].push_back(plan.rowOf[t][std::size_t(c)]);
          parents[std::size_t(slot)].push_back(k);
          childSize[std::size_t(slot)].push_back(float(tree.size[std::size_t(c)]));
        }
        ++k;
      }
    }
    level.count = k;
    level.words = torch::tensor(words, torch::kInt64);
    level.size = torch::tensor(size, torch::kFloat);
    for (std::size_t s = 0; s < childRows.size(); ++s)
      if (!childRows[s].empty())
        level.groups.push_back({int(s), torch::tensor(childRows[s], torch::kInt64), torch::tensor(parents[s], torch::kInt64),
                                torch::tensor(childSize[s], torch::kFloat)});
    plan.levels.push_back(std::move(level));
  }
  std::vector<std::int64_t> roots;
  for (std::size_t t = 0; t < trees.size(); ++t) roots.push_back(plan.rowOf[t][std::size_t(trees[t]->root)]);
  plan.rootRows = torch::tensor(roots, torch::kInt64);
  return plan;
}

std::vector<int> bottomUp(const EncodedTree &tree) {
  int maxHeight = 0;
  for (int h : tree.height) maxHeight = std::max(maxHeight, h);
  std::vector<int> start(std::size_t(maxHeight) + 2, 0);
  for (int h : tree.height) ++start[std::size_t(h) + 1];
  for (std::size_t h = 1; h < start.size(); ++h) start[h] += start[h - 1];
  std::vector<int> order(std::size_t(tree.nodeCount()));
  for (int n = 0; n < tree.nodeCount(); ++n) order[std::size_t(start[std::size_t(tree.height[std::size_t(n)])]++)] = n;
  return order;
}

torch::Tensor stackRows(std::vector<torch::Tensor> rows) { return torch::cat(rows, 0); }

std::vector<std::vector<int>> childLists(const EncodedTree &tree) {
  std::vector<std::vector<int>> children(std::size_t(tree.nodeCount()));
  for (int c = 0; c < tree.nodeCount(); ++c)
    if (tree.parent[std::size_t(c)] >= 0) children[std::size_t(tree.parent[std::size_t(c)])].push_back(c);
  return children;
}

}  // namespace gs::detail
