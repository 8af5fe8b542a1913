#pragma once
// Plain value types that describe a job's life. Torch-free: the GUI and the CLI see only these.

#include <QJsonObject>
#include <QMetaType>
#include <QString>
#include <QVariant>

#include <cstdint>
#include <functional>

namespace gs {

class JobContext;

using JobId = std::uint64_t;

// What a job runs on the engine's worker thread. It reports through the context and
// ends by returning (success), throwing (failure) or being cancelled.
using JobFunction = std::function<void(JobContext &)>;

enum class JobStatus { Queued, Running, Succeeded, Failed, Cancelled };

// Which of the engine's three workers runs a job. Long work (training, feature extraction, parsing a
// dataset, comparisons) queues on one; interactive work (opening a dataset or run, embedding a
// split, a map layout, region scoring) on the second, so it answers while a training run holds the
// first for hours; short queries on data already in memory (parsing one caption, a neighbour
// search, summarising the map, ranking one query) on the third, so they answer in milliseconds
// even while a layout or an opening run holds the interactive lane.
enum class JobLane { Long, Interactive, Query };
inline constexpr int kJobLaneCount = 3; // the values of JobLane, which index the engine's workers

// One row of the engine's job list (Engine::jobs()).
struct JobInfo {
  JobId id = 0;
  QString name;
  JobLane lane = JobLane::Long;
  JobStatus status = JobStatus::Queued;
};

enum class LogLevel { Info, Warning, Error };

struct JobProgress {
  double fraction = -1.0;      // 0..1; negative while the total is unknown
  QString message;             // what the job is doing now, for a status bar
  double itemsPerSecond = 0.0; // 0 when the job counts no items
};

struct JobOutcome {
  JobStatus status = JobStatus::Succeeded;
  QString error;       // why it failed; empty unless status == Failed
  QJsonObject summary; // printable result (the CLI prints it, the GUI shows it)
  QVariant value;      // typed payload for in-process consumers; may be null
  double seconds = 0;  // wall time the job ran
};

QString statusName(JobStatus status);

}  // namespace gs

Q_DECLARE_METATYPE(gs::JobProgress)
Q_DECLARE_METATYPE(gs::JobOutcome)
Q_DECLARE_METATYPE(gs::LogLevel)
