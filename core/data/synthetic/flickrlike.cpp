#include "data/synthetic/flickrlike.h"

#include "data/loaddataset.h"
#include "engine/jobcontext.h"
#include "io/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtConcurrent/QtConcurrentMap>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

constexpr int kBatch = 256; // images per batch between cancel checks

QString imageFile(int index) { return QStringLiteral("synth_%1.jpg").arg(index, 6, 10, QLatin1Char('0')); }

// A smooth background (a coarse random grid, resized bicubically), 3–9 filled shapes of random
// colour with a texture of their own, and sensor noise: what makes selective search find regions
// and JPEG spend bytes as on a photo.
cv::Mat renderPhoto(const FlickrLikeOptions &options, int index) {
  cv::RNG rng(quint64(options.seed) * 0xD1B54A32D192ED03ull + quint64(index) + 7);
  const bool portrait = rng.uniform(0.0, 1.0) < 0.25;
  const int width = portrait ? options.shortSide : options.longSide;
  const int height = portrait ? options.longSide : options.shortSide;
  cv::Mat coarse(4 + rng.uniform(0, 5), 4 + rng.uniform(0, 5), CV_8UC3);
  rng.fill(coarse, cv::RNG::UNIFORM, cv::Scalar::all(20), cv::Scalar::all(235));
  cv::Mat image;
  cv::resize(coarse, image, cv::Size(width, height), 0, 0, cv::INTER_CUBIC);
  const int shapes = rng.uniform(3, 10);
  for (int s = 0; s < shapes; ++s) {
    const cv::Scalar colour(rng.uniform(0, 256), rng.uniform(0, 256), rng.uniform(0, 256));
    const cv::Point centre(rng.uniform(0, width), rng.uniform(0, height));
    const cv::Size axes(rng.uniform(15, width / 3), rng.uniform(15, height / 3));
    cv::Mat mask = cv::Mat::zeros(height, width, CV_8U);
    if (rng.uniform(0, 2) == 0) cv::ellipse(mask, centre, axes, rng.uniform(0.0, 180.0), 0, 360, cv::Scalar(255), cv::FILLED, cv::LINE_AA);
    else cv::rectangle(mask, centre - cv::Point(axes.width, axes.height), centre + cv::Point(axes.width, axes.height), cv::Scalar(255), cv::FILLED);
    cv::Mat texture(height, width, CV_8UC3);
    rng.fill(texture, cv::RNG::NORMAL, colour, cv::Scalar::all(rng.uniform(5.0, 30.0)));
    texture.copyTo(image, mask);
  }
  cv::Mat noise(height, width, CV_16SC3);
  rng.fill(noise, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(6));
  cv::Mat noisy;
  image.convertTo(noisy, CV_16SC3);
  noisy += noise;
  noisy.convertTo(image, CV_8UC3);
  cv::GaussianBlur(image, image, cv::Size(3, 3), 0.6);
  return image;
}

// Images are written plainly: dataset.json, the marker of a complete dataset, is written last.
void writePhoto(const QString &path, const cv::Mat &image) {
  std::vector<uchar> bytes;
  if (!cv::imencode(".jpg", image, bytes, {cv::IMWRITE_JPEG_QUALITY, 90}))
    throw std::runtime_error(QStringLiteral("%1: cannot encode the image").arg(path).toStdString());
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(reinterpret_cast<const char *>(bytes.data()), qint64(bytes.size())) != qint64(bytes.size()))
    throw std::runtime_error(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()).toStdString());
}

void renderPhotos(const QDir &dir, const FlickrLikeOptions &options, JobContext *job) {
  for (int start = 0; start < options.images; start += kBatch) {
    if (job) {
      job->checkpoint();
      job->setItemProgress(start, options.images, QStringLiteral("rendering synthetic photos"));
    }
    QList<int> batch;
    for (int i = start; i < std::min(options.images, start + kBatch); ++i) batch << i;
    const QStringList errors = QtConcurrent::blockingMapped<QStringList>(batch, [&](int i) -> QString {
      try {
        writePhoto(dir.filePath(QStringLiteral("images/") + imageFile(i)), renderPhoto(options, i));
        return {};
      } catch (const std::exception &error) { // QtConcurrent passes on QExceptions only
        return QString::fromStdString(error.what());
      }
    });
    for (const QString &error : errors)
      if (!error.isEmpty()) throw std::runtime_error(error.toStdString());
  }
}

