#include "training/trainconfigform.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QSignalBlocker>
#include <QDoubleValidator>
#include <QFileDialog>
#include <QFormLayout>
#include <QCoreApplication>
#include <QAbstractItemView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QStyle>

#include "training/modelregistry.h"

#include <limits>
#include <stdexcept>

namespace gs {

namespace {
const QString kModelKey = QStringLiteral("model");
const QString kWordVectorsKey = QStringLiteral("word_vectors");
const QString kFreezeWordsKey = QStringLiteral("freeze_words");

// Shortest text that reads back as the same double, in the C locale so config files and the form agree.
QString formatDouble(double value) { return QLocale::c().toString(value, 'g', QLocale::FloatingPointShortest); }
} // namespace

TrainConfigForm::TrainConfigForm(QWidget *parent) : QWidget(parent) {
  build();
  setConfig(TrainConfig::defaultsFor(modelRegistry().front().kind));
}

// The editor of one schema field, by its kind; its changes emit edited() (the model's refill the form).
QWidget *TrainConfigForm::makeEditor(const ConfigField &field) {
  if (field.kind == QLatin1String("choice")) return makeChoiceEditor(field);
  if (field.kind == QLatin1String("int")) {
    auto *spin = new QSpinBox(this);
    spin->setRange(0, std::numeric_limits<int>::max());
    connect(spin, &QSpinBox::valueChanged, this, [this] {
      if (!m_filling) Q_EMIT edited();
    });
    return spin;
  }
  if (field.kind == QLatin1String("bool")) {
    auto *check = new QCheckBox(this);
    connect(check, &QCheckBox::toggled, this, [this] {
      if (!m_filling) Q_EMIT edited();
    });
    return check;
  }
  auto *line = new QLineEdit(this);
  if (field.kind == QLatin1String("uint64")) {
    // The seed is 64-bit: a spin box holds only an int, so digits in a line edit.
    line->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,20}")), line));
  } else if (field.kind == QLatin1String("double")) {
    auto *validator = new QDoubleValidator(line);
    validator->setLocale(QLocale::c());
    validator->setNotation(QDoubleValidator::ScientificNotation);
    line->setValidator(validator);
  } else if (field.key == kWordVectorsKey) { // "string" and any kind added later: free text
    addWordVectorsBrowser(line);
  }
  connect(line, &QLineEdit::textChanged, this, [this] {
    if (!m_filling) Q_EMIT edited();
  });
  return line;
}

QWidget *TrainConfigForm::makeChoiceEditor(const ConfigField &field) {
  auto *combo = new QComboBox(this);
  // Each item carries its value; the models show their title and what they are for.
  for (const QString &choice : field.choices) {
    const ModelEntry *entry = field.key == kModelKey ? findModel(choice) : nullptr;
    combo->addItem(entry ? QStringLiteral("%1 — %2").arg(modelTitle(*entry), modelSummary(*entry)) : choice, choice);
    // The box is narrower than most titles: the whole title, then the paper, as the item's tooltip.
    if (entry)
      combo->setItemData(combo->count() - 1, QStringLiteral("%1 — %2\n%3 (%4)").arg(modelTitle(*entry), modelSummary(*entry), entry->paper, entry->name),
                         Qt::ToolTipRole);
  }
  if (field.key != kModelKey) {
    connect(combo, &QComboBox::currentIndexChanged, this, [this] {
      if (!m_filling) Q_EMIT edited();
    });
    return combo;
  }
  // The titles are long: the box stays narrow, its list as wide as they are.
  combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  combo->setMinimumContentsLength(18);
  combo->view()->setMinimumWidth(combo->view()->sizeHintForColumn(0) + 24);
  connect(combo, &QComboBox::currentIndexChanged, this, &TrainConfigForm::onModelChosen);
  return combo;
}

