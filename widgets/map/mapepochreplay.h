#pragma once
// The Map's epochs, for runs that recorded them (runtrajectory.h): the Replay button lays the run's
// recorded sample out at each recorded epoch, each epoch's map started from the previous one's, as
// an engine job on the interactive lane; the epoch slider then steps through those layouts. An
// epoch picked on the Training dock's curves (WorkbenchState::epochPicked) is shown from the replay,
// which is started first when it is not there. The Movers button shows the table of the items whose
// neighbourhood changed most between two epochs (MoversTable, placed by the panel beside the map).
// It draws nothing itself: the panel shows the sample and draws the layouts it reports.

#include "analysis/layoutsequence.h"
#include "analysis/mapmodel.h"
#include "common/backgroundjob.h"
#include "engine/job.h"

#include <QRectF>
#include <QWidget>

#include <vector>

class QPushButton;

namespace gs {

class EpochSlider;
class MoversTable;
class WorkbenchState;

class MapEpochReplay : public QWidget {
  Q_OBJECT
public:
  // bridge, state and model (the map's items) must outlive the replay.
  MapEpochReplay(EngineBridge &bridge, WorkbenchState &state, const MapModel &model, QWidget *parent = nullptr);

  bool canReplay() const; // the state's run recorded epochs
  // Lays the recorded epochs out with `options`, the vectors unit length and centred as the model's
  // are. Returns the job id, 0 when the run recorded none (statusChanged says so).
  JobId start(const LayoutSequenceOptions &options);
  void cancel(); // without waiting; the replay's result is dropped
  bool isRunning() const { return m_job.isRunning(); }
  void clear(); // new items on the map: the replay ends

  const std::vector<int> &epochNumbers() const { return m_epochNumbers; }
  const std::vector<std::vector<float>> &layouts() const { return m_epochLayouts; }
  int shownIndex() const { return m_shownEpoch; } // -1 outside a replay
  void showEpoch(int index);                      // layouts()[index], as the slider does

  void showMovers(bool visible);
  MoversTable *moversTable() const { return m_movers; }
  // A new run in the state: the movers table follows it, an epoch picked for the last one is dropped.
  void followRun();
  void updateControls(); // Replay and Movers enabled as the run allows; the slider during a replay

Q_SIGNALS:
  void replayRequested();              // the Replay button, or an epoch picked before a replay is there
  void sampleReady(const MapData &data); // the recorded sample: the map's items from now on
  // A layout to draw (itemCount × 2): with the axes to show at the start of a replay (frame holds
  // every epoch's layout); an empty frame keeps the axes, the epochs being aligned.
  void layoutShown(const std::vector<float> &xy, const QRectF &frame);
  void replayShown(int epochs);
  void epochShown(int epoch);
  void finished(const QString &message); // the replay is shown
  void failed(const JobOutcome &outcome); // it failed or was cancelled from the Jobs tab
  void statusChanged(const QString &text);
  void itemsPicked(const std::vector<int> &items); // movers chosen in the table, as the map's items

private:
  void createControls(EngineBridge &bridge);
  void applyReplay(const MapData &sample, std::vector<int> epochs, std::vector<std::vector<float>> layouts);
  void onEpochPicked(const QString &runDir, int epoch);
  void showEpochNumber(int epoch); // the replay's layout of that epoch
  void followRunInMovers();
  void ringSampleItems(const std::vector<int> &sampleItems);

  WorkbenchState &m_state;
  const MapModel &m_model;
  QPushButton *m_replayButton, *m_moversButton;
  EpochSlider *m_slider;
  MoversTable *m_movers;
  std::vector<int> m_epochNumbers;               // the replay's epochs (empty outside one)
  std::vector<std::vector<float>> m_epochLayouts; // one aligned layout per epoch
  int m_shownEpoch = -1;
  int m_pendingEpoch = 0; // an epoch picked before the replay arrived; shown when it does
  BackgroundJob m_job;    // lays out the recorded epochs
};

}  // namespace gs
