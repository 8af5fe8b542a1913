#pragma once
// Box geometry the region models and their evaluation share: overlap (IoU, the PASCAL criterion
// HM-LSTM §5.2 and Karpathy use), the box a plural phrase refers to, and an image's ground-truth
// phrase boxes (the demo's "regions: ground-truth" region set). Torch- and OpenCV-free.

#include "data/dataset.h"
#include "io/enumnames.h"

#include <vector>

namespace gs {

// Which boxes become an image's regions: selective-search proposals (HM-LSTM §3.1), or the
// dataset's own ground-truth phrase boxes (the Scenes demo's), which lets correspondence learning
// be judged apart from proposal quality.
enum class RegionSet { Proposals, GroundTruth };
template <> const std::vector<EnumName<RegionSet>> &enumTable<RegionSet>(); // "proposals", "ground-truth"

// Intersection over union; 0 when either box is empty.
double intersectionOverUnion(const Box &a, const Box &b);

// The smallest box holding every box (a phrase such as "two red circles" refers to the group);
// an empty Box for none.
Box enclosingBox(const std::vector<Box> &boxes);

// The distinct phrase boxes (each phrase's enclosingBox) of every caption of dataset image `image`,
// in caption then phrase order, at most `limit` of them. Empty when the dataset has no phrase boxes.
std::vector<Box> groundTruthPhraseBoxes(const Dataset &dataset, int image, int limit);

}  // namespace gs
