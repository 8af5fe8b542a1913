#pragma once
// The run table and its runs' curves in one file, for a notebook: CSV in long ("tidy") form, one
// value per row, so pandas reads it with one call and pivots any part of it —
//
//   run,name,model,dataset,group,seed,kind,key,x,value,smoothed
//   /runs/bow-s1,bow-s1,bow,scenes,3f…,1,setting,margin,,1,
//   /runs/bow-s1,bow-s1,bow,scenes,3f…,1,metric,best.rsum,,366,
//   /runs/bow-s1,bow-s1,bow,scenes,3f…,1,curve,loss,1,10224.2,10224.2
//   /runs/bow-s1,bow-s1,bow,scenes,3f…,1,curve,val.rsum,1,366,366
//
// kind: setting (config.json's keys), metric (VALUE.METRIC for every MetricValue and metric the run
// has), curve (loss by iteration; train_loss and val.METRIC by epoch), each curve's smoothed value
// beside it (time-weighted, runcurves.h). JSON holds the same as one object per run. Torch-free.

#include "training/runs/runindex.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace gs {

struct RunExportOptions {
  bool curves = true;       // false: settings and metrics only (the table)
  double smoothing = 0.6;   // the smoothed column's weight, [0, 1)
};

// RFC 4180, UTF-8. Curves are read from each run's events.jsonl and metrics.json; a run whose
// events file has torn lines exports the lines it has (`warnings` names the others).
QByteArray runsToCsv(const std::vector<RunRecord> &runs, const RunExportOptions &options, QStringList *warnings = nullptr);
// {"runs": [{"dir", "name", "model", "dataset", "group", "seed", "tags", "state", "settings": {…},
//   "metrics": {"test": {…}, "best": {…}, …}, "curves": {"loss": {"x": […], "value": […], "smoothed": […]}, …}}]}
QByteArray runsToJson(const std::vector<RunRecord> &runs, const RunExportOptions &options, QStringList *warnings = nullptr);

}  // namespace gs
