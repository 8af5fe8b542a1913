// Pixels for the Scenes demo: a textured or noisy background and flat-coloured, anti-aliased
// shapes at the boxes placeScenes chose. Each box is the shape's full extent.
// Cost: O(imageSize²) per image, about half a millisecond at 128×128 including PNG encoding.

#include "data/scenes/detail/scene.h"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <stdexcept>

namespace gs::scenes {

namespace {

// Object colours (BGR), bright and saturated so they stand out on the darker backgrounds.
cv::Scalar bgr(Colour colour) {
  switch (colour) {
  case Colour::Red: return {40, 40, 225};
  case Colour::Green: return {60, 200, 50};
  case Colour::Blue: return {235, 110, 40};
  case Colour::Yellow: return {40, 225, 240};
  case Colour::Purple: return {200, 60, 160};
  case Colour::Orange: return {20, 140, 250};
  case Colour::White: return {245, 245, 245};
  }
  return {};
}

cv::Mat background(const Scene &scene, int size, cv::RNG &rng) {
  // Base tones stay dark-to-mid (35–115) so every object colour keeps its contrast.
  const cv::Scalar base(rng.uniform(35, 115), rng.uniform(35, 115), rng.uniform(35, 115));
  cv::Mat image(size, size, CV_32FC3, base);
  switch (scene.background) {
  case Background::Noise: break;
  case Background::Stripes: {
    const double angle = rng.uniform(0.0, CV_PI), period = rng.uniform(6.0, 16.0);
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x) {
        const float v = float(22.0 * std::sin(2 * CV_PI * (x * std::cos(angle) + y * std::sin(angle)) / period));
        image.at<cv::Vec3f>(y, x) += cv::Vec3f(v, v, v);
      }
    break;
  }
  case Background::Checks: {
    const int cell = rng.uniform(6, 17);
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x)
        if (((x / cell) + (y / cell)) % 2) image.at<cv::Vec3f>(y, x) += cv::Vec3f(25, 25, 25);
    break;
  }
  case Background::Gradient: {
    const cv::Vec3f other(float(rng.uniform(35, 115)), float(rng.uniform(35, 115)), float(rng.uniform(35, 115)));
    const bool vertical = rng.uniform(0, 2) == 1;
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x) {
        const float t = float(vertical ? y : x) / float(size - 1);
        image.at<cv::Vec3f>(y, x) = image.at<cv::Vec3f>(y, x) * (1 - t) + other * t;
      }
    break;
  }
  case Background::Blotches: {
    cv::Mat coarse(6, 6, CV_32FC3);
    rng.fill(coarse, cv::RNG::UNIFORM, cv::Scalar::all(-30), cv::Scalar::all(30));
    cv::Mat smooth;
    cv::resize(coarse, smooth, image.size(), 0, 0, cv::INTER_CUBIC);
    image += smooth;
    break;
  }
  }
  cv::Mat noise(size, size, CV_32FC3);
  const double sigma = scene.background == Background::Noise ? 16.0 : 6.0;
  rng.fill(noise, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(sigma));
  image += noise;
  cv::Mat out;
  image.convertTo(out, CV_8UC3); // saturates to [0, 255]
  return out;
}

void drawShape(cv::Mat &image, Shape shape, const Box &box, const cv::Scalar &colour) {
  const double h = box.width / 2.0;
  const cv::Point2d c(box.x + h, box.y + h);
  const auto pt = [&](double dx, double dy) { return cv::Point(int(std::lround(c.x + dx)), int(std::lround(c.y + dy))); };
  const auto poly = [&](const std::vector<cv::Point> &points) {
    cv::fillPoly(image, std::vector<std::vector<cv::Point>>{points}, colour, cv::LINE_AA);
  };
  switch (shape) {
  case Shape::Circle: cv::circle(image, pt(0, 0), int(h) - 1, colour, cv::FILLED, cv::LINE_AA); break;
  case Shape::Square: cv::rectangle(image, pt(-h + 1, -h + 1), pt(h - 1, h - 1), colour, cv::FILLED); break;
  case Shape::Triangle: poly({pt(0, -h + 1), pt(-h + 1, h - 1), pt(h - 1, h - 1)}); break;
  case Shape::Diamond: poly({pt(0, -h + 1), pt(h - 1, 0), pt(0, h - 1), pt(-h + 1, 0)}); break;
  case Shape::Star: {
    std::vector<cv::Point> points;
    for (int k = 0; k < 10; ++k) {
      const double r = (k % 2 ? 0.42 : 1.0) * (h - 1), a = -CV_PI / 2 + k * CV_PI / 5;
      points.push_back(pt(r * std::cos(a), r * std::sin(a)));
    }
    poly(points);
    break;
  }
  case Shape::Cross: {
    const double t = 0.34 * h;
    cv::rectangle(image, pt(-h + 1, -t), pt(h - 1, t), colour, cv::FILLED);
    cv::rectangle(image, pt(-t, -h + 1), pt(t, h - 1), colour, cv::FILLED);
    break;
  }
  case Shape::Ring: {
    const int thickness = std::max(2, int(std::lround(0.45 * h)));
    cv::circle(image, pt(0, 0), int(std::lround(h - 1 - thickness / 2.0)), colour, thickness, cv::LINE_AA);
    break;
  }
  }
}

}  // namespace

QByteArray renderImage(const Scene &scene, int imageSize) {
  cv::RNG rng(quint64(scene.textureSeed) | (quint64(scene.textureSeed) << 32) | 1);
  cv::Mat image = background(scene, imageSize, rng);
  for (const Group &group : scene.groups)
    for (const Box &box : group.boxes) {
      // A little colour jitter per object, so "red" is a range, not a single value.
      cv::Scalar colour = bgr(group.colour);
      for (int ch = 0; ch < 3; ++ch) colour[ch] = std::clamp(colour[ch] + rng.uniform(-12, 13), 0.0, 255.0);
      drawShape(image, group.shape, box, colour);
    }
  std::vector<uchar> bytes;
  if (!cv::imencode(".png", image, bytes, {cv::IMWRITE_PNG_COMPRESSION, 3}))
    throw std::runtime_error("gs::scenes::renderImage: PNG encoding failed");
  return QByteArray(reinterpret_cast<const char *>(bytes.data()), int(bytes.size()));
}

}  // namespace gs::scenes
