#include "vision/detail/imageinput.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <QFile>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <QFileInfo>

namespace gs::vision {

namespace {

constexpr qint64 kJpegTailScan = 4096; // bytes searched from the end for the end-of-image marker

// libjpeg decodes a truncated JPEG without an error (it fills the missing rows with grey), so a
// cut-off file is recognised by its missing end-of-image marker (FF D9) near the end. Bytes after
// the marker (some cameras append data) are tolerated.
bool jpegLooksTruncated(const QByteArray &bytes) {
  if (bytes.size() < 4 || static_cast<unsigned char>(bytes[0]) != 0xFF || static_cast<unsigned char>(bytes[1]) != 0xD8)
    return false; // not a JPEG
  const qint64 from = qMax<qint64>(2, bytes.size() - kJpegTailScan);
  for (qint64 i = bytes.size() - 2; i >= from; --i)
    if (static_cast<unsigned char>(bytes[i]) == 0xFF && static_cast<unsigned char>(bytes[i + 1]) == 0xD9) return false;
  return true;
}

}  // namespace

cv::Mat loadImage(const QString &path, QString *reason) {
  const QFileInfo info(path);
  if (!info.exists()) {
    *reason = QStringLiteral("missing file");
    return {};
  }
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *reason = QStringLiteral("cannot read: %1").arg(file.errorString());
    return {};
  }
  const QByteArray bytes = file.readAll();
  if (bytes.isEmpty()) {
    *reason = QStringLiteral("empty file");
    return {};
  }
  if (jpegLooksTruncated(bytes)) {
    *reason = QStringLiteral("truncated JPEG (no end-of-image marker)");
    return {};
  }
  cv::Mat image;
  try {
    const cv::Mat raw(1, static_cast<int>(bytes.size()), CV_8U, const_cast<char *>(bytes.constData()));
    // IMREAD_COLOR converts grayscale, CMYK and alpha to 3-channel BGR and 16-bit to 8-bit.
    image = cv::imdecode(raw, cv::IMREAD_COLOR);
  } catch (const cv::Exception &error) {
    *reason = QStringLiteral("cannot decode: %1").arg(QString::fromStdString(error.msg).trimmed());
    return {};
  }
  if (image.empty()) {
    *reason = QStringLiteral("not a decodable image (corrupt or unknown format)");
    return {};
  }
  if (image.cols < kMinImageSide || image.rows < kMinImageSide) {
    *reason = QStringLiteral("image too small (%1×%2 px; at least %3 needed)").arg(image.cols).arg(image.rows).arg(kMinImageSide);
    return {};
  }
  return image;
}

cv::Mat resizeShortSide(const cv::Mat &image, const InputSpec &input) {
  const int size = input.inputSize;
  const int shortSide = qMax(input.resizeShort, size);
  const double factor = static_cast<double>(shortSide) / qMin(image.cols, image.rows);
  const int width = qMax(size, static_cast<int>(std::lround(image.cols * factor)));
  const int height = qMax(size, static_cast<int>(std::lround(image.rows * factor)));
  if (width == image.cols && height == image.rows) return image; // already resized (a decoded-cache image)
  cv::Mat resized;
  cv::resize(image, resized, {width, height}, 0, 0, cv::INTER_LINEAR);
  return resized;
}

std::vector<cv::Mat> makeCrops(const cv::Mat &image, const InputSpec &input, CropMode mode) {
  const int size = input.inputSize;
  const cv::Mat resized = resizeShortSide(image, input);
  const int width = resized.cols, height = resized.rows;
  const int cx = (width - size) / 2, cy = (height - size) / 2;
  std::vector<cv::Mat> crops;
  crops.push_back(resized(cv::Rect(cx, cy, size, size)).clone());
  if (mode == CropMode::TenCrop || mode == CropMode::FiveCrop) {
    for (const cv::Point corner : {cv::Point(0, 0), cv::Point(width - size, 0), cv::Point(0, height - size),
                                   cv::Point(width - size, height - size)})
      crops.push_back(resized(cv::Rect(corner.x, corner.y, size, size)).clone());
    for (int i = 0; i < 5 && mode == CropMode::TenCrop; ++i) {
      cv::Mat mirrored;
      cv::flip(crops[i], mirrored, 1);
      crops.push_back(mirrored);
    }
  }
  return crops;
}

std::vector<cv::Rect2d> fiveCropBoxes(cv::Size imageSize, const InputSpec &input) {
  // makeCrops in the resized image's pixels, divided by the resize factor.
  const double factor = double(qMax(input.resizeShort, input.inputSize)) / qMin(imageSize.width, imageSize.height);
  const double side = input.inputSize / factor, width = imageSize.width, height = imageSize.height;
  return {{(width - side) / 2, (height - side) / 2, side, side},
          {0, 0, side, side},
          {width - side, 0, side, side},
          {0, height - side, side, side},
          {width - side, height - side, side, side}};
}

