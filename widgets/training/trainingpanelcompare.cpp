// The Training dock's comparison of runs: each run's colour from the workbench, seed groups drawn as
// a mean with a band, and the epoch picked on the curves (the cursor and the "At epoch k" table).

#include "training/trainingpanel.h"

#include "common/workbenchstate.h"
#include "training/atepochtable.h"
#include "training/trainingplots.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QListWidget>

#include <algorithm>
#include <cmath>

namespace gs {

namespace {
// The epoch of the minibatch nearest `iteration` (batches ascending by iteration), no later than
// the last epoch with figures, so the pick has something to show; 0 without minibatches.
int epochOfIteration(const RunCurves &curves, double iteration) {
  const std::vector<BatchEvent> &batches = curves.batches();
  if (batches.empty()) return 0;
  auto it = std::lower_bound(batches.begin(), batches.end(), iteration,
                             [](const BatchEvent &b, double x) { return double(b.iteration) < x; });
  if (it == batches.end() || (it != batches.begin() && iteration - double(std::prev(it)->iteration) < double(it->iteration) - iteration))
    it = it == batches.begin() ? it : std::prev(it);
  const int epoch = it->epoch;
  return curves.epochs().empty() ? epoch : std::min(epoch, curves.epochs().back().epoch);
}

// The recorded epoch nearest x; 0 without epochs.
int nearestEpoch(const RunCurves &curves, double x) {
  int best = 0;
  for (const EpochEvent &e : curves.epochs())
    if (best == 0 || std::abs(e.epoch - x) < std::abs(best - x)) best = e.epoch;
  return best;
}

// The last minibatch of `epoch`: where the loss plot's cursor stands; 0 when the run has none.
double lastIterationOf(const RunCurves &curves, int epoch) {
  double last = 0;
  for (const BatchEvent &b : curves.batches())
    if (b.epoch == epoch) last = double(b.iteration);
  return last;
}

QString canonical(const QString &dir) {
  const QString path = QFileInfo(dir).canonicalFilePath();
  return path.isEmpty() ? QDir::cleanPath(QFileInfo(dir).absoluteFilePath()) : path;
}
} // namespace

TrainingPanel::Run *TrainingPanel::runAt(const QString &runDir) {
  if (Run *run = findRun(runIdOf(runDir))) return run;
  const QString wanted = canonical(runDir);
  for (auto &run : m_runs)
    if (canonical(run->dir) == wanted) return run.get();
  return nullptr;
}

// --- colours ----------------------------------------------------------------------------------

void TrainingPanel::onColourChanged(const QString &runDir, const QColor &colour) {
  Run *run = runAt(runDir);
  if (!run) return;
  run->colour = colour;
  {
    const QSignalBlocker block(m_runList);
    run->item->setIcon(RunColours::swatch(colour));
  }
  m_plots->setRunColour(run->id, colour);
  regroup(); // a group takes its first run's colour
  refreshAtEpoch(false);
}

// --- seed groups ------------------------------------------------------------------------------

void TrainingPanel::readRecord(Run &run) {
  RunRecord record;
  run.hasRecord = readRunRecord(run.dir, record) && record.state != RunState::Broken;
  run.record = run.hasRecord ? record : RunRecord{};
}

void TrainingPanel::setSeedsGrouped(bool grouped) { m_groupSeeds->setChecked(grouped); }

void TrainingPanel::setBandKind(BandKind kind) { m_band->setCurrentIndex(m_band->findData(int(kind))); }

// The checked runs with a record, grouped by groupKey; groups of two or more draw as one band, in
// the colour of their first run (by seed). The run being trained stays alone: its curves still grow.
void TrainingPanel::regroup() {
  std::vector<TrainingPlots::Group> groups;
  if (m_groupSeeds->isChecked()) {
    std::vector<RunRecord> records;
    std::vector<const Run *> owners;
    for (const auto &run : m_runs)
      if (run->hasRecord && run->item->checkState() == Qt::Checked && !(m_job != 0 && run->id == m_jobRun)) {
        records.push_back(run->record);
        owners.push_back(run.get());
      }
    for (const RunGroup &found : groupRuns(records)) {
      if (found.runs.size() < 2) continue;
      TrainingPlots::Group group;
      group.label = tr("%1 (N=%2)").arg(found.label).arg(found.runs.size());
      group.colour = owners[std::size_t(found.runs.front())]->colour;
      for (int r : found.runs) group.runs.push_back(owners[std::size_t(r)]->id);
      groups.push_back(std::move(group));
    }
  }
  m_plots->setGroups(groups);
  m_plots->refresh();
}

// --- the picked epoch -------------------------------------------------------------------------

// The run under the pointer; else the selected run; else the first checked run with epochs.
const TrainingPanel::Run *TrainingPanel::pickTarget(int runId) {
  const auto drawn = [](const Run *run) {
    return run && run->item->checkState() == Qt::Checked && !(run->curves.batches().empty() && run->curves.epochs().empty());
  };
  if (const Run *run = findRun(runId); drawn(run)) return run;
  if (QListWidgetItem *item = m_runList->currentItem())
    if (const Run *run = findRun(item->data(Qt::UserRole).toInt()); drawn(run)) return run;
  for (const auto &run : m_runs)
    if (drawn(run.get()) && !run->curves.epochs().empty()) return run.get();
  return nullptr;
}

int TrainingPanel::pickAt(Plot which, double x, int runId) {
  const Run *run = pickTarget(runId);
  if (!run) return 0;
  const int epoch = which == Plot::Loss ? epochOfIteration(run->curves, x) : nearestEpoch(run->curves, x);
  if (epoch <= 0) return 0;
  m_state.pickEpoch(run->dir, epoch); // onEpochPicked draws the cursor and fills the table
  if (m_atEpoch->isHidden()) refreshAtEpoch(true); // the same epoch again after the table was closed
  return epoch;
}

void TrainingPanel::onEpochPicked(const QString &runDir, int epoch) {
  const Run *run = epoch > 0 ? runAt(runDir) : nullptr;
  m_plots->setCursor(epoch, run ? lastIterationOf(run->curves, epoch) : 0);
  refreshAtEpoch(true);
}

void TrainingPanel::refreshAtEpoch(bool reveal) {
  if (!reveal && m_atEpoch->isHidden()) return;
  std::vector<AtEpochTable::Run> rows;
  for (const auto &run : m_runs)
    if (run->item->checkState() == Qt::Checked) rows.push_back({run->label, run->colour, &run->curves.epochs()});
  m_atEpoch->setEpoch(m_state.pickedEpoch(), rows);
}

}  // namespace gs
