#pragma once
// Every run under one or more folders, indexed from the small files each run folder keeps
// (config.json, run.json, metrics.json, result.json; never events.jsonl, whose curves load when a
// view shows them), for the run table (the Runs view, `groundscope-cli runs`). A folder is searched
// two levels deep, so a comparison's root (runs/compare-DATA/<row>-e<E>-s<S>) and a runs folder
// both list their runs. Reading 300 runs takes well under a second.
//
// What the user adds to a run — another name and tags — lives in the run folder's labels.json, so
// it travels with the run. Torch-free.

#include "training/runs/trainresult.h"
#include "io/enumnames.h"
#include "training/trainingevents.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace gs {

// Where a run stands, from the files it holds.
enum class RunState {
  Finished, // result.json written
  Stopped,  // at least one epoch saved; training again resumes it
  Prepared, // config.json and run.json only: stopped before its first epoch ended
  Broken,   // a file is unreadable (RunRecord::problem says which)
};

template <> const std::vector<EnumName<RunState>> &enumTable<RunState>(); // finished, stopped, prepared, broken

struct RunRecord {
  QString dir;        // absolute path of the run folder: the run's identity
  QString folderName; // the folder's own name
  QString name;       // labels.json's name, else the folder's name
  QStringList tags;   // labels.json's tags
  QString model;      // the model registry's name
  QString dataset;    // the dataset folder's (or file's) name
  QString datasetPath;
  QString backbone;
  QJsonObject settings; // config.json as written, every key (seed included)
  quint64 seed = 0;
  // Runs that differ only in their seed share a group: the model, the dataset and every setting
  // but the seed. Canonical (sorted keys), so equal settings give equal keys.
  QString groupKey;
  RunState state = RunState::Prepared;
  QString problem;              // Broken: "FILE: reason"
  int epochsPlanned = 0;        // config.json's epochs
  int keptEpoch = 0;            // the epoch whose model the run keeps (0: none yet)
  double wallSeconds = 0;       // the epochs' training and validation time summed
  QDateTime modified;           // the newest of the files read
  std::vector<EpochEvent> epochs; // metrics.json: one entry per finished epoch
  bool hasResult = false;
  TrainResult result;           // result.json when hasResult
  int epochsDone() const { return epochs.empty() ? 0 : epochs.back().epoch; }
};

// The labels a user gives a run, kept in RUN/labels.json ({"name": "...", "tags": [...]}).
struct RunLabels {
  QString name; // empty: the folder's name
  QStringList tags;
};
// Reads RUN/labels.json; an absent file gives empty labels. Throws std::runtime_error naming the
// file (and the JSON parser's offset) for a corrupt one.
RunLabels readRunLabels(const QString &runDir);
// Writes RUN/labels.json atomically; empty labels remove the file. Throws std::runtime_error naming the file.
void writeRunLabels(const QString &runDir, const RunLabels &labels);

// One run folder read into a record. A folder that is not a run (no config.json) returns false;
// a run whose files are corrupt returns true with state Broken and `problem` naming the file.
bool readRunRecord(const QString &runDir, RunRecord &record);

// Where runs are kept unless the user chose another folder: the window's (<app data>/runs, the
// Training dock's output folders) and the command line's (<cache>/runs: train, compare, demo).
// Either may be missing from the list where the system has no such location.
QStringList defaultRunFolders();

// Every run in `folders` (each either a run itself, or searched two levels deep), each listed once
// (by canonical path), in folder-name order. Unreadable folders are skipped and named in
// `warnings`. Cost: four small files per run.
std::vector<RunRecord> indexRuns(const QStringList &folders, QStringList *warnings = nullptr);

// The settings keys whose values differ between the runs (the seed included), sorted: the run
// table's setting columns. Keys a run lacks count as different.
QStringList differingSettings(const std::vector<RunRecord> &runs);

// Moves a run folder to the system's trash (QFile::moveToTrash). Returns false, with `error`
// naming the folder, where the platform has no trash or the move failed; the folder then stays.
bool moveRunToTrash(const QString &runDir, QString *error = nullptr);

}  // namespace gs
