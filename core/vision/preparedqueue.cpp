// Image preparation for extraction: decoding (or the decoded cache), crops, region proposals or
// ground-truth boxes and their warps, on worker threads below the network's priority.

#include "vision/detail/preparedqueue.h"

#include "data/boxes.h"
#include "vision/detail/decodedcache.h"
#include "vision/detail/imageinput.h"
#include "vision/detail/regionproposals.h"

#include <algorithm>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace gs::vision {

namespace {

constexpr int kPrepareNice = 10; // the workers' nice value: below the network's thread

// The whole image, then the image's ground-truth phrase boxes clipped to it (boxes that vanish are
// left out).
std::vector<cv::Rect> groundTruthRects(const Dataset &dataset, int imageIndex, const cv::Mat &image, int limit) {
  const cv::Rect whole(0, 0, image.cols, image.rows);
  std::vector<cv::Rect> rects{whole};
  for (const Box &b : groundTruthPhraseBoxes(dataset, imageIndex, limit)) {
    const cv::Rect r = cv::Rect(cvRound(b.x), cvRound(b.y), cvRound(b.width), cvRound(b.height)) & whole;
    if (r.area() > 0) rects.push_back(r);
  }
  return rects;
}

PreparedImage prepareImage(const Dataset &dataset, int i, const InputSpec &input, const ExtractOptions &options,
                           const DecodedImageCache &decoded) {
  PreparedImage prepared;
  const ImageRecord &record = dataset.images[i];
  // Regions and maps are cut from the whole image; the crops alone come from the decoded cache when
  // it is on.
  const bool wholeImage = options.regions || cropsFromMap(options.crops);
  const cv::Mat image = wholeImage ? loadImage(record.path, &prepared.reason) : decoded.load(record.path, &prepared.reason);
  if (image.empty()) return prepared;
  prepared.imageSize = image.size();
  if (!rowFromMap(options)) prepared.blob = makeBlob(makeCrops(image, input, options.crops), input);
  if (options.regions) {
    // The whole image first, then the boxes (HM-LSTM Sec. 3.1, Karpathy's 19 + 1).
    // Scored proposals: the whole pool, which the network's head narrows down (regionextraction.cpp).
    prepared.boxes = options.regionSet == RegionSet::GroundTruth    ? groundTruthRects(dataset, i, image, options.maxRegions)
                     : options.proposals == ProposalSearch::Scored ? proposalPool(image)
                                                                    : proposeRegions(image, options.maxRegions, options.proposals);
    if (options.regionPooling != RegionPooling::RoiAlign) {
      std::vector<cv::Mat> warps;
      for (const cv::Rect &box : prepared.boxes) warps.push_back(warpRegion(image, box, input));
      prepared.regionBlob = makeBlob(warps, input);
    }
  }
  if (rowFromMap(options) || (options.regions && options.regionPooling == RegionPooling::RoiAlign))
    prepared.regionBlob = makeImageBlob(image, input, options.regionInput);
  return prepared;
}

}  // namespace

bool rowFromMap(const ExtractOptions &options) {
  return cropsFromMap(options.crops) ||
         (options.regions && options.regionPooling == RegionPooling::RoiAlign && options.crops == CropMode::Center);
}

PreparedQueue::PreparedQueue(const Dataset &dataset, int begin, int end, const InputSpec &input, const ExtractOptions &options,
                             const DecodedImageCache &decoded, int threads)
                             : m_dataset(dataset), m_input(input), m_options(options), m_decoded(decoded), m_begin(begin), m_end(end), m_next(begin), m_taken(begin),
                             m_ahead(std::max(2 * options.batchSize, 2 * threads)), m_slots(static_cast<std::size_t>(end - begin)) {
  for (int t = 0; t < threads && t < end - begin; ++t) m_workers.emplace_back([this] { work(); });
}

PreparedQueue::~PreparedQueue() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_stopping = true; // a cancelled chunk: the workers finish their image and stop
  }
  m_changed.notify_all();
  for (std::thread &t : m_workers) t.join();
}

PreparedImage PreparedQueue::take(int i) {
  if (m_workers.empty()) return prepareSafely(i);
  std::unique_lock<std::mutex> lock(m_mutex);
  std::optional<PreparedImage> &slot = m_slots[std::size_t(i - m_begin)];
  m_changed.wait(lock, [&] { return slot.has_value(); });
  PreparedImage prepared = std::move(*slot);
  slot.reset();
  m_taken = i + 1;
  lock.unlock();
  m_changed.notify_all();
  return prepared;
}

PreparedImage PreparedQueue::prepareSafely(int i) const {
  try {
    return prepareImage(m_dataset, i, m_input, m_options, m_decoded);
  } catch (const cv::Exception &error) { // an image OpenCV decodes but cannot resize or warp
    PreparedImage failed;
    failed.reason = QStringLiteral("cannot preprocess: %1").arg(QString::fromStdString(error.msg).trimmed());
    return failed;
  }
}

void PreparedQueue::work() {
  // Below the network's priority (Linux: a nice value per thread): decoding fills the cycles the
  // network leaves idle (its serial layers) instead of taking a core from it; the queue of
  // `ahead` images covers the moments it falls behind.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kPrepareNice);
  for (;;) {
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait(lock, [&] { return m_stopping || m_next >= m_end || m_next < m_taken + m_ahead; });
    if (m_stopping || m_next >= m_end) return;
    const int i = m_next++;
    lock.unlock();
    PreparedImage prepared = prepareSafely(i);
    lock.lock();
    m_slots[std::size_t(i - m_begin)] = std::move(prepared);
    lock.unlock();
    m_changed.notify_all();
  }
}

}  // namespace gs::vision
