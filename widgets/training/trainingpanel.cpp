#include "training/trainingpanel.h"

#include "training/atepochtable.h"
#include "training/backbonepicker.h"
#include "training/epochcostview.h"

#include "training/inspect/sentencesimilarity.h"

#include "common/viewexport.h"
#include "training/trainconfigform.h"
#include "training/trainingplots.h"
#include "common/workbenchstate.h"

#include "training/runs/runfolder.h"
#include "training/trainer.h"
#include "training/trainingjob.h"
#include "vision/backbonespec.h"

#include <qcustomplot.h>

#include <QAction>
#include <QColorDialog>
#include <QComboBox>
#include <QDateTime>
#include <QDesktopServices>
#include <QElapsedTimer>
#include <QDir>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardPaths>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace gs {

namespace {
constexpr int kDrainIntervalMs = 100; // ≤ 10 repaints a second while training
constexpr int kLogLines = 5000;       // the log view keeps the newest lines

QString metricsLine(const RetrievalMetrics &m) {
  return QStringLiteral("R@1/5/10 i→t %1/%2/%3, t→i %4/%5/%6, rsum %7")
      .arg(m.imageToText.r1, 0, 'f', 1)
      .arg(m.imageToText.r5, 0, 'f', 1)
      .arg(m.imageToText.r10, 0, 'f', 1)
      .arg(m.textToImage.r1, 0, 'f', 1)
      .arg(m.textToImage.r5, 0, 'f', 1)
      .arg(m.textToImage.r10, 0, 'f', 1)
      .arg(m.rsum, 0, 'f', 1);
}

// "; 95 % intervals over the test queries: R@10 i→t [a, b], t→i [c, d], rsum [e, f]", or nothing
// for a result without them: on a small test split a point of R@10 is noise.
QString intervalsLine(const QJsonObject &json) {
  if (json.isEmpty()) return {};
  const RetrievalIntervals i = RetrievalIntervals::fromJson(json);
  const auto range = [](const Interval &x) { return QStringLiteral("[%1, %2]").arg(x.low, 0, 'f', 1).arg(x.high, 0, 'f', 1); };
  return QCoreApplication::translate("TrainingPanel", "; 95 % intervals over the test queries: R@10 i→t %1, t→i %2, rsum %3")
      .arg(range(i.imageToText.r10), range(i.textToImage.r10), range(i.rsumInterval));
}
} // namespace

TrainingPanel::TrainingPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state) {
  buildUi();
  m_output->setText(freshOutputFolder());
  connect(&m_bridge, &EngineBridge::finished, this, &TrainingPanel::onFinished);
  connect(&m_bridge, &EngineBridge::started, this, [this](JobId id, const QString &) {
    if (id != m_job) return;
    m_jobStarted = true;
    m_rate.reset();
  });
  connect(&m_bridge, &EngineBridge::logLine, this, [this](JobId id, LogLevel level, const QString &line) {
    // The trainer's own per-epoch lines are replaced by the panel's fuller ones; warnings and errors
    // pass. A seed job has no live curves here, so its own lines are all there is to read.
    if (id == m_job && (level != LogLevel::Info || !m_seedRuns.isEmpty())) appendLog(line);
  });
  connect(&m_bridge, &EngineBridge::progressChanged, this, [this](JobId id, const JobProgress &progress) {
    if (id != m_job || m_paused) return;
    if (!m_seedRuns.isEmpty()) {
      openFinishedSeedRuns();
      const int done = int(m_seedRuns.size() - m_seedRunsPending.size());
      m_status->setText(tr("Seeds: %1 of %2 trained · %3").arg(done).arg(m_seedRuns.size()).arg(progress.message));
      return;
    }
    // Before the first minibatch the job loads data and extracts features: say so.
    if (!m_liveBatches) m_status->setText(tr("Preparing: %1").arg(progress.message));
  });
  connect(&m_state, &WorkbenchState::datasetChanged, this, &TrainingPanel::updateButtons);
  // A run made current elsewhere (the main window, another panel) joins the list for comparison.
  connect(&m_state, &WorkbenchState::runChanged, this, [this](const QString &runDir) {
    if (!runDir.isEmpty() && runIdOf(runDir) < 0) loadRun(runDir, false);
  });
  connect(&m_state.runColours(), &RunColours::runColourChanged, this, &TrainingPanel::onColourChanged);
  connect(&m_state, &WorkbenchState::epochPicked, this, &TrainingPanel::onEpochPicked);
  m_drainTimer = new QTimer(this);
  m_drainTimer->setInterval(kDrainIntervalMs);
  connect(m_drainTimer, &QTimer::timeout, this, &TrainingPanel::drainInbox);
  updateButtons();
}

