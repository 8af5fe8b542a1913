#include "training/trainingpanel.h"

#include "common/viewexport.h"
#include "common/workbenchstate.h"
#include "training/atepochtable.h"
#include "training/curvesettings.h"
#include "training/epochpicker.h"
#include "training/liverunjob.h"
#include "training/runcontrols.h"
#include "training/runlist.h"
#include "training/runs/runfolder.h"
#include "training/seedrunsjob.h"
#include "training/seedsdialog.h"
#include "training/trainconfigform.h"
#include "training/trainingsetup.h"

#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QStandardPaths>
#include <QTime>
#include <QVBoxLayout>

#include <initializer_list>
#include <optional>

namespace gs {

namespace {
constexpr int kLogLines = 2000; // the newest lines only: a laid-out line costs about 1 KB
} // namespace

// The settings column (left) beside the monitor (right); the controls' Settings button folds the
// column away.
TrainingPanel::TrainingPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_bridge(bridge), m_state(state) {
  m_setup = new TrainingSetup(m_bridge, m_state, this);
  QWidget *monitor = buildMonitor();
  auto *splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(m_setup);
  splitter->addWidget(monitor);
  splitter->setStretchFactor(0, 0);
  splitter->setStretchFactor(1, 1);
  auto *layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(splitter);
  m_live = new LiveRunJob(m_bridge, *m_runs, this);
  m_seeds = new SeedRunsJob(m_bridge, *m_setup, m_state, *m_runs, this);
  connectViews();
  connectJobs();
  updateButtons();
}

TrainingPanel::~TrainingPanel() = default;

// How it goes: the controls, the plots' settings, the status line, the plots, the picked epoch's
// table, the runs and the log.
QWidget *TrainingPanel::buildMonitor() {
  auto *monitor = new QWidget(this);
  auto *monitorLayout = new QVBoxLayout(monitor);
  monitorLayout->setContentsMargins(0, 0, 0, 0);
  m_controls = new RunControls(monitor);
  monitorLayout->addWidget(m_controls);
  m_plots = new TrainingPlots(monitor);
  m_plots->setObjectName(QStringLiteral("plots"));
  m_curveSettings = new CurveSettings(*m_plots, monitor);
  monitorLayout->addWidget(m_curveSettings);
  m_status = new QLabel(monitor);
  m_status->setWordWrap(true);
  monitorLayout->addWidget(m_status);
  m_atEpoch = new AtEpochTable(monitor);
  m_atEpoch->setObjectName(QStringLiteral("atEpoch"));
  m_runs = new RunList(m_bridge, m_state, *m_plots, monitor);
  m_picker = new EpochPicker(m_state, *m_plots, *m_atEpoch, *m_runs, this);
  m_log = new QPlainTextEdit(monitor);
  m_log->setAccessibleName(tr("Training log"));
  m_log->setReadOnly(true);
  m_log->setMaximumBlockCount(kLogLines);
  auto *lower = new QSplitter(Qt::Horizontal, monitor);
  lower->addWidget(m_runs);
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

void TrainingPanel::connectViews() {
  connect(m_controls, &RunControls::startClicked, this, &TrainingPanel::start);
  connect(m_controls, &RunControls::seedsTriggered, this, &TrainingPanel::askSeeds);
  connect(m_controls, &RunControls::pauseClicked, this, &TrainingPanel::pause);
  connect(m_controls, &RunControls::resumeClicked, this, &TrainingPanel::resume);
  connect(m_controls, &RunControls::stopClicked, this, &TrainingPanel::stop);
  connect(m_controls, &RunControls::settingsToggled, m_setup, &QWidget::setVisible);
  connect(m_setup, &TrainingSetup::outputFolderChanged, this, &TrainingPanel::updateButtons);
  connect(m_curveSettings, &CurveSettings::openRunRequested, this, &TrainingPanel::chooseRunFolder);
  connect(m_curveSettings, &CurveSettings::message, this, &TrainingPanel::appendLog);
  connect(m_runs, &RunList::message, this, &TrainingPanel::appendLog);
  connect(m_runs, &RunList::changed, m_picker, [this] { m_picker->refresh(false); });
  connect(&m_state, &WorkbenchState::datasetChanged, this, &TrainingPanel::updateButtons);
  // A run made current elsewhere (the main window, another panel) joins the list for comparison.
  connect(&m_state, &WorkbenchState::runChanged, this, [this](const QString &runDir) {
    if (!runDir.isEmpty() && runIdOf(runDir) < 0) loadRun(runDir, false);
  });
}

// Either job reports to the status line and the log; the end of each has its own consequences.
void TrainingPanel::connectJobs() {
  for (RunJob *job : std::initializer_list<RunJob *>{m_live, m_seeds}) {
    connect(job, &RunJob::status, m_status, &QLabel::setText);
    connect(job, &RunJob::message, this, &TrainingPanel::appendLog);
    connect(job, &RunJob::stateChanged, this, &TrainingPanel::updateButtons);
  }
  connect(m_live, &LiveRunJob::ended, this, &TrainingPanel::onLiveRunEnded);
  connect(m_seeds, &SeedRunsJob::ended, this, [this](JobStatus status) {
    if (status == JobStatus::Succeeded) m_setup->renewOutputFolder(); // the next seeds go elsewhere
    updateButtons();
  });
}

RunJob *TrainingPanel::activeJob() const {
  if (m_live->isRunning()) return m_live;
  if (m_seeds->isRunning()) return m_seeds;
  return nullptr;
}

// --- the jobs ---------------------------------------------------------------------------------

bool TrainingPanel::start() {
  if (activeJob()) return false;
  TrainConfig config;
  QString error;
  if (!m_setup->form()->config(&config, &error)) {
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
  request.source = m_setup->dataSource();
  requestInputsOf(config, request.source);
  request.dataset = m_state.dataset(); // already loaded: the job need not read it again
  request.config = config;
  request.resume = resuming;
  request.runDir = runDir;
  m_live->start(request);
  return true;
}

void TrainingPanel::pause() {
  if (RunJob *job = activeJob()) job->pause();
}

void TrainingPanel::resume() {
  if (RunJob *job = activeJob()) job->resume();
}

void TrainingPanel::stop() {
  if (RunJob *job = activeJob()) job->stop();
}

void TrainingPanel::onLiveRunEnded(const QString &runDir, JobStatus status) {
  if (status == JobStatus::Succeeded) m_setup->renewOutputFolder(); // the next Start makes a new run
  if (status == JobStatus::Cancelled) m_setup->keepOutputFolder();  // so that Start resumes
  updateButtons();
  if (status == JobStatus::Succeeded) {
    Q_EMIT runFinished(runDir);
    m_state.openRun(m_bridge, runDir);
  }
}

bool TrainingPanel::trainOverSeeds(const std::vector<quint64> &seeds) {
  if (activeJob()) return false;
  return m_seeds->start(seeds);
}

QString TrainingPanel::seedsFolder() const { return m_seeds->seedsFolder(); }

void TrainingPanel::askSeeds() {
  SeedsDialog dialog(this);
  if (dialog.exec() == QDialog::Accepted) trainOverSeeds(dialog.seeds());
}

void TrainingPanel::updateButtons() {
  const RunJob *job = activeJob();
  // A new run needs the open dataset; a folder holding a run resumes with that run's data.
  const bool haveDataset = !m_state.datasetPath().isEmpty();
  const bool haveData = haveDataset || (!outputFolder().isEmpty() && RunFolder(outputFolder()).isRun());
  m_controls->setState(job != nullptr, job && job->isPaused(), haveData, haveDataset);
  m_setup->setEditable(!job);
}

// --- runs -------------------------------------------------------------------------------------

bool TrainingPanel::openRunFolder(const QString &runDir) {
  if (!loadRun(runDir, true)) return false;
  // An opened run is the one the user wants to look at: it becomes the workbench's current run.
  m_runs->makeCurrent(m_runs->idOf(runDir));
  return true;
}

bool TrainingPanel::loadRun(const QString &runDir, bool offerResume) {
  std::optional<TrainConfig> config;
  if (!m_runs->open(runDir, &config)) return false;
  const QString dir = m_runs->find(m_runs->idOf(runDir))->dir;
  if (offerResume && config && !activeJob() && !RunFolder(dir).isFinished()) {
    // An unfinished run: set the form up so that Start continues it.
    m_setup->form()->setConfig(*config);
    setOutputFolder(dir);
    appendLog(tr("The run did not finish: Start resumes it from its last checkpoint."));
  }
  return true;
}

void TrainingPanel::chooseRunFolder() {
  const QString base = QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)).filePath(QStringLiteral("runs"));
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Open run"), base);
  if (!dir.isEmpty()) openRunFolder(dir);
}

bool TrainingPanel::removeRun(int runId) { return m_runs->remove(runId); }

int TrainingPanel::runIdOf(const QString &runDir) const { return m_runs->idOf(runDir); }

const RunCurves *TrainingPanel::curves(int runId) const {
  const RunList::Entry *run = m_runs->find(runId);
  return run ? &run->curves : nullptr;
}

void TrainingPanel::setSeedsGrouped(bool grouped) { m_runs->setSeedsGrouped(grouped); }

void TrainingPanel::setBandKind(BandKind kind) { m_runs->setBandKind(kind); }

int TrainingPanel::pickAt(Plot which, double x, int runId) { return m_picker->pickAt(which, x, runId); }

FigureExportResult TrainingPanel::exportPlot(Plot which, const QString &path, QSize size) {
  return m_curveSettings->exportPlot(which, path, size);
}

// --- state ------------------------------------------------------------------------------------

JobId TrainingPanel::currentJob() const {
  const RunJob *job = activeJob();
  return job ? job->id() : 0;
}

bool TrainingPanel::isPaused() const {
  const RunJob *job = activeJob();
  return job && job->isPaused();
}

QString TrainingPanel::outputFolder() const { return m_setup->outputFolder(); }

void TrainingPanel::setOutputFolder(const QString &dir) { m_setup->setOutputFolder(dir); }

QString TrainingPanel::backbone() const { return m_setup->backbone(); }

void TrainingPanel::setBackbone(const QString &backbone) { m_setup->setBackbone(backbone); }

TrainConfigForm *TrainingPanel::form() const { return m_setup->form(); }

QPushButton *TrainingPanel::startButton() const { return m_controls->startButton(); }

QPushButton *TrainingPanel::stopButton() const { return m_controls->stopButton(); }

QString TrainingPanel::statusText() const { return m_status->text(); }

QString TrainingPanel::logText() const { return m_log->toPlainText(); }

void TrainingPanel::appendLog(const QString &line) {
  m_log->appendPlainText(QStringLiteral("%1  %2").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), line));
}

}  // namespace gs
