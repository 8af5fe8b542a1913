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

}  // namespace gs::test
