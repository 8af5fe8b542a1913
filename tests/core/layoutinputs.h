#pragma once
// Synthetic inputs for the 2-D layout tests (tst_tsne, tst_umap): Gaussian points, labelled blobs,
// and how well a layout keeps the labels apart.

#include <random>
#include <vector>

namespace gs::test {

std::vector<float> gaussian(int n, int dim, unsigned seed, double sd = 1.0) {
  std::mt19937 rng{seed};
  std::normal_distribution<float> normal(0.0f, float(sd));
  std::vector<float> x(std::size_t(n) * dim);
  for (float &v : x) v = normal(rng);
  return x;
}

// `clusters` Gaussian blobs (sd 1) around centres drawn with sd `spread`; label of point i is i % clusters.
std::vector<float> blobs(int n, int dim, int clusters, double spread, unsigned seed) {
  const std::vector<float> centres = gaussian(clusters, dim, seed, spread);
  std::vector<float> x = gaussian(n, dim, seed + 1);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < dim; ++k) x[std::size_t(i) * dim + k] += centres[std::size_t(i % clusters) * dim + k];
  return x;
}

// Fraction of points whose nearest other point in the 2-D layout has the same label.
double nearestNeighbourAgreement(const std::vector<float> &xy, int n, int clusters) {
  int agree = 0;
  for (int i = 0; i < n; ++i) {
    double best = 1e300;
    int nearest = -1;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const double dx = xy[2 * i] - xy[2 * j], dy = xy[2 * i + 1] - xy[2 * j + 1];
      if (dx * dx + dy * dy < best) {
        best = dx * dx + dy * dy;
        nearest = j;
      }
    }
    agree += nearest % clusters == i % clusters;
  }
  return double(agree) / n;
}

}  // namespace gs::test
