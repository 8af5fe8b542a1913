#include "training/trainconfig.h"

#include "training/modelregistry.h"

#include <functional>
#include <iterator>
#include <stdexcept>

namespace gs {

namespace {

[[noreturn]] void invalid(const QString &message) { throw std::invalid_argument(message.toStdString()); }

// What validate() requires of a number beyond its type.
enum class Bound { Any, Positive, NonNegative };

// One configurable value: its JSON key (spelled only here), its form field, how it is read from
// and written to a TrainConfig, and the bound validate() checks.
struct Field {
  ConfigField schema;
  std::function<QJsonValue(const TrainConfig &)> read;
  // Sets the value from JSON; `where` names the file for the message of a wrongly typed value.
  std::function<void(TrainConfig &, const QJsonValue &, const QString &where)> write;
  std::function<double(const TrainConfig &)> number; // for the bound; empty when there is none
  Bound bound = Bound::Any;
};

// A field written only for the models that read it (ConfigField::writtenForEveryModel): old run
// folders resume and tst_modelregistry's golden files stay as they were.
Field ownModelsOnly(Field f) {
  f.schema.writtenForEveryModel = false;
  return f;
}

// A field newer than the run folders and golden files (ConfigField::writtenWhenDefault).
Field omittedWhenDefault(Field f) {
  f.schema.writtenWhenDefault = false;
  return f;
}

void requireType(bool ok, const QString &where, const QString &key, const char *what) {
  if (!ok) invalid(QStringLiteral("%1: '%2' must be %3").arg(where, key, QLatin1String(what)));
}

// A field's key, label and kind; `label` is what the Training form shows (the key is what files use).
struct Names {
  const char *key;
  const char *label;
};

ConfigField schemaOf(Names names, const char *kind, SettingGroup group, const char *description, QStringList choices = {}) {
  return {QLatin1String(names.key), QLatin1String(kind), std::move(choices), QString::fromUtf8(description), group,
          QString::fromUtf8(names.label)};
}

Field intField(Names names, int TrainConfig::*member, SettingGroup group, const char *description,
               Bound bound = Bound::Any) {
  return {schemaOf(names, "int", group, description), [member](const TrainConfig &c) { return QJsonValue(c.*member); },
          [member, key = QLatin1String(names.key)](TrainConfig &c, const QJsonValue &v, const QString &where) {
            requireType(v.isDouble() && v.toDouble() == double(v.toInt()), where, key, "an integer");
            c.*member = v.toInt();
          },
          [member](const TrainConfig &c) { return double(c.*member); }, bound};
}

Field doubleField(Names names, double TrainConfig::*member, SettingGroup group, const char *description,
                  Bound bound = Bound::Any) {
  return {schemaOf(names, "double", group, description), [member](const TrainConfig &c) { return QJsonValue(c.*member); },
          [member, key = QLatin1String(names.key)](TrainConfig &c, const QJsonValue &v, const QString &where) {
            requireType(v.isDouble(), where, key, "a number");
            c.*member = v.toDouble();
          },
          [member](const TrainConfig &c) { return c.*member; }, bound};
}

Field boolField(Names names, bool TrainConfig::*member, SettingGroup group, const char *description) {
  return {schemaOf(names, "bool", group, description), [member](const TrainConfig &c) { return QJsonValue(c.*member); },
          [member, key = QLatin1String(names.key)](TrainConfig &c, const QJsonValue &v, const QString &where) {
            requireType(v.isBool(), where, key, "true or false");
            c.*member = v.toBool();
          }};
}

Field stringField(Names names, QString TrainConfig::*member, SettingGroup group, const char *description) {
  return {schemaOf(names, "string", group, description), [member](const TrainConfig &c) { return QJsonValue(c.*member); },
          [member, key = QLatin1String(names.key)](TrainConfig &c, const QJsonValue &v, const QString &where) {
            requireType(v.isString(), where, key, "a string");
            c.*member = v.toString();
          }};
}

template <typename E>
Field choiceField(Names names, E TrainConfig::*member, SettingGroup group, const char *description) {
  return {schemaOf(names, "choice", group, description, enumNames<E>()),
          [member](const TrainConfig &c) { return QJsonValue(enumName(c.*member)); },
          [member, key = QLatin1String(names.key)](TrainConfig &c, const QJsonValue &v, const QString &where) {
            requireType(v.isString(), where, key, "a string");
            const std::optional<E> value = enumFromName<E>(v.toString());
            if (!value)
              invalid(QStringLiteral("%1: %2 '%3' is not one of: %4")
                          .arg(where, key, v.toString(), enumNames<E>().join(QStringLiteral(", "))));
            c.*member = *value;
          }};
}

// The seed is 64-bit: written as a string (JSON numbers are doubles), read from either.
Field seedField() {
  return {schemaOf({"seed", QT_TRANSLATE_NOOP("TrainConfigSchema", "Seed")}, "uint64", SettingGroup::Gradient, "Random seed"),
          [](const TrainConfig &c) { return QJsonValue(QString::number(c.seed)); },
          [](TrainConfig &c, const QJsonValue &v, const QString &where) {
            bool ok = false;
            if (v.isDouble()) {
              // A double outside [0, 2^64) would make the cast undefined: refused like a wrong type.
              const double d = v.toDouble();
              ok = d >= 0 && d < 18446744073709551616.0;
              if (ok) c.seed = quint64(d);
            } else {
              c.seed = v.toString().toULongLong(&ok);
            }
            requireType(ok, where, QStringLiteral("seed"), "a non-negative integer");
          }};
}

// The model is read first (its defaults are the starting point), so its field only writes JSON.
Field modelField() {
  return {schemaOf({"model", "Model"}, "choice", SettingGroup::Common, "Sentence encoder", modelNames()),
          [](const TrainConfig &c) { return QJsonValue(c.modelName()); },
          [](TrainConfig &, const QJsonValue &, const QString &) {}};
}

using G = SettingGroup;

// The sentence encoder and the image side: sizes, words, trees.
std::vector<Field> encoderFields() {
  return {
      choiceField({"image_side", QT_TRANSLATE_NOOP("TrainConfigSchema", "Image side")}, &TrainConfig::imageSide, G::Gradient,
                  "Image branch: Socher's W_I, HM-LSTM's FC+BN+L2, DT-LSTM's twin column, Merkx & Frank's linear+L2"),
      choiceField({"similarity", QT_TRANSLATE_NOOP("TrainConfigSchema", "Similarity")}, &TrainConfig::similarity, G::Gradient, "Score of an image–sentence pair"),
      intField({"embed_dim", QT_TRANSLATE_NOOP("TrainConfigSchema", "Embed dim")}, &TrainConfig::embedDim, G::Common, "Joint space dimension", Bound::Positive),
      intField({"word_dim", QT_TRANSLATE_NOOP("TrainConfigSchema", "Word dim")}, &TrainConfig::wordDim, G::Words, "Word vector dimension", Bound::Positive),
      intField({"hidden_dim", QT_TRANSLATE_NOOP("TrainConfigSchema", "Hidden dim")}, &TrainConfig::hiddenDim, G::Hidden, "Recurrent state size", Bound::Positive),
      intField({"char_dim", QT_TRANSLATE_NOOP("TrainConfigSchema", "Char dim")}, &TrainConfig::charDim, G::Characters, "Character embedding size", Bound::Positive),
      intField({"attention_hidden", QT_TRANSLATE_NOOP("TrainConfigSchema", "Attention hidden")}, &TrainConfig::attentionHidden, G::Characters, "Attention layer hidden units",
               Bound::Positive),
      choiceField({"pooling", QT_TRANSLATE_NOOP("TrainConfigSchema", "Pooling")}, &TrainConfig::pooling, G::Characters, "How character states become a sentence vector"),
      stringField({"word_vectors", QT_TRANSLATE_NOOP("TrainConfigSchema", "Word vectors")}, &TrainConfig::wordVectors, G::Words, "GloVe/word2vec text file (optional)"),
      boolField({"freeze_words", QT_TRANSLATE_NOOP("TrainConfigSchema", "Freeze words")}, &TrainConfig::freezeWords, G::TrainedWords, "Keep pre-trained word vectors fixed"),
      boolField({"twin_batches", QT_TRANSLATE_NOOP("TrainConfigSchema", "Twin batches")}, &TrainConfig::twinBatches, G::Gradient, "Put distractor twins in the same minibatch"),
      choiceField({"selection", QT_TRANSLATE_NOOP("TrainConfigSchema", "Selection")}, &TrainConfig::selection, G::Gradient,
                  "Which epoch's model is kept: best validation rsum, best validation twin accuracy, or the last"),
      intField({"min_word_count", QT_TRANSLATE_NOOP("TrainConfigSchema", "Min word count")}, &TrainConfig::minWordCount, G::Words, "Rarer words become <unk>"),
      choiceField({"activation", QT_TRANSLATE_NOOP("TrainConfigSchema", "Activation")}, &TrainConfig::activation, G::Activation, "Tree RNNs: nonlinearity f (Socher Eqs. 1–4)"),
      intField({"lstm_positions", QT_TRANSLATE_NOOP("TrainConfigSchema", "LSTM positions")}, &TrainConfig::lstmPositions, G::ChildPositions,
               "DT-LSTM: p, child positions with their own parameters", Bound::Positive),
      intField({"min_relation_count", QT_TRANSLATE_NOOP("TrainConfigSchema", "Min relation count")}, &TrainConfig::minRelationCount, G::Relations,
               "SDT-RNN: rarer relations share a matrix", Bound::Positive)
  };
}

// HM-LSTM: phrase–region correspondences and the regions they are learned over.
std::vector<Field> phraseFields() {
  return {
      ownModelsOnly(boolField({"phrase_losses", QT_TRANSLATE_NOOP("TrainConfigSchema", "Phrase losses")}, &TrainConfig::phraseLosses, G::Phrases,
                              "HM-LSTM: learn phrase–region correspondences and train with their losses (Eqs. 9–10); "
                              "off: root losses only")),
      ownModelsOnly(intField({"root_epochs", QT_TRANSLATE_NOOP("TrainConfigSchema", "Root-only epochs")}, &TrainConfig::rootEpochs, G::Phrases,
                             "HM-LSTM: epochs of the simplified model (root losses only) before the first "
                             "correspondence step (§3.4)",
                             Bound::NonNegative)),
      ownModelsOnly(intField({"alternation_epochs", QT_TRANSLATE_NOOP("TrainConfigSchema", "Alternation epochs")}, &TrainConfig::alternationEpochs, G::Phrases,
                             "HM-LSTM: epochs trained with every loss between two correspondence steps", Bound::Positive)),
      ownModelsOnly(doubleField({"correspondence_prior", QT_TRANSLATE_NOOP("TrainConfigSchema", "Correspondence prior λ")},
                                &TrainConfig::correspondencePrior, G::Phrases,
                                "HM-LSTM: 0, the paper's correspondences; above 0, the first step follows the label prior "
                                "(head noun → WordNet → the backbone's ImageNet classes) where the noun covers a class, and "
                                "every step scores s(v, h) + λ·prior; needs an ONNX backbone with its class list",
                                Bound::NonNegative)),
      ownModelsOnly(choiceField({"regions", QT_TRANSLATE_NOOP("TrainConfigSchema", "Regions")}, &TrainConfig::regions, G::Phrases,
                                "Image regions: selective-search proposals, or the dataset's ground-truth phrase boxes "
                                "(Scenes demo only)")),
      ownModelsOnly(intField({"max_regions", QT_TRANSLATE_NOOP("TrainConfigSchema", "Max regions")}, &TrainConfig::maxRegions, G::Phrases,
                             "Regions per image besides the whole image (HM-LSTM, Karpathy: 19)", Bound::Positive)),
      ownModelsOnly(choiceField({"region_pooling", QT_TRANSLATE_NOOP("TrainConfigSchema", "Region pooling")}, &TrainConfig::regionPooling,
                                G::Phrases,
                                "Region features: each box cropped and run through the network (crop), or pooled from one feature "
                                "map of the whole image (roialign, one network pass per image); auto: roialign for ONNX and "
                                "TorchScript backbones, crop for the concept CNN")),
      ownModelsOnly(choiceField({"proposals", QT_TRANSLATE_NOOP("TrainConfigSchema", "Proposals")}, &TrainConfig::proposals, G::Maps,
                                "Selective search: fast (two colour spaces and scales) or single (one strategy, about 8× "
                                "quicker, fewer candidates) in its own order; scored: 300 fast boxes ranked by the ONNX "
                                "backbone's classifier, the top ones kept (R-CNN's detections, the papers' candidates)")),
      ownModelsOnly(intField({"region_input", QT_TRANSLATE_NOOP("TrainConfigSchema", "Region input")}, &TrainConfig::regionInput, G::Maps,
                             "RoIAlign: short side in pixels of the image whose feature map the boxes are pooled from (448: a "
                             "14×14 map for MobileNetV2; 256 extracts about twice as fast, with a coarser map)", Bound::Positive))
  };
}

// The concepts model (Huang et al. 2018): inputs, fusion, generation, concept detectors.
std::vector<Field> conceptFields() {
  return {
      ownModelsOnly(choiceField({"image", QT_TRANSLATE_NOOP("TrainConfigSchema", "Image input")}, &TrainConfig::imageInput, G::Concepts,
                                "Concepts model: concept scores and global context (cnp + ctx), concepts alone (cnp) "
                                "or context alone (ctx) — Huang et al. Table 1")),
      ownModelsOnly(choiceField({"fusion", QT_TRANSLATE_NOOP("TrainConfigSchema", "Fusion")}, &TrainConfig::fusion, G::Concepts,
                                "Concepts model: the gated fusion unit (Eq. 2) or the sum (cnp + ctx (C))")),
      ownModelsOnly(doubleField({"generation_weight", QT_TRANSLATE_NOOP("TrainConfigSchema", "Generation weight λ")}, &TrainConfig::generationWeight, G::Concepts,
                                "Concepts model: λ of L = L_mat + λ L_gen (Eq. 4); 0: no sentence generation",
                                Bound::NonNegative)),
      ownModelsOnly(boolField({"shared_embeddings", QT_TRANSLATE_NOOP("TrainConfigSchema", "Shared embeddings")}, &TrainConfig::sharedEmbeddings, G::Concepts,
                              "Concepts model: the generator reads words through the sentence encoder's table ((E))")),
      ownModelsOnly(boolField({"scheduled_sampling", QT_TRANSLATE_NOOP("TrainConfigSchema", "Scheduled sampling")}, &TrainConfig::scheduledSampling, G::Concepts,
                              "Concepts model: feed the generator its own samples, more often as training goes on ((S))")),
      ownModelsOnly(intField({"negatives", QT_TRANSLATE_NOOP("TrainConfigSchema", "Negatives")}, &TrainConfig::negatives, G::Concepts,
                             "Concepts model: mismatched pairs per matched pair in L_mat, from the minibatch and then the "
                             "training set (the paper's 128)",
                             Bound::NonNegative)),
      ownModelsOnly(intField({"concepts", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concepts K")}, &TrainConfig::conceptCount, G::Concepts,
                             "Concepts model: at most K concepts, the most frequent in the training captions (256)",
                             Bound::Positive)),
      ownModelsOnly(choiceField({"concept_detector", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concept detector")},
                                &TrainConfig::conceptDetector, G::Concepts,
                                "Concepts model: what scores the concepts: detectors on the run's pretrained backbone (backbone), "
                                "the concept CNN trained from scratch (cnn), or auto (backbone when the run has a pretrained one)")),
      ownModelsOnly(intField({"concept_regions", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concept regions r")}, &TrainConfig::conceptRegions, G::Concepts,
                             "Concepts model: selective-search regions scored besides the whole image (paper: 50)",
                             Bound::Positive)),
      ownModelsOnly(choiceField({"concept_words", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concept words")}, &TrainConfig::conceptWords,
                                G::Concepts,
                                "Concepts model: content (the parser's nouns, verbs, adjectives and numbers without caption-style "
                                "words) or words (every word but the function words)")),
      ownModelsOnly(doubleField({"concept_min_agreement", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concept agreement")},
                                &TrainConfig::conceptMinAgreement, G::Concepts,
                                "Concepts model, content words: a word must make an image's other captions this many times likelier "
                                "to use it (caption-style words such as 'picture' do not); 0 keeps every word",
                                Bound::NonNegative)),
      ownModelsOnly(doubleField({"concept_max_share", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concept caption share")},
                                &TrainConfig::conceptMaxShare, G::Concepts,
                                "Concepts model, content words: words used by a larger share of all captions are left out",
                                Bound::Positive)),
      ownModelsOnly(choiceField({"concept_loss", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concept CNN loss")}, &TrainConfig::conceptLoss,
                                G::Concepts, "Concepts model: the concept CNN's loss, focal (calibrated scores) or logistic (Eq. 1)")),
      ownModelsOnly(choiceField({"concept_detector_loss", QT_TRANSLATE_NOOP("TrainConfigSchema", "Backbone detectors' loss")},
                                &TrainConfig::conceptDetectorLoss, G::Concepts,
                                "Concepts model, detectors on the backbone: logistic (Eq. 1; calibrated on photos) or focal")),
      ownModelsOnly(choiceField({"concept_detector_start", QT_TRANSLATE_NOOP("TrainConfigSchema", "Backbone detectors' start")},
                                &TrainConfig::conceptDetectorStart, G::Concepts,
                                "Concepts model, detectors on the backbone: start from zero, or (wordnet) from the backbone's "
                                "ImageNet classes that a concept word names through WordNet (an ONNX classifier and its class "
                                "list); auto takes wordnet when the class list is beside the model")),
      ownModelsOnly(doubleField({"concept_detector_decay", QT_TRANSLATE_NOOP("TrainConfigSchema", "Backbone detectors' decay")},
                                &TrainConfig::conceptDetectorDecay, G::Concepts,
                                "Concepts model, detectors on the backbone: L2 weight decay of their weights, towards their start",
                                Bound::NonNegative)),
      ownModelsOnly(choiceField({"concept_pooling", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concept pooling")}, &TrainConfig::conceptPooling,
                                G::Concepts,
                                "Concepts model: how region scores become an image's: lse (log-sum-exp of the logits), max (the "
                                "paper's) or noisy-or")),
      ownModelsOnly(doubleField({"concept_temperature", QT_TRANSLATE_NOOP("TrainConfigSchema", "Concept temperature")},
                                &TrainConfig::conceptTemperature, G::Concepts,
                                "Concepts model, lse pooling: T; small T averages the regions, large T takes the best", Bound::Positive)),
      ownModelsOnly(intField({"crops", QT_TRANSLATE_NOOP("TrainConfigSchema", "Context crops")}, &TrainConfig::crops, G::Concepts,
                             "Concepts model: the global context from 1 centre crop, 10 crops (corners, centre and their mirrors) or 5 "
                             "(without the mirrors)", Bound::Positive)),
      ownModelsOnly(omittedWhenDefault(choiceField({"crops_from", QT_TRANSLATE_NOOP("TrainConfigSchema", "Crops from")}, &TrainConfig::cropsFrom,
                                                   G::Concepts,
                                                   "Concepts model, 5 or 10 crops: each through the network (images, the paper's), or "
                                                   "pooled from one map of the photo at region_input px, and for 10 one of its mirror "
                                                   "(map: one or two passes instead of five or ten; the five share the concept "
                                                   "regions' map; ONNX or TorchScript backbones)")))
  };
}

// The loss, the optimiser and its schedule, the epochs and what is recorded.
std::vector<Field> optimisationFields() {
  return {
      choiceField({"loss", QT_TRANSLATE_NOOP("TrainConfigSchema", "Loss")}, &TrainConfig::loss, G::Gradient,
                  "Socher Eq. 5, in-batch hinge, VSE++ hardest negative, squared error"),
      omittedWhenDefault(choiceField({"negative_pool", QT_TRANSLATE_NOOP("TrainConfigSchema", "Negative pool")}, &TrainConfig::negativePool, G::Gradient,
                                     "Contrastive sentences and images of the ranking loss: the minibatch's, or all of the "
                                     "training set's (Socher Eq. 5 as written; also \"negatives\": \"all\")")),
      doubleField({"margin", QT_TRANSLATE_NOOP("TrainConfigSchema", "Margin")}, &TrainConfig::margin, G::Gradient, "Margin Δ / α", Bound::NonNegative),
      doubleField({"regularisation", QT_TRANSLATE_NOOP("TrainConfigSchema", "Regularisation")}, &TrainConfig::regularisation, G::Gradient, "λ of λ‖θ‖²", Bound::NonNegative),
      choiceField({"optimizer", QT_TRANSLATE_NOOP("TrainConfigSchema", "Optimizer")}, &TrainConfig::optimizer, G::Gradient, "Optimiser"),
      doubleField({"learning_rate", QT_TRANSLATE_NOOP("TrainConfigSchema", "Learning rate")}, &TrainConfig::learningRate, G::Gradient, "Learning rate (constant/step schedules)",
                  Bound::Positive),
      intField({"adagrad_reset_epochs", QT_TRANSLATE_NOOP("TrainConfigSchema", "Adagrad reset epochs")}, &TrainConfig::adagradResetEpochs, G::Gradient,
               "Reset AdaGrad sums every k epochs (0: never)"),
      choiceField({"schedule", QT_TRANSLATE_NOOP("TrainConfigSchema", "Schedule")}, &TrainConfig::schedule, G::Gradient, "Learning-rate schedule"),
      doubleField({"lr_min", QT_TRANSLATE_NOOP("TrainConfigSchema", "LR min")}, &TrainConfig::lrMin, G::Gradient, "Cyclic schedule: lower bound"),
      doubleField({"lr_max", QT_TRANSLATE_NOOP("TrainConfigSchema", "LR max")}, &TrainConfig::lrMax, G::Gradient, "Cyclic schedule: upper bound"),
      intField({"cycle_epochs", QT_TRANSLATE_NOOP("TrainConfigSchema", "Cycle epochs")}, &TrainConfig::cycleEpochs, G::Gradient, "Epochs per learning-rate cycle", Bound::Positive),
      intField({"ensemble_snapshots", QT_TRANSLATE_NOOP("TrainConfigSchema", "Ensemble snapshots")}, &TrainConfig::ensembleSnapshots, G::Gradient, "Snapshots in the test ensemble"),
      intField({"epochs", QT_TRANSLATE_NOOP("TrainConfigSchema", "Epochs")}, &TrainConfig::epochs, G::Gradient, "Epochs", Bound::Positive),
      intField({"batch_size", QT_TRANSLATE_NOOP("TrainConfigSchema", "Batch size")}, &TrainConfig::batchSize, G::Gradient, "Minibatch size", Bound::Positive),
      seedField(),
      omittedWhenDefault(intField({"record_sample", QT_TRANSLATE_NOOP("TrainConfigSchema", "Recorded images")}, &TrainConfig::recordSample, G::Gradient,
                                  "Test images (with their captions) whose embeddings are saved after every epoch, for "
                                  "the Map's epoch slider (0: none)",
                                  Bound::NonNegative)),
      doubleField({"cca_regularisation", QT_TRANSLATE_NOOP("TrainConfigSchema", "CCA regularisation")}, &TrainConfig::ccaRegularisation, G::Cca, "CCA ridge term")
  };
}

// Every field in the order of config.json and the Training form: the model first (its defaults
// are the starting point), then the groups above.
const std::vector<Field> &fields() {
  static const std::vector<Field> table = [] {
    std::vector<Field> all{modelField()};
    for (auto group : {encoderFields, phraseFields, conceptFields, optimisationFields}) {
      std::vector<Field> part = group();
      all.insert(all.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
    }
    return all;
  }();
  return table;
}

const Field *fieldNamed(const QString &key) {
  for (const Field &f : fields())
    if (f.schema.key == key) return &f;
  return nullptr;
}

}  // namespace

TrainConfig TrainConfig::defaultsFor(ModelKind model) {
  const ModelEntry &entry = modelEntry(model);
  TrainConfig c;
  c.model = model;
  if (entry.defaults) entry.defaults(c);
  return c;
}

TrainConfig TrainConfig::defaultsFor(const QString &model) { return defaultsFor(modelNamed(model).kind); }

QStringList TrainConfig::models() { return modelNames(); }

const ModelEntry &TrainConfig::entry() const { return modelEntry(model); }
QString TrainConfig::modelName() const { return entry().name; }
bool TrainConfig::needsTrees() const { return entry().tree != TreeInput::None; }
bool TrainConfig::needsRegions() const { return entry().needsRegions; }
bool TrainConfig::readsConcepts() const { return entry().settings.testFlag(SettingGroup::Concepts); }
int TrainConfig::firstSelectableEpoch() const { return needsRegions() && epochs > rootEpochs ? rootEpochs + 1 : 1; }
bool TrainConfig::needsConstituency() const { return entry().tree == TreeInput::Constituency || entry().tree == TreeInput::Phrases; }

QJsonObject TrainConfig::toJson() const {
  QJsonObject json;
  static const TrainConfig defaults;
  // A space made elsewhere has no training settings: its file (and the run table) holds the model,
  // the similarity it scores with and its one "epoch", never defaults it did not use.
  static const QStringList importedKeys{QStringLiteral("model"), QStringLiteral("similarity"), QStringLiteral("epochs")};
  for (const Field &f : fields()) {
    if (entry().imported && !importedKeys.contains(f.schema.key)) continue;
    if (f.schema.writtenFor(entry()) && (f.schema.writtenWhenDefault || f.read(*this) != f.read(defaults)))
      json.insert(f.schema.key, f.read(*this));
  }
  return json;
}

QJsonObject TrainConfig::allValues() const {
  QJsonObject json;
  for (const Field &f : fields()) json.insert(f.schema.key, f.read(*this));
  return json;
}

namespace {

constexpr int kMaxLayerWidth = 65536;      // any *_dim setting
constexpr double kMaxCount = 100000000;    // any other integer setting (epochs, batch size, regions…)

// TrainConfig::fromJson without the file prefix on every message.
TrainConfig configFromJson(const QJsonObject &json, const QString &where) {
  const QJsonValue model = json.value(QStringLiteral("model"));
  if (!model.isUndefined()) requireType(model.isString(), where, QStringLiteral("model"), "a string");
  TrainConfig c = model.isUndefined() ? TrainConfig::defaultsFor(TrainConfig{}.model) : TrainConfig::defaultsFor(model.toString());
  // "negatives": "all" (the and Socher's words) means the pool, not the concepts model's count.
  QJsonObject given = json;
  if (given.value(QStringLiteral("negatives")) == QJsonValue(QStringLiteral("all"))) {
    given.remove(QStringLiteral("negatives"));
    given.insert(QStringLiteral("negative_pool"), QStringLiteral("all"));
  }
  for (auto it = given.begin(); it != given.end(); ++it) {
    const Field *field = fieldNamed(it.key());
    if (!field) invalid(QStringLiteral("%1: unknown key '%2'").arg(where, it.key()));
    field->write(c, it.value(), where);
  }
  if (const auto complete = c.entry().complete) complete(c, given);
  c.validate();
  return c;
}

}  // namespace

TrainConfig TrainConfig::fromJson(const QJsonObject &json, const QString &source) {
  const QString where = source.isEmpty() ? QStringLiteral("config") : source;
  // Every refusal names the file: messages from the model's defaults and from validate() do not
  // know it, so they get it here (found by tests/fuzz/fuzz_runfolder).
  try {
    return configFromJson(json, where);
  } catch (const std::invalid_argument &error) {
    const QString message = QString::fromUtf8(error.what());
    if (message.startsWith(where)) throw;
    invalid(QStringLiteral("%1: %2").arg(where, message));
  }
}

void TrainConfig::validate() const {
  for (const Field &f : fields()) {
    if (!f.number) continue;
    const double value = f.number(*this);
    if (f.bound == Bound::Positive && !(value > 0))
      invalid(QStringLiteral("%1 must be positive (got %2)").arg(f.schema.key).arg(value));
    if (f.bound == Bound::NonNegative && value < 0) invalid(QStringLiteral("%1 must not be negative").arg(f.schema.key));
    // Sizes are bounded before anything is allocated from them: a config.json that asks for a
    // 10^9-wide layer is refused with a message, not attempted. 65,536 is 16 times
    // the widest layer any of the five papers uses (char-GRU: 2 × 2,048).
    if (f.schema.kind == QLatin1String("int") && f.schema.key.endsWith(QLatin1String("_dim")) && value > kMaxLayerWidth)
      invalid(QStringLiteral("%1 must be at most %2 (got %3)").arg(f.schema.key).arg(kMaxLayerWidth).arg(value));
    if (f.schema.kind == QLatin1String("int") && value > kMaxCount)
      invalid(QStringLiteral("%1 must be at most %2 (got %3)").arg(f.schema.key).arg(kMaxCount).arg(value));
  }
  if (batchSize < 2) invalid(QStringLiteral("batch_size must be at least 2: the losses contrast pairs within a batch"));
  if (schedule == ScheduleKind::Cyclic && !(lrMin > 0 && lrMin < lrMax))
    invalid(QStringLiteral("cyclic schedule needs 0 < lr_min < lr_max"));
  if (loss == LossKind::Squared && similarity != SimilarityKind::Dot)
    invalid(QStringLiteral("the squared loss compares raw vectors: use similarity 'dot'"));
  if (negativePool == NegativePool::All && (loss == LossKind::Squared || needsRegions() || readsConcepts() || entry().closedForm))
    invalid(QStringLiteral("negative_pool 'all' is for the ranking losses of the joint-space models (socher, hinge, vsepp); "
                           "%1 with loss '%2' has no such pool").arg(modelName(), enumName(loss)));
  if (imageSide == ImageSideKind::Concepts && !readsConcepts())
    invalid(QStringLiteral("image_side 'concepts' reads concept scores, which only the concepts model is given"));
  if (readsConcepts() && cropsFrom == CropSource::Map && crops == 1)
    invalid(QStringLiteral("crops_from 'map' pools five or ten crops from a map; with crops 1 there are none (set crops to 5 or 10)"));
  if (const auto rules = entry().validate) rules(*this);
}

const std::vector<ConfigField> &trainConfigSchema() {
  static const std::vector<ConfigField> schema = [] {
    std::vector<ConfigField> s;
    for (const Field &f : fields()) s.push_back(f.schema);
    return s;
  }();
  return schema;
}

}  // namespace gs