void TrainConfigForm::addWordVectorsBrowser(QLineEdit *line) {
  line->setPlaceholderText(tr("none: learn word vectors from scratch"));
  QAction *browse = line->addAction(style()->standardIcon(QStyle::SP_DirOpenIcon), QLineEdit::TrailingPosition);
  browse->setToolTip(tr("Choose a GloVe or word2vec text file"));
  connect(browse, &QAction::triggered, this, [this, line] {
    const QString file = QFileDialog::getOpenFileName(this, tr("Word vectors"), line->text(), tr("Word vectors (*.txt *.vec);;All files (*)"));
    if (!file.isEmpty()) line->setText(file);
  });
}

void TrainConfigForm::build() {
  m_layout = new QFormLayout(this);
  m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  for (const ConfigField &field : trainConfigSchema()) {
    QWidget *editor = makeEditor(field);
    editor->setObjectName(field.key);
    // What the setting does, and its name in config.json and on the command line.
    const QString tip = tr("%1\n(%2 in config.json)").arg(field.description, field.key);
    editor->setToolTip(tip);
    // The schema's labels are marked for translation in core (context TrainConfigSchema).
    auto *label = new QLabel(field.key == kModelKey ? tr("Model") : QCoreApplication::translate("TrainConfigSchema", field.label.toUtf8().constData()), this);
    label->setToolTip(tip);
    m_labels.insert(field.key, label);
    label->setBuddy(editor); // the label names the field for screen readers
    m_layout->addRow(label, editor);
    if (field.key == kModelKey) {
      m_modelNote = new QLabel(this);
      m_modelNote->setObjectName(QStringLiteral("modelNote"));
      m_modelNote->setWordWrap(true);
      m_modelNote->setTextFormat(Qt::PlainText);
      m_layout->addRow(m_modelNote);
      m_presets = new QComboBox(this);
      m_presets->setObjectName(QStringLiteral("preset"));
      m_presets->setToolTip(tr("Published settings of the model, or a row of its ablation table"));
      connect(m_presets, &QComboBox::currentIndexChanged, this, &TrainConfigForm::onPresetChosen);
      m_layout->addRow(tr("Preset"), m_presets);
      m_presetChanges = new QLabel(this);
      m_presetChanges->setObjectName(QStringLiteral("presetChanges"));
      m_presetChanges->setWordWrap(true);
      m_presetChanges->hide();
      m_layout->addRow(m_presetChanges);
    }
    m_editors.insert(field.key, editor);
    m_kinds.insert(field.key, field.kind);
    m_groups.insert(field.key, field.group);
  }
  if (auto *vectors = qobject_cast<QLineEdit *>(m_editors.value(kWordVectorsKey)))
    connect(vectors, &QLineEdit::textChanged, this, &TrainConfigForm::enableFreezeWords);
  enableFreezeWords();
}

void TrainConfigForm::showSettingsOf(const ModelEntry &entry) {
  for (auto it = m_editors.begin(); it != m_editors.end(); ++it)
    m_layout->setRowVisible(it.value(), entry.settings.testFlag(m_groups.value(it.key())));
  m_modelNote->setText(modelNote(entry));
  // The box shows the start of the title only: the whole of it is its tooltip, not repeated below.
  if (QComboBox *combo = modelCombo()) combo->setToolTip(combo->currentData(Qt::ToolTipRole).toString());
}

void TrainConfigForm::enableFreezeWords() {
  auto *freeze = qobject_cast<QCheckBox *>(m_editors.value(kFreezeWordsKey));
  auto *vectors = qobject_cast<QLineEdit *>(m_editors.value(kWordVectorsKey));
  if (!freeze || !vectors) return;
  const bool given = !vectors->text().trimmed().isEmpty();
  freeze->setEnabled(given);
  QString description;
  for (const ConfigField &field : trainConfigSchema())
    if (field.key == kFreezeWordsKey) description = field.description;
  const QString tip = tr("%1\n(%2 in config.json)").arg(description, kFreezeWordsKey);
  freeze->setToolTip(given ? tip : tr("Applies to loaded word vectors only: choose a file under Word vectors first.") + QLatin1Char('\n') + tip);
}

