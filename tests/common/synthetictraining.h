#pragma once
// A small synthetic captioned-image set with a known answer: each image shows one of
// colours × shapes; its feature is the one-hot colour and shape plus Gaussian noise, and its
// captions name them in a few phrasings. A working joint space ranks the right images far above chance.

#include "training/trainingdata.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace gs::test {

inline TrainingData syntheticTrainingData(int imagesPerClass = 10, quint32 seed = 7, float noise = 0.3f) {
  const QStringList colours{QStringLiteral("red"), QStringLiteral("green"), QStringLiteral("blue"), QStringLiteral("yellow")};
  const QStringList shapes{QStringLiteral("circle"), QStringLiteral("square"), QStringLiteral("star"), QStringLiteral("ring")};
  const QStringList templates{QStringLiteral("a %1 %2"), QStringLiteral("there is a %1 %2 here"),
                              QStringLiteral("the picture shows one %1 %2")};
  std::mt19937 rng(seed);
  std::normal_distribution<float> gauss(0.f, noise);
  TrainingData data;
  data.featureDim = 16;
  int index = 0;
  for (int k = 0; k < imagesPerClass; ++k) {
    for (int c = 0; c < colours.size(); ++c) {
      for (int s = 0; s < shapes.size(); ++s, ++index) {
        data.imageIds << QStringLiteral("img%1").arg(index);
        // Every 10th image to validation, the next to test, the rest to training.
        data.imageSplits.push_back(index % 10 == 0 ? Split::Val : index % 10 == 1 ? Split::Test : Split::Train);
        std::vector<float> f(16);
        for (float &v : f) v = gauss(rng);
        f[c] += 1.f;
        f[4 + s] += 1.f;
        data.imageFeatures.append(f.data(), f.data() + f.size());
        for (const QString &t : templates) {
          const QString raw = t.arg(colours[c], shapes[s]);
          data.captions.push_back({raw + QLatin1Char('.'), raw.split(QLatin1Char(' ')), index, false, nullptr});
        }
      }
    }
  }
  return data;
}

// The same data with three regions per image (the HM-LSTM's): the whole image, a box holding the
// object (its feature again, with fresh noise) and an empty corner (noise only); every 7th image has
// the whole image alone, as an image whose proposals all failed would. No phrase boxes.
inline TrainingData withSyntheticRegions(TrainingData data, quint32 seed = 11) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> gauss(0.f, 0.3f);
  data.regionOffsets.assign(1, 0);
  data.regionSet = QStringLiteral("proposals");
  for (int i = 0; i < data.imageCount(); ++i) {
    const float *row = data.imageFeatures.data() + std::ptrdiff_t(i) * data.featureDim;
    data.regionFeatures.append(row, row + data.featureDim);
    data.regionBoxes.push_back({0, 0, 100, 100});
    int count = 1;
    if (i % 7 != 0) {
      for (int k = 0; k < data.featureDim; ++k) data.regionFeatures.push_back(row[k] + gauss(rng));
      for (int k = 0; k < data.featureDim; ++k) data.regionFeatures.push_back(gauss(rng));
      data.regionBoxes.push_back({10, 10, 40, 40});
      data.regionBoxes.push_back({60, 60, 40, 40});
      count = 3;
    }
    data.regionOffsets.push_back(data.regionOffsets.back() + count);
  }
  return data;
}

// The same data with concept scores (the concepts model, Huang et al. §3.2): each row becomes
// [x / ‖x‖ | p], p = σ of a fixed random projection of the features (K = 8), so the concepts say
// something about the image, as a concept CNN's would; every concept seen in the whole image.
inline TrainingData withSyntheticConcepts(TrainingData data, quint32 seed = 13) {
  constexpr int kConcepts = 8;
  std::mt19937 rng(seed);
  std::normal_distribution<float> gauss(0.f, 1.f);
  std::vector<float> projection(std::size_t(kConcepts) * data.featureDim);
  for (float &w : projection) w = gauss(rng);
  std::vector<float> rows;
  for (int i = 0; i < data.imageCount(); ++i) {
    const float *x = data.imageFeatures.data() + std::size_t(i) * data.featureDim;
    double norm = 0;
    for (int d = 0; d < data.featureDim; ++d) norm += double(x[d]) * x[d];
    for (int d = 0; d < data.featureDim; ++d) rows.push_back(float(x[d] / std::sqrt(std::max(norm, 1e-12))));
    for (int c = 0; c < kConcepts; ++c) {
      double z = 0;
      for (int d = 0; d < data.featureDim; ++d) z += double(projection[std::size_t(c) * data.featureDim + d]) * x[d];
      rows.push_back(float(1 / (1 + std::exp(-z))));
    }
    data.conceptBoxes.push_back({0, 0, 100, 100});
    data.conceptBoxOffsets.push_back(i);
    data.conceptRegion.insert(data.conceptRegion.end(), kConcepts, 0);
  }
  data.conceptBoxOffsets.push_back(data.imageCount());
  data.contextDim = data.featureDim;
  data.featureDim += kConcepts;
  data.imageFeatures = std::move(rows);
  for (int c = 0; c < kConcepts; ++c) data.conceptNames << QStringLiteral("concept%1").arg(c);
  return data;
}

}  // namespace gs::test
