#include "training/detail/runfiles.h"

#include "io/atomicfile.h"
#include "training/detail/cca.h"
#include "training/detail/checkpoint.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace gs::detail {

namespace {

QJsonObject readJson(const QString &path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly))
    throw std::runtime_error(QStringLiteral("%1: cannot open: %2").arg(path, file.errorString()).toStdString());
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
  if (error.error != QJsonParseError::NoError || !doc.isObject())
    throw std::runtime_error(QStringLiteral("%1: malformed JSON at offset %2: %3")
                                 .arg(path)
                                 .arg(error.offset)
                                 .arg(error.errorString())
                                 .toStdString());
  return doc.object();
}

QJsonObject withoutEpochs(QJsonObject json) {
  json.remove(QStringLiteral("epochs"));
  return json;
}

}  // namespace

QString snapshotPath(const QString &runDir, int epoch) {
  return QDir(runDir).filePath(QStringLiteral("snapshots/epoch-%1.pt").arg(epoch, 3, 10, QLatin1Char('0')));
}

void prepareRunFolder(const QString &runDir, const TrainConfig &config, const TrainingData &data) {
  const QDir dir(runDir);
  const QString configPath = dir.filePath(kConfigFile);
  if (QFile::exists(configPath)) {
    const TrainConfig existing = TrainConfig::fromJson(readJson(configPath), configPath);
    if (withoutEpochs(existing.toJson()) != withoutEpochs(config.toJson()))
      throw std::runtime_error(QStringLiteral("%1 holds a run with a different configuration; choose another folder "
                                              "(only 'epochs' may change to extend a run)")
                                   .arg(runDir)
                                   .toStdString());
    const int dim = readFeatureDim(runDir);
    if (dim != data.featureDim)
      throw std::runtime_error(QStringLiteral("%1 was trained on %2-d image features, these are %3-d")
                                   .arg(runDir)
                                   .arg(dim)
                                   .arg(data.featureDim)
                                   .toStdString());
  }
  writeFileAtomically(configPath, QJsonDocument(config.toJson()).toJson());
  QJsonObject run = data.source;
  run.insert(QStringLiteral("feature_dim"), data.featureDim);
  run.insert(QStringLiteral("images"), data.imageCount());
  run.insert(QStringLiteral("captions"), int(data.captions.size()));
  writeFileAtomically(dir.filePath(kRunFile), QJsonDocument(run).toJson());
}

Vocabulary loadOrBuildVocabulary(const QString &runDir, const TrainConfig &config, const TrainingData &data) {
  const QString path = QDir(runDir).filePath(kVocabularyFile);
  if (QFile::exists(path)) return readVocabulary(runDir);
  std::vector<QStringList> training;
  for (int c : data.captionsIn(Split::Train)) training.push_back(data.captions[c].tokens);
  const Vocabulary vocabulary = Vocabulary::build(training, config.minWordCount);
  writeFileAtomically(path, QJsonDocument(vocabulary.toJson()).toJson());
  return vocabulary;
}

std::shared_ptr<TreeVocabulary> loadOrBuildTreeVocabulary(const QString &runDir, const TrainConfig &config,
                                                          const TrainingData &data, const Vocabulary &vocabulary) {
  if (!config.needsTrees()) return nullptr;
  if (QFile::exists(QDir(runDir).filePath(kTreesFile))) return readTreeVocabulary(runDir, config);
  std::vector<const ParsedCaption *> parses;
  std::vector<QStringList> tokens;
  for (int c : data.captionsIn(Split::Train)) {
    parses.push_back(data.captions[std::size_t(c)].parse.get());
    tokens.push_back(data.captions[std::size_t(c)].tokens);
  }
  auto trees = std::make_shared<TreeVocabulary>(
      buildTreeVocabulary(parses, tokens, vocabulary, config.needsConstituency(), config.minRelationCount));
  writeFileAtomically(QDir(runDir).filePath(kTreesFile), QJsonDocument(trees->toJson()).toJson());
  return trees;
}

std::shared_ptr<TreeVocabulary> readTreeVocabulary(const QString &runDir, const TrainConfig &config) {
  if (!config.needsTrees()) return nullptr;
  const QString path = QDir(runDir).filePath(kTreesFile);
  try {
    return std::make_shared<TreeVocabulary>(TreeVocabulary::fromJson(readJson(path)));
  } catch (const std::runtime_error &error) {
    throw std::runtime_error(path.toStdString() + ": " + error.what());
  }
}

TrainConfig readRunConfig(const QString &runDir) {
  const QString path = QDir(runDir).filePath(kConfigFile);
  return TrainConfig::fromJson(readJson(path), path);
}

int readFeatureDim(const QString &runDir) {
  const QString path = QDir(runDir).filePath(kRunFile);
  const int dim = readJson(path).value(QStringLiteral("feature_dim")).toInt();
  if (dim <= 0) throw std::runtime_error(QStringLiteral("%1: no feature_dim").arg(path).toStdString());
  return dim;
}

Vocabulary readVocabulary(const QString &runDir) {
  const QString path = QDir(runDir).filePath(kVocabularyFile);
  try {
    return Vocabulary::fromJson(readJson(path));
  } catch (const std::runtime_error &error) {
    throw std::runtime_error(path.toStdString() + ": " + error.what());
  }
}

std::shared_ptr<Embedder> openEmbedder(const QString &runDir, const TrainConfig &config, const Vocabulary &vocabulary,
                                       int featureDim, const TreeVocabulary *trees) {
  const QDir dir(runDir);
  if (config.model == QLatin1String("cca")) return CcaEmbedder::load(dir.filePath(kCcaFile), vocabulary);

  const auto loadModel = [&](const QString &path) {
    JointModel model(config, vocabulary.size(), featureDim, trees);
    loadCheckpoint(path, *model, nullptr);
    return model;
  };
  if (config.schedule == QLatin1String("cyclic") && config.ensembleSnapshots > 1) {
    // Rank the snapshots by their epoch's validation rsum (metrics.json) and keep the best K.
    std::vector<std::pair<double, int>> ranked;
    const QJsonArray epochs = readJson(dir.filePath(kMetricsFile)).value(QStringLiteral("epochs")).toArray();
    for (const QJsonValue &e : epochs) {
      const int epoch = e.toObject().value(QStringLiteral("epoch")).toInt();
      if (QFile::exists(snapshotPath(runDir, epoch)))
        ranked.emplace_back(e.toObject().value(QStringLiteral("validation")).toObject().value(QStringLiteral("rsum")).toDouble(),
                            epoch);
    }
    std::sort(ranked.begin(), ranked.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    if (ranked.size() >= 2) {
      std::vector<JointModel> members;
      for (std::size_t k = 0; k < ranked.size() && int(k) < config.ensembleSnapshots; ++k)
        members.push_back(loadModel(snapshotPath(runDir, ranked[k].second)));
      return std::make_shared<JointEmbedder>(members);
    }
  }
  const QString best = dir.filePath(kBestModel);
  return std::make_shared<JointEmbedder>(
      std::vector<JointModel>{loadModel(QFile::exists(best) ? best : dir.filePath(kLastCheckpoint))});
}

}  // namespace gs::detail
