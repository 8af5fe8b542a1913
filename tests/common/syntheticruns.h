#pragma once
// Run folders as the trainer leaves them (config.json, run.json, metrics.json, events.jsonl and,
// when finished, result.json), written directly so the run table's tests need no training.

#include "training/runs/trainresult.h"
#include "training/trainconfig.h"
#include "training/trainingevents.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <vector>

namespace gs::test {

inline void write(const QString &path, const QByteArray &bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
  file.write(bytes);
}

inline QByteArray json(const QJsonObject &o) { return QJsonDocument(o).toJson(); }

inline EpochEvent epochOf(int number, double rsum, double loss) {
  EpochEvent e;
  e.epoch = number;
  e.trainLoss = loss;
  e.seconds = 2;
  e.validation.rsum = rsum;
  e.validation.imageToText.r1 = rsum / 6;
  e.validation.images = 100;
  e.validation.captions = 500;
  e.validation.textToImage.meanRank = 100 - rsum / 10;
  return e;
}

// A run as the trainer leaves it: rsums per epoch, finished (result.json) or not, with a loss per
// minibatch in events.jsonl.
inline QString makeRun(const QString &root, const QString &name, const QString &model, quint64 seed, double margin,
                const std::vector<double> &rsums, bool finished, double learningRate = 0) {
  const QString dir = QDir(root).filePath(name);
  TrainConfig config = TrainConfig::defaultsFor(model);
  config.seed = seed;
  config.margin = margin;
  if (learningRate > 0) config.learningRate = learningRate;
  config.epochs = int(rsums.size()) + (finished ? 0 : 2);
  write(dir + QStringLiteral("/config.json"), json(config.toJson()));
  write(dir + QStringLiteral("/run.json"), json({{QStringLiteral("dataset"), QStringLiteral("/data/scenes")},
                                                  {QStringLiteral("backbone"), QStringLiteral("concept-cnn")}}));
  QJsonArray epochs;
  QByteArray events;
  for (std::size_t k = 0; k < rsums.size(); ++k) {
    epochs.append(epochOf(int(k) + 1, rsums[k], 10.0 / double(k + 1)).toJson());
    for (int b = 1; b <= 4; ++b) {
      BatchEvent batch;
      batch.epoch = int(k) + 1;
      batch.batch = b;
      batch.batchesPerEpoch = 4;
      batch.iteration = std::int64_t(k) * 4 + b;
      batch.loss = 10.0 / double(batch.iteration);
      events += QJsonDocument(batch.toJson()).toJson(QJsonDocument::Compact) + '\n';
    }
  }
  write(dir + QStringLiteral("/metrics.json"), json({{QStringLiteral("best_epoch"), 1}, {QStringLiteral("epochs"), epochs}}));
  write(dir + QStringLiteral("/events.jsonl"), events);
  if (finished) {
    TrainResult result;
    result.test = epochOf(1, rsums.back() - 10, 0).validation;
    // Intervals as a bootstrap over the test queries gives them: rsum ± 15 around the test figure.
    result.testIntervals.imageToText.queries = 100;
    result.testIntervals.textToImage.queries = 500;
    result.testIntervals.imageToText.point = result.test.imageToText;
    result.testIntervals.textToImage.point = result.test.textToImage;
    result.testIntervals.rsumInterval = {result.test.rsum - 15, result.test.rsum + 15};
    result.bestEpoch = int(rsums.size());
    write(dir + QStringLiteral("/result.json"), json(result.toJson()));
  }
  return dir;
}

}  // namespace gs::test
