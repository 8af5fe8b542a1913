#pragma once
// Everything that defines a training run, with each model's defaults (from the model registry), a
// JSON form (the run folder's config.json and the CLI's --config file) and a schema the GUI builds
// its form from. One field table in trainconfig.cpp drives toJson, fromJson, validate and the
// schema, so each key is spelled once.

#include "training/configenums.h"
#include "training/modelregistry.h"

#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace gs {

struct TrainConfig {
  // What is trained.
  ModelKind model = ModelKind::Bow;
  ImageSideKind imageSide = ImageSideKind::Linear;
  SimilarityKind similarity = SimilarityKind::Dot;
  int embedDim = 50;       // joint-space size (Socher: 50); char models: 2 × hiddenDim
  int wordDim = 50;        // word vector size
  int hiddenDim = 50;      // recurrent state size (char models: per direction)
  int charDim = 20;        // Merkx & Frank §3.3: 20-d character embeddings
  int attentionHidden = 128; // Merkx & Frank §3.3: the attention layer has 128 hidden units
  PoolingKind pooling = PoolingKind::Attention;
  QString wordVectors;     // GloVe / word2vec text file to initialise from (empty: learn from scratch)
  bool freezeWords = false;
  // Keep each distractor-twin pair's captions (the Scenes demo's) in one minibatch, so the twin is
  // always among the negatives of the ranking loss (hard negatives by construction). Off by
  // default; no effect on data without twins. On the demo it decides whether a tree model learns
  // word order at all (see tst_treetraining).
  bool twinBatches = false;
  // Which epoch's weights the run keeps. On the Scenes demo, rsum peaks within a few epochs while
  // twin accuracy keeps climbing for tens more (tst_treetraining), so an rsum-selected model never
  // shows what word order gained.
  SelectionRule selection = SelectionRule::Rsum;
  int minWordCount = 1;    // rarer training words map to <unk>
  // Tree models.
  ActivationKind activation = ActivationKind::Tanh; // f of Socher Eqs. 1–4
  int lstmPositions = 3;   // p of the DT-LSTM (appendix A): children p, p+1, … on a side share parameters
  int minRelationCount = 5; // SDT-RNN: relations rarer than this in training share one matrix (§3.3)
  // HM-LSTM (§3.3–3.4): root_epochs of the simplified model (root losses only), then correspondence
  // steps, each followed by alternation_epochs with every loss; phrase_losses false keeps the
  // simplified model throughout. regions: which boxes are an image's regions; max_regions: how many
  // besides the whole image (19, Karpathy's and the paper's).
  bool phraseLosses = true;
  int rootEpochs = 5;
  int alternationEpochs = 1;
  // λ of the label-prior term (vision/labelprior.h): 0 is the paper's procedure; above 0 the first
  // correspondence step takes each phrase whose head noun covers an ImageNet class to the region
  // the prior prefers, and every later step and the region inspector score s(v, h) + λ·π, π the
  // prior's mass on the region (MAF's initialisation by class labels, Wang et al. 2020).
  double correspondencePrior = 0;
  RegionSet regions = RegionSet::Proposals;
  int maxRegions = 19;
  RegionPooling regionPooling = RegionPooling::Auto; // region features cropped one by one, or pooled from one map
  ProposalSearch proposals = ProposalSearch::Fast;    // selective search's preset
  int regionInput = 448;  // RoIAlign: short side of the image the map is computed from (448: 14×14 for MobileNetV2)
  // Semantic concepts and order (Huang et al. 2018 §3.2–3.4): what the image side reads and how it
  // fuses it (Eq. 2, Table 1's ablations), λ of Eq. 4 (0: no generation), the generator's options,
  // the mismatched pairs per matched pair in L_mat, K concepts over the whole image and r regions,
  // and the context's crops (1, 5 or 10).
  ImageInputKind imageInput = ImageInputKind::Both;
  ConceptFusionKind fusion = ConceptFusionKind::Gate;
  double generationWeight = 1.0;
  bool sharedEmbeddings = false;
  bool scheduledSampling = false;
  int negatives = 128;
  int conceptCount = 256;
  int conceptRegions = 19;
  // What scores the concepts (vision/backboneconcepts.h): auto takes detectors on the run's
  // pretrained backbone when it has one, the concept CNN otherwise.
  ConceptDetector conceptDetector = ConceptDetector::Auto;
  // The backbone detectors' loss, chosen apart from the concept CNN's on the validation photos.
  ConceptLoss conceptDetectorLoss = ConceptLoss::Logistic;
  // Where the backbone detectors start: zero, or the backbone's ImageNet classifier for concepts
  // whose word names ImageNet classes through WordNet (vision/conceptprior.h); auto takes the
  // classifier when the backbone has a class list beside it. With the decay, chosen on the Flickr8k
  // validation photos.
  ConceptDetectorStart conceptDetectorStart = ConceptDetectorStart::Auto;
  // The backbone detectors' L2 weight decay (on the weights, not the biases), towards their start.
  double conceptDetectorDecay = 1.0;
  // The concept detector's training: content words without caption-style ones, the focal
  // loss, regions pooled by log-sum-exp (vision/conceptvocabulary.h, backbonespec.h,
  // conceptscores.h). Runs that do not record them used every word, Eq. 1 and max pooling.
  ConceptWords conceptWords = ConceptWords::Content;
  double conceptMinAgreement = 1.2;
  double conceptMaxShare = 0.5;
  ConceptLoss conceptLoss = ConceptLoss::Focal;
  ConceptPooling conceptPooling = ConceptPooling::LogSumExp;
  double conceptTemperature = 1.0;
  int crops = 10;
  CropSource cropsFrom = CropSource::Images; // ten crops through the network, or pooled from one map
  // Not a setting (never read from or written to JSON): the word LSTM through LibTorch's packed
  // recurrence and the generation loss a step at a time, the same sums as the model's own ways;
  // `bench pipeline` times a concepts epoch this way beside the configured one.
  bool referenceRecurrences = false;

