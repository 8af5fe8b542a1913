#include "training/trainingdata.h"

#include <cmath>
#include <stdexcept>

namespace gs {

std::vector<int> TrainingData::imagesIn(Split split) const {
  std::vector<int> rows;
  for (int i = 0; i < imageCount(); ++i)
    if (imageSplits[i] == split) rows.push_back(i);
  return rows;
}

std::vector<int> TrainingData::captionsIn(Split split) const {
  std::vector<int> rows;
  for (int c = 0; c < int(captions.size()); ++c)
    if (imageSplits[captions[c].image] == split) rows.push_back(c);
  return rows;
}

void TrainingData::validate() const {
  const auto fail = [](const QString &message) { throw std::runtime_error(message.toStdString()); };
  if (featureDim <= 0) fail(QStringLiteral("training data: feature dimension is %1").arg(featureDim));
  if (imageFeatures.size() != std::size_t(imageCount()) * std::size_t(featureDim))
    fail(QStringLiteral("training data: %1 feature values for %2 images of dimension %3")
             .arg(imageFeatures.size())
             .arg(imageCount())
             .arg(featureDim));
  if (imageSplits.size() != std::size_t(imageCount())) fail(QStringLiteral("training data: one split per image needed"));
  if (!imagePaths.isEmpty() && imagePaths.size() != imageIds.size()) fail(QStringLiteral("training data: one path per image needed"));
  for (std::size_t k = 0; k < imageFeatures.size(); ++k)
    if (!std::isfinite(imageFeatures[k]))
      fail(QStringLiteral("training data: image %1 has a non-finite feature in column %2")
               .arg(imageIds.at(int(k / featureDim)))
               .arg(k % featureDim));
  for (std::size_t c = 0; c < captions.size(); ++c)
    if (captions[c].image < 0 || captions[c].image >= imageCount())
      fail(QStringLiteral("training data: caption %1 refers to image %2 of %3").arg(c).arg(captions[c].image).arg(imageCount()));
  if (hasRegions()) {
    if (regionOffsets.size() != std::size_t(imageCount()) + 1 || regionOffsets.front() != 0 ||
        regionFeatures.size() != std::size_t(regionOffsets.back()) * std::size_t(featureDim) ||
        regionBoxes.size() != std::size_t(regionOffsets.back()))
      fail(QStringLiteral("training data: region offsets, features and boxes disagree (%1 offsets for %2 images, %3 boxes)")
               .arg(regionOffsets.size())
               .arg(imageCount())
               .arg(regionBoxes.size()));
    for (int i = 0; i < imageCount(); ++i)
      for (int r = regionOffsets[std::size_t(i)]; r < regionOffsets[std::size_t(i) + 1]; ++r)
        for (int k = 0; k < featureDim; ++k)
          if (!std::isfinite(regionFeatures[std::size_t(r) * featureDim + k]))
            fail(QStringLiteral("training data: image %1, region %2 has a non-finite feature in column %3")
                     .arg(imageIds.at(i))
                     .arg(r - regionOffsets[std::size_t(i)])
                     .arg(k));
  }
  if (hasConcepts()) {
    const int k = conceptCount();
    if (contextDim < 1 || featureDim != contextDim + k || conceptRegion.size() != std::size_t(imageCount()) * std::size_t(k) ||
        conceptBoxOffsets.size() != std::size_t(imageCount()) + 1 || conceptBoxOffsets.back() != int(conceptBoxes.size()))
      fail(QStringLiteral("training data: %1 concepts and a %2-d context do not make the %3-d features, or their boxes disagree")
               .arg(k)
               .arg(contextDim)
               .arg(featureDim));
    for (int i = 0; i < imageCount(); ++i)
      for (int c = 0; c < k; ++c) {
        const int region = conceptRegion[std::size_t(i) * std::size_t(k) + std::size_t(c)];
        if (region < 0 || conceptBoxOffsets[std::size_t(i)] + region >= conceptBoxOffsets[std::size_t(i) + 1])
          fail(QStringLiteral("training data: image %1, concept %2 points at region %3, which it does not have")
                   .arg(imageIds.at(i), conceptNames.at(c))
                   .arg(region));
      }
  }
  if (captionsIn(Split::Train).empty()) fail(QStringLiteral("training data: no training image–caption pairs"));
}

namespace {

// The kept images' feature rows as one run [first row, first row + count), or -1 when they are not.
int firstRowOfRun(const std::vector<int> &rowOfImage) {
  int first = -1, next = -1;
  for (int row : rowOfImage) {
    if (row < 0) continue;
    if (first < 0) first = next = row;
    if (row != next) return -1;
    ++next;
  }
  return first;
}

}  // namespace

TrainingData makeTrainingData(const Dataset &dataset, FloatRows features, int featureDim,
                              const std::vector<int> &rowOfImage, int *dropped) {
  if (rowOfImage.size() != dataset.images.size())
    throw std::invalid_argument("makeTrainingData: one feature row index per dataset image needed");
  TrainingData data;
  data.featureDim = featureDim;
  std::vector<int> newIndex(dataset.images.size(), -1);
  for (std::size_t i = 0; i < dataset.images.size(); ++i) {
    const int row = rowOfImage[i];
    if (row < 0) continue;
    if (std::size_t(row + 1) * featureDim > features.size())
      throw std::invalid_argument("makeTrainingData: feature row out of range");
    newIndex[i] = data.imageCount();
    data.imageIds << dataset.images[i].id;
    data.imagePaths << dataset.images[i].path;
    data.imageSplits.push_back(dataset.images[i].split);
  }
  const std::size_t values = std::size_t(data.imageCount()) * std::size_t(featureDim);
  const int first = firstRowOfRun(rowOfImage);
  if (first == 0 && values == features.size()) {
    data.imageFeatures = std::move(features);
  } else if (first >= 0) {
    data.imageFeatures = features.slice(std::size_t(first) * std::size_t(featureDim), values);
  } else {
    data.imageFeatures.reserve(values);
    for (int row : rowOfImage)
      if (row >= 0)
        data.imageFeatures.append(features.begin() + std::size_t(row) * featureDim, features.begin() + std::size_t(row + 1) * featureDim);
  }
  for (std::size_t i = 0; i < dataset.images.size(); ++i) {
    if (newIndex[i] < 0) continue;
    const int twin = dataset.images[i].distractor;
    data.imageDistractors.push_back(twin >= 0 && std::size_t(twin) < newIndex.size() ? newIndex[std::size_t(twin)] : -1);
  }
  int lost = 0;
  for (const CaptionRecord &caption : dataset.captions) {
    if (caption.image < 0 || newIndex[caption.image] < 0) {
      ++lost;
      continue;
    }
    data.captions.push_back({caption.raw, caption.tokens, newIndex[caption.image], caption.orderSensitive, nullptr, caption.phrases});
  }
  if (dropped) *dropped = lost;
  return data;
}

}  // namespace gs