TrainingPanel::~TrainingPanel() = default;

// The settings column (left) beside the monitor (right); the monitor's Settings button folds the
// column away.
void TrainingPanel::buildUi() {
  QScrollArea *setup = buildSetupColumn();
  QWidget *monitor = buildMonitor(setup);
  auto *splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(setup);
  splitter->addWidget(monitor);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(splitter);
}

// What to train: the backbone and run folder, the model and its hyperparameters, in a scroll area.
QScrollArea *TrainingPanel::buildSetupColumn() {
  auto *setup = new QWidget(this);
  auto *setupLayout = new QVBoxLayout(setup);
  setupLayout->addWidget(buildDataBox(setup));
  auto *paramBox = new QGroupBox(tr("Model and hyperparameters"), setup);
  auto *paramLayout = new QVBoxLayout(paramBox);
  m_form = new TrainConfigForm(paramBox);
  m_cost = new EpochCostView(m_bridge, paramBox);
  paramLayout->addWidget(m_cost);
  paramLayout->addWidget(m_form);
  setupLayout->addWidget(paramBox);
  setupLayout->addStretch();
  connect(m_cost, &EpochCostView::requested, this, &TrainingPanel::estimateCost);
  connect(m_form, &TrainConfigForm::edited, m_cost, &EpochCostView::clear);
  connect(m_form, &TrainConfigForm::modelChanged, this, [this] {
    if (m_outputIsAuto) m_output->setText(freshOutputFolder());
  });
  auto *scroll = new QScrollArea(this);
  scroll->setWidget(setup);
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  return scroll;
}

QGroupBox *TrainingPanel::buildDataBox(QWidget *parent) {
  auto *dataBox = new QGroupBox(tr("Data and output"), parent);
  auto *dataForm = new QFormLayout(dataBox);
  m_backbone = new BackbonePicker(dataBox);
  dataForm->addRow(tr("Backbone"), m_backbone);
  auto *outputRow = new QHBoxLayout;
  m_output = new QLineEdit(dataBox);
  m_output->setToolTip(tr("The run folder. Starting with a folder that holds a stopped run resumes it."));
  connect(m_output, &QLineEdit::textEdited, this, [this] { m_outputIsAuto = false; });
  connect(m_output, &QLineEdit::textChanged, this, [this] {
    if (m_start) updateButtons();
  });
  auto *browse = new QToolButton(dataBox);
  browse->setText(QStringLiteral("…"));
  browse->setToolTip(tr("Choose the output folder"));
  connect(browse, &QToolButton::clicked, this, &TrainingPanel::chooseOutputFolder);
  outputRow->addWidget(m_output);
  outputRow->addWidget(browse);
  dataForm->addRow(tr("Output folder"), outputRow);
  return dataBox;
}

// How it goes: the buttons, the plots' settings, the status line, the plots, the runs and the log.
QWidget *TrainingPanel::buildMonitor(QWidget *setupColumn) {
  auto *monitor = new QWidget(this);
  auto *monitorLayout = new QVBoxLayout(monitor);
  monitorLayout->setContentsMargins(0, 0, 0, 0);
  monitorLayout->addLayout(buildControls(monitor, setupColumn));
  monitorLayout->addLayout(buildPlotSettings(monitor));
  m_status = new QLabel(monitor);
  m_status->setWordWrap(true);
  monitorLayout->addWidget(m_status);

  m_plots = new TrainingPlots(monitor);
  m_plots->setObjectName(QStringLiteral("plots"));
  connect(m_measure, &QComboBox::currentIndexChanged, this, [this] {
    m_plots->setMeasure(RecallMeasure(m_measure->currentData().toInt()));
    m_plots->refresh();
  });
  connect(m_smoothing, &QDoubleSpinBox::valueChanged, this, [this](double w) {
    m_plots->setSmoothing(w);
    m_plots->refresh();
  });
  connect(m_plots, &TrainingPlots::pointPicked, this,
          [this](bool loss, int runId, double x) { pickAt(loss ? Plot::Loss : Plot::Validation, x, runId); });
  m_atEpoch = new AtEpochTable(monitor);
  m_atEpoch->setObjectName(QStringLiteral("atEpoch"));
  QWidget *runs = buildRunList(monitor);
  m_log = new QPlainTextEdit(monitor);
  m_log->setAccessibleName(tr("Training log"));
  m_log->setReadOnly(true);
  m_log->setMaximumBlockCount(kLogLines);
  auto *lower = new QSplitter(Qt::Horizontal, monitor);
  lower->addWidget(runs);
  lower->addWidget(m_log);
  auto *vertical = new QSplitter(Qt::Vertical, monitor);
  vertical->addWidget(m_plots);
  vertical->addWidget(m_atEpoch); // hidden until an epoch is picked
  vertical->addWidget(lower);
  vertical->setStretchFactor(0, 3);
  vertical->setStretchFactor(1, 0);
  vertical->setStretchFactor(2, 1);
  monitorLayout->addWidget(vertical, 1);
  return monitor;
}

