#pragma once
// From a dataset on disk and a backbone to TrainingData: load the dataset, extract (or reuse the
// cached) image features, join them. What `train`, `eval`, `compare` and the GUI's Training panel
// share, so a run trained from the CLI and one trained from the GUI see the same data.

#include "data/dataset.h"
#include "training/trainconfig.h"
#include "training/trainingdata.h"
#include "vision/backbonespec.h"
#include "vision/features.h"

#include <vector>

namespace gs {

class JobContext;

struct TrainingSource {
  QString datasetPath;
  QString backbone = defaultBackbone(); // BackboneSpec::parse syntax
  QString featuresDir;                              // empty: the feature cache's own folder
  bool parses = false;                              // parse every caption (tree models; cached on disk)
  // Image regions (models whose registry entry needsRegions): the whole image and up to
  // maxRegions boxes each, selective-search proposals or the dataset's ground-truth phrase boxes.
  bool regions = false;
  int maxRegions = 19;
  bool groundTruthRegions = false;
  RegionPooling regionPooling = RegionPooling::Auto; // recorded resolved (the feature set's manifest)
  ProposalSearch proposals = ProposalSearch::Fast;
  int regionInput = 448; // RoIAlign: the short side of the image whose map the boxes are pooled from
  // Global context from 1 crop, 10 (corners, centre, mirrors; Huang et al. §4.2) or 5 (without the
  // mirrors), each through the network or pooled from the map of the image (at regionInput px) and,
  // for 10, of its mirror (cropModeOf).
  int crops = 1;
  CropSource cropsFrom = CropSource::Images;
  // Semantic concepts (the concepts model, Huang et al. §3.2): the concept CNN's scores over the
  // whole image and conceptRegions selective-search regions, max-pooled; at most conceptCount
  // concepts (K). The rows of imageFeatures become [x / ‖x‖ | p] (TrainingData::contextDim).
  bool concepts = false;
  int conceptCount = 256;
  int conceptRegions = 19;
  // Their concept CNN and pooling (TrainConfig's concept_* settings); the defaults are what runs
  // from before the choice used.
  ConceptDetector conceptDetector = ConceptDetector::Cnn; // resolved: never Auto once requested
  ConceptWords conceptWords = ConceptWords::Words;
  double conceptMinAgreement = 1.2, conceptMaxShare = 0.5;
  ConceptLoss conceptLoss = ConceptLoss::Logistic;         // the concept CNN's
  ConceptLoss conceptDetectorLoss = ConceptLoss::Logistic; // the backbone detectors'
  ConceptDetectorStart conceptDetectorStart = ConceptDetectorStart::Zero; // resolved: never Auto
  double conceptDetectorDecay = 1.0;

  ConceptPooling conceptPooling = ConceptPooling::Max;
  double conceptTemperature = 1.0;
  QString conceptFeaturesDir; // the concept CNN's region features; empty: the feature cache's own folder
};

// run.json: where a run's data came from. Its keys live here alone: prepareTrainingData writes
// them (with the dataset's absolute path and the feature folders it used), RunFolder::source reads
// them back. Reading leaves datasetPath empty when the file names no dataset.
QJsonObject sourceToRunJson(const TrainingSource &source);
TrainingSource sourceFromRunJson(const QJsonObject &json);

// Asks `source` for what the model of `config` reads beyond whole-image features and captions:
// parses (tree models), regions, which set of them and how they are pooled (the HM-LSTM; a source
// that already has regions keeps its pooling unless the config names one). Only ever adds a request, so
// one source can serve several models (compare).
void requestInputsOf(const TrainConfig &config, TrainingSource &source);

// Whether two sources prepare the same data: every input requestInputsOf can ask for.
bool sameInputs(const TrainingSource &a, const TrainingSource &b);

// The data several configurations read, from one base source: configurations that read the same
// inputs share one source, with every request of its configurations (requestInputsOf only adds
// requests, so every model that reads no concepts can share one); the concepts model's rows differ
// in crops, and a model that needs regions gets a source of its own, so a backbone that cannot give
// regions fails that model only. For compare and bench train.
struct SourcePlan {
  std::vector<TrainingSource> sources;
  std::vector<std::size_t> sourceOf; // per configuration, an index into sources
};
SourcePlan planSources(const TrainingSource &base, const std::vector<TrainConfig> &configs);

// Parses the captions that have no parse yet (collapsed Stanford dependencies, which SDT-RNN needs
// and the other tree models read as well, plus the constituency tree), through the on-disk parse
// cache. Cost: one Link Grammar parse per new caption text, a cache read otherwise.
void attachParses(TrainingData &data, JobContext *job = nullptr);
bool hasParses(const TrainingData &data);
// The same for a list of captions (a query, an export's examples).
std::vector<TrainingCaption> withParses(std::vector<TrainingCaption> captions);

// Fills data's regions (regionFeatures, regionBoxes, regionOffsets, regionSet) from `features` for
// the images of data.imageIds, in that order. Where those regions are one run of rows in the
// feature set's file, as when the features were extracted for this dataset, regionFeatures is a
// window onto its mapping; otherwise a copy. Throws std::runtime_error naming the feature folder
// when it has no regions.
void attachRegions(TrainingData &data, const FeatureSet &features, JobContext *job = nullptr);

// How the image features of `source` are extracted (the feature cache's key follows from it).
ExtractOptions extractOptionsOf(const TrainingSource &source);

// Throws std::runtime_error for an unusable dataset or backbone. Images whose features could not
// be extracted are dropped with their captions, and said so through job->warn().
// TrainingData::source records the dataset, backbone and feature folder, so a run can find them again.
// (The source a run was trained from is RunFolder::source.)
TrainingData prepareTrainingData(const TrainingSource &source, JobContext *job = nullptr);
// The same for a dataset already loaded from source.datasetPath, which is then not read again.
TrainingData prepareTrainingData(const Dataset &dataset, const TrainingSource &source, JobContext *job = nullptr);
// The same from `held`, a dataset the caller has open, when it was loaded from source.datasetPath
// (Dataset::isLoadedFrom), so it is not read again; otherwise (null, or another dataset) loaded.
TrainingData prepareTrainingData(const TrainingSource &source, const Dataset *held, JobContext *job);

}  // namespace gs
