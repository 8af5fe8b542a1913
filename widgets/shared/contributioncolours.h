#pragma once
// Lays an attribution (inference/attribution.h) over a drawn tree: one contribution and one
// tooltip per node of the view. A tree model's parts are tree nodes, matched to the view's nodes by
// the words their subtrees cover (the parser's tree, the model's own tree, or one built from the
// attribution itself all match); a chain or character model's parts are words or characters,
// matched to the view's words in sentence order, the nodes above them left uncoloured.

#include "inference/attribution.h"
#include "shared/treelayout.h"

#include <QString>

#include <vector>

namespace gs {

struct NodeContributions {
  std::vector<double> values; // per view node; NaN where no part matches
  std::vector<QString> tips;  // per view node; "" where no part matches
  bool any() const;           // at least one node matched
};

NodeContributions contributionsForTree(const SentenceAttribution &attribution, const ViewTree &tree);

}  // namespace gs