// Start, pause, resume and stop, after the button that shows or hides the settings column.
QHBoxLayout *TrainingPanel::buildControls(QWidget *monitor, QWidget *setupColumn) {
  auto *controls = new QHBoxLayout;
  m_start = new QPushButton(tr("Start"), monitor);
  m_pause = new QPushButton(tr("Pause"), monitor);
  m_resume = new QPushButton(tr("Resume"), monitor);
  m_stop = new QPushButton(tr("Stop"), monitor);
  m_start->setObjectName(QStringLiteral("startButton"));
  m_pause->setObjectName(QStringLiteral("pauseButton"));
  m_resume->setObjectName(QStringLiteral("resumeButton"));
  m_stop->setObjectName(QStringLiteral("stopButton"));
  m_stop->setToolTip(tr("Stop after the current minibatch; the last epoch's checkpoint is kept"));
  connect(m_start, &QPushButton::clicked, this, &TrainingPanel::start);
  connect(m_pause, &QPushButton::clicked, this, &TrainingPanel::pause);
  connect(m_resume, &QPushButton::clicked, this, &TrainingPanel::resume);
  connect(m_stop, &QPushButton::clicked, this, &TrainingPanel::stop);
  m_seedsAction = new QAction(tr("Train over seeds…"), this);
  m_seedsAction->setIconText(tr("Seeds…")); // the button's text, short: the dock is often narrow
  m_seedsAction->setObjectName(QStringLiteral("trainOverSeedsAction"));
  m_seedsAction->setToolTip(tr("Train this configuration once per seed, one after the other, and draw the runs as one group"));
  connect(m_seedsAction, &QAction::triggered, this, &TrainingPanel::askSeeds);
  m_seedsButton = new QToolButton(monitor);
  m_seedsButton->setObjectName(QStringLiteral("seedsButton"));
  m_seedsButton->setDefaultAction(m_seedsAction);
  // The dock is often narrow: the settings column can be folded away to give the plots the room.
  auto *settings = new QToolButton(monitor);
  settings->setText(tr("Settings"));
  settings->setCheckable(true);
  settings->setChecked(true);
  settings->setToolTip(tr("Show or hide the model and hyperparameter settings"));
  connect(settings, &QToolButton::toggled, setupColumn, &QWidget::setVisible);
  controls->addWidget(settings);
  controls->addWidget(m_start);
  controls->addWidget(m_seedsButton);
  for (QPushButton *b : {m_pause, m_resume, m_stop}) controls->addWidget(b);
  controls->addStretch();
  return controls;
}

// The validation measure, the loss curve's smoothing and scale, opening a run and exporting a plot.
QHBoxLayout *TrainingPanel::buildPlotSettings(QWidget *monitor) {
  auto *view = new QHBoxLayout;
  view->addWidget(new QLabel(tr("Validation"), monitor));
  m_measure = new QComboBox(monitor);
  m_measure->addItem(tr("R@1"), int(RecallMeasure::R1));
  m_measure->addItem(tr("R@5"), int(RecallMeasure::R5));
  m_measure->addItem(tr("R@10"), int(RecallMeasure::R10));
  m_measure->addItem(tr("rsum"), int(RecallMeasure::Rsum));
  m_measure->setCurrentIndex(2);
  view->addWidget(m_measure);
  view->addWidget(new QLabel(tr("Smoothing"), monitor));
  m_smoothing = new QDoubleSpinBox(monitor);
  m_smoothing->setRange(0, 0.99);
  m_smoothing->setSingleStep(0.05);
  m_smoothing->setValue(0.9);
  m_smoothing->setToolTip(tr("Weight of the loss curve's moving average per minibatch, whatever rate a run logged at (0: raw)"));
  view->addWidget(m_smoothing);
  m_logScale = new QCheckBox(tr("Log scale"), monitor);
  m_logScale->setObjectName(QStringLiteral("logScaleBox"));
  m_logScale->setToolTip(tr("Show the loss on a logarithmic axis"));
  connect(m_logScale, &QCheckBox::toggled, this, [this](bool on) { m_plots->setLogScale(on); });
  view->addWidget(m_logScale);
  view->addStretch();
  auto *openRun = new QPushButton(tr("Open run…"), monitor);
  connect(openRun, &QPushButton::clicked, this, &TrainingPanel::chooseRunFolder);
  view->addWidget(openRun);
  auto *exportButton = new QToolButton(monitor);
  exportButton->setText(tr("Export"));
  exportButton->setPopupMode(QToolButton::InstantPopup);
  auto *exportMenu = new QMenu(exportButton);
  exportMenu->addAction(tr("Loss plot…"), this, [this] { chooseExport(Plot::Loss); });
  exportMenu->addAction(tr("Validation plot…"), this, [this] { chooseExport(Plot::Validation); });
  exportButton->setMenu(exportMenu);
  view->addWidget(exportButton);
  return view;
}

