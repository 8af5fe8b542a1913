#include "training/modelregistry.h"

#include "models/detail/sentenceencoders.h"
#include "models/detail/hlstm.h"
#include "models/detail/treeencoders.h"
#include "training/trainconfig.h"

#include <QCoreApplication>

#include <stdexcept>

namespace gs {

namespace {

[[noreturn]] void invalidModelConfig(const QString &message) { throw std::invalid_argument(message.toStdString()); }

constexpr SettingGroups kWordEncoder = SettingGroup::Common | SettingGroup::Words | SettingGroup::TrainedWords |
                                       SettingGroup::Gradient;
constexpr SettingGroups kTreeRnn = kWordEncoder | SettingGroup::Hidden | SettingGroup::Activation;

// --- defaults -------------------------------------------------------------------------------------

// Socher et al. 2014 §5–6: 50-d vectors, inner products, the margin loss of Eq. 5 with λ‖θ‖²,
// AdaGrad with its sums reset every 5 epochs. The paper's Δ = 3, λ = 0.08 and lr = 1e-4 assume
// frozen pre-trained word vectors (its preset below); we learn words from scratch by default, so
// the defaults are the values that train on the demo.
void socherDefaults(TrainConfig &c) {
  c.imageSide = ImageSideKind::Linear;
  c.similarity = SimilarityKind::Dot;
  c.embedDim = c.wordDim = c.hiddenDim = 50;
  c.loss = LossKind::Socher;
  c.margin = 1.0;
  c.regularisation = 1e-4;
  c.optimizer = OptimizerKind::Adagrad;
  c.learningRate = 0.05;
  c.adagradResetEpochs = 5;
  c.schedule = ScheduleKind::Constant;
  c.epochs = 15;
  c.batchSize = 100;
}

// DT-LSTM paper §3.2 and §4: the root's h goes through the twin network (leaky ReLU 0.01) into the
// joint space. The paper trains with SGD + momentum and a ×0.95 step decay every 2,500 iterations
// (its preset); on the small demo that barely moves in 15 epochs, so the default is the optimiser
// that trains there (AdaGrad, as the Socher models) with the paper's twin image side and p = 3.
void dtlstmDefaults(TrainConfig &c) {
  socherDefaults(c);
  c.imageSide = ImageSideKind::Twin;
  c.lstmPositions = 3;
}

// Huang et al. §3.1 and §3.4: last hidden state of an LSTM, cosine scores, bidirectional hinge with
// margin m. Image side: a linear map with L2 normalisation. H = 1024 and 300-d words in the paper
// (its preset); 256 here so a demo run takes a minute.
void huangDefaults(TrainConfig &c) {
  c.imageSide = ImageSideKind::Merkx;
  c.similarity = SimilarityKind::Cosine;
  c.embedDim = c.hiddenDim = 256;
  c.wordDim = 128;
  c.loss = LossKind::Hinge;
  c.margin = 0.2;
  c.optimizer = OptimizerKind::Adam;
  c.learningRate = 2e-3;
  c.schedule = ScheduleKind::Constant;
  c.epochs = 15;
  c.batchSize = 64;
}

// Merkx & Frank 2019 §3.1–3.3: bidirectional GRU/LSTM over 20-d characters, attention with 128
// hidden units, L2-normalised embeddings of size 2n, hinge on cosine with α = 0.2, Adam with the
// cyclic learning rate over 4 epochs and an ensemble of the best two snapshots. n = 1024 in the
// paper (its preset); 128 here so a demo run takes a minute on a laptop.
void merkxDefaults(TrainConfig &c) {
  c.imageSide = ImageSideKind::Merkx;
  c.similarity = SimilarityKind::Cosine;
  c.hiddenDim = 128;
  c.embedDim = 2 * c.hiddenDim;
  c.loss = LossKind::Hinge;
  c.margin = 0.2;
  c.optimizer = OptimizerKind::Adam;
  c.schedule = ScheduleKind::Cyclic;
  c.lrMin = 1e-6;
  c.lrMax = 3e-3; // paper: 1e-3 for Flickr8k; the small demo model takes a larger step
  c.cycleEpochs = 4;
  c.ensembleSnapshots = 2;
  c.epochs = 16;
  c.batchSize = 64;
}

// The bidirectional character encoders' embedding is both directions' states: 2n (§3.3).
void bidirectionalSize(TrainConfig &c, const QJsonObject &given) {
  if (!given.contains(QStringLiteral("embed_dim"))) c.embedDim = 2 * c.hiddenDim;
}

void requireBidirectionalSize(const TrainConfig &c) {
  if (c.embedDim != 2 * c.hiddenDim)
    invalidModelConfig(QStringLiteral("embed_dim must be 2 × hidden_dim for %1 (a bidirectional encoder)").arg(c.modelName()));
}

// Socher §3.4: CT-RNN parents have the words' dimension.
void requireWordSizedStates(const TrainConfig &c) {
  if (c.wordDim != c.hiddenDim)
    invalidModelConfig(QStringLiteral("%1 composes word vectors directly: word_dim must equal hidden_dim").arg(c.modelName()));
}

// HM-LSTM §3.2.2 and §3.4: two branches (FC → BN → L2) into the joint space, s(v, h) = v · h (a
// cosine, both sides being unit vectors), Eq. 9's hinge summed over the minibatch's contrastive
// items in both directions, Adam at 8e-3, minibatches of 64. The paper gives no margin m; 0.2 is
// the margin the other cosine-scored models here use (Merkx & Frank, Huang et al.), a fifth of a
// score range of [-1, 1]. Sizes: 300-d word2vec and a 512-d space in the paper (its preset); 128-d
// words and 256-d states here so a demo run takes minutes. Correspondences: 5 root-only epochs (the
// simplified HM-LSTM), then a correspondence step before every epoch.
void hmlstmDefaults(TrainConfig &c) {
  c.imageSide = ImageSideKind::HmLstm;
  c.similarity = SimilarityKind::Dot;
  c.wordDim = 128;
  c.embedDim = c.hiddenDim = 256;
  c.loss = LossKind::Hinge;
  c.margin = 0.2;
  c.optimizer = OptimizerKind::Adam;
  c.learningRate = 8e-3;
  c.schedule = ScheduleKind::Constant;
  c.epochs = 15;
  c.batchSize = 64;
  c.freezeWords = true; // §3.2.1: word2vec vectors "keep fixed" — when a file is given; learned otherwise
  c.phraseLosses = true;
  c.rootEpochs = 5;
  c.alternationEpochs = 1;
}

// The two branches mirror each other (§3.2.2); the losses are Eqs. 9–10, whose correspondences the
// label prior may start.
void requireTwoBranches(const TrainConfig &c) {
  if (c.correspondencePrior > 0 && !c.phraseLosses)
    invalidModelConfig(QStringLiteral("correspondence_prior starts the phrase–region correspondences: it needs phrase_losses true"));
  if (c.imageSide != ImageSideKind::HmLstm)
    invalidModelConfig(QStringLiteral("%1 embeds both sides with its two-branch network: image_side must be 'hmlstm'").arg(c.modelName()));
  if (c.loss != LossKind::Hinge)
    invalidModelConfig(QStringLiteral("%1 trains with the hinge of its Eq. 9: loss must be 'hinge'").arg(c.modelName()));
}

// Huang et al. 2018 §3–4.2: an LSTM's last state (D = 300, H = 1024) against the concept scores p
// (K = 256) and the 10-crop global context x fused by Eq. 2; cosine scores, L_mat with margin
// m = 0.2 over 128 mismatched pairs per matched pair; L = L_mat + λ L_gen with λ = 1. r = 19 regions
// (the paper's 50: the features job keeps 19 proposals by default; concept_regions sets r). The
// paper gives no optimiser, learning rate or minibatch: Adam at 2e-4 (the LSTM at H = 1024 does
// not settle at the lstm model's 2e-3) and minibatches of 64.
void conceptsDefaults(TrainConfig &c) {
  huangDefaults(c);
  c.imageSide = ImageSideKind::Concepts;
  c.wordDim = 300;
  c.embedDim = c.hiddenDim = 1024;
  c.learningRate = 2e-4;
  c.imageInput = ImageInputKind::Both;
  c.fusion = ConceptFusionKind::Gate;
  c.generationWeight = 1.0;
  c.negatives = 128;
  c.conceptCount = 256;
  c.conceptRegions = 19;
  c.crops = 10;
}

void requireConceptSettings(const TrainConfig &c) {
  if (c.imageSide != ImageSideKind::Concepts)
    invalidModelConfig(QStringLiteral("%1 fuses concepts and context: image_side must be 'concepts'").arg(c.modelName()));
  if (c.similarity != SimilarityKind::Cosine || c.loss != LossKind::Hinge)
    invalidModelConfig(QStringLiteral("%1 scores by cosine with the hinge of L_mat: similarity 'cosine', loss 'hinge'").arg(c.modelName()));
  if (!isCropCount(c.crops)) invalidModelConfig(QStringLiteral("crops must be 1, 5 or 10 (got %1)").arg(c.crops));
  if (c.generationWeight == 0 && (c.sharedEmbeddings || c.scheduledSampling))
    invalidModelConfig(QStringLiteral("shared_embeddings and scheduled_sampling are options of the generator: set generation_weight > 0"));
  if (c.embedDim != c.hiddenDim)
    invalidModelConfig(QStringLiteral("%1: embed_dim must equal hidden_dim (v and the sentence vector s share R^H)").arg(c.modelName()));
}

// Table 1's ablation rows that apply here ("ctx + sen", a captioner's sentences as the image, does not).
std::vector<ModelPreset> conceptAblation() {
  const auto row = [](const char *name, const char *label, const char *what, QJsonObject settings) {
    return ModelPreset{QLatin1String(name), QString::fromUtf8(label),
                       QStringLiteral("Huang et al. Table 1, \"%1\": %2").arg(QString::fromUtf8(label), QString::fromUtf8(what)),
                       std::move(settings)};
  };
  const QString image = QStringLiteral("image"), crops = QStringLiteral("crops"), lambda = QStringLiteral("generation_weight"),
                fusion = QStringLiteral("fusion");
  return {
      row("ctx-1crop", "ctx (1-crop)", "context from one crop", {{image, "context"}, {crops, 1}, {lambda, 0}}),
      row("ctx", "ctx", "context from 10 crops", {{image, "context"}, {lambda, 0}}),
      row("ctx-gen", "ctx + gen", "context, sentence generation", {{image, "context"}}),
      row("ctx-gen-s", "ctx + gen (S)", "… with scheduled sampling", {{image, "context"}, {QStringLiteral("scheduled_sampling"), true}}),
      row("ctx-gen-e", "ctx + gen (E)", "… with shared word embeddings", {{image, "context"}, {QStringLiteral("shared_embeddings"), true}}),
      row("cnp", "cnp", "concepts alone", {{image, "concepts"}, {lambda, 0}}),
      row("cnp-gen", "cnp + gen", "concepts, sentence generation", {{image, "concepts"}}),
      row("cnp-ctx-c", "cnp + ctx (C)", "concepts and context summed", {{fusion, "sum"}, {lambda, 0}}),
      row("cnp-ctx", "cnp + ctx", "concepts and context, gated fusion", {{lambda, 0}}),
      row("cnp-ctx-gen", "cnp + ctx + gen", "the full model (the defaults)", {}),
  };
}

// --- presets --------------------------------------------------------------------------------------

ModelPreset socherPreset() {
  return {QStringLiteral("socher2014"), {},
          QStringLiteral("Socher et al. 2014 §6: Δ = 3, λ = 0.08, AdaGrad learning rate 1e-4, 50-d, word vectors not "
                         "fine-tuned (give word_vectors a pre-trained file), Eq. 5's sums over every other sentence and "
                         "image of the training set (negative_pool all)"),
          QJsonObject{{QStringLiteral("margin"), 3.0},
                      {QStringLiteral("regularisation"), 0.08},
                      {QStringLiteral("learning_rate"), 1e-4},
                      {QStringLiteral("freeze_words"), true},
                      {QStringLiteral("negative_pool"), QStringLiteral("all")}}};
}

ModelPreset merkxPreset() {
  return {QStringLiteral("merkx2019"), {},
          QStringLiteral("Merkx & Frank 2019 §3.3, Flickr8k: n = 1024 (embeddings 2048), learning rate cycling "
                         "between 1e-6 and 1e-3 over 4 epochs, 32 epochs"),
          QJsonObject{{QStringLiteral("hidden_dim"), 1024},
                      {QStringLiteral("embed_dim"), 2048},
                      {QStringLiteral("lr_min"), 1e-6},
                      {QStringLiteral("lr_max"), 1e-3},
                      {QStringLiteral("epochs"), 32}}};
}

// The photos preset: a model's settings as the same search chose them for every model on the
// validation split of the Flickr8k photos (a Latin hypercube of six settings over the learning rate,
// margin, size and λ, three seeds each, widened where the choice lay on an edge). docs/configs/
// photos.json lists them with their figures; the paper presets stay as published.
ModelPreset photosPreset(QJsonObject settings) {
  return {QStringLiteral("photos"), {},
          QStringLiteral("chosen on the Flickr8k photos' validation split by the same search for every model, three seeds a "
                         "setting (Comparing runs: \"Fair settings for photos\")"),
          std::move(settings)};
}

// The searched settings of a model whose states and joint space share one size (the LSTM and the
// HM-LSTM, whose word vectors keep their default size).
QJsonObject photosSettings(double learningRate, double margin, int size, double regularisation) {
  return {{QStringLiteral("learning_rate"), learningRate}, {QStringLiteral("margin"), margin},
          {QStringLiteral("hidden_dim"), size},            {QStringLiteral("embed_dim"), size},
          {QStringLiteral("regularisation"), regularisation}};
}

// The Socher-family form of the photos preset: one size for words, states and the joint space.
ModelPreset photosPreset(double learningRate, double margin, int size, double regularisation) {
  QJsonObject settings = photosSettings(learningRate, margin, size, regularisation);
  settings.insert(QStringLiteral("word_dim"), size);
  return photosPreset(std::move(settings));
}

// --- factories --------------------------------------------------------------------------------------

std::shared_ptr<detail::SentenceEncoderImpl> bagOfWords(const EncoderOptions &o) {
  return std::make_shared<detail::BagOfWordsImpl>(o.vocabularySize, o.wordDim, o.embedDim);
}
std::shared_ptr<detail::SentenceEncoderImpl> chainRnn(const EncoderOptions &o) {
  return std::make_shared<detail::WordRnnImpl>(detail::WordRnnCell::Elman, o.vocabularySize, o.wordDim, o.hiddenDim);
}
std::shared_ptr<detail::SentenceEncoderImpl> lstm(const EncoderOptions &o) {
  return std::make_shared<detail::WordRnnImpl>(detail::WordRnnCell::Lstm, o.vocabularySize, o.wordDim, o.hiddenDim);
}
std::shared_ptr<detail::SentenceEncoderImpl> charGru(const EncoderOptions &o) {
  return std::make_shared<detail::CharRnnImpl>(detail::CharRnnCell::Gru, o.pooling, o.charDim, o.hiddenDim,
                                               o.attentionHidden);
}
std::shared_ptr<detail::SentenceEncoderImpl> charLstm(const EncoderOptions &o) {
  return std::make_shared<detail::CharRnnImpl>(detail::CharRnnCell::Lstm, o.pooling, o.charDim, o.hiddenDim,
                                               o.attentionHidden);
}

const detail::TreeVocabulary &treesOf(const EncoderOptions &o) {
  if (!o.trees) throw std::invalid_argument("tree encoder: the tree vocabulary of the training trees is required");
  return *o.trees;
}
std::shared_ptr<detail::SentenceEncoderImpl> ctRnn(const EncoderOptions &o) {
  return std::make_shared<detail::TreeRnnImpl>(detail::TreeRnnKind::Constituency, treesOf(o), o.vocabularySize, o.wordDim,
                                               o.hiddenDim, o.activation);
}
std::shared_ptr<detail::SentenceEncoderImpl> dtRnn(const EncoderOptions &o) {
  return std::make_shared<detail::TreeRnnImpl>(detail::TreeRnnKind::Positions, treesOf(o), o.vocabularySize, o.wordDim,
                                               o.hiddenDim, o.activation);
}
std::shared_ptr<detail::SentenceEncoderImpl> sdtRnn(const EncoderOptions &o) {
  return std::make_shared<detail::TreeRnnImpl>(detail::TreeRnnKind::Relations, treesOf(o), o.vocabularySize, o.wordDim,
                                               o.hiddenDim, o.activation);
}
std::shared_ptr<detail::SentenceEncoderImpl> dtLstm(const EncoderOptions &o) {
  treesOf(o);
  return std::make_shared<detail::TreeLstmImpl>(o.lstmPositions, o.vocabularySize, o.wordDim, o.hiddenDim);
}

std::shared_ptr<detail::SentenceEncoderImpl> hLstm(const EncoderOptions &o) {
  treesOf(o);
  return std::make_shared<detail::HLstmImpl>(o.vocabularySize, o.wordDim, o.hiddenDim);
}

// --- the registry ---------------------------------------------------------------------------------

ModelEntry bowEntry() {
  ModelEntry e{ModelKind::Bow, QStringLiteral("bow"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "Bag of words")),
               QStringLiteral("mean of word vectors (Socher et al. 2014 §6)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "the mean of the caption's word vectors: the baseline that ignores word order");
  e.settings = kWordEncoder;
  e.defaults = socherDefaults;
  e.presets = {socherPreset(), photosPreset(0.0529, 3.97, 1411, 1.84e-05)};
  e.encoder = bagOfWords;
  return e;
}

ModelEntry rnnEntry() {
  ModelEntry e{ModelKind::Rnn, QStringLiteral("rnn"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "Chain RNN")),
               QStringLiteral("Elman RNN, last state (Socher et al. 2014 §6)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "a recurrent network read left to right; its last state embeds the caption");
  e.settings = kWordEncoder | SettingGroup::Hidden;
  e.defaults = socherDefaults;
  e.presets = {socherPreset(), photosPreset(0.0529, 3.97, 183, 1.84e-05)};
  e.encoder = chainRnn;
  return e;
}

ModelEntry lstmEntry() {
  ModelEntry e{ModelKind::Lstm, QStringLiteral("lstm"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "LSTM")),
               QStringLiteral("LSTM, last state (Huang et al. 2018 §3.1)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "an LSTM read left to right; its last state embeds the caption");
  e.settings = kWordEncoder | SettingGroup::Hidden;
  e.defaults = huangDefaults;
  e.presets = {{QStringLiteral("huang2018"), {}, QStringLiteral("Huang et al. 2018 §4.1: D = 300-d words, H = 1024, m = 0.2"),
                QJsonObject{{QStringLiteral("word_dim"), 300},
                            {QStringLiteral("hidden_dim"), 1024},
                            {QStringLiteral("embed_dim"), 1024},
                            {QStringLiteral("margin"), 0.2}}},
               photosPreset(photosSettings(0.00529, 0.273, 312, 1.84e-06))};
  e.encoder = lstm;
  return e;
}

ModelEntry charGruEntry() {
  ModelEntry e{ModelKind::CharGru, QStringLiteral("chargru"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "char-GRU")),
               QStringLiteral("bidirectional GRU over characters with self-attention (Merkx & Frank 2019 §3.1)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "reads characters, not words, with attention: robust to spelling, best at sentence similarity");
  e.settings = SettingGroup::Common | SettingGroup::Hidden | SettingGroup::Characters | SettingGroup::Gradient;
  e.defaults = merkxDefaults;
  e.complete = bidirectionalSize;
  e.validate = requireBidirectionalSize;
  e.presets = {merkxPreset(), photosPreset({{QStringLiteral("lr_max"), 0.00529},
                                            {QStringLiteral("margin"), 0.273},
                                            {QStringLiteral("hidden_dim"), 741},
                                            {QStringLiteral("regularisation"), 1.84e-06}})};
  e.encoder = charGru;
  return e;
}

ModelEntry charLstmEntry() {
  ModelEntry e{ModelKind::CharLstm, QStringLiteral("charlstm"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "char-LSTM")),
               QStringLiteral("bidirectional LSTM over characters with self-attention (Merkx & Frank 2019 §3.1)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "the char-GRU with LSTM cells");
  e.settings = SettingGroup::Common | SettingGroup::Hidden | SettingGroup::Characters | SettingGroup::Gradient;
  e.defaults = merkxDefaults;
  e.complete = bidirectionalSize;
  e.validate = requireBidirectionalSize;
  e.presets = {merkxPreset()};
  e.encoder = charLstm;
  return e;
}

ModelEntry ccaEntry() {
  ModelEntry e{ModelKind::Cca, QStringLiteral("cca"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "CCA")),
               QStringLiteral("linear CCA of mean word vectors and image features (Socher et al. 2014 §6, kCCA's "
                              "linear form)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "a linear map of both sides fitted in one step, no training loop: the quickest baseline");
  e.settings = SettingGroup::Common | SettingGroup::Words | SettingGroup::Cca;
  e.closedForm = true;
  e.defaults = socherDefaults;
  e.presets = {photosPreset({{QStringLiteral("cca_regularisation"), 0.0188}, {QStringLiteral("embed_dim"), 193}})};
  return e;
}

ModelEntry ctRnnEntry() {
  ModelEntry e{ModelKind::CtRnn, QStringLiteral("ctrnn"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "CT-RNN")),
               QStringLiteral("RNN over binarised constituency trees (Socher et al. 2014 §3.4)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "composes the caption along its constituency tree");
  e.tree = TreeInput::Constituency;
  e.settings = kTreeRnn;
  e.defaults = socherDefaults;
  e.validate = requireWordSizedStates;
  e.presets = {socherPreset(), photosPreset(0.00977, 1.53, 57, 7.85e-05)};
  e.encoder = ctRnn;
  return e;
}

ModelEntry dtRnnEntry() {
  ModelEntry e{ModelKind::DtRnn, QStringLiteral("dtrnn"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "DT-RNN")),
               QStringLiteral("dependency-tree RNN, position matrices (Socher et al. 2014 Eqs. 1–4)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "composes the caption along its dependency tree, one matrix per child position");
  e.tree = TreeInput::Dependency;
  e.settings = kTreeRnn;
  e.defaults = socherDefaults;
  e.presets = {socherPreset(), photosPreset(0.00977, 1.53, 57, 7.85e-05)};
  e.encoder = dtRnn;
  return e;
}

ModelEntry sdtRnnEntry() {
  ModelEntry e{ModelKind::SdtRnn, QStringLiteral("sdtrnn"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "SDT-RNN")),
               QStringLiteral("dependency-tree RNN, relation matrices (Socher et al. 2014 §3.3)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "the DT-RNN with one matrix per dependency relation");
  e.tree = TreeInput::Dependency;
  e.settings = kTreeRnn | SettingGroup::Relations;
  e.defaults = socherDefaults;
  e.presets = {socherPreset(), photosPreset(0.00977, 1.53, 57, 7.85e-05)};
  e.encoder = sdtRnn;
  return e;
}

ModelEntry dtLstmEntry() {
  ModelEntry e{ModelKind::DtLstm, QStringLiteral("dtlstm"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "DT-LSTM")),
               QStringLiteral("dependency-tree LSTM with the twin network (DT-LSTM paper, appendix A, Eqs. 2–9)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "an LSTM over the dependency tree with a twin network on the image side");
  e.tree = TreeInput::Dependency;
  e.settings = kWordEncoder | SettingGroup::Hidden | SettingGroup::ChildPositions;
  e.defaults = dtlstmDefaults;
  e.presets = {{QStringLiteral("dtlstm-small"), {},
                QStringLiteral("the DT-LSTM paper's model S (Tables 1–2, §4): 350-d T-LSTM and twin network, p = 3, "
                               "minibatches of 50, SGD with momentum 0.5 → 0.95, learning rate 5e-4 decayed ×0.95 "
                               "every 2,500 iterations"),
                QJsonObject{{QStringLiteral("word_dim"), 350},
                            {QStringLiteral("hidden_dim"), 350},
                            {QStringLiteral("embed_dim"), 350},
                            {QStringLiteral("lstm_positions"), 3},
                            {QStringLiteral("batch_size"), 50},
                            {QStringLiteral("optimizer"), QStringLiteral("sgd")},
                            {QStringLiteral("schedule"), QStringLiteral("step")},
                            {QStringLiteral("learning_rate"), 5e-4}}}};
  e.presets.push_back(photosPreset(0.00977, 1.53, 57, 7.85e-05));
  e.encoder = dtLstm;
  return e;
}

ModelEntry hmLstmEntry() {
  ModelEntry e{ModelKind::HmLstm, QStringLiteral("hmlstm"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "HM-LSTM")),
               QStringLiteral("hierarchical multimodal LSTM: H-LSTM over constituency trees, phrase–region losses and "
                              "correspondences learned without labels (HM-LSTM paper §3.2–3.4, Eqs. 2–10)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "embeds the caption and each noun phrase, and learns which image region each phrase describes");
  e.tree = TreeInput::Phrases;
  e.needsRegions = true;
  e.settings = kWordEncoder | SettingGroup::Hidden | SettingGroup::Phrases | SettingGroup::Maps;
  e.defaults = hmlstmDefaults;
  e.validate = requireTwoBranches;
  e.presets = {{QStringLiteral("hmlstm2017"), {},
                QStringLiteral("HM-LSTM paper §3.2.1, §3.4 and §5.1.1: 300-d word2vec vectors kept fixed (give "
                               "word_vectors the file), 512-d states and joint space, Adam 8e-3, minibatches of 64, "
                               "correspondences from the model alone"),
                QJsonObject{{QStringLiteral("word_dim"), 300},
                            {QStringLiteral("hidden_dim"), 512},
                            {QStringLiteral("embed_dim"), 512},
                            {QStringLiteral("freeze_words"), true},
                            {QStringLiteral("learning_rate"), 8e-3},
                            {QStringLiteral("batch_size"), 64},
                            {QStringLiteral("correspondence_prior"), 0.0}}},
               photosPreset(photosSettings(0.00844, 0.217, 336, 1.67e-07))};
  e.encoder = hLstm;
  return e;
}

ModelEntry conceptsEntry() {
  ModelEntry e{ModelKind::Concepts, QStringLiteral("concepts"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "Concepts + order")),
               QStringLiteral("semantic concepts and order: multi-regional concepts, gated fusion with global context, "
                              "LSTM sentences, sentence generation (Huang et al. 2018 §3, Eqs. 2–4)")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "detects concepts in image regions and fuses them with the whole image; LSTM sentences with a generation loss");
  e.settings = kWordEncoder | SettingGroup::Hidden | SettingGroup::Concepts | SettingGroup::Maps;
  e.defaults = conceptsDefaults;
  e.validate = requireConceptSettings;
  e.presets = conceptAblation();
  e.encoder = lstm;
  return e;
}

// A space made elsewhere: its vectors (and, where given, its encoders) are read from the run folder
// import-space writes. Its only setting is the similarity the space was trained for.
ModelEntry importedEntry() {
  ModelEntry e{ModelKind::Imported, QStringLiteral("imported"), QStringLiteral(QT_TRANSLATE_NOOP("ModelRegistry", "Imported space")),
               QStringLiteral("embeddings or encoders made elsewhere (e.g. a CLIP-style dual encoder), read as they are")};
  e.summary = QT_TRANSLATE_NOOP("ModelRegistry", "a joint space trained elsewhere, explored and probed here");
  e.settings = SettingGroup::Common;
  e.imported = true;
  return e;
}

// Every model, one entry each; modelNames() and the kind table list them in this order.
std::vector<ModelEntry> makeRegistry() {
  return {bowEntry(),   rnnEntry(),   lstmEntry(),   charGruEntry(), charLstmEntry(), ccaEntry(),
          ctRnnEntry(), dtRnnEntry(), sdtRnnEntry(), dtLstmEntry(),  hmLstmEntry(),   conceptsEntry()};
}

}  // namespace

const std::vector<ModelEntry> &modelRegistry() {
  static const std::vector<ModelEntry> registry = makeRegistry();
  return registry;
}

namespace {
const ModelEntry &importedModel() {
  static const ModelEntry entry = importedEntry();
  return entry;
}
}  // namespace

const ModelEntry &modelEntry(ModelKind kind) {
  if (kind == ModelKind::Imported) return importedModel();
  for (const ModelEntry &e : modelRegistry())
    if (e.kind == kind) return e;
  throw std::logic_error("modelEntry: a model kind without a registry entry");
}

const ModelEntry *findModel(const QString &name) {
  if (name == importedModel().name) return &importedModel();
  for (const ModelEntry &e : modelRegistry())
    if (e.name == name) return &e;
  return nullptr;
}

const ModelEntry &modelNamed(const QString &name) {
  if (const ModelEntry *e = findModel(name)) return *e;
  invalidModelConfig(QStringLiteral("unknown model '%1' (one of: %2)").arg(name, modelNames().join(QStringLiteral(", "))));
}

QString modelTitle(const ModelEntry &entry) {
  return QCoreApplication::translate("ModelRegistry", entry.title.toUtf8().constData());
}

QString modelSummary(const ModelEntry &entry) { return QCoreApplication::translate("ModelRegistry", entry.summary); }

QStringList modelNames() {
  QStringList names;
  for (const ModelEntry &e : modelRegistry()) names << e.name;
  return names;
}

QStringList treeModelNames() {
  QStringList names;
  for (const ModelEntry &e : modelRegistry())
    if (e.tree != TreeInput::None) names << e.name;
  return names;
}

const ModelPreset *findPreset(const ModelEntry &entry, const QString &name) {
  for (const ModelPreset &p : entry.presets)
    if (p.name == name) return &p;
  return nullptr;
}

template <>
const std::vector<EnumName<ModelKind>> &enumTable<ModelKind>() {
  static const std::vector<EnumName<ModelKind>> table = [] {
    std::vector<EnumName<ModelKind>> t;
    for (const ModelEntry &e : modelRegistry()) t.push_back({e.kind, e.name});
    t.push_back({ModelKind::Imported, importedModel().name});
    return t;
  }();
  return table;
}

}  // namespace gs
