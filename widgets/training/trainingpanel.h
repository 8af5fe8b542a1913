#pragma once
// The Training dashboard: choose a model and its hyperparameters (a form built from the config
// schema, filled with the paper's defaults), start a run as one engine job (prepare the training
// data, then train), pause / resume / stop it, and watch its loss and validation recall live,
// overlaid on runs reopened from their folders. A stopped run keeps its checkpoint: starting
// again with the same output folder resumes it. Selecting a finished run makes it the workbench's
// current run (WorkbenchState::openRun), as does a run that finishes here.
//
// Each run has the workbench's colour for it (RunColours), and runs that differ only in their seed
// can be drawn as one group, a mean with a band. Clicking a curve picks an epoch for every view
// (WorkbenchState::pickEpoch): a cursor marks it on both plots and a small table lists every shown
// run's metrics at that epoch.
//
// Train over seeds… trains the form's configuration once per seed as one engine job (the data
// prepared once), each run into a folder of its own; the finished runs join the list as one seed
// group.

#include "engine/enginebridge.h"
#include "training/runs/runcurves.h"
#include "training/runs/runindex.h"
#include "training/runs/seedgroups.h"
#include "training/trainingsource.h"

#include <QColor>
#include <QElapsedTimer>
#include <QSize>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QAction;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QComboBox;
class QCheckBox;
class QDoubleSpinBox;
class QListWidget;
class QListWidgetItem;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QTimer;
class QToolButton;

namespace gs {

class AtEpochTable;
class BackbonePicker;
class EpochCostView;

class TrainConfigForm;
class TrainingPlots;
class WorkbenchState;
struct FigureExportResult;
class TrainingInbox;

class TrainingPanel : public QWidget {
  Q_OBJECT
public:
  TrainingPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);
  ~TrainingPanel() override;

  enum class Plot { Loss, Validation };

  // Actions, as the buttons trigger them (tests call them directly). start() returns false and
  // logs why when the form or the output folder is not usable.
  bool start();
  void pause();
  void resume();
  void stop();
  // The form's configuration once per seed (at least two), one after the other, as one engine job
  // with progress, pause and cancel: the data is prepared once, and each run trains into
  // seedsFolder()/<model>-e<epochs>-s<seed>. Each run joins the list as it finishes and the seed
  // groups are switched on; a seed that fails is logged and the others go on. false with a logged
  // reason when the form, the dataset, the folder or the seeds are not usable.
  bool trainOverSeeds(const std::vector<quint64> &seeds);
  QString seedsFolder() const; // beside the output folder: "<output folder>-seeds"
  // Adds (or reloads) a run folder's curves; false with a logged reason when it holds no run.
  bool openRunFolder(const QString &runDir);
  // Takes a run off the list and the plots (not the run being trained; its folder stays on disk).
  bool removeRun(int runId);
  FigureExportResult exportPlot(Plot which, const QString &path, QSize size = {});
  // Seed groups, as the controls under the run list set them: checked runs that differ only in
  // their seed (RunRecord::groupKey) draw as one mean curve with a band of `kind`.
  void setSeedsGrouped(bool grouped);
  void setBandKind(BandKind kind);
  // What a click or drag on a plot at x does: the nearest epoch of run `runId` (on the loss plot,
  // the epoch of the nearest minibatch), or of the selected run when -1, becomes the workbench's
  // picked epoch. Returns that epoch, 0 when no shown run has one.
  int pickAt(Plot which, double x, int runId = -1);
  AtEpochTable *atEpochTable() const { return m_atEpoch; }
  TrainingPlots *plots() const { return m_plots; }

  // State, for tests and the main window.
  JobId currentJob() const { return m_job; }
  bool isPaused() const { return m_paused; }
  QString outputFolder() const;
  void setOutputFolder(const QString &dir);
  QString backbone() const;
  void setBackbone(const QString &backbone);
  TrainConfigForm *form() const { return m_form; }
  QPushButton *startButton() const { return m_start; }
  QPushButton *stopButton() const { return m_stop; }
  QString statusText() const;
  QString logText() const;
  // The run shown for a folder (-1 when not listed) and its curves.
  int runIdOf(const QString &runDir) const;
  const RunCurves *curves(int runId) const;

Q_SIGNALS:
  // A run finished successfully here (after which the state opens it).
  void runFinished(const QString &runDir);

private:
  struct Run {
    int id = 0;
    QString dir;
    QString label;
    QColor colour;
    RunCurves curves;
    int epochsPlanned = 0;
    std::int64_t batchesPerEpoch = 0;
    QListWidgetItem *item = nullptr;
    RunRecord record;       // for the seed groups; read when the run is opened or finishes
    bool hasRecord = false; // false: a run not yet (or not readably) on disk stays alone
  };