// The runs drawn on the plots: a check box each, a context menu to colour, show or forget one, and
// under the list the seed-group controls.
QWidget *TrainingPanel::buildRunList(QWidget *monitor) {
  auto *box = new QWidget(monitor);
  m_runList = new QListWidget(box);
  m_runList->setObjectName(QStringLiteral("runList"));
  m_runList->setAccessibleName(tr("Runs"));
  m_runList->setToolTip(tr("Checked runs are drawn; selecting a finished run makes it the current run"));
  connect(m_runList, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
    m_plots->setRunVisible(item->data(Qt::UserRole).toInt(), item->checkState() == Qt::Checked);
    regroup(); // groups hold the checked runs
    refreshAtEpoch(false);
  });
  connect(m_runList, &QListWidget::currentItemChanged, this, &TrainingPanel::onRunSelected);
  m_runList->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(m_runList, &QListWidget::customContextMenuRequested, this, &TrainingPanel::showRunMenu);
  m_groupSeeds = new QCheckBox(tr("Group seeds"), box);
  m_groupSeeds->setObjectName(QStringLiteral("groupSeedsBox"));
  m_groupSeeds->setToolTip(tr("Draw checked runs that differ only in their seed as one mean curve with a band"));
  m_band = new QComboBox(box);
  m_band->setObjectName(QStringLiteral("bandBox"));
  m_band->setAccessibleName(tr("Band around the mean"));
  m_band->addItem(tr("± std"), int(BandKind::StdDev));
  m_band->addItem(tr("min–max"), int(BandKind::MinMax));
  m_band->setToolTip(tr("The band: one standard deviation either side of the mean, or the runs' lowest to highest"));
  m_band->setEnabled(false);
  connect(m_groupSeeds, &QCheckBox::toggled, this, [this](bool on) {
    m_band->setEnabled(on);
    regroup();
  });
  connect(m_band, &QComboBox::currentIndexChanged, this, [this] {
    m_plots->setBandKind(BandKind(m_band->currentData().toInt()));
    m_plots->refresh();
  });
  auto *seeds = new QHBoxLayout;
  seeds->setContentsMargins(0, 0, 0, 0);
  seeds->addWidget(m_groupSeeds);
  seeds->addWidget(m_band);
  seeds->addStretch();
  auto *layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(m_runList, 1);
  layout->addLayout(seeds);
  return box;
}

void TrainingPanel::showRunMenu(const QPoint &at) {
  QListWidgetItem *item = m_runList->itemAt(at);
  if (!item) return;
  const int id = item->data(Qt::UserRole).toInt();
  const Run *run = findRun(id);
  if (!run) return;
  QMenu menu(this);
  const QString dir = run->dir;
  menu.addAction(tr("Colour…"), this, [this, id] {
    const Run *chosen = findRun(id);
    if (!chosen) return;
    const QColor colour = QColorDialog::getColor(chosen->colour, this, tr("Colour of %1").arg(chosen->label));
    if (colour.isValid()) m_state.runColours().setColour(chosen->dir, colour); // onColourChanged redraws
  });
  menu.addAction(tr("Show folder"), this, [dir] { QDesktopServices::openUrl(QUrl::fromLocalFile(dir)); });
  QAction *remove = menu.addAction(tr("Remove from list"), this, [this, id] { removeRun(id); });
  remove->setEnabled(!(m_job != 0 && id == m_jobRun));
  menu.exec(m_runList->viewport()->mapToGlobal(at));
}

