#pragma once
// The Map's split box and the joint space the map shows: the state's own (the current run's split),
// another split of the same run, or all of them. Another split is embedded here as an engine job on
// the interactive lane (seconds for a large split), which the Jobs tab lists and can cancel; the
// box then goes back to what is shown. Splits embedded here are searched exactly (a flat index),
// never through an approximate index that would first have to be built.

#include "common/backgroundjob.h"
#include "data/dataset.h"

#include <QComboBox>

#include <memory>
#include <optional>

namespace gs {

class JointSpace;
class WorkbenchState;

class SplitChooser : public QComboBox {
  Q_OBJECT
public:
  static constexpr int kAllSplits = -1; // the box's "all" (and MapPanel::splitShown's)

  // bridge and state must outlive the box.
  SplitChooser(EngineBridge &bridge, WorkbenchState &state, QWidget *parent = nullptr);

  const std::shared_ptr<const JointSpace> &space() const { return m_space; } // the map's; null for none
  // The map shows `space` (null: nothing): an embedding still under way is dropped, the box follows.
  void setSpace(std::shared_ptr<const JointSpace> space);
  // Maps `split` of the state's run (every split when empty): nothing to do when it is shown, the
  // state's own space at once (spaceChosen), another split embedded first (embedding, then
  // spaceChosen when it is ready).
  void choose(std::optional<Split> split);

  static int shownIndex(const JointSpace &space); // a Split, or kAllSplits

Q_SIGNALS:
  void spaceChosen(const std::shared_ptr<const JointSpace> &space);
  void embedding(); // a split is to be embedded: the interactive lane is wanted
  void statusChanged(const QString &text);

private:
  void embed(std::optional<Split> split);

  WorkbenchState &m_state;
  std::shared_ptr<const JointSpace> m_space; // the split on the map (the state's, or one opened here)
  BackgroundJob m_job;                       // embeds another split of the run
};

}  // namespace gs