  void buildUi();
  QScrollArea *buildSetupColumn();
  QGroupBox *buildDataBox(QWidget *parent);
  void estimateCost(); // the form's model measured on the open dataset (EpochCostView)
  TrainingSource dataSource() const; // the open dataset and the chosen backbone, as a run reads them
  QWidget *buildMonitor(QWidget *setupColumn);
  QHBoxLayout *buildControls(QWidget *monitor, QWidget *setupColumn);
  QHBoxLayout *buildPlotSettings(QWidget *monitor);
  QWidget *buildRunList(QWidget *monitor); // the list with the seed-group controls under it
  void showRunMenu(const QPoint &at);
  Run &runFor(const QString &runDir); // finds or adds the list entry
  Run *runAt(const QString &runDir);  // by path, symbolic links resolved; nullptr when not listed
  void readRecord(Run &run);
  void regroup();
  void onColourChanged(const QString &runDir, const QColor &colour);
  const Run *pickTarget(int runId); // the run a pick applies to
  void onEpochPicked(const QString &runDir, int epoch);
  void refreshAtEpoch(bool reveal); // reveal: show the table even when the user closed it
  // Reads a run folder into the list; offerResume: an unfinished run also fills the form and folder.
  bool loadRun(const QString &runDir, bool offerResume);
  Run *findRun(int id);
  void showRun(Run &run);
  void updateRunItem(Run &run);
  void updateButtons();
  void drainInbox();
  void onFinished(JobId id, const QString &name, const JobOutcome &outcome);
  void askSeeds();
  void openFinishedSeedRuns(); // the seed job's runs that finished since the last look
  void finishSeedJob(const JobOutcome &outcome);
  void onRunSelected();
  void appendLog(const QString &line);
  QString freshOutputFolder() const;
  void chooseOutputFolder();
  void chooseRunFolder();
  void chooseExport(Plot which);

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  TrainConfigForm *m_form = nullptr;
  BackbonePicker *m_backbone = nullptr;
  EpochCostView *m_cost = nullptr;
  QLineEdit *m_output = nullptr;
  bool m_outputIsAuto = true; // a generated folder follows the model; one the user chose stays
  QPushButton *m_start = nullptr, *m_pause = nullptr, *m_resume = nullptr, *m_stop = nullptr;
  QAction *m_seedsAction = nullptr;
  QToolButton *m_seedsButton = nullptr;
  TrainingPlots *m_plots = nullptr;
  QComboBox *m_measure = nullptr;
  QDoubleSpinBox *m_smoothing = nullptr;
  QCheckBox *m_logScale = nullptr;
  QListWidget *m_runList = nullptr;
  QCheckBox *m_groupSeeds = nullptr;
  QComboBox *m_band = nullptr;
  AtEpochTable *m_atEpoch = nullptr;
  QLabel *m_status = nullptr;
  QPlainTextEdit *m_log = nullptr;
  QTimer *m_drainTimer = nullptr;

  std::vector<std::unique_ptr<Run>> m_runs;
  int m_nextRunId = 1;
  JobId m_job = 0;
  bool m_paused = false;
  bool m_jobStarted = false;
  bool m_liveBatches = false; // the job reached its first minibatch
  int m_jobRun = 0; // id of the run the job trains
  // The seed job's run folders, in seed order, and which of them the list has not opened yet
  // (both empty outside a seed job).
  QStringList m_seedRuns, m_seedRunsPending;
  std::shared_ptr<TrainingInbox> m_inbox;
  RateEstimator m_rate;
  QElapsedTimer m_clock; // since Start, for the finished message
};

}  // namespace gs
