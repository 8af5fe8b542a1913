#include "vision/imageregions.h"

#include "vision/detail/imageinput.h"
#include "vision/detail/regionproposals.h"

#include <stdexcept>

namespace gs {

std::vector<Box> proposeImageRegions(const QString &imagePath, int maxRegions) {
  QString reason;
  const cv::Mat image = vision::loadImage(imagePath, &reason);
  if (image.empty()) throw std::runtime_error(QStringLiteral("%1: %2").arg(imagePath, reason).toStdString());
  const std::vector<cv::Rect> rects = vision::proposeRegions(image, maxRegions);
  std::vector<Box> boxes;
  for (std::size_t k = 1; k < rects.size(); ++k) // rects[0] is the whole image
    boxes.push_back({float(rects[k].x), float(rects[k].y), float(rects[k].width), float(rects[k].height)});
  return boxes;
}

}  // namespace gs
