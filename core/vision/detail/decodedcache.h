#pragma once
// Decoded images kept on disk at a small network's input size. The concept CNN sees
// 64-px crops: its forward pass costs 0.29 ms an image (batch 8), decoding a 500 × 375 JPEG 1.2 ms,
// so a pipeline that decodes every image for every feature set (and again for training) runs at
// a fifth of what the network can do. Each image is stored once, decoded and resized so its short
// side is the input's (resizeShortSide, the first step of makeCrops), as raw 8-bit BGR: 16 KB for a
// 4:3 image at 64 px. makeCrops of a stored image skips the resize, so crops, and features, are
// the same with or without the cache.
//
// An entry is named by the source file's absolute path, size and modification time and the short
// side, so an edited image is decoded again. An entry carries its size and a checksum, so a torn
// or damaged one is never used: it is decoded again and replaced. That makes a temporary file and
// rename unnecessary (and no fsync: an entry lost in a crash is decoded again). Thread-safe;
// several processes may share a folder.

#include "vision/backbonespec.h"

#include <opencv2/core.hpp>

#include <QString>

#include <atomic>
#include <mutex>

namespace gs::vision {

// Inputs whose short side is at most this are cached: above it the network outweighs decoding
// (MobileNetV2 at 224 px: 15 ms against 2.3 ms) and the entries would grow with the square of it.
constexpr int kMaxDecodedCacheSide = 128;

// Whether `input` is a small network's, one the cache serves (its short side, what images are
// resized to first, at most kMaxDecodedCacheSide). Extraction also sizes its chunks by it.
bool servesDecodedCache(const InputSpec &input);

class DecodedImageCache {
public:
  // Entries of `input`'s short side under folder/<side>/. An empty folder, or an input above
  // kMaxDecodedCacheSide: nothing is stored or read, every image is decoded (the same pixels).
  DecodedImageCache(const QString &folder, const InputSpec &input);

  bool enabled() const { return !m_folder.isEmpty(); }
  QString folder() const { return m_folder; }

  // `path` decoded (loadImage, with its reasons for skipping an image) and resized by
  // resizeShortSide; read from the cache when a valid entry exists, else decoded and stored.
  cv::Mat load(const QString &path, QString *reason) const;

  int hits() const { return m_hits; }
  int stored() const { return m_stored; }
  int unstored() const { return m_unstored; }       // decoded but not written (disk full, read-only)
  QString firstWriteError() const;

private:
  QString entryPath(const QString &path) const;
  cv::Mat read(const QString &entry) const;
  void write(const QString &entry, const cv::Mat &image) const;

  QString m_folder;
  InputSpec m_input;
  mutable std::atomic<int> m_hits{0}, m_stored{0}, m_unstored{0};
  mutable std::once_flag m_foldersMade;
  mutable std::mutex m_errorMutex;
  mutable QString m_firstWriteError;
};

}  // namespace gs::vision
