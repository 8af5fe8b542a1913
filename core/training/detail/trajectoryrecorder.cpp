#include "training/detail/trajectoryrecorder.h"

namespace gs::detail {

TrajectoryRecorder::TrajectoryRecorder(const TrainingData &data, int count, const QString &runDir) : m_runDir(runDir) {
  if (count <= 0) return;
  for (Split split : {Split::Test, Split::Val, Split::Train}) {
    const std::vector<int> images = data.imagesIn(split);
    std::vector<int> local(std::size_t(data.imageCount()), -1);
    std::vector<int> picked;
    for (int k : trajectoryImagePicks(int(images.size()), count)) {
      local[std::size_t(images[std::size_t(k)])] = int(picked.size());
      picked.push_back(images[std::size_t(k)]);
    }
    std::vector<int> captions;
    for (int c : data.captionsIn(split))
      if (local[std::size_t(data.captions[std::size_t(c)].image)] >= 0) captions.push_back(c);
    if (captions.empty()) continue;
    m_imageRows = std::move(picked);
    m_captionRows = std::move(captions);
    m_sample.split = split;
    for (int row : m_imageRows) m_sample.imageIds.append(data.imageIds[row]);
    for (int c : m_captionRows) {
      m_sample.captions.append(data.captions[std::size_t(c)].raw);
      m_sample.captionImage.push_back(local[std::size_t(data.captions[std::size_t(c)].image)]);
    }
    return;
  }
}

void TrajectoryRecorder::record(const JointModel &model, const std::vector<EncodedCaption> &encoded, const torch::Tensor &features,
                                int epoch) {
  if (!active()) return;
  JointEmbedder embedder({model}); // evaluation mode, no gradients
  const auto rows = torch::tensor(std::vector<std::int64_t>(m_imageRows.begin(), m_imageRows.end()), torch::kInt64);
  record(embedder.images(features.index_select(0, rows)), embedder.captions(encoded, m_captionRows), epoch);
}

void TrajectoryRecorder::record(const torch::Tensor &images, const torch::Tensor &captions, int epoch) {
  if (!active()) return;
  const torch::Tensor stacked = torch::cat({images, captions}, 0).contiguous().to(torch::kFloat);
  const int dim = int(stacked.size(1));
  if (!m_sampleWritten) {
    m_sample.dim = dim;
    RunTrajectory::writeSample(m_runDir, m_sample);
    m_sampleWritten = true;
  }
  const std::vector<float> values(stacked.data_ptr<float>(), stacked.data_ptr<float>() + stacked.numel());
  RunTrajectory::writeEpoch(m_runDir, epoch, values, int(stacked.size(0)), dim);
}

}  // namespace gs::detail
