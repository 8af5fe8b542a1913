#pragma once
// Images made ready for the network (decoded, cropped, normalised, their regions proposed and
// warped) on worker threads, ahead of the network that takes them in order.

#include "vision/features.h"

#include <opencv2/core.hpp>

#include <QString>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace gs::vision {

class DecodedImageCache;

// Everything an image needs before the network: decoded, cropped and normalised into its rows of
// the input blob (and its region warps), or the reason it is skipped.
struct PreparedImage {
  QString reason;               // non-empty: skipped
  cv::Mat blob;                 // crops × 3 × S × S; empty when the whole image's row comes from the map
  cv::Mat regionBlob;           // regions × 3 × S × S (crop pooling), or 1 × 3 × H × W (RoIAlign's map input)
  std::vector<cv::Rect> boxes;  // regions only
  cv::Size imageSize;           // the decoded image's, which the boxes are in
};

// Regions by RoIAlign with one centre crop: the whole image's row is the map's region 0 (the whole
// image, averaged as the network's own pooling does), so the network runs once per image. Crops
// from the map (cropsFromMap), with or without regions: the row is pooled from the map too.
bool rowFromMap(const ExtractOptions &options);

// The images of a chunk in order, prepared by `threads` workers up to `ahead` images beyond the one
// the network takes next (at least a batch, so a whole batch gets ready while the network runs the
// previous one): decoding, resizing and region proposals overlap the forward passes instead of
// waiting for them. Plain std::threads: QtConcurrent's global pool is shared with the GUI's jobs.
// With 0 threads each image is prepared on the network's thread when needed. The results, and their
// order, never depend on the threads.
class PreparedQueue {
public:
  PreparedQueue(const Dataset &dataset, int begin, int end, const InputSpec &input, const ExtractOptions &options,
                const DecodedImageCache &decoded, int threads);
  ~PreparedQueue();
  PreparedQueue(const PreparedQueue &) = delete;
  PreparedQueue &operator=(const PreparedQueue &) = delete;
  // Image i's preparation, waiting for its worker; images are taken in order.
  PreparedImage take(int i);

private:
  PreparedImage prepareSafely(int i) const;
  void work();

  const Dataset &m_dataset;
  const InputSpec &m_input;
  const ExtractOptions &m_options;
  const DecodedImageCache &m_decoded;
  const int m_begin, m_end;
  int m_next, m_taken;
  const int m_ahead;
  std::vector<std::optional<PreparedImage>> m_slots;
  std::mutex m_mutex;
  std::condition_variable m_changed;
  bool m_stopping = false;
  std::vector<std::thread> m_workers;
};

}  // namespace gs::vision
