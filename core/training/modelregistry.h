#pragma once
// The models Groundscope trains, one registry entry each: its name (the only place the name is
// spelled), its paper, the tree it reads, whether it needs image regions, the settings it uses
// (the Training form shows only those), its defaults and presets, and the factories of its
// sentence encoder and image side. Everything else asks the registry; adding a model is a kind
// here and an entry in modelregistry.cpp, plus its encoder's own files. Torch-free.

#include "training/configenums.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace gs {

struct TrainConfig;

// One value per registry entry; its name lives in the entry.
// Imported: a joint space made elsewhere (`import-space`), explored like a trained run but never trained.
enum class ModelKind { Bow, Rnn, Lstm, CharGru, CharLstm, Cca, CtRnn, DtRnn, SdtRnn, DtLstm, HmLstm, Concepts, Imported };
template <> const std::vector<EnumName<ModelKind>> &enumTable<ModelKind>();

// The tree a model composes over (parsed once per caption through the parse cache).
// Phrases: the constituency tree n-ary with its phrase labels (the H-LSTM tells noun phrases apart).
enum class TreeInput { None, Dependency, Constituency, Phrases };

// A published or tested set of settings on top of a model's defaults.
struct ModelPreset {
  QString name;          // `train --preset NAME`
  QString label;         // what an ablation table calls the row (the paper's name for it); empty: name
  QString description;   // where the values come from
  QJsonObject settings;  // config.json keys and values
};

struct ModelEntry {
  ModelKind kind;
  QString name;          // in config.json and on the command line
  QString title;         // for people: "DT-RNN"
  QString paper;         // the paper and section it implements
  // One line for someone who has not read the paper: what it reads and what it is good for. English,
  // translated in the "ModelRegistry" context (modelSummary()).
  const char *summary = "";
  TreeInput tree = TreeInput::None;
  bool needsRegions = false;  // reads region features (the features job's --regions)
  bool closedForm = false;    // fitted in one step (CCA): no minibatches, no checkpoints, no encoder
  bool imported = false;      // made elsewhere and read from files (importedspace.h): nothing to train
  SettingGroups settings;     // the settings it reads, beyond the model name
  // Its defaults: applied to a value-initialised TrainConfig.
  void (*defaults)(TrainConfig &config) = nullptr;
  // Values derived from others after a config file's overrides (`given` holds the file's keys),
  // e.g. the character encoders' embed_dim = 2 × hidden_dim unless the file sets it. May be null.
  void (*complete)(TrainConfig &config, const QJsonObject &given) = nullptr;
  // The model's own rules on top of TrainConfig::validate (throws std::invalid_argument). May be null.
  void (*validate)(const TrainConfig &config) = nullptr;
  std::vector<ModelPreset> presets;
  SentenceEncoderFactory encoder = nullptr;   // null for closed-form models
  ImageSideFactory imageSide = &makeImageSide; // the image side the `image_side` setting names
};

// Every model Groundscope trains, in the order lists and forms show them.
const std::vector<ModelEntry> &modelRegistry();
// The entry of a kind (every kind has one, the imported space's included).
const ModelEntry &modelEntry(ModelKind kind);
// The entry a name refers to (a trained model's or "imported"), or null.
const ModelEntry *findModel(const QString &name);
// The entry a name refers to; throws std::invalid_argument "unknown model 'x' (one of: …)".
const ModelEntry &modelNamed(const QString &name);
QStringList modelNames(); // the models Groundscope trains
// The entry's title and summary in the application's language.
QString modelTitle(const ModelEntry &entry);
QString modelSummary(const ModelEntry &entry);
QStringList treeModelNames(); // the models that compose over a parse tree
// A preset of the model, or null.
const ModelPreset *findPreset(const ModelEntry &entry, const QString &name);

}  // namespace gs
