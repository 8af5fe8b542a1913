#include "training/detail/runfiles.h"

#include "training/detail/importedembedder.h"

#include "runtime/provenance.h"
#include "training/modelregistry.h"

#include "io/atomicfile.h"
#include "io/jsonfile.h"
#include "training/detail/cca.h"
#include "training/detail/checkpoint.h"
#include "training/detail/modelbuilder.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include <algorithm>

namespace gs::detail {

namespace {

QJsonObject withoutEpochs(QJsonObject json) {
  json.remove(QStringLiteral("epochs"));
  return json;
}

QJsonObject readRecord(const QString &path) {
  try {
    return readJsonObjectFile(path);
  } catch (const std::runtime_error &error) {
    throw RunFolderError(error.what());
  }
}

}  // namespace

void prepareRunFolder(const RunFolder &run, const TrainConfig &config, const TrainingData &data) {
  if (QFile::exists(run.configFile())) {
    const TrainConfig existing = run.config();
    if (withoutEpochs(existing.toJson()) != withoutEpochs(config.toJson()))
      throw std::runtime_error(QStringLiteral("%1 holds a run with a different configuration; choose another folder "
                                              "(only 'epochs' may change to extend a run)")
                                   .arg(run.dir())
                                   .toStdString());
    const int dim = run.featureDim();
    if (dim != data.featureDim)
      throw std::runtime_error(QStringLiteral("%1 was trained on %2-d image features, these are %3-d")
                                   .arg(run.dir())
                                   .arg(dim)
                                   .arg(data.featureDim)
                                   .toStdString());
  }
  writeFileAtomically(run.configFile(), QJsonDocument(config.toJson()).toJson());
  QJsonObject source = data.source;
  source.insert(QStringLiteral("feature_dim"), data.featureDim);
  source.insert(QStringLiteral("images"), data.imageCount());
  source.insert(QStringLiteral("captions"), int(data.captions.size()));
  // Who trained it: versions, commit, BLAS, command line (of the latest session, resumes included).
  source.insert(QStringLiteral("provenance"), runtime::provenance());
  writeFileAtomically(run.sourceFile(), QJsonDocument(source).toJson());
}

Vocabulary loadOrBuildVocabulary(const RunFolder &run, const TrainConfig &config, const TrainingData &data) {
  if (QFile::exists(run.vocabularyFile())) return readVocabulary(run);
  std::vector<QStringList> training;
  for (int c : data.captionsIn(Split::Train)) training.push_back(data.captions[c].tokens);
  const Vocabulary vocabulary = Vocabulary::build(training, config.minWordCount);
  writeVocabulary(run, vocabulary);
  return vocabulary;
}

std::shared_ptr<TreeVocabulary> loadOrBuildTreeVocabulary(const RunFolder &run, const TrainConfig &config,
                                                          const TrainingData &data, const Vocabulary &vocabulary) {
  if (!config.needsTrees()) return nullptr;
  if (QFile::exists(run.treesFile())) return readTreeVocabulary(run, config);
  std::vector<const CompactParse *> parses;
  std::vector<QStringList> tokens;
  for (int c : data.captionsIn(Split::Train)) {
    parses.push_back(data.captions[std::size_t(c)].parse.get());
    tokens.push_back(data.captions[std::size_t(c)].tokens);
  }
  auto trees = std::make_shared<TreeVocabulary>(
      buildTreeVocabulary(parses, tokens, vocabulary, treeShape(config), config.minRelationCount));
  writeFileAtomically(run.treesFile(), QJsonDocument(trees->toJson()).toJson());
  return trees;
}

std::shared_ptr<TreeVocabulary> readTreeVocabulary(const RunFolder &run, const TrainConfig &config) {
  if (!config.needsTrees()) return nullptr;
  const QString path = run.treesFile();
  try {
    return std::make_shared<TreeVocabulary>(TreeVocabulary::fromJson(readRecord(path)));
  } catch (const RunFolderError &) {
    throw;
  } catch (const std::runtime_error &error) {
    throw RunFolderError(path.toStdString() + ": " + error.what());
  }
}

void writeVocabulary(const RunFolder &run, const Vocabulary &vocabulary) {
  writeFileAtomically(run.vocabularyFile(), QJsonDocument(vocabulary.toJson()).toJson());
}

Vocabulary readVocabulary(const RunFolder &run) {
  const QString path = run.vocabularyFile();
  try {
    return Vocabulary::fromJson(readRecord(path));
  } catch (const RunFolderError &) {
    throw;
  } catch (const std::runtime_error &error) {
    throw RunFolderError(path.toStdString() + ": " + error.what());
  }
}

std::shared_ptr<Embedder> openEmbedder(const RunFolder &run, const TrainConfig &config, const Vocabulary &vocabulary,
                                       int featureDim, const TreeVocabulary *trees) {
  if (config.entry().imported) return openImportedEmbedder(run.dir(), config.similarity);
  if (config.entry().closedForm) return CcaEmbedder::load(run.closedFormFile(), vocabulary);

  const auto loadModel = [&](const QString &path) {
    JointModel model = makeJointModel(config, vocabulary.size(), featureDim, trees);
    loadCheckpoint(path, *model, nullptr);
    return model;
  };
  if (config.schedule == ScheduleKind::Cyclic && config.ensembleSnapshots > 1) {
    // Rank the snapshots by their epoch's validation rsum (metrics.json) and keep the best K.
    std::vector<std::pair<double, int>> ranked;
    for (const EpochEvent &e : run.epochs())
      if (QFile::exists(run.snapshotFile(e.epoch))) ranked.emplace_back(e.validation.rsum, e.epoch);
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    if (ranked.size() >= 2) {
      std::vector<JointModel> members;
      for (std::size_t k = 0; k < ranked.size() && int(k) < config.ensembleSnapshots; ++k)
        members.push_back(loadModel(run.snapshotFile(ranked[k].second)));
      return std::make_shared<JointEmbedder>(members);
    }
  }
  const QString best = run.bestModelFile();
  return std::make_shared<JointEmbedder>(
      std::vector<JointModel>{loadModel(QFile::exists(best) ? best : run.lastCheckpointFile())});
}

}  // namespace gs::detail
