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

}  // namespace gs::test