QString TrainingPanel::outputFolder() const { return m_output->text().trimmed(); }

void TrainingPanel::setOutputFolder(const QString &dir) {
  m_output->setText(dir);
  m_outputIsAuto = false;
}

void TrainingPanel::estimateCost() {
  TrainConfig config;
  QString error;
  if (!m_state.dataset()) return m_cost->showProblem(tr("open a dataset first"));
  if (!m_form->config(&config, &error)) return m_cost->showProblem(error);
  m_cost->estimate(m_state.dataset(), dataSource(), config);
}

TrainingSource TrainingPanel::dataSource() const {
  TrainingSource source;
  source.datasetPath = m_state.datasetPath();
  source.backbone = backbone().isEmpty() ? defaultBackbone() : backbone();
  return source;
}

QString TrainingPanel::backbone() const { return m_backbone->backbone(); }

void TrainingPanel::setBackbone(const QString &backbone) { m_backbone->setBackbone(backbone); }

QString TrainingPanel::statusText() const { return m_status->text(); }

QString TrainingPanel::logText() const { return m_log->toPlainText(); }

QString TrainingPanel::freshOutputFolder() const {
  const QString base = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
  const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
  return QDir(base).filePath(QStringLiteral("runs/%1-%2").arg(m_form->model(), stamp));
}

void TrainingPanel::appendLog(const QString &line) {
  m_log->appendPlainText(QStringLiteral("%1  %2").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), line));
}

void TrainingPanel::updateButtons() {
  const bool running = m_job != 0;
  // A new run needs the open dataset; a folder holding a run resumes with that run's data.
  const bool haveData = !m_state.datasetPath().isEmpty() ||
                        (!outputFolder().isEmpty() && RunFolder(outputFolder()).isRun());
  m_start->setEnabled(!running && haveData);
  m_seedsAction->setEnabled(!running && !m_state.datasetPath().isEmpty());
  m_start->setToolTip(haveData ? tr("Train the model in the output folder (resumes a stopped run there)")
                               : tr("Open a dataset first, or choose the folder of a stopped run"));
  m_pause->setEnabled(running && !m_paused);
  m_resume->setEnabled(running && m_paused);
  m_stop->setEnabled(running);
  m_form->setEnabled(!running);
  m_backbone->setEnabled(!running);
  m_output->setEnabled(!running);
}

// --- runs -------------------------------------------------------------------------------------

TrainingPanel::Run &TrainingPanel::runFor(const QString &runDir) {
  const QString dir = QDir::cleanPath(QFileInfo(runDir).absoluteFilePath());
  for (auto &run : m_runs)
    if (run->dir == dir) return *run;
  auto run = std::make_unique<Run>();
  run->id = m_nextRunId++;
  run->dir = dir;
  run->label = QFileInfo(dir).fileName();
  run->colour = m_state.runColours().colourOf(dir);
  run->item = new QListWidgetItem(RunColours::swatch(run->colour), run->label);
  run->item->setData(Qt::UserRole, run->id);
  run->item->setToolTip(QDir::toNativeSeparators(dir));
  run->item->setFlags(run->item->flags() | Qt::ItemIsUserCheckable);
  {
    const QSignalBlocker block(m_runList);
    run->item->setCheckState(Qt::Checked);
    m_runList->addItem(run->item);
  }
  m_runs.push_back(std::move(run));
  return *m_runs.back();
}

TrainingPanel::Run *TrainingPanel::findRun(int id) {
  for (auto &run : m_runs)
    if (run->id == id) return run.get();
  return nullptr;
}

bool TrainingPanel::removeRun(int id) {
  if (m_job != 0 && id == m_jobRun) return false; // its curves are still arriving
  for (auto it = m_runs.begin(); it != m_runs.end(); ++it) {
    if ((*it)->id != id) continue;
    m_plots->removeRun(id);
    m_plots->refresh();
    {
      // Removing the selected run makes another current: that must not open it as the workbench's run.
      const QSignalBlocker block(m_runList);
      delete (*it)->item; // the folder on disk is left alone
    }
    m_runs.erase(it);
    regroup();
    refreshAtEpoch(false);
    return true;
  }
  return false;
}

int TrainingPanel::runIdOf(const QString &runDir) const {
  const QString dir = QDir::cleanPath(QFileInfo(runDir).absoluteFilePath());
  for (const auto &run : m_runs)
    if (run->dir == dir) return run->id;
  return -1;
}

