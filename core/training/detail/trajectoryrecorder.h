#pragma once
// Saves the run's trajectory (runtrajectory.h) while it trains: the sample is fixed once (up to
// TrainConfig::recordSample test images, evenly spaced, with all their captions; the validation or
// training split when the data has no test images), then its vectors are written before the first
// epoch and after each one, with the model in evaluation mode and no gradients.

#include "training/detail/embedder.h"
#include "training/runs/runtrajectory.h"
#include "training/trainingdata.h"

#include <QString>

#include <vector>

namespace gs::detail {

class TrajectoryRecorder {
public:
  // Picks the sample. Nothing is recorded when `count` is 0 or the data has no captioned images.
  TrajectoryRecorder(const TrainingData &data, int count, const QString &runDir);
  bool active() const { return !m_captionRows.empty(); }
  int itemCount() const { return int(m_imageRows.size() + m_captionRows.size()); }
  // The model's vectors for the sample, as the file epoch-NNN.npy; the first call also writes
  // sample.json (again, identically, when a run resumes: the joint-space size is known then).
  // Leaves the model in eval mode.
  void record(const JointModel &model, const std::vector<EncodedCaption> &encoded, const torch::Tensor &features, int epoch);
  // The same from vectors made elsewhere (an imported run's epochs): `images` [sampleImages, d] and
  // `captions` [sampleCaptions, d], in the order of imageRows() and captionRows().
  void record(const torch::Tensor &images, const torch::Tensor &captions, int epoch);
  // The sample: rows of the data's images and captions.
  const std::vector<int> &imageRows() const { return m_imageRows; }
  const std::vector<int> &captionRows() const { return m_captionRows; }

private:
  QString m_runDir;
  std::vector<int> m_imageRows, m_captionRows;
  TrajectorySample m_sample;
  bool m_sampleWritten = false;
};

}  // namespace gs::detail
