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

// How a region's feature is computed: the box cropped, warped to the network's input and run
// through the network on its own (R-CNN's way, Huang et al.'s "resize them to square shapes"), or
// pooled from one feature map of the whole image (RoIAlign, He et al. 2017). Auto: RoIAlign for
// networks whose tapped layer is a map (ONNX, TorchScript), crops for the concept CNN, whose small
// input leaves a map too coarse for boxes.
enum class RegionPooling { Auto, Crop, RoiAlign };
template <> const std::vector<EnumName<RegionPooling>> &enumTable<RegionPooling>(); // "auto", "crop", "roialign"

// Which selective search proposes the regions (Uijlings et al. 2013, OpenCV's two presets): fast,
// two colour spaces and segmentation scales with two grouping strategies each (R-CNN's and
// Karpathy's choice; about 110 ms for a 200-px photo), or single, one colour space, one scale and
// one strategy (about 13 ms, fewer and coarser candidates). Fast and single keep selective search's
// own (random-weighted) order. Scored is R-CNN's way, which HM-LSTM §3.1 takes from Karpathy ("the
// top 19 detected locations in addition to the whole image"): a pool of up to 300 fast boxes,
// each pooled from the image's one feature map (RoIAlign) and scored by the backbone's classifier,
// ranked by objectness and size, overlaps suppressed, the top ones kept; with it the whole image is a
// candidate for phrases as well as for the sentence.
enum class ProposalSearch { Fast, Single, Scored };
template <> const std::vector<EnumName<ProposalSearch>> &enumTable<ProposalSearch>(); // "fast", "single", "scored"

// Intersection over union; 0 when either box is empty.
double intersectionOverUnion(const Box &a, const Box &b);

// The smallest box holding every box (a phrase such as "two red circles" refers to the group);
// an empty Box for none.
Box enclosingBox(const std::vector<Box> &boxes);

// The distinct phrase boxes (each phrase's enclosingBox) of every caption of dataset image `image`,
// in caption then phrase order, at most `limit` of them. Empty when the dataset has no phrase boxes.
std::vector<Box> groundTruthPhraseBoxes(const Dataset &dataset, int image, int limit);

}  // namespace gs