const RunCurves *TrainingPanel::curves(int runId) const {
  for (const auto &run : m_runs)
    if (run->id == runId) return &run->curves;
  return nullptr;
}

void TrainingPanel::showRun(Run &run) {
  m_plots->setRun(run.id, run.label, run.colour, run.curves);
  m_plots->setRunVisible(run.id, run.item->checkState() == Qt::Checked);
  updateRunItem(run);
  m_plots->refresh();
}

void TrainingPanel::updateRunItem(Run &run) {
  QString text = run.label;
  const int epochs = run.curves.epochs().empty() ? 0 : run.curves.epochs().back().epoch;
  if (m_job != 0 && run.id == m_jobRun) text += tr(" — training");
  else if (RunFolder(run.dir).isFinished()) text += tr(" — finished");
  else if (epochs > 0) text += tr(" — stopped");
  if (epochs > 0) {
    text += run.epochsPlanned > 0 ? tr(", epoch %1/%2").arg(epochs).arg(run.epochsPlanned) : tr(", epoch %1").arg(epochs);
    // The epoch the run keeps, by its own selection rule.
    const int kept = run.curves.bestEpoch();
    for (const EpochEvent &e : run.curves.epochs())
      if (e.epoch == kept) text += tr(", best epoch %1 (rsum %2)").arg(kept).arg(e.validation.rsum, 0, 'f', 1);
  }
  // Sentence similarity evaluated on the finished run (`similarity`, `compare --similarity`): ρ ×100.
  if (RunFolder(run.dir).isFinished()) {
    const QJsonObject similarity = RunFolder(run.dir).result().similarity;
    QStringList scores;
    for (auto it = similarity.begin(); it != similarity.end(); ++it) {
      const SimilarityResult s = SimilarityResult::fromJson(it.value().toObject());
      scores << tr("%1 ρ %2").arg(it.key().toUpper()).arg(s.all.spearman, 0, 'f', 1);
    }
    if (!scores.isEmpty()) text += QStringLiteral(", ") + scores.join(QStringLiteral(", "));
  }
  const QSignalBlocker block(m_runList);
  run.item->setText(text);
}

bool TrainingPanel::openRunFolder(const QString &runDir) { return loadRun(runDir, true); }

bool TrainingPanel::loadRun(const QString &runDir, bool offerResume) {
  RunCurves curves;
  QString error;
  QStringList warnings;
  if (!curves.readRunFolder(runDir, &error, &warnings)) {
    appendLog(error);
    return false;
  }
  for (const QString &w : warnings) appendLog(w);
  Run &run = runFor(runDir);
  if (m_job != 0 && run.id == m_jobRun) return true; // live curves win over a half-written file
  run.curves = curves;
  // config.json says how many epochs were planned, and lets Start resume a stopped run.
  const RunFolder folder(run.dir);
  TrainConfig config;
  bool haveConfig = false;
  if (QFileInfo::exists(folder.configFile())) {
    try {
      config = folder.config();
      run.epochsPlanned = config.epochs;
      haveConfig = true;
    } catch (const RunFolderError &e) {
      appendLog(QString::fromUtf8(e.what()));
    }
  }
  readRecord(run);
  showRun(run);
  regroup();
  refreshAtEpoch(false);
  appendLog(tr("Opened %1: %n epoch(s), ", nullptr, int(curves.epochs().size())).arg(QDir::toNativeSeparators(run.dir)) +
            tr("%n minibatch(es)", nullptr, int(curves.batches().size())));
  if (offerResume && haveConfig && m_job == 0 && !folder.isFinished()) {
    // An unfinished run: set the form up so that Start continues it.
    m_form->setConfig(config);
    setOutputFolder(run.dir);
    appendLog(tr("The run did not finish: Start resumes it from its last checkpoint."));
  }
  return true;
}

void TrainingPanel::onRunSelected() {
  QListWidgetItem *item = m_runList->currentItem();
  if (!item) return;
  Run *run = findRun(item->data(Qt::UserRole).toInt());
  if (!run || (m_job != 0 && run->id == m_jobRun)) return; // the run being trained has no final model yet
  if (!RunFolder(run->dir).hasModel() || run->dir == QDir::cleanPath(QFileInfo(m_state.runDir()).absoluteFilePath())) return;
  m_state.openRun(m_bridge, run->dir);
}

// --- the training job -------------------------------------------------------------------------