QString TrainConfigForm::modelNote(const ModelEntry &entry) {
  QStringList needs;
  switch (entry.tree) {
  case TreeInput::None: break;
  case TreeInput::Dependency: needs << tr("dependency trees (parsed on the first run)"); break;
  case TreeInput::Constituency: needs << tr("constituency trees (parsed on the first run)"); break;
  case TreeInput::Phrases: needs << tr("constituency trees with their noun phrases (parsed on the first run)"); break;
  }
  if (entry.needsRegions) needs << tr("image regions (extracted with the features)");
  if (entry.closedForm) needs << tr("no training loop: fitted in one step");
  // The title and summary are the box's own text and tooltip: the note adds what the model needs.
  if (needs.isEmpty()) return entry.paper;
  return tr("Needs: %1.").arg(needs.join(QStringLiteral("; "))) + QLatin1Char('\n') + entry.paper;
}

void TrainConfigForm::listPresetsOf(const ModelEntry &entry) {
  const QSignalBlocker block(m_presets);
  m_presets->clear();
  m_presets->addItem(tr("defaults"));
  for (const ModelPreset &p : entry.presets) {
    m_presets->addItem(p.label.isEmpty() ? p.name : p.label, p.name);
    m_presets->setItemData(m_presets->count() - 1, p.description, Qt::ToolTipRole);
  }
  m_layout->setRowVisible(m_presets, !entry.presets.empty());
}

bool TrainConfigForm::applyPreset(const QString &name) {
  const int index = m_presets->findData(name);
  if (index < 0) return false;
  m_presets->setCurrentIndex(index); // → onPresetChosen
  return true;
}

void TrainConfigForm::onPresetChosen() {
  if (m_filling) return;
  const ModelEntry *entry = findModel(model());
  if (!entry) return;
  QJsonObject json;
  if (const ModelPreset *preset = findPreset(*entry, m_presets->currentData().toString())) json = preset->settings;
  json.insert(kModelKey, entry->name);
  const int keep = m_presets->currentIndex();
  try {
    setConfig(TrainConfig::fromJson(json, tr("preset")));
  } catch (const std::invalid_argument &) {
    return; // the registry's presets are valid configurations (tst_modelregistry)
  }
  const QSignalBlocker block(m_presets);
  m_presets->setCurrentIndex(keep);
  markPresetChanges(*entry, json);
  Q_EMIT edited();
}

// The settings the chosen preset changes from the model's defaults: their labels bold, each with
// its default in the tooltip, and the list under the preset box.
void TrainConfigForm::markPresetChanges(const ModelEntry &entry, const QJsonObject &preset) {
  const QJsonObject defaults = TrainConfig::defaultsFor(entry.name).allValues();
  QStringList changed;
  for (auto it = m_labels.begin(); it != m_labels.end(); ++it) {
    const bool differs = it.key() != kModelKey && preset.contains(it.key()) && preset.value(it.key()) != defaults.value(it.key());
    QFont font = it.value()->font();
    font.setBold(differs);
    it.value()->setFont(font);
    if (differs) changed << it.value()->text();
  }
  changed.sort();
  m_presetChanges->setText(changed.isEmpty() ? QString() : tr("The preset changes: %1.").arg(changed.join(QStringLiteral(", "))));
  m_presetChanges->setVisible(!changed.isEmpty());
}

bool TrainConfigForm::isShown(const QString &key) const {
  const ModelEntry *entry = findModel(model());
  return entry && m_editors.contains(key) && entry->settings.testFlag(m_groups.value(key));
}

QComboBox *TrainConfigForm::modelCombo() const { return qobject_cast<QComboBox *>(m_editors.value(kModelKey)); }

QString TrainConfigForm::model() const { return modelCombo() ? modelCombo()->currentData().toString() : QString(); }

void TrainConfigForm::setModel(const QString &model) {
  if (model == this->model()) {
    onModelChosen(); // same model: still a refill with its defaults
    return;
  }
  if (QComboBox *combo = modelCombo()) combo->setCurrentIndex(combo->findData(model)); // → onModelChosen
}