QString splitOf(int index, const FlickrLikeOptions &options) {
  const int test = std::max(1, int(std::lround(options.images * options.testFraction)));
  const int val = std::max(1, int(std::lround(options.images * options.valFraction)));
  if (index >= options.images - test) return splitName(Split::Test);
  if (index >= options.images - test - val) return splitName(Split::Val);
  return splitName(Split::Train);
}

QJsonObject imageJson(int index, const FlickrLikeOptions &options, int *sentid) {
  QJsonArray sentences, sentids;
  for (int c = 0; c < options.captionsPerImage; ++c) {
    const QStringList tokens = flickrLikeCaption(options.seed, index, c);
    QString raw = tokens.join(QLatin1Char(' ')) + QStringLiteral(" .");
    raw[0] = raw[0].toUpper();
    sentences.append(QJsonObject{{QStringLiteral("raw"), raw},
                                 {QStringLiteral("tokens"), QJsonArray::fromStringList(tokens)},
                                 {QStringLiteral("imgid"), index},
                                 {QStringLiteral("sentid"), *sentid}});
    sentids.append((*sentid)++);
  }
  return {{QStringLiteral("filename"), imageFile(index)},
          {QStringLiteral("imgid"), index},
          {QStringLiteral("split"), splitOf(index, options)},
          {QStringLiteral("sentids"), sentids},
          {QStringLiteral("sentences"), sentences}};
}

void checkOptions(const FlickrLikeOptions &options) {
  if (options.images < 4) throw std::invalid_argument("gs::makeFlickrLikeDataset: images must be at least 4");
  if (options.captionsPerImage < 1) throw std::invalid_argument("gs::makeFlickrLikeDataset: captionsPerImage must be at least 1");
  if (options.shortSide < 64 || options.longSide < options.shortSide || options.longSide > 4096)
    throw std::invalid_argument("gs::makeFlickrLikeDataset: sides must satisfy 64 <= short <= long <= 4096");
  if (options.valFraction < 0 || options.testFraction < 0 || options.valFraction + options.testFraction > 0.5)
    throw std::invalid_argument("gs::makeFlickrLikeDataset: validation and test fractions must be in [0, 0.5] together");
}

}  // namespace

std::map<QString, int> flickrLikeTrainingWordCounts(const FlickrLikeOptions &options) {
  checkOptions(options);
  const QString train = splitName(Split::Train);
  std::map<QString, int> counts;
  for (int i = 0; i < options.images; ++i) {
    if (splitOf(i, options) != train) continue;
    for (int c = 0; c < options.captionsPerImage; ++c)
      for (const QString &word : flickrLikeCaption(options.seed, i, c)) ++counts[word];
  }
  return counts;
}

Dataset makeFlickrLikeDataset(const QString &outDir, const FlickrLikeOptions &options, JobContext *job) {
  checkOptions(options);
  const QDir dir(outDir);
  if (!QDir().mkpath(dir.filePath(QStringLiteral("images"))))
    throw std::runtime_error(QStringLiteral("%1: cannot create the folder").arg(outDir).toStdString());
  renderPhotos(dir, options, job);
  QJsonArray images;
  int sentid = 0;
  for (int i = 0; i < options.images; ++i) images.append(imageJson(i, options, &sentid));
  const QJsonObject top{{QStringLiteral("dataset"), QStringLiteral("flickr-like-%1-seed%2").arg(options.images).arg(options.seed)},
                        {QStringLiteral("generator"), QStringLiteral("groundscope-flickr-like")},
                        {QStringLiteral("images"), images}};
  writeFileAtomically(dir.filePath(QStringLiteral("dataset.json")), QJsonDocument(top).toJson(QJsonDocument::Compact));
  if (job) job->setItemProgress(options.images, options.images, QStringLiteral("rendered synthetic photos"));
  return loadDataset(dir.absolutePath(), job);
}

}  // namespace gs