bool TrainingPanel::start() {
  if (m_job != 0) return false;
  TrainConfig config;
  QString error;
  if (!m_form->config(&config, &error)) {
    appendLog(tr("Cannot start: %1").arg(error));
    return false;
  }
  const QString runDir = outputFolder();
  if (runDir.isEmpty()) {
    appendLog(tr("Cannot start: choose an output folder"));
    return false;
  }
  // A folder that already holds a run resumes with the data that run was trained on.
  const bool resuming = RunFolder(runDir).isRun();
  if (!resuming && m_state.datasetPath().isEmpty()) {
    appendLog(tr("Cannot start: open a dataset first"));
    return false;
  }
  TrainingRequest request;
  request.source = dataSource();
  requestInputsOf(config, request.source);
  request.dataset = m_state.dataset(); // already loaded: the job need not read it again
  request.config = config;
  request.resume = resuming;

  Run &run = runFor(runDir);
  run.epochsPlanned = config.epochs;
  if (resuming) run.curves.readRunFolder(run.dir); // the epochs done so far, before the live ones
  else run.curves.clear();
  run.curves.setSelection(config.selection, config.firstSelectableEpoch());
  m_jobRun = run.id;
  regroup(); // a resumed run leaves its seed group while its curves grow

  m_inbox = std::make_shared<TrainingInbox>();
  const QString dir = run.dir;
  request.runDir = dir;
  request.inbox = m_inbox;
  m_job = m_bridge.submit(tr("Train %1").arg(config.modelName()), makeTrainingJob(request));
  m_paused = false;
  m_jobStarted = false;
  m_liveBatches = false;
  m_rate.reset();
  m_clock.start();
  m_drainTimer->start();
  appendLog(resuming ? tr("Resuming %1 in %2").arg(config.modelName(), QDir::toNativeSeparators(dir))
                     : tr("Training %1 into %2").arg(config.modelName(), QDir::toNativeSeparators(dir)));
  m_status->setText(tr("Waiting for the engine…"));
  showRun(run);
  {
    const QSignalBlocker block(m_runList);
    m_runList->setCurrentItem(run.item);
  }
  updateButtons();
  return true;
}

void TrainingPanel::pause() {
  if (m_job == 0 || m_paused) return;
  drainInbox(); // what happened before the pause is logged before it
  m_bridge.engine().pause(m_job);
  m_paused = true;
  m_rate.reset(); // the time paused is no measure of speed
  m_status->setText(tr("Paused (the job holds at its next minibatch)"));
  appendLog(tr("Paused"));
  updateButtons();
}

void TrainingPanel::resume() {
  if (m_job == 0 || !m_paused) return;
  m_bridge.engine().resume(m_job);
  m_paused = false;
  m_rate.reset();
  appendLog(tr("Resumed"));
  updateButtons();
}

void TrainingPanel::stop() {
  if (m_job == 0) return;
  drainInbox();
  m_bridge.engine().cancel(m_job);
  appendLog(tr("Stopping…"));
}

void TrainingPanel::drainInbox() {
  if (!m_inbox) return;
  std::vector<TrainingInbox::Batch> batches;
  std::vector<EpochEvent> epochs;
  m_inbox->take(&batches, &epochs);
  Run *run = findRun(m_jobRun);
  if (!run || (batches.empty() && epochs.empty())) return;
  for (const TrainingInbox::Batch &b : batches) {
    run->curves.addBatch(b.event);
    run->batchesPerEpoch = b.event.batchesPerEpoch;
    if (!m_paused) m_rate.add(b.event.iteration, b.seconds);
  }
  for (const EpochEvent &e : epochs) {
    run->curves.addEpoch(e);
    // HM-LSTM: the correspondence step that opened the epoch (§3.3), against the ground truth.
    QString correspondence;
    if (e.correspondence.step > 0)
      correspondence = e.correspondence.hasGroundTruth()
                           ? tr("; correspondence step %1: %2 % right (proposal ceiling %3 %, chance %4 %)")
                                 .arg(e.correspondence.step)
                                 .arg(e.correspondence.accuracy, 0, 'f', 1)
                                 .arg(e.correspondence.ceiling, 0, 'f', 1)
                                 .arg(e.correspondence.chance, 0, 'f', 1)
                           : tr("; correspondence step %1: no ground truth").arg(e.correspondence.step);
    appendLog(tr("Epoch %1/%2: loss %3, validation %4%5 (%6 s)%7")
                  .arg(e.epoch)
                  .arg(run->epochsPlanned)
                  .arg(e.trainLoss, 0, 'f', 3)
                  .arg(metricsLine(e.validation))
                  .arg(e.best ? tr(", best so far") : QString())
                  .arg(e.seconds, 0, 'f', 1)
                  .arg(correspondence));
  }
  if (!epochs.empty()) refreshAtEpoch(false);
  m_liveBatches = m_liveBatches || !batches.empty();
  if (!batches.empty() && !m_paused) {
    const BatchEvent &last = batches.back().event;
    const std::int64_t total = std::int64_t(last.batchesPerEpoch) * run->epochsPlanned;
    const double rate = m_rate.rate();
    m_status->setText(tr("Epoch %1/%2 · minibatch %3/%4 · loss %5 · %6 minibatches/s · ETA %7")
                          .arg(last.epoch)
                          .arg(run->epochsPlanned)
                          .arg(last.batch)
                          .arg(last.batchesPerEpoch)
                          .arg(last.loss, 0, 'f', 3)
                          .arg(rate, 0, 'f', 1)
                          .arg(RateEstimator::formatDuration(m_rate.secondsLeft(total))));
  }
  showRun(*run);
}

