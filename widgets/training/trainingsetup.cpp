#include "training/trainingsetup.h"

#include "common/workbenchstate.h"
#include "training/backbonepicker.h"
#include "training/epochcostview.h"
#include "training/trainconfigform.h"
#include "vision/backbonespec.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QStandardPaths>
#include <QToolButton>
#include <QVBoxLayout>

namespace gs {

// The data box over the form, in a scroll area that never scrolls sideways.
TrainingSetup::TrainingSetup(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QScrollArea(parent), m_state(state) {
  auto *setup = new QWidget(this);
  auto *setupLayout = new QVBoxLayout(setup);
  setupLayout->addWidget(buildDataBox(setup));
  auto *paramBox = new QGroupBox(tr("Model and hyperparameters"), setup);
  auto *paramLayout = new QVBoxLayout(paramBox);
  m_form = new TrainConfigForm(paramBox);
  m_cost = new EpochCostView(bridge, paramBox);
  paramLayout->addWidget(m_cost);
  paramLayout->addWidget(m_form);
  setupLayout->addWidget(paramBox);
  setupLayout->addStretch();
  connect(m_cost, &EpochCostView::requested, this, &TrainingSetup::estimateCost);
  connect(m_form, &TrainConfigForm::edited, m_cost, &EpochCostView::clear);
  connect(m_form, &TrainConfigForm::modelChanged, this, &TrainingSetup::renewOutputFolder);
  setWidget(setup);
  setWidgetResizable(true);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_output->setText(freshOutputFolder());
}

QGroupBox *TrainingSetup::buildDataBox(QWidget *parent) {
  auto *dataBox = new QGroupBox(tr("Data and output"), parent);
  auto *dataForm = new QFormLayout(dataBox);
  m_backbone = new BackbonePicker(dataBox);
  dataForm->addRow(tr("Backbone"), m_backbone);
  auto *outputRow = new QHBoxLayout;
  m_output = new QLineEdit(dataBox);
  m_output->setToolTip(tr("The run folder. Starting with a folder that holds a stopped run resumes it."));
  connect(m_output, &QLineEdit::textEdited, this, [this] { m_outputIsAuto = false; });
  connect(m_output, &QLineEdit::textChanged, this, &TrainingSetup::outputFolderChanged);
  auto *browse = new QToolButton(dataBox);
  browse->setText(QStringLiteral("…"));
  browse->setToolTip(tr("Choose the output folder"));
  connect(browse, &QToolButton::clicked, this, &TrainingSetup::chooseOutputFolder);
  outputRow->addWidget(m_output);
  outputRow->addWidget(browse);
  dataForm->addRow(tr("Output folder"), outputRow);
  return dataBox;
}

QString TrainingSetup::outputFolder() const { return m_output->text().trimmed(); }

void TrainingSetup::setOutputFolder(const QString &dir) {
  m_output->setText(dir);
  m_outputIsAuto = false;
}

void TrainingSetup::renewOutputFolder() {
  if (m_outputIsAuto) m_output->setText(freshOutputFolder());
}

QString TrainingSetup::backbone() const { return m_backbone->backbone(); }

void TrainingSetup::setBackbone(const QString &backbone) { m_backbone->setBackbone(backbone); }

TrainingSource TrainingSetup::dataSource() const {
  TrainingSource source;
  source.datasetPath = m_state.datasetPath();
  source.backbone = backbone().isEmpty() ? defaultBackbone() : backbone();
  return source;
}

void TrainingSetup::setEditable(bool editable) {
  m_form->setEnabled(editable);
  m_backbone->setEnabled(editable);
  m_output->setEnabled(editable);
}

void TrainingSetup::estimateCost() {
  TrainConfig config;
  QString error;
  if (!m_state.dataset()) return m_cost->showProblem(tr("open a dataset first"));
  if (!m_form->config(&config, &error)) return m_cost->showProblem(error);
  m_cost->estimate(m_state.dataset(), dataSource(), config);
}

QString TrainingSetup::freshOutputFolder() const {
  const QString base = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
  const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
  return QDir(base).filePath(QStringLiteral("runs/%1-%2").arg(m_form->model(), stamp));
}

void TrainingSetup::chooseOutputFolder() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Output folder"), outputFolder());
  if (!dir.isEmpty()) setOutputFolder(dir);
}

}  // namespace gs
