#pragma once
// A run's trajectory: the joint-space vectors of a fixed sample of test images and their captions,
// saved before training (epoch 0) and after every epoch, so the Map can replay how the space formed
// (its epoch slider) and `groundscope-cli map RUN --epochs` can draw it. In the run folder:
//
//   trajectory/sample.json      which items: the split, image ids, captions and the image each describes
//   trajectory/epoch-NNN.npy    (images + captions) × dim, images first, float16 (half the size; a map
//                               needs three significant digits, not seven)
//
// Written by the trainer (TrainConfig::recordSample), each file atomically; a killed run leaves
// the epochs it finished. Torch-free.

#include "data/dataset.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

struct TrajectorySample {
  Split split = Split::Test;
  QStringList imageIds;
  QStringList captions;          // raw text
  std::vector<int> captionImage; // index into imageIds of the image each caption describes
  int dim = 0;                   // joint-space size
  int itemCount() const { return int(imageIds.size() + captions.size()); }
};

class RunTrajectory {
public:
  // Whether the run folder holds a trajectory with at least one epoch.
  static bool exists(const QString &runDir);
  // Reads sample.json and lists the epoch files. Throws RunFolderError (runfolder.h) naming the file
  // when sample.json is missing or malformed.
  static RunTrajectory open(const QString &runDir);

  const TrajectorySample &sample() const { return m_sample; }
  const std::vector<int> &epochs() const { return m_epochs; } // ascending
  // The vectors at `epoch`, itemCount × dim row-major (images, then captions). Throws RunFolderError
  // naming the file when it is missing, unreadable or of the wrong shape.
  std::vector<float> embeddings(int epoch) const;

  // Writers (the trainer's). Both atomic; throw std::runtime_error naming the file.
  static void writeSample(const QString &runDir, const TrajectorySample &sample);
  static void writeEpoch(const QString &runDir, int epoch, const std::vector<float> &vectors, int rows, int dim);
  static QString sampleFile(const QString &runDir);
  static QString epochFile(const QString &runDir, int epoch);

private:
  QString m_dir;
  TrajectorySample m_sample;
  std::vector<int> m_epochs;
};

// The sample a trainer records: up to `count` images of `imageRows` (a split's, in order), evenly
// spaced so every part of the split is represented; ascending positions into imageRows.
std::vector<int> trajectoryImagePicks(int splitImages, int count);

}  // namespace gs
