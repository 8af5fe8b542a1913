#include "analysis/gaptrajectory.h"

#include "training/runs/epochspace.h"
#include "training/runs/runfolder.h"
#include "training/runs/runtrajectory.h"

namespace gs {

std::vector<GapEpoch> gapTrajectory(const QString &runDir, ScoreKind score, int k) {
  const RunTrajectory trajectory = RunTrajectory::open(runDir);
  const TrajectorySample &sample = trajectory.sample();
  const int dim = sample.dim;
  const std::size_t imageValues = std::size_t(sample.imageIds.size()) * std::size_t(dim);
  std::vector<GapEpoch> out;
  for (int epoch : trajectory.epochs()) {
    const std::vector<float> vectors = trajectory.embeddings(epoch); // images, then captions
    const std::vector<float> images(vectors.begin(), vectors.begin() + std::ptrdiff_t(imageValues));
    const std::vector<float> captions(vectors.begin() + std::ptrdiff_t(imageValues), vectors.end());
    out.push_back({epoch, modalityGap(images, captions, dim, sample.captionImage, score, k)});
  }
  return out;
}

std::vector<GapEpoch> gapTrajectory(const QString &runDir, int k) {
  return gapTrajectory(runDir, scoreKindOf(RunFolder(runDir).config()), k);
}

}  // namespace gs
