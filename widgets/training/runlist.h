#pragma once
// The runs the Training dock draws, for comparison: one checkable entry per run folder with its
// curves (RunCurves) and the workbench's colour for it (RunColours), a context menu to colour, show
// or forget a run, and under the list the seed-group controls: checked runs that differ only in
// their seed (RunRecord::groupKey) draw as one mean curve with a band. Selecting a finished run
// makes it the workbench's current run. The list draws its runs on the dock's TrainingPlots.
//
// The run a job trains live is marked (beginTraining … endTraining): its curves grow as the job
// reports them (grow), and until it ends it stays out of the seed groups, cannot be removed, and
// is not reread from its half-written folder.

#include "training/runs/runcurves.h"
#include "training/runs/runindex.h"
#include "training/runs/seedgroups.h"

#include <QColor>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QListWidget;
class QListWidgetItem;

namespace gs {

class EngineBridge;
struct TrainConfig;
class TrainingPlots;
class WorkbenchState;

class RunList : public QWidget {
  Q_OBJECT
public:
  RunList(EngineBridge &bridge, WorkbenchState &state, TrainingPlots &plots, QWidget *parent = nullptr);
  ~RunList() override;

  struct Entry {
    int id = 0;
    QString dir; // absolute and clean
    QString label;
    QColor colour;
    RunCurves curves;
    int epochsPlanned = 0;
    QListWidgetItem *item = nullptr;
    RunRecord record;       // for the seed groups; read when the run is opened or finishes
    bool hasRecord = false; // false: a run not yet (or not readably) on disk stays alone
  };

  // Adds (or reloads) a run folder's curves; false with a logged reason when it holds no run.
  // *config gets the run's configuration when its config.json reads.
  bool open(const QString &runDir, std::optional<TrainConfig> *config = nullptr);
  // Takes a run off the list and the plots (not the run being trained; its folder stays on disk).
  bool remove(int id);
  int idOf(const QString &runDir) const; // -1 when not listed
  // Selects run `id` in the list, which makes it the workbench's current run when it has a model
  // (as clicking it does); false when it is not listed or has no model yet.
  bool makeCurrent(int id);
  const Entry *find(int id) const;
  const Entry *at(const QString &runDir) const; // by path, symbolic links resolved; nullptr when not listed
  bool isChecked(const Entry &entry) const;
  std::vector<const Entry *> checked() const;
  // The run a pick on the plots applies to: run `id` when drawn; else the selected run; else the
  // first checked run with epochs; nullptr when none is drawn.
  const Entry *pickTarget(int id) const;

  void setSeedsGrouped(bool grouped);
  void setBandKind(BandKind kind);

  // The run a job trains into runDir: added or found, its curves those on disk when `resuming`
  // (the epochs before the live ones) or none, selected.
  const Entry &beginTraining(const QString &runDir, const TrainConfig &config, bool resuming);
  void grow(const std::vector<BatchEvent> &batches, const std::vector<EpochEvent> &epochs);
  void endTraining(); // its folder is now complete on disk: it may join a seed group
  const Entry *training() const { return find(m_training); }

Q_SIGNALS:
  void message(const QString &line); // for the dock's log
  // A run was added, removed, recoloured, checked or unchecked, or its epochs grew.
  void changed();

private:
  void buildUi();
  Entry &entryFor(const QString &runDir); // finds or adds the entry
  Entry *entry(int id);
  int idAt(const QString &runDir) const; // as at(); -1 when not listed
  void showMenu(const QPoint &at);
  void onSelected();
  void onColourChanged(const QString &runDir, const QColor &colour);
  void readRecord(Entry &run);
  void regroup();
  void showCurves(Entry &run);
  void updateItem(Entry &run);

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  TrainingPlots &m_plots;
  QListWidget *m_list = nullptr;
  QCheckBox *m_groupSeeds = nullptr;
  QComboBox *m_band = nullptr;
  std::vector<std::unique_ptr<Entry>> m_entries;
  int m_nextId = 1;
  int m_training = 0; // id of the run a job trains live; 0 when none
};

}  // namespace gs
