// The Map's comparison with a second run (ComparedMap beside the current run's map): opening it,
// laying it out after this map, and the two maps' headings in their runs' colours.

#include "map/mappanel.h"

#include "analysis/jointspace.h"
#include "common/workbenchstate.h"
#include "map/comparedmap.h"
#include "map/runheading.h"

#include <QComboBox>
#include <QFileInfo>
#include <QSplitter>

namespace gs {

void MapPanel::compareWith(const QString &runDir) {
  if (!m_space) {
    setStatus(tr("Open a run first: the comparison shows a second run's map of the same split."));
    return;
  }
  if (!m_compared) {
    m_compared = new ComparedMap(m_bridge, m_state.runColours(), this);
    m_splitter->insertWidget(1, m_compared);
    m_splitter->setStretchFactor(1, 4);
    connect(m_compared, &ComparedMap::opened, this, [this](bool ok, const QString &message) {
      if (ok) layOutComparison();
      else Q_EMIT comparisonShown(false, message);
    });
    connect(m_compared, &ComparedMap::laidOut, this, [this](bool ok, const QString &message) {
      if (ok) {
        m_compared->setColouring(m_colourBy->currentData().toString());
        m_compared->setSizing(m_sizeBy->currentData().toString());
        m_compared->showMatching(m_model, m_model.selection());
      }
      Q_EMIT comparisonShown(ok, message);
    });
    connect(m_compared, &ComparedMap::itemsPicked, this,
            [this](const std::vector<int> &items) { selectItems(m_model.itemsMatching(m_compared->model(), items)); });
    connect(m_compared, &ComparedMap::closeRequested, this, &MapPanel::closeComparison);
  }
  showHeading();
  m_compared->open(runDir, m_space->allSplits() ? std::nullopt : std::optional<Split>(m_space->split()), m_state.dataset());
}

void MapPanel::closeComparison() {
  if (!m_compared) return;
  m_compared->hide();
  m_compared->deleteLater();
  m_compared = nullptr;
  showHeading();
}

// The compared map follows this one: the same method and settings, from this layout.
void MapPanel::layOutComparison() {
  if (m_compared && m_model.hasPositions() && m_compared->model().itemCount() > 0)
    m_compared->layOut(layoutOptions(m_running), m_model);
}

// The current run's heading: shown only beside a compared run's, where each map's swatch says
// whose it is.
void MapPanel::showHeading() {
  const bool comparing = m_compared && m_space;
  m_heading->setRun(comparing ? m_space->runDir() : QString());
  m_heading->setText(comparing ? tr("%1 — %2").arg(m_space->model(), QFileInfo(m_space->runDir()).fileName()) : QString());
  m_heading->setVisible(comparing);
}

}  // namespace gs