void TrainConfigForm::onModelChosen() {
  if (m_filling) return;
  const QString chosen = model();
  try {
    setConfig(TrainConfig::defaultsFor(chosen));
  } catch (const std::invalid_argument &) {
    return; // the combo only lists known models
  }
  Q_EMIT modelChanged(chosen);
  Q_EMIT edited();
}

void TrainConfigForm::setConfig(const TrainConfig &config) {
  m_filling = true;
  // Every field, also those config.json leaves out at their defaults (a spin box would show 0).
  const QJsonObject json = config.allValues();
  for (auto it = json.begin(); it != json.end(); ++it) setValue(it.key(), it.value());
  // The model's own settings only; the others keep their values (they travel in config.json).
  showSettingsOf(config.entry());
  listPresetsOf(config.entry());
  markPresetChanges(config.entry(), {}); // a preset chosen after this marks its own
  m_filling = false;
}

void TrainConfigForm::setValue(const QString &key, const QJsonValue &value) {
  QWidget *editor = m_editors.value(key);
  const QString kind = m_kinds.value(key);
  if (!editor) return; // a key the schema does not list is not user-editable
  if (auto *combo = qobject_cast<QComboBox *>(editor)) {
    const int index = combo->findData(value.toString());
    if (index >= 0) combo->setCurrentIndex(index);
  } else if (auto *spin = qobject_cast<QSpinBox *>(editor)) {
    spin->setValue(value.toInt());
  } else if (auto *check = qobject_cast<QCheckBox *>(editor)) {
    check->setChecked(value.toBool());
  } else if (auto *line = qobject_cast<QLineEdit *>(editor)) {
    if (kind == QLatin1String("double"))
      line->setText(formatDouble(value.toDouble()));
    else if (kind == QLatin1String("uint64") && value.isDouble()) // the seed travels as a string, but may come as a number
      line->setText(QString::number(quint64(value.toDouble())));
    else
      line->setText(value.toString());
  }
}

QJsonObject TrainConfigForm::values(QString *error) const {
  QJsonObject json;
  const ModelEntry *entry = findModel(model());
  for (const ConfigField &field : trainConfigSchema()) {
    if (entry && !field.writtenFor(*entry)) continue; // another model's own setting
    QWidget *editor = m_editors.value(field.key);
    if (auto *combo = qobject_cast<QComboBox *>(editor)) {
      json.insert(field.key, combo->currentData().toString());
    } else if (auto *spin = qobject_cast<QSpinBox *>(editor)) {
      json.insert(field.key, spin->value());
    } else if (auto *check = qobject_cast<QCheckBox *>(editor)) {
      json.insert(field.key, check->isChecked());
    } else if (auto *line = qobject_cast<QLineEdit *>(editor)) {
      if (field.kind == QLatin1String("double")) {
        bool ok = false;
        const double v = QLocale::c().toDouble(line->text().trimmed(), &ok);
        if (ok) json.insert(field.key, v);
        else if (error && error->isEmpty()) *error = tr("%1: '%2' is not a number").arg(field.label, line->text());
      } else if (field.kind == QLatin1String("uint64")) {
        bool ok = false;
        const quint64 v = line->text().trimmed().toULongLong(&ok);
        if (ok) json.insert(field.key, QString::number(v));
        else if (error && error->isEmpty()) *error = tr("%1: '%2' is not a whole number from 0 to %3").arg(field.label, line->text()).arg(std::numeric_limits<quint64>::max());
      } else {
        json.insert(field.key, line->text().trimmed());
      }
    }
  }
  return json;
}

bool TrainConfigForm::config(TrainConfig *out, QString *error) const {
  QString problem;
  const QJsonObject json = values(&problem);
  if (problem.isEmpty()) {
    try {
      *out = TrainConfig::fromJson(json, tr("training form"));
      return true;
    } catch (const std::invalid_argument &e) {
      problem = QString::fromUtf8(e.what());
    }
  }
  if (error) *error = problem;
  return false;
}

}  // namespace gs
