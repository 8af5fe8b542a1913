#include "map/splitchooser.h"

#include "analysis/jointspace.h"
#include "common/workbenchstate.h"
#include "engine/jobcontext.h"

#include <utility>

namespace gs {

SplitChooser::SplitChooser(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QComboBox(parent), m_state(state), m_job(bridge, this) {
  for (Split split : {Split::Test, Split::Val, Split::Train}) addItem(splitName(split), int(split));
  addItem(tr("all"), kAllSplits);
  setToolTip(tr("Which split of the run to map (the others are embedded when chosen)"));
  connect(this, &QComboBox::activated, this, [this](int index) {
    const int split = itemData(index).toInt();
    choose(split == kAllSplits ? std::nullopt : std::optional<Split>(static_cast<Split>(split)));
  });
}

int SplitChooser::shownIndex(const JointSpace &space) { return space.allSplits() ? kAllSplits : int(space.split()); }

void SplitChooser::setSpace(std::shared_ptr<const JointSpace> space) {
  m_job.cancel(); // a split still being embedded is no longer wanted
  m_space = std::move(space);
  if (m_space) setCurrentIndex(findData(shownIndex(*m_space)));
}

void SplitChooser::choose(std::optional<Split> split) {
  const std::shared_ptr<const JointSpace> current = m_state.jointSpace();
  if (!current) {
    Q_EMIT statusChanged(tr("No run: open a trained run to map its splits."));
    return;
  }
  if (m_space && m_space->runDir() == current->runDir() &&
      (split ? !m_space->allSplits() && m_space->split() == *split : m_space->allSplits()))
    return;
  if (split && current->split() == *split) {
    Q_EMIT spaceChosen(current);
    return;
  }
  embed(split);
}

// Embedding runs the run's model over the split's images and captions.
void SplitChooser::embed(std::optional<Split> split) {
  Q_EMIT embedding();
  const QString name = split ? splitName(*split) : tr("all");
  m_job.start(
      split ? tr("Embed the %1 split").arg(name) : tr("Embed every split"),
      [runDir = m_state.jointSpace()->runDir(), split, dataset = m_state.dataset()](JobContext &job) {
        // Searched exactly: a clicked item's neighbours take ~0.1 s over a million items, where
        // an HNSW graph of COCO's 616,767 captions would hold the map back for minutes.
        IndexOptions exact;
        exact.kind = IndexKind::Flat;
        return split ? JointSpace::open(runDir, *split, &job, dataset, exact) : JointSpace::openAll(runDir, &job, dataset, exact);
      },
      [this](const std::shared_ptr<const JointSpace> &space) { Q_EMIT spaceChosen(space); },
      [this, name](const JobOutcome &outcome) {
        setCurrentIndex(findData(!m_space ? int(Split::Test) : shownIndex(*m_space)));
        Q_EMIT statusChanged(tr("Cannot map the %1 split: %2").arg(name, BackgroundJob::failureText(outcome)));
      });
  Q_EMIT statusChanged(split ? tr("Embedding the %1 split…").arg(name) : tr("Embedding every split…"));
}

}  // namespace gs