  // How it is trained.
  LossKind loss = LossKind::Socher;
  NegativePool negativePool = NegativePool::Batch; // Socher Eq. 5 over the whole training set: All
  double margin = 1.0;     // Δ (Socher) or α (Merkx & Frank: 0.2)
  double regularisation = 0.0; // λ of Socher's λ‖θ‖²
  OptimizerKind optimizer = OptimizerKind::Adagrad;
  double learningRate = 0.01;
  int adagradResetEpochs = 5; // Socher §5: squared-gradient sums reset every 5 epochs (0: never)
  ScheduleKind schedule = ScheduleKind::Constant;
  double lrMin = 1e-6, lrMax = 1e-3; // cyclic bounds (Merkx & Frank, Flickr8k)
  int cycleEpochs = 4;     // one learning-rate cycle, one snapshot at its minimum
  int ensembleSnapshots = 2; // best snapshots averaged at test time (0/1: no ensemble)
  int epochs = 10;
  int batchSize = 100;
  quint64 seed = 1;
  // Images of the test split (with all their captions) whose joint-space vectors are saved before
  // training and after every epoch (trajectory/ in the run folder), so the Map can replay how the
  // space formed. 0: none. The same images every epoch: evenly spaced over the split.
  int recordSample = 100;
  double ccaRegularisation = 1e-3; // ridge added to CCA's covariances (model cca)

  // The model's registry entry defaults.
  static TrainConfig defaultsFor(ModelKind model);
  // The same by name (the JSON and command-line boundary); throws std::invalid_argument
  // "unknown model 'x' (one of: …)".
  static TrainConfig defaultsFor(const QString &model);
  static QStringList models(); // every model's name, in registry order

  const ModelEntry &entry() const; // the model's registry entry
  QString modelName() const;
  bool needsTrees() const;         // the model composes over a parse tree
  bool needsConstituency() const;  // … a constituency tree
  bool needsRegions() const;       // the model reads image regions (the features job's --regions)
  bool readsConcepts() const;      // the model reads concept scores beside the context (the concepts model)
  // The first epoch whose model a run may keep. The HM-LSTM's root-only epochs are its
  // initialisation (§3.4), so it keeps an epoch after them (with or without phrase losses, so the
  // two compare over the same epochs); 1 for every other model.
  int firstSelectableEpoch() const;

  QJsonObject toJson() const;
  // Every schema field's value, those toJson leaves out included (a form shows them all).
  QJsonObject allValues() const;
  // Starts from defaultsFor(json["model"], or the default model) and overrides what the JSON gives; unknown keys
  // and wrong types throw std::invalid_argument naming the key (and `source`).
  static TrainConfig fromJson(const QJsonObject &json, const QString &source = {});
  // Checks values and combinations; throws std::invalid_argument with a message naming the field.
  void validate() const;
};

// One form field per configurable value, for the GUI's training form.
struct ConfigField {
  QString key;          // JSON key
  QString kind;         // "int" | "uint64" (the seed) | "double" | "string" | "bool" | "choice"
  QStringList choices;  // for "choice"
  QString description;
  SettingGroup group = SettingGroup::Common; // shown for the models whose entry lists this group
  QString label;        // what a form calls it
  // In every model's config.json (the settings older than the HM-LSTM), or only in those of the
  // models that read its group, so adding a model's settings leaves the others' files as they were.
  bool writtenForEveryModel = true;
  bool writtenFor(const ModelEntry &model) const { return writtenForEveryModel || model.settings.testFlag(group); }
  // False for settings newer than the run folders and golden files: config.json has them only when
  // they differ from their default, so every file written before them stays what it was.
  bool writtenWhenDefault = true;
};
const std::vector<ConfigField> &trainConfigSchema();

}  // namespace gs
