#pragma once
// What the window has open and what it had: the dataset (read as an engine job, its load report in
// the Dataset dock), the current run, and the recent datasets and runs. It makes the File menu's
// open, recent and close entries. Its strings are the main window's (mainwindowtext.h).

#include "data/dataset.h"
#include "engine/enginebridge.h"
#include "recentdatasets.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QMainWindow;
class QMenu;
class QSettings;

namespace gs {

class WorkbenchDocks;
class WorkbenchState;

class DatasetOpener : public QObject {
  Q_OBJECT
public:
  DatasetOpener(QMainWindow &window, EngineBridge &bridge, WorkbenchState &state, WorkbenchDocks &docks, QSettings &settings);

  // File > Open dataset…, Open dataset file…, Open demo dataset, Open recent, Open recent run.
  void addOpenActions(QMenu *file);
  // File > Close run and Close dataset, each enabled while there is one to close.
  void addCloseActions(QMenu *file);

  // Loads a dataset folder or file as an engine job (format detected); false when the path does
  // not exist. The Dataset dock shows the summary and load report when the job ends.
  bool open(const QString &path);
  // A folder from a dialog, then open().
  void chooseFolder();
  // A single-file dataset from a dialog, then open().
  void chooseFile();
  // Makes the built-in Scenes demo on first use (in the cache folder) and opens it.
  void openDemo();
  // The run goes first (its views read the dataset), then the dataset; the docks show their hints.
  void closeDataset();
  void closeRun();
  // A run from the recent list, shown in the Training dock; forgotten when its folder is gone.
  void openRecentRun(const QString &runDir);
  // A run folder made the current run, with the dataset it was trained on opened first when that
  // exists and another one (or none) is open. False, with a status message, when it is no run.
  bool openRun(const QString &runDir);

  EngineBridge &bridge() const { return m_bridge; }
  // The dataset opened last (absolute), empty when none is open.
  QString current() const { return m_dataset; }
  QStringList recentDatasets() const { return m_recent.paths(); }
  QStringList recentRuns() const { return m_recentRuns.paths(); }

Q_SIGNALS:
  void opened(const QString &path); // loaded: its summary is in the Dataset dock
  void recentChanged();

private:
  // A dataset read on the engine's thread, with the Dataset dock's text made there too.
  struct LoadedDataset {
    QString path;
    std::shared_ptr<const Dataset> dataset;
    QString description;
    static LoadedDataset load(const QString &path, JobContext *job);
  };

  QString beginOpening(const QString &path); // title, recent list, "Loading…"; the absolute path
  void showLoaded(const QString &target, const JobOutcome &outcome, const std::optional<LoadedDataset> &loaded);
  void fillRecentMenu(QMenu *menu, RecentDatasets &recent, const std::function<void(const QString &)> &open);
  void rebuildRecentMenu();
  void rebuildRecentRunsMenu();
  void showMessage(const QString &text, int timeoutMs);

  QMainWindow &m_window;
  EngineBridge &m_bridge;
  WorkbenchState &m_state;
  WorkbenchDocks &m_docks;
  RecentDatasets m_recent;
  RecentDatasets m_recentRuns; // the runs opened or trained, for File > Open recent run
  QMenu *m_recentMenu = nullptr;
  QMenu *m_recentRunsMenu = nullptr;
  QString m_dataset;
};

}  // namespace gs