void TrainingPanel::onFinished(JobId id, const QString &, const JobOutcome &outcome) {
  if (id != m_job) return;
  if (!m_seedRuns.isEmpty()) return finishSeedJob(outcome);
  drainInbox();
  m_drainTimer->stop();
  m_inbox.reset();
  m_job = 0;
  m_paused = false;
  Run *run = findRun(m_jobRun);
  const QString dir = run ? run->dir : outputFolder();
  switch (outcome.status) {
  case JobStatus::Succeeded: {
    const RetrievalMetrics test = RetrievalMetrics::fromJson(outcome.summary.value(QStringLiteral("test")).toObject());
    m_status->setText(tr("Finished in %1").arg(RateEstimator::formatDuration(m_clock.elapsed() / 1000.0)));
    appendLog(tr("Finished: test %1").arg(metricsLine(test)) + intervalsLine(outcome.summary.value(QStringLiteral("test_intervals")).toObject()));
    if (m_outputIsAuto) m_output->setText(freshOutputFolder()); // the next Start makes a new run
    break;
  }
  case JobStatus::Cancelled:
    m_status->setText(tr("Stopped"));
    if (RunFolder(dir).hasCheckpoint())
      appendLog(tr("Stopped. The checkpoint of the last whole epoch is kept in %1; Start with this folder resumes it.")
                    .arg(QDir::toNativeSeparators(dir)));
    else
      appendLog(tr("Stopped before the first epoch ended: there is no checkpoint yet, so Start begins again."));
    m_outputIsAuto = false; // keep the folder so that Start resumes
    break;
  default:
    m_status->setText(tr("Failed: %1").arg(outcome.error));
    appendLog(tr("Failed: %1").arg(outcome.error));
    break;
  }
  if (run) {
    updateRunItem(*run);
    readRecord(*run); // now complete on disk: it may join a seed group
    regroup();
  }
  updateButtons();
  if (outcome.status == JobStatus::Succeeded) {
    Q_EMIT runFinished(dir);
    m_state.openRun(m_bridge, dir);
  }
}

// --- dialogs ----------------------------------------------------------------------------------

void TrainingPanel::chooseOutputFolder() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Output folder"), outputFolder());
  if (!dir.isEmpty()) setOutputFolder(dir);
}

void TrainingPanel::chooseRunFolder() {
  const QString base = QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)).filePath(QStringLiteral("runs"));
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Open run"), base);
  if (!dir.isEmpty()) openRunFolder(dir);
}

FigureExportResult TrainingPanel::exportPlot(Plot which, const QString &path, QSize size) {
  QCustomPlot *plot = which == Plot::Loss ? m_plots->lossPlot() : m_plots->validationPlot();
  plot->replot(QCustomPlot::rpImmediateRefresh); // the file shows what the data is now
  return exportFigure(*plot, path, size);
}

void TrainingPanel::chooseExport(Plot which) {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export plot"), {}, figureFileFilter());
  if (path.isEmpty()) return;
  QCustomPlot *plot = which == Plot::Loss ? m_plots->lossPlot() : m_plots->validationPlot();
  const QSize size = TrainingPlots::askFigureSize(this, plot->size().expandedTo(QSize(800, 500)));
  if (size.isEmpty()) return;
  const FigureExportResult result = exportPlot(which, path, size);
  appendLog(result.ok ? tr("Exported %1").arg(QDir::toNativeSeparators(path)) : result.error);
}

}  // namespace gs
