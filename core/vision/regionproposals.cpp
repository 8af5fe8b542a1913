#include "vision/detail/regionproposals.h"

#include <opencv2/imgproc.hpp>
#include <opencv2/ximgproc/segmentation.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <stdexcept>

namespace gs::vision {

namespace {

constexpr int kProposalSide = 200;          // segmentation runs on the image scaled to this longest side
constexpr double kMinRegionFraction = 0.1;  // boxes narrower or lower than this share of the image are noise
constexpr double kNmsIoU = 0.5;             // R-CNN's suppression threshold for proposals
constexpr double kWholeImageIoU = 0.9;      // proposals this close to the whole image add nothing
constexpr double kPoolDuplicateIoU = 0.9;   // pool boxes this close to another add nothing to score

double iou(const cv::Rect &a, const cv::Rect &b) {
  const double inter = (a & b).area();
  const double uni = a.area() + b.area() - inter;
  return uni > 0 ? inter / uni : 0.0;
}

// Selective search's boxes for the image, in its order, mapped back to the image's pixels and
// clipped to it, without the boxes too small to be a thing or too close to the whole image. The
// segmentation runs on a copy scaled to at most kProposalSide px.
std::vector<cv::Rect> selectiveSearch(const cv::Mat &image, ProposalSearch preset) {
  const cv::Rect whole(0, 0, image.cols, image.rows);
  const double factor = std::min(1.0, static_cast<double>(kProposalSide) / std::max(image.cols, image.rows));
  cv::Mat small;
  if (factor < 1.0)
    cv::resize(image, small, {}, factor, factor, cv::INTER_AREA);
  else
    small = image;
  auto search = cv::ximgproc::segmentation::createSelectiveSearchSegmentation();
  search->setBaseImage(small);
  if (preset == ProposalSearch::Single) search->switchToSingleStrategy();
  else search->switchToSelectiveSearchFast();
  std::vector<cv::Rect> proposals;
  // Selective search ranks its proposals with random weights (Uijlings et al. 2013 §3.3's "RP"
  // ranking). The generator state it draws from advances with every image (OpenCV's per-thread
  // cv::theRNG() or the C library's process-wide rand(), depending on the version), so an image's
  // proposals depended on the images before it and, prepared on helper threads, on the schedule.
  // Seeded here under one lock, they depend on the image's pixels alone (features prepared ahead
  // equal those made inline: tst_features). The lock costs little: the network runs meanwhile.
  static std::mutex seeded;
  {
    std::lock_guard<std::mutex> lock(seeded);
    cv::theRNG().state = 0x9e3779b97f4a7c15ULL;
    std::srand(12345u);
    search->process(proposals);
  }
  std::vector<cv::Rect> boxes;
  boxes.reserve(proposals.size());
  for (const cv::Rect &p : proposals) {
    const cv::Rect box = cv::Rect(static_cast<int>(std::floor(p.x / factor)), static_cast<int>(std::floor(p.y / factor)),
                                  static_cast<int>(std::ceil(p.width / factor)), static_cast<int>(std::ceil(p.height / factor))) &
                         whole;
    if (box.width < kMinRegionFraction * image.cols || box.height < kMinRegionFraction * image.rows) continue;
    if (iou(box, whole) > kWholeImageIoU) continue;
    boxes.push_back(box);
  }
  return boxes;
}

// Adds `box` to `kept` unless it overlaps one of kept[1…] by more than `threshold`.
bool keepUnlessOverlapping(std::vector<cv::Rect> &kept, const cv::Rect &box, double threshold) {
  for (std::size_t k = 1; k < kept.size(); ++k)
    if (iou(box, kept[k]) > threshold) return false;
  kept.push_back(box);
  return true;
}

}  // namespace

std::vector<cv::Rect> proposeRegions(const cv::Mat &image, int maxRegions, ProposalSearch preset) {
  std::vector<cv::Rect> kept{cv::Rect(0, 0, image.cols, image.rows)};
  if (maxRegions <= 0) return kept;
  for (const cv::Rect &box : selectiveSearch(image, preset == ProposalSearch::Single ? preset : ProposalSearch::Fast)) {
    if (static_cast<int>(kept.size()) > maxRegions) break;
    keepUnlessOverlapping(kept, box, kNmsIoU);
  }
  return kept;
}

std::vector<cv::Rect> proposalPool(const cv::Mat &image, int poolSize) {
  std::vector<cv::Rect> pool{cv::Rect(0, 0, image.cols, image.rows)};
  for (const cv::Rect &box : selectiveSearch(image, ProposalSearch::Fast)) {
    if (static_cast<int>(pool.size()) > poolSize) break;
    keepUnlessOverlapping(pool, box, kPoolDuplicateIoU);
  }
  return pool;
}

std::vector<int> selectScoredRegions(const std::vector<cv::Rect> &boxes, const std::vector<float> &objectness, int keep, double nmsIoU) {
  if (boxes.size() != objectness.size()) throw std::invalid_argument("selectScoredRegions: one score per box");
  std::vector<int> chosen;
  if (boxes.empty()) return chosen;
  chosen.push_back(0);
  // In logarithms: log p + γ log(area share), the same order as p · share^γ without underflow.
  const double imageArea = std::max(1.0, double(boxes[0].area()));
  std::vector<double> score(boxes.size());
  for (std::size_t i = 1; i < boxes.size(); ++i)
    score[i] = std::log(std::max(double(objectness[i]), 1e-30)) + kSizePriorExponent * std::log(std::max(double(boxes[i].area()), 1.0) / imageArea);
  std::vector<int> order;
  for (int i = 1; i < int(boxes.size()); ++i) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score[std::size_t(a)] > score[std::size_t(b)]; });
  std::vector<cv::Rect> kept{boxes[0]};
  for (int i : order) {
    if (int(chosen.size()) > keep) break;
    if (keepUnlessOverlapping(kept, boxes[std::size_t(i)], nmsIoU)) chosen.push_back(i);
  }
  return chosen;
}

}  // namespace gs::vision
