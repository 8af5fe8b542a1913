#pragma once
// The Runs view: every training run under the runs folders as one table (runtablemodel.h) — the
// default folders (where the Training dock and the command line put runs) and the folders the
// user adds, remembered in the settings. A filter box reads the run filter language (runfilter.h);
// a malformed expression is named under the box, in red, with its column, and the last valid
// filter stays applied. The selected runs can be renamed, tagged (labels.json, kept in the run
// folder), recoloured (the colour every view draws the run in), moved to the trash or exported as
// CSV or JSON (runexport.h); double-clicking a run makes it the workbench's current run and
// emits runActivated so the window adds its curves to the Training dock.
//
// Indexing reads four small files per run on the engine's interactive lane (BackgroundJob), so
// the window stays responsive over hundreds of runs; it starts when the view is first shown and
// again on Refresh, when a folder is added, and when runs change (a run trained, or a run made
// current that the table does not list). Export reads each run's curves there too.

#include "engine/enginebridge.h"
#include "training/runs/runfilter.h"
#include "training/runs/runindex.h"

#include <QWidget>

#include <memory>

class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSettings;
class QTableView;
class QToolBar;

namespace gs {

class BackgroundJob;
class RunSortFilterModel;
class RunTableModel;
class WorkbenchState;

class RunsPanel : public QWidget {
  Q_OBJECT
public:
  // The folders the user adds persist in `settings`.
  RunsPanel(EngineBridge &bridge, WorkbenchState &state, QSettings &settings, QWidget *parent = nullptr);
  ~RunsPanel() override;

  // Where runs are made without the user naming a folder: the Training dock's default output
  // (<app data>/runs) and the command line's demo and comparison runs (<cache>/runs).
  static QStringList defaultFolders();
  // The default folders and the user's, in that order.
  QStringList folders() const;
  // Remembers a folder and indexes again; a folder listed already is left alone.
  void addFolder(const QString &folder);
  // Forgets a folder the user added (the default folders stay).
  void removeFolder(const QString &folder);
  // Indexes every folder again; runsIndexed() follows.
  void refresh();
  // The runs on disk changed (a run finished training): indexed again now if the view shows,
  // else when it is next shown.
  void runsChanged();
  bool isIndexing() const;

  // The filter box's text, as typing it does. Returns false for a malformed expression, whose
  // error then shows under the box while the previous valid filter stays applied.
  bool setFilterText(const QString &expression);
  QString filterError() const;
  void setGroupSeeds(bool grouped);

  RunTableModel &model() const { return *m_model; }
  RunSortFilterModel &shownModel() const { return *m_shown; }
  QTableView *view() const { return m_view; }
  QString statusText() const;
  // The selected rows' runs (each run of a selected group), in the shown order.
  QStringList selectedRunDirs() const;
  void selectRuns(const QStringList &dirs);

  // The actions behind the buttons, without their dialogs (tests call them). Each returns false
  // with the reason in `error` when a run's labels.json cannot be read or written.
  bool renameRun(const QString &dir, const QString &name, QString *error = nullptr);
  // Sets the tags of `dirs`: the tags they all share are replaced by `tags`, the others kept.
  bool setTags(const QStringList &dirs, const QStringList &tags, QString *error = nullptr);
  void setColour(const QStringList &dirs, const QColor &colour);
  // Moves the runs to the system's trash and indexes again; false with the folders that stayed.
  bool moveToTrash(const QStringList &dirs, QString *error = nullptr);
  // Writes `dirs` (CSV, or JSON for a .json path) on the engine's lane; exportFinished follows.
  void exportRuns(const QStringList &dirs, const QString &path, bool curves);
  // Emits runActivated for each run and makes the first that has a model the workbench's current
  // run (a group's runs all show their curves; one of them is current).
  void openRuns(const QStringList &dirs);

Q_SIGNALS:
  void runsIndexed();
  void runActivated(const QString &runDir);
  void exportFinished(const QString &path, const QString &error); // error empty on success

protected:
  void showEvent(QShowEvent *event) override;

private:
  QToolBar *createToolBar();
  QWidget *createFolderBox();
  void createView();
  void connectSignals();
  void showRuns(std::vector<RunRecord> runs, const QStringList &warnings);
  void updateStatus();
  void updateActions();
  void showHeaderMenu(const QPoint &pos);
  void showRowMenu(const QPoint &pos);
  void rebuildFolderList();
  void saveMetricValues() const;
  void restoreMetricValues();
  // The dialogs (runspanelactions.cpp).
  void chooseFolder();
  void askRename();
  void askTags();
  void askColour();
  void askMoveToTrash();
  void askExport();
  // The runs an action applies to: the selected ones, or every shown run when none is selected.
  QStringList actionRuns() const;

  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  QSettings &m_settings;
  RunTableModel *m_model;
  RunSortFilterModel *m_shown;
  std::unique_ptr<BackgroundJob> m_indexJob;
  std::unique_ptr<BackgroundJob> m_exportJob;
  QListWidget *m_folders = nullptr;
  QLineEdit *m_filter = nullptr;
  QLabel *m_filterError = nullptr;
  QCheckBox *m_groupSeeds = nullptr;
  QTableView *m_view = nullptr;
  QLabel *m_status = nullptr;
  QAction *m_rename = nullptr, *m_tags = nullptr, *m_colour = nullptr, *m_trash = nullptr, *m_export = nullptr, *m_open = nullptr;
  QAction *m_removeFolder = nullptr;
  QStringList m_warnings;  // the last indexing's
  bool m_indexed = false;  // indexed at least once (the view was shown)
  bool m_columnsSized = false;
};

}  // namespace gs
