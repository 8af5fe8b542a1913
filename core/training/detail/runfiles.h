#pragma once
// The torch side of a run folder: preparing it for training, its vocabularies, and the model it
// keeps, shared by the trainer and TrainedModel so both agree on what a run is. File names and the
// plain records (config, source, curves) are RunFolder's (training/runs/runfolder.h).

#include "models/detail/vocabulary.h"
#include "training/detail/embedder.h"
#include "training/runs/runfolder.h"
#include "training/trainconfig.h"
#include "training/trainingdata.h"

#include <memory>

namespace gs::detail {

// Writes config.json and run.json, or checks that the folder's config matches (only `epochs`
// may differ, so a finished run can be extended). Throws naming the folder otherwise.
void prepareRunFolder(const RunFolder &run, const TrainConfig &config, const TrainingData &data);

// The run's vocabulary.json, or one built from the training captions and written there.
Vocabulary loadOrBuildVocabulary(const RunFolder &run, const TrainConfig &config, const TrainingData &data);

// Tree models: the run's trees.json, or the positions and relations of the training captions'
// trees (captions must carry parses) written there. Null for models without trees.
std::shared_ptr<TreeVocabulary> loadOrBuildTreeVocabulary(const RunFolder &run, const TrainConfig &config,
                                                          const TrainingData &data, const Vocabulary &vocabulary);
std::shared_ptr<TreeVocabulary> readTreeVocabulary(const RunFolder &run, const TrainConfig &config); // null: not a tree model

Vocabulary readVocabulary(const RunFolder &run); // throws RunFolderError naming the file
// Writes run.vocabularyFile() atomically; a vocabulary written there is what the trainer reads.
void writeVocabulary(const RunFolder &run, const Vocabulary &vocabulary);

// The run's best model: the snapshot ensemble (best `ensembleSnapshots` by validation rsum) for
// cyclic runs that have one, else model-best.pt, else the last checkpoint; CCA's matrices for
// closed-form models.
std::shared_ptr<Embedder> openEmbedder(const RunFolder &run, const TrainConfig &config, const Vocabulary &vocabulary,
                                       int featureDim, const TreeVocabulary *trees = nullptr);

}  // namespace gs::detail
