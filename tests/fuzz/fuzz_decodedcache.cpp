// Fuzzes the decoded-image cache's entry reader: the bytes become the stored entry of
// one image, then the image is loaded through the cache. A cache entry is never a user's file, but
// one left torn by a crash or damaged on disk must be decoded again, not trusted: load() returns
// 8-bit BGR pixels, the stored ones when the entry is whole and valid, else the image's own.
#include "fuzzsupport.h"

#include "vision/detail/decodedcache.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <QDirIterator>

namespace {

struct Fixture {
  QString image, entry;
  gs::InputSpec input;
  cv::Size decodedSize;
};

// A drawn 48 × 40 image and the cache entry its first load stores (made once per process).
const Fixture &fixture() {
  static const Fixture f = [] {
    Fixture made;
    made.input.inputSize = made.input.resizeShort = 32;
    made.image = gs::fuzz::scratch() + QStringLiteral("/image.png");
    cv::Mat pixels(40, 48, CV_8UC3, cv::Scalar(30, 90, 200));
    cv::circle(pixels, {20, 18}, 9, cv::Scalar(250, 250, 250), cv::FILLED);
    cv::imwrite(made.image.toStdString(), pixels);
    const gs::vision::DecodedImageCache cache(gs::fuzz::scratch() + QStringLiteral("/decoded"), made.input);
    QString reason;
    made.decodedSize = cache.load(made.image, &reason).size();
    QDirIterator it(cache.folder(), {QStringLiteral("*.bgr")}, QDir::Files, QDirIterator::Subdirectories);
    if (!it.hasNext()) std::abort();
    made.entry = it.next();
    return made;
  }();
  return f;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const Fixture &f = fixture();
  QFile entry(f.entry);
  if (!entry.open(QIODevice::WriteOnly | QIODevice::Truncate)) std::abort();
  entry.write(reinterpret_cast<const char *>(data), qint64(size));
  entry.close();
  const gs::vision::DecodedImageCache cache(gs::fuzz::scratch() + QStringLiteral("/decoded"), f.input);
  QString reason;
  const cv::Mat image = cache.load(f.image, &reason);
  if (image.empty() || image.type() != CV_8UC3) std::abort();
  // Not read from the entry: the image was decoded again, at its own size.
  if (cache.hits() == 0 && image.size() != f.decodedSize) std::abort();
  return 0;
}
