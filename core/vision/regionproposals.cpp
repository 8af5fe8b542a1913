#include "vision/detail/regionproposals.h"

#include <opencv2/imgproc.hpp>
#include <opencv2/ximgproc/segmentation.hpp>

#include <algorithm>
#include <cstdlib>
#include <mutex>

namespace gs::vision {

namespace {

constexpr int kProposalSide = 200;          // segmentation runs on the image scaled to this longest side
constexpr double kMinRegionFraction = 0.1;  // boxes narrower or lower than this share of the image are noise
constexpr double kNmsIoU = 0.5;             // R-CNN's suppression threshold for proposals
constexpr double kWholeImageIoU = 0.9;      // proposals this close to the whole image add nothing

double iou(const cv::Rect &a, const cv::Rect &b) {
  const double inter = (a & b).area();
  const double uni = a.area() + b.area() - inter;
  return uni > 0 ? inter / uni : 0.0;
}

}  // namespace

std::vector<cv::Rect> proposeRegions(const cv::Mat &image, int maxRegions, ProposalSearch preset) {
  const cv::Rect whole(0, 0, image.cols, image.rows);
  std::vector<cv::Rect> kept{whole};
  if (maxRegions <= 0) return kept;

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

  for (const cv::Rect &p : proposals) {
    if (static_cast<int>(kept.size()) > maxRegions) break;
    const cv::Rect box = cv::Rect(static_cast<int>(std::floor(p.x / factor)), static_cast<int>(std::floor(p.y / factor)),
                                  static_cast<int>(std::ceil(p.width / factor)), static_cast<int>(std::ceil(p.height / factor))) &
                         whole;
    if (box.width < kMinRegionFraction * image.cols || box.height < kMinRegionFraction * image.rows) continue;
    if (iou(box, whole) > kWholeImageIoU) continue;
    bool suppressed = false;
    for (std::size_t k = 1; k < kept.size() && !suppressed; ++k) suppressed = iou(box, kept[k]) > kNmsIoU;
    if (!suppressed) kept.push_back(box);
  }
  return kept;
}

}  // namespace gs::vision
