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
//
// The panel lays out and wires its views, each with its own state: the settings column
// (TrainingSetup), the row of controls (RunControls), the bar over the plots (CurveSettings), the
// plots (TrainingPlots), the runs drawn (RunList), the picked epoch (EpochPicker and its
// AtEpochTable), and the two kinds of training job (LiveRunJob, SeedRunsJob), of which one runs at
// a time; the status line and the log show what the views and the jobs report.

#include "engine/enginebridge.h"
#include "training/runs/runcurves.h"
#include "training/runs/seedgroups.h"
#include "training/trainingplots.h"

#include <QSize>
#include <QWidget>

#include <vector>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace gs {

class AtEpochTable;
class CurveSettings;
class EpochPicker;
class LiveRunJob;
class RunControls;
class RunJob;
class RunList;
class SeedRunsJob;
class TrainConfigForm;
class TrainingSetup;
class WorkbenchState;
struct FigureExportResult;

class TrainingPanel : public QWidget {
  Q_OBJECT
public:
  TrainingPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);
  ~TrainingPanel() override;

  using Plot = TrainingPlots::Plot;

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
  // Adds (or reloads) a run folder's curves and makes it the workbench's current run when it has a
  // model (its test split is then embedded, a job in the Jobs tab); false with a logged reason when
  // it holds no run.
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
  JobId currentJob() const;
  bool isPaused() const;
  QString outputFolder() const;
  void setOutputFolder(const QString &dir);
  QString backbone() const;
  void setBackbone(const QString &backbone);
  TrainConfigForm *form() const;
  QPushButton *startButton() const;
  QPushButton *stopButton() const;
  QString statusText() const;
  QString logText() const;
  // The run shown for a folder (-1 when not listed) and its curves.
  int runIdOf(const QString &runDir) const;
  const RunCurves *curves(int runId) const;

Q_SIGNALS:
  // A run finished successfully here (after which the state opens it).
  void runFinished(const QString &runDir);

private:
  QWidget *buildMonitor();
  void connectViews();
  void connectJobs();
  RunJob *activeJob() const; // the job that trains now; nullptr when none
  // Reads a run folder into the list; offerResume: an unfinished run also fills the form and folder.
  bool loadRun(const QString &runDir, bool offerResume);
  void onLiveRunEnded(const QString &runDir, JobStatus status);
  void updateButtons();
  void askSeeds();
  void chooseRunFolder();
  void appendLog(const QString &line);

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  TrainingSetup *m_setup = nullptr;
  RunControls *m_controls = nullptr;
  CurveSettings *m_curveSettings = nullptr;
  TrainingPlots *m_plots = nullptr;
  AtEpochTable *m_atEpoch = nullptr;
  RunList *m_runs = nullptr;
  EpochPicker *m_picker = nullptr;
  LiveRunJob *m_live = nullptr;
  SeedRunsJob *m_seeds = nullptr;
  QLabel *m_status = nullptr;
  QPlainTextEdit *m_log = nullptr;
};

}  // namespace gs
