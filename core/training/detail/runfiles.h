#pragma once
// The files of a run folder and the steps that read and write them, shared by the trainer and
// TrainedModel so both agree on what a run is.

#include "models/detail/vocabulary.h"
#include "training/detail/embedder.h"
#include "training/trainconfig.h"
#include "training/trainingdata.h"

#include <memory>

namespace gs::detail {

inline const QString kConfigFile = QStringLiteral("config.json");
inline const QString kRunFile = QStringLiteral("run.json");           // feature dim and provenance
inline const QString kVocabularyFile = QStringLiteral("vocabulary.json");
inline const QString kLastCheckpoint = QStringLiteral("checkpoint-last.pt");
inline const QString kBestModel = QStringLiteral("model-best.pt");
inline const QString kCcaFile = QStringLiteral("cca.pt");
inline const QString kMetricsFile = QStringLiteral("metrics.json");
inline const QString kEventsFile = QStringLiteral("events.jsonl");
inline const QString kResultFile = QStringLiteral("result.json");
inline const QString kTreesFile = QStringLiteral("trees.json");      // tree models: positions and relations

QString snapshotPath(const QString &runDir, int epoch);

// Writes config.json and run.json, or checks that the folder's config matches (only `epochs`
// may differ, so a finished run can be extended). Throws naming the folder otherwise.
void prepareRunFolder(const QString &runDir, const TrainConfig &config, const TrainingData &data);

// The run's vocabulary.json, or one built from the training captions and written there.
Vocabulary loadOrBuildVocabulary(const QString &runDir, const TrainConfig &config, const TrainingData &data);

// Tree models: the run's trees.json, or the positions and relations of the training captions'
// trees (captions must carry parses) written there. Returns an empty optional for other models.
std::shared_ptr<TreeVocabulary> loadOrBuildTreeVocabulary(const QString &runDir, const TrainConfig &config,
                                                          const TrainingData &data, const Vocabulary &vocabulary);
std::shared_ptr<TreeVocabulary> readTreeVocabulary(const QString &runDir, const TrainConfig &config); // null: not a tree model

TrainConfig readRunConfig(const QString &runDir);
int readFeatureDim(const QString &runDir);
Vocabulary readVocabulary(const QString &runDir);

// The run's best model: the snapshot ensemble (best `ensembleSnapshots` by validation rsum) for
// cyclic runs that have one, else model-best.pt, else the last checkpoint; CCA's matrices for cca.
std::shared_ptr<Embedder> openEmbedder(const QString &runDir, const TrainConfig &config, const Vocabulary &vocabulary,
                                       int featureDim, const TreeVocabulary *trees = nullptr);

}  // namespace gs::detail
