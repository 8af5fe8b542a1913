#pragma once
// The whole pipeline timed at a scale the machine may not hold: `groundscope-cli bench pipeline`.
// Every stage a full run goes through (loading, parsing, features with and without regions, the
// data each model reads, one epoch of each model, embedding the test split, the map) runs on
// synthetic Flickr-like photos (data/synthetic/flickrlike.h) twice, at measuredImages and at a
// quarter of that, with its time and its peak resident memory taken on its own. The two sizes
// give each stage's scaling exponent; stages that grow faster than linearly are flagged, and
// every stage is projected to `images` (31,000 by default: Flickr30k), with the hours a full run
// of each model would take on this machine (its default epochs; the HM-LSTM's root-only epochs and
// the epochs with every loss each at their own measured cost). Every model trains with the
// vocabulary the training captions at `images` would give it, not the measured images' smaller one,
// so its embeddings and output layers cost what they would at the projected size.
//
// The bench reads and writes its own cache folder (XDG_CACHE_HOME points into its work folder while
// it runs), so nothing of the user's cache is read, reused or filled.

#include "training/modelregistry.h"
#include "training/trainconfig.h"
#include "vision/backbonespec.h"

#include <QJsonObject>
#include <QString>

#include <cstdint>
#include <vector>

namespace gs {

class JobContext;

struct PipelineBenchOptions {
  int images = 31000;         // the scale the figures are projected to
  int captionsPerImage = 5;   // 155,000 captions at the default scale
  int measuredImages = 1000;  // the stages run on this many images, and on a quarter of them
  QString backbone = defaultBackbone(); // BackboneSpec::parse syntax
  // Region features as the HM-LSTM's training reads them (TrainConfig's defaults).
  RegionPooling regionPooling = RegionPooling::Auto;
  ProposalSearch proposals = ProposalSearch::Fast;
  int regionInput = 448;
  // The concepts model's context crops (TrainConfig's crops and crops_from). The bench also prepares
  // the concepts model's data the paper's way (ten crops through the network) in the same run, for
  // the ratio (conceptDataSpeedup).
  int crops = 10;
  CropSource cropsFrom = CropSource::Images;
  // The concepts model's data the paper's way and its epoch with LibTorch's recurrences, each beside
  // its configured counterpart for the ratio. Together they take longer than the rest of a concepts
  // run; a run that wants the projection alone (at a larger measured size) leaves them out.
  bool conceptReferences = true;
  std::vector<ModelKind> models{ModelKind::Bow, ModelKind::DtRnn, ModelKind::HmLstm, ModelKind::Concepts};
  QString workDir; // the synthetic data, caches and runs; empty: a temporary folder, removed after
  quint32 seed = 1;
};

// One stage at one size.
struct StageMeasure {
  int images = 0;
  double seconds = 0;
  std::int64_t baseBytes = 0;  // resident memory before this size's first stage (code, libraries)
  std::int64_t startBytes = 0; // resident memory when the stage began
  std::int64_t peakBytes = 0;  // the peak while it ran
  // The same for anonymous memory alone: what the process holds itself, without the pages of the
  // feature files it reads through their mapping (which the system can drop and read again).
  std::int64_t baseAnonymousBytes = 0;
  std::int64_t peakAnonymousBytes = 0;
};

struct PipelineStage {
  QString name;            // "load", "parse", "epoch hmlstm", … (a report label)
  StageMeasure small, large;
  double exponent = 1;     // log(large / small seconds) / log(large / small images)
  bool superlinear = false;
  double projectedSeconds = 0;
  std::int64_t projectedPeakBytes = 0;
  std::int64_t projectedAnonymousPeakBytes = 0;
  int runsPerFullRun = 1;  // how often a full run goes through it (an epoch stage: the model's epochs)
};

// A full run of one model over several machines (`train --world-size N`): every worker trains its
// share of each minibatch and the gradients are summed by a ring all-reduce after each step. Its
// epochs are projected as the measured single-machine epoch divided among the machines plus the
// all-reduce of every step over a link of the given speed; the stages before the epochs run on every
// machine as they do on one. The split of compute is ideal (each worker also repeats the image side
// and the loss), and the link's latency is left out, so these hours are a lower bound.
struct DataParallelProjection {
  int machines = 1;
  double gigabitsPerSecond = 1; // each machine's link
  double hours = 0;
  double communicationShare = 0; // of the epochs' time, the all-reduce's
};

// A full run of one model at the projected scale: load, its parses and features, its data, every
// epoch and embedding the test split.
struct FullRunProjection {
  ModelKind model = ModelKind::Bow;
  int epochs = 0;
  double hours = 0;
  std::int64_t peakBytes = 0; // the largest projected peak among its stages
  std::int64_t anonymousPeakBytes = 0; // the same of anonymous memory: what must fit in the machine
  // Measured in its epoch stage: the bytes one minibatch's all-reduce moves (every trainable
  // parameter's gradient), and the minibatches of an epoch scaled to the projected size.
  std::int64_t gradientBytes = 0;
  double stepsPerEpoch = 0;
  double epochHours = 0; // of `hours`, the epochs'
  std::vector<DataParallelProjection> dataParallel;
};

// What one model's epoch stage measured besides its time (at the larger measured size).
struct EpochMeasure {
  ModelKind model = ModelKind::Bow;
  std::int64_t gradientBytes = 0;
  std::int64_t steps = 0; // minibatches of the one epoch trained
};

struct PipelineBenchResult {
  PipelineBenchOptions options;
  int measuredCaptions = 0;
  double meanCaptionTokens = 0; // of the synthetic captions (Flickr30k: 12.3)
  // Distinct words in the training captions at the projected size: the vocabulary every model's
  // epoch is measured with (min_word_count 1; COCO's Karpathy training split: about 25,000).
  int vocabularyWords = 0;
  double generateSeconds = 0;   // making the synthetic data (not a stage)
  std::vector<PipelineStage> stages;
  std::vector<EpochMeasure> epochs;
  std::vector<FullRunProjection> fullRuns;
  QString dominantStage;        // the stage that takes most of all full runs' projected time
  double dominantShare = 0;     // its share of that time
  // The concepts model's data stage the paper's way (ten crops through the network) against the
  // configured one, both at the measured size in the same run, each extracting all it reads (seconds
  // over seconds); 0 when the concepts model was not measured on a pixel backbone.
  double conceptDataSpeedup = 0;
  // The concepts model's epoch with LibTorch's LSTM for the sentences and the generation loss a step
  // at a time (TrainConfig::referenceRecurrences) against the model's own ways, on the same data at the
  // measured size in the same run; 0 when the concepts model was not measured.
  double conceptEpochSpeedup = 0;
  QJsonObject toJson() const;
};

// Runs the bench. Throws std::invalid_argument for options out of range (measuredImages < 16 or
// above images, a model that trains in closed form) and what the stages throw; honours
// job->checkpoint() (cancel, pause) through them.
PipelineBenchResult runPipelineBench(const PipelineBenchOptions &options, JobContext *job = nullptr);

// A stage measured at two sizes, projected to `images`: a stage whose time grows by an exponent
// above kSuperlinearExponent (and that takes over a second) is superlinear and projected by that
// power; the others by the straight line through the two measures. Memory: the large size's base
// plus the straight line through the two peaks above each size's own base (what one process had
// loaded before a size's first stage differs between the sizes, not with them); the same for the
// anonymous peaks.
constexpr double kSuperlinearExponent = 1.25;
PipelineStage projectStage(const QString &name, const StageMeasure &small, const StageMeasure &large, int images);

// The HM-LSTM's epochs after its root-only ones open with a correspondence step and train every
// loss; the bench times one of them as its own stage, named by phraseEpochStageName.
bool hasPhraseEpochs(const TrainConfig &config);
QString phraseEpochStageName(ModelKind model);
// The concepts model's data stage prepared the paper's way, for the ratio (conceptDataSpeedup).
QString paperConceptDataStageName();
// The concepts model's epoch with TrainConfig::referenceRecurrences, for the ratio (conceptEpochSpeedup).
QString referenceConceptEpochStageName();

// The full runs and the dominant stage from the projected stages (named as runPipelineBench names
// them), with each run's data-parallel projections from result.epochs.
void projectFullRuns(PipelineBenchResult &result);

// The machines and links the data-parallel projection is made for.
inline constexpr int kProjectedMachines[] = {2, 4, 8, 16};
inline constexpr double kProjectedLinksGbps[] = {1, 10};

// Seconds for one ring all-reduce of `bytes` among `machines` over links of `gbps`: each machine
// sends and receives 2 (N − 1) / N of the data.
double ringAllReduceSeconds(std::int64_t bytes, int machines, double gbps);

}  // namespace gs
