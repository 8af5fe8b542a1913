#include "vision/detail/decodedcache.h"

#include "vision/detail/imageinput.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/uio.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gs::vision {

namespace {

constexpr char kMagic[4] = {'G', 'S', 'D', 'I'};
constexpr quint32 kFormat = 1;
constexpr qint32 kMaxSide = 1 << 16; // bounds a damaged header's size arithmetic

// The entry's header; the pixels (rows × cols × 3 bytes, BGR, row-major) follow it.
struct Header {
  char magic[4];
  quint32 format;
  qint32 cols, rows;
  quint64 checksum; // of the pixels
};
static_assert(sizeof(Header) == 24, "the header is written as it is laid out");

// FNV-1a over 8-byte words in four interleaved lanes (independent multiplies, so a 16 KB entry
// takes under a microsecond), folded into one: enough to tell a torn or damaged entry.
quint64 checksumOf(const uchar *data, std::size_t n) {
  constexpr quint64 kPrime = 1099511628211ull;
  quint64 lane[4] = {1469598103934665603ull, 1469598103934665603ull ^ 1, 1469598103934665603ull ^ 2, 1469598103934665603ull ^ 3};
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int k = 0; k < 4; ++k) {
      quint64 word;
      std::memcpy(&word, data + i + 8 * k, 8);
      lane[k] = (lane[k] ^ word) * kPrime;
    }
  quint64 h = n;
  for (quint64 l : lane) h = (h ^ l) * kPrime;
  for (; i < n; ++i) h = (h ^ data[i]) * kPrime;
  return h;
}

int shortSideOf(const InputSpec &input) { return qMax(input.resizeShort, input.inputSize); }

}  // namespace

bool servesDecodedCache(const InputSpec &input) { return shortSideOf(input) <= kMaxDecodedCacheSide; }

DecodedImageCache::DecodedImageCache(const QString &folder, const InputSpec &input) : m_input(input) {
  if (!folder.isEmpty() && servesDecodedCache(input))
    m_folder = QDir(folder).filePath(QString::number(shortSideOf(input)));
}

// POSIX calls rather than QFileInfo and QFile below: a cached image must cost little next to a
// 64-px forward pass (0.3 ms), and reading an entry through Qt's file classes took 19 µs where
// these take 11.
QString DecodedImageCache::entryPath(const QString &path) const {
  const QString absolute = QDir::isAbsolutePath(path) ? path : QFileInfo(path).absoluteFilePath();
  const QByteArray encoded = QFile::encodeName(absolute);
  struct stat info {};
  if (::stat(encoded.constData(), &info) != 0) return {}; // missing: loadImage says so
  QCryptographicHash hash(QCryptographicHash::Sha1);
  // The short side is in the folder; inputSize too, since it bounds the resized size from below.
  hash.addData(encoded);
  const qint64 key[] = {qint64(info.st_size), qint64(info.st_mtim.tv_sec), qint64(info.st_mtim.tv_nsec), m_input.inputSize};
  hash.addData(QByteArrayView(reinterpret_cast<const char *>(key), sizeof key));
  const QString name = QString::fromLatin1(hash.result().toHex());
  return QStringLiteral("%1/%2/%3.bgr").arg(m_folder, name.left(2), name.mid(2));
}

cv::Mat DecodedImageCache::read(const QString &entry) const {
  const int fd = ::open(QFile::encodeName(entry).constData(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  cv::Mat image;
  struct stat info {};
  Header header;
  if (::fstat(fd, &info) == 0 && info.st_size >= qint64(sizeof header) &&
      ::read(fd, &header, sizeof header) == ssize_t(sizeof header) && std::memcmp(header.magic, kMagic, 4) == 0 &&
      header.format == kFormat && header.cols >= 1 && header.rows >= 1 && header.cols <= kMaxSide && header.rows <= kMaxSide &&
      info.st_size == qint64(sizeof header) + qint64(header.cols) * header.rows * 3) {
    image.create(header.rows, header.cols, CV_8UC3);
    const ssize_t bytes = ssize_t(image.total() * image.elemSize());
    if (::read(fd, image.data, std::size_t(bytes)) != bytes || checksumOf(image.data, std::size_t(bytes)) != header.checksum)
      image.release(); // torn or damaged: decoded again and replaced
  }
  ::close(fd);
  return image;
}

void DecodedImageCache::write(const QString &entry, const cv::Mat &image) const {
  const auto fail = [&](const QString &why) {
    ++m_unstored;
    std::lock_guard<std::mutex> lock(m_errorMutex);
    if (m_firstWriteError.isEmpty()) m_firstWriteError = QStringLiteral("%1: %2").arg(entry, why);
  };
  // The 256 subfolders are made once, not checked for every entry.
  std::call_once(m_foldersMade, [&] {
    for (int i = 0; i < 256; ++i) QDir().mkpath(QStringLiteral("%1/%2").arg(m_folder).arg(i, 2, 16, QLatin1Char('0')));
  });
  const cv::Mat pixels = image.isContinuous() ? image : image.clone();
  Header header;
  std::memcpy(header.magic, kMagic, 4);
  header.format = kFormat;
  header.cols = pixels.cols;
  header.rows = pixels.rows;
  const std::size_t bytes = pixels.total() * pixels.elemSize();
  header.checksum = checksumOf(pixels.data, bytes);
  // Written in place with one writev, without a temporary file and rename: the entry vouches for
  // itself (size and checksum), so one torn by a crash, a full disk or a second writer of the same
  // image is never used, only decoded again; and a rename costs ext4 up to 0.2 ms, more than the
  // write, on the thread the first extraction waits for.
  const QByteArray name = QFile::encodeName(entry);
  const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return fail(QString::fromLocal8Bit(std::strerror(errno)));
  iovec parts[2] = {{&header, sizeof header}, {pixels.data, bytes}};
  const ssize_t written = ::writev(fd, parts, 2);
  const int writeError = errno;
  ::close(fd);
  if (written != ssize_t(sizeof header + bytes)) {
    ::unlink(name.constData());
    return fail(written < 0 ? QString::fromLocal8Bit(std::strerror(writeError))
                            : QStringLiteral("only %1 of %2 bytes written (disk full?)").arg(written).arg(sizeof header + bytes));
  }
  ++m_stored;
}

cv::Mat DecodedImageCache::load(const QString &path, QString *reason) const {
  if (!enabled()) {
    const cv::Mat image = loadImage(path, reason);
    return image.empty() ? image : resizeShortSide(image, m_input);
  }
  const QString entry = entryPath(path);
  if (entry.isEmpty()) return loadImage(path, reason); // no such file: its reason
  cv::Mat image = read(entry);
  if (!image.empty()) {
    ++m_hits;
    return image;
  }
  image = loadImage(path, reason);
  if (image.empty()) return image; // a bad file is reported each time, never cached
  image = resizeShortSide(image, m_input);
  write(entry, image);
  return image;
}

QString DecodedImageCache::firstWriteError() const {
  std::lock_guard<std::mutex> lock(m_errorMutex);
  return m_firstWriteError;
}

}  // namespace gs::vision