cv::Mat mirroredBlob(const cv::Mat &blob) {
  CV_Assert(blob.dims == 4 && blob.size[0] == 1 && blob.type() == CV_32F && blob.isContinuous());
  const int channels = blob.size[1], height = blob.size[2], width = blob.size[3];
  cv::Mat mirrored(blob.dims, blob.size.p, CV_32F);
  for (int c = 0; c < channels; ++c) {
    const cv::Mat plane(height, width, CV_32F, const_cast<float *>(blob.ptr<float>(0, c)));
    cv::Mat out(height, width, CV_32F, mirrored.ptr<float>(0, c));
    cv::flip(plane, out, 1);
  }
  return mirrored;
}

cv::Mat warpRegion(const cv::Mat &image, const cv::Rect &box, const InputSpec &input) {
  const cv::Rect clipped = box & cv::Rect(0, 0, image.cols, image.rows);
  cv::Mat warped;
  cv::resize(image(clipped.area() > 0 ? clipped : cv::Rect(0, 0, image.cols, image.rows)), warped,
             {input.inputSize, input.inputSize}, 0, 0, cv::INTER_LINEAR);
  return warped;
}

namespace {
// BGR 8-bit images of one size → N×3×H×W float blob in the network's colour order.
cv::Mat normalisedBlob(const std::vector<cv::Mat> &crops, const InputSpec &input);
}  // namespace

cv::Mat makeImageBlob(const cv::Mat &image, const InputSpec &input, int shortSide, double maxAspect) {
  const double factor = double(shortSide) / std::min(image.cols, image.rows);
  const int longest = int(std::lround(shortSide * maxAspect));
  const int width = std::clamp(int(std::lround(image.cols * factor)), 1, image.cols >= image.rows ? longest : shortSide);
  const int height = std::clamp(int(std::lround(image.rows * factor)), 1, image.rows > image.cols ? longest : shortSide);
  cv::Mat resized;
  cv::resize(image, resized, {width, height}, 0, 0, cv::INTER_LINEAR);
  return normalisedBlob({resized}, input);
}

cv::Mat makeBlob(const std::vector<cv::Mat> &crops, const InputSpec &input) { return normalisedBlob(crops, input); }

namespace {
cv::Mat normalisedBlob(const std::vector<cv::Mat> &crops, const InputSpec &input) {
  const int n = static_cast<int>(crops.size());
  const int height = n > 0 ? crops[0].rows : input.inputSize, width = n > 0 ? crops[0].cols : input.inputSize;
  const int shape[] = {n, 3, height, width};
  cv::Mat blob(4, shape, CV_32F);
  // Channel c of the network's order is (v · scale − mean_c) / std_c, RGB networks taking OpenCV's
  // BGR planes reversed. The 8-bit pixels are split into planes first and each plane is scaled,
  // then normalised into the blob: the same two roundings per value as scaling the 3-channel image
  // and splitting the floats (so features, and the models trained on them, stay bit for bit what
  // they were), with a third of the memory traffic for the split. At the concept CNN's 64 px that
  // matters: preparing a cached image is otherwise a fifth of its cost.
  std::vector<cv::Mat> planes;
  cv::Mat scaled;
  for (int i = 0; i < n; ++i) {
    cv::split(crops[i], planes);
    for (int c = 0; c < 3; ++c) {
      planes[std::size_t(input.rgb ? 2 - c : c)].convertTo(scaled, CV_32F, input.scale);
      cv::Mat target(height, width, CV_32F, blob.ptr<float>(i, c));
      scaled.convertTo(target, CV_32F, 1.0 / input.std[std::size_t(c)], -input.mean[std::size_t(c)] / input.std[std::size_t(c)]);
    }
  }
  return blob;
}
}  // namespace

cv::Mat stackBlobs(const cv::Mat *blobs, int count) {
  int rows = 0;
  for (int k = 0; k < count; ++k) rows += blobs[k].size[0];
  const int shape[] = {rows, blobs[0].size[1], blobs[0].size[2], blobs[0].size[3]};
  cv::Mat batch(4, shape, CV_32F);
  float *out = batch.ptr<float>();
  for (int k = 0; k < count; ++k) {
    std::memcpy(out, blobs[k].ptr<float>(), blobs[k].total() * sizeof(float));
    out += blobs[k].total();
  }
  return batch;
}

}  // namespace gs::vision
