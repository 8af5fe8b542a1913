#pragma once
// The Training dashboard's hyperparameter form, built from trainConfigSchema(): one editor per
// field (spin box for "int", a line edit that takes 1e-4 or 0.05 for "double", combo box for
// "choice", check box for "bool", line edit for "string"). Choosing a model refills every field
// with that model's defaults (TrainConfig::defaultsFor). Values travel as TrainConfig's JSON, so
// the form and config.json / the CLI's --config agree on every key. Only the fields of the chosen
// model's settings (its registry entry) are shown; the rest keep their values, hidden.

#include "training/trainconfig.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace gs {

class TrainConfigForm : public QWidget {
  Q_OBJECT
public:
  explicit TrainConfigForm(QWidget *parent = nullptr);

  // Fills every editor from `config` (the model combo included) without emitting edited().
  void setConfig(const TrainConfig &config);
  // The form's values as JSON, keyed like TrainConfig::toJson; a double field holding text that
  // is not a number is left out and named in `error`.
  QJsonObject values(QString *error = nullptr) const;
  // The validated config; false with `error` naming the field when a value is bad.
  bool config(TrainConfig *out, QString *error) const;

  QString model() const;
  void setModel(const QString &model); // refills with its defaults, as choosing it does
  QWidget *editor(const QString &key) const { return m_editors.value(key); }
  // The chosen model's presets (its registry entry's: published settings, or the rows of an
  // ablation such as the concepts model's Table 2), first entry "defaults", in the combo box named
  // "preset". Choosing one refills the form with the model's defaults and the preset's settings on
  // top. Hidden when there are none.
  bool applyPreset(const QString &name); // false when the model has no such preset
  bool isShown(const QString &key) const; // the field is one of the chosen model's settings

Q_SIGNALS:
  void edited();                           // the user changed a value
  void modelChanged(const QString &model); // after the form was refilled with its defaults

private:
  QComboBox *modelCombo() const; // the "model" field's editor
  void build();
  QWidget *makeEditor(const ConfigField &field);
  QWidget *makeChoiceEditor(const ConfigField &field);
  void addWordVectorsBrowser(QLineEdit *line);
  void setValue(const QString &key, const QJsonValue &value);
  void onModelChosen();
  void showSettingsOf(const ModelEntry &entry);
  // Freeze words applies to loaded vectors only: enabled while Word vectors names a file.
  void enableFreezeWords();
  // What the chosen model is and reads, under the model box: title, summary, needs, paper.
  static QString modelNote(const ModelEntry &entry);
  void listPresetsOf(const ModelEntry &entry);
  void onPresetChosen();
  void markPresetChanges(const ModelEntry &entry, const QJsonObject &preset);

  QFormLayout *m_layout = nullptr;
  QComboBox *m_presets = nullptr;
  QLabel *m_modelNote = nullptr;
  QLabel *m_presetChanges = nullptr;      // "The preset changes: …", under the preset box
  QHash<QString, QLabel *> m_labels;      // by schema key
  QHash<QString, QWidget *> m_editors; // by schema key
  QHash<QString, QString> m_kinds;     // by schema key
  QHash<QString, SettingGroup> m_groups; // by schema key
  bool m_filling = false;
};

}  // namespace gs
