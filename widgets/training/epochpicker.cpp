#include "training/epochpicker.h"

#include "common/workbenchstate.h"
#include "training/atepochtable.h"
#include "training/runlist.h"

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
} // namespace

EpochPicker::EpochPicker(WorkbenchState &state, TrainingPlots &plots, AtEpochTable &table, const RunList &runs, QObject *parent)
    : QObject(parent), m_state(state), m_plots(plots), m_table(table), m_runs(runs) {
  connect(&m_plots, &TrainingPlots::pointPicked, this, [this](bool loss, int runId, double x) {
    pickAt(loss ? TrainingPlots::Plot::Loss : TrainingPlots::Plot::Validation, x, runId);
  });
  connect(&m_state, &WorkbenchState::epochPicked, this, &EpochPicker::onEpochPicked);
}

int EpochPicker::pickAt(TrainingPlots::Plot which, double x, int runId) {
  const RunList::Entry *run = m_runs.pickTarget(runId);
  if (!run) return 0;
  const int epoch = which == TrainingPlots::Plot::Loss ? epochOfIteration(run->curves, x) : nearestEpoch(run->curves, x);
  if (epoch <= 0) return 0;
  m_state.pickEpoch(run->dir, epoch); // onEpochPicked draws the cursor and fills the table
  if (m_table.isHidden()) refresh(true); // the same epoch again after the table was closed
  return epoch;
}

void EpochPicker::onEpochPicked(const QString &runDir, int epoch) {
  const RunList::Entry *run = epoch > 0 ? m_runs.at(runDir) : nullptr;
  m_plots.setCursor(epoch, run ? lastIterationOf(run->curves, epoch) : 0);
  refresh(true);
}

void EpochPicker::refresh(bool reveal) {
  if (!reveal && m_table.isHidden()) return;
  std::vector<AtEpochTable::Run> rows;
  for (const RunList::Entry *run : m_runs.checked()) rows.push_back({run->label, run->colour, &run->curves.epochs()});
  m_table.setEpoch(m_state.pickedEpoch(), rows);
}

}  // namespace gs
