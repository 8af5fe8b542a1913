#pragma once
// The 500-image Scenes demo (400/50/50) with its concept-CNN features that the model tests share:
// the ctest fixture's (GS_SCENES_FIXTURE, made once per build folder by
// tests/makescenesfixture.cmake with the same image count), or, when a test runs on its own,
// made in `scratch`. Both give the same data: the demo and the concept CNN are seeded.

#include "data/scenes/scenesdemo.h"
#include "training/trainingsource.h"

#include <QDir>
#include <QFileInfo>

namespace gs::test {

constexpr int kFixtureImages = 500; // tests/CMakeLists.txt passes the same count to the fixture

inline TrainingSource scenesWithConceptFeatures(const QString &scratch) {
  const QString fixture = qEnvironmentVariable("GS_SCENES_FIXTURE");
  if (!fixture.isEmpty() && QFileInfo::exists(fixture + QStringLiteral("/features/manifest.json")))
    return {fixture + QStringLiteral("/scenes"), QStringLiteral("concept-cnn"), fixture + QStringLiteral("/features")};
  ScenesOptions scenes;
  scenes.images = kFixtureImages;
  const QString folder = QDir(scratch).filePath(QStringLiteral("scenes"));
  makeScenesDemo(folder, scenes);
  return {folder, QStringLiteral("concept-cnn"), QDir(scratch).filePath(QStringLiteral("features"))};
}

// The same demo with region features (the HM-LSTM's): the whole image and its selective-search
// proposals, or its ground-truth phrase boxes. From the fixture when it has them, else made in
// `scratch` (the concept CNN is then trained there once for all three feature sets).
inline TrainingSource scenesWithRegions(const QString &scratch, RegionSet set) {
  TrainingSource source = scenesWithConceptFeatures(scratch);
  const QString folder = QStringLiteral("/features-") + enumName(set);
  source.featuresDir = QFileInfo(source.featuresDir).dir().path() + folder;
  source.regions = true;
  source.groundTruthRegions = set == RegionSet::GroundTruth;
  return source;
}

// The same demo with the concepts model's inputs (Huang et al. §3.2–3.3): the global context from 1
// or 10 crops, and the concept CNN's scores over the whole image and its 19 proposals (from the
// proposals' region features above).
inline TrainingSource scenesWithConcepts(const QString &scratch, bool tenCrop) {
  TrainingSource source = scenesWithConceptFeatures(scratch);
  const QString root = QFileInfo(source.featuresDir).dir().path();
  if (tenCrop) source.featuresDir = root + QStringLiteral("/features-10crop");
  source.crops = tenCrop ? 10 : 1;
  source.concepts = true;
  source.conceptFeaturesDir = root + QStringLiteral("/features-proposals");
  return source;
}

}  // namespace gs::test
