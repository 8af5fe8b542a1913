#include "data/boxes.h"

#include <algorithm>

namespace gs {

double intersectionOverUnion(const Box &a, const Box &b) {
  const double areaA = double(a.width) * a.height, areaB = double(b.width) * b.height;
  if (areaA <= 0 || areaB <= 0) return 0;
  const double w = std::min(a.x + a.width, b.x + b.width) - std::max(a.x, b.x);
  const double h = std::min(a.y + a.height, b.y + b.height) - std::max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const double inter = w * h;
  return inter / (areaA + areaB - inter);
}

Box enclosingBox(const std::vector<Box> &boxes) {
  if (boxes.empty()) return {};
  float x0 = boxes[0].x, y0 = boxes[0].y, x1 = boxes[0].x + boxes[0].width, y1 = boxes[0].y + boxes[0].height;
  for (const Box &b : boxes) {
    x0 = std::min(x0, b.x);
    y0 = std::min(y0, b.y);
    x1 = std::max(x1, b.x + b.width);
    y1 = std::max(y1, b.y + b.height);
  }
  return {x0, y0, x1 - x0, y1 - y0};
}

template <>
const std::vector<EnumName<RegionSet>> &enumTable<RegionSet>() {
  static const std::vector<EnumName<RegionSet>> table = {{RegionSet::Proposals, QStringLiteral("proposals")},
                                                         {RegionSet::GroundTruth, QStringLiteral("ground-truth")}};
  return table;
}

template <>
const std::vector<EnumName<RegionPooling>> &enumTable<RegionPooling>() {
  static const std::vector<EnumName<RegionPooling>> table = {{RegionPooling::Auto, QStringLiteral("auto")},
                                                             {RegionPooling::Crop, QStringLiteral("crop")},
                                                             {RegionPooling::RoiAlign, QStringLiteral("roialign")}};
  return table;
}

template <>
const std::vector<EnumName<ProposalSearch>> &enumTable<ProposalSearch>() {
  static const std::vector<EnumName<ProposalSearch>> table = {{ProposalSearch::Fast, QStringLiteral("fast")},
                                                              {ProposalSearch::Single, QStringLiteral("single")},
                                                              {ProposalSearch::Scored, QStringLiteral("scored")}};
  return table;
}

std::vector<Box> groundTruthPhraseBoxes(const Dataset &dataset, int image, int limit) {
  std::vector<Box> boxes;
  if (image < 0 || std::size_t(image) >= dataset.images.size()) return boxes;
  for (int c : dataset.images[std::size_t(image)].captions)
    for (const PhraseRegion &phrase : dataset.captions[std::size_t(c)].phrases) {
      if (phrase.boxes.empty()) continue;
      const Box box = enclosingBox(phrase.boxes);
      if (std::find(boxes.begin(), boxes.end(), box) == boxes.end() && int(boxes.size()) < limit) boxes.push_back(box);
    }
  return boxes;
}

}  // namespace gs
