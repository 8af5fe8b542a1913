#pragma once
// A tiny real dataset and run for the GUI panels' tests, in seconds: a 60-image Scenes demo on
// disk and, instead of the concept CNN (minutes to train), precomputed image features in an .npy
// file — each image's ground-truth concepts one-hot plus noise — so a bag-of-words model learns a
// real joint space in a few epochs.

#include "data/scenes/scenesdemo.h"
#include "io/npy.h"
#include "training/trainer.h"
#include "training/trainingsource.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>
#include <random>

namespace gs::test {

struct TinyDataset {
  QString datasetPath;
  QString backbone; // "npy:…"
};

constexpr int kTinyImages = 60; // 48 train / 6 val / 6 test

// `images` other than kTinyImages for a test that needs a larger split.
inline TinyDataset makeTinyDataset(const QString &folder, int images = kTinyImages) {
  ScenesOptions options;
  options.images = images;
  options.imageSize = 64;
  const QString datasetPath = QDir(folder).filePath(QStringLiteral("scenes"));
  const Dataset dataset = makeScenesDemo(datasetPath, options);
  QSet<QString> conceptSet;
  for (const ImageRecord &image : dataset.images)
    for (const QString &c : image.concepts) conceptSet.insert(c);
  QStringList concepts(conceptSet.begin(), conceptSet.end());
  std::sort(concepts.begin(), concepts.end());
  const int dim = std::max<int>(8, int(concepts.size()));
  std::mt19937 rng(3);
  std::normal_distribution<float> noise(0.f, 0.1f);
  std::vector<float> features;
  QByteArray ids;
  for (const ImageRecord &image : dataset.images) {
    std::vector<float> f(static_cast<std::size_t>(dim));
    for (float &v : f) v = noise(rng);
    for (const QString &c : image.concepts) f[std::size_t(concepts.indexOf(c))] += 1.f;
    features.insert(features.end(), f.begin(), f.end());
    ids += image.id.toUtf8() + '\n';
  }
  const QString npy = QDir(folder).filePath(QStringLiteral("features.npy"));
  writeNpy(npy, features.data(), std::int64_t(dataset.images.size()), dim);
  QFile idsFile(QDir(folder).filePath(QStringLiteral("features.ids.txt")));
  if (!idsFile.open(QIODevice::WriteOnly) || idsFile.write(ids) != ids.size())
    throw std::runtime_error("makeTinyDataset: cannot write " + idsFile.fileName().toStdString());
  return {datasetPath, QStringLiteral("npy:") + npy};
}

// The panels' default bag-of-words model, shrunk: a few epochs of small minibatches.
inline TrainConfig tinyConfig(int epochs = 3) {
  TrainConfig config = TrainConfig::defaultsFor(QStringLiteral("bow"));
  config.epochs = epochs;
  config.batchSize = 20;
  return config;
}

// The tiny data trained with any configuration (another seed, recording off, …).
inline TrainResult trainTinyRun(const TinyDataset &tiny, const QString &runDir, const TrainConfig &config) {
  TrainingSource source;
  source.datasetPath = tiny.datasetPath;
  source.backbone = tiny.backbone;
  return train(prepareTrainingData(source), config, runDir);
}

inline TrainResult trainTinyRun(const TinyDataset &tiny, const QString &runDir, int epochs = 3) {
  return trainTinyRun(tiny, runDir, tinyConfig(epochs));
}

// A tiny dataset and a run trained on it, in a temporary folder that goes with it.
struct TinyRunFolder {
  TinyRunFolder() : tiny(makeTinyDataset(dir.path())), run(dir.filePath(QStringLiteral("run"))) { trainTinyRun(tiny, run); }
  QTemporaryDir dir;
  TinyDataset tiny;
  QString run;
};

}  // namespace gs::test
