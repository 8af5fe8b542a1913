#include "map/mapcomparison.h"

#include "analysis/jointspace.h"
#include "analysis/mapmodel.h"
#include "common/workbenchstate.h"
#include "map/comparedmap.h"
#include "map/runheading.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QPushButton>
#include <QSplitter>

#include <optional>
#include <utility>

namespace gs {

MapComparison::MapComparison(EngineBridge &bridge, WorkbenchState &state, const MapModel &model, QSplitter &splitter, QWidget *parent)
    : QObject(parent), m_bridge(bridge), m_state(state), m_model(model), m_splitter(splitter) {
  m_heading = new RunHeading(m_state.runColours(), parent);
  m_heading->setObjectName(QStringLiteral("mapHeading"));
  m_heading->hide(); // shown while a second run is compared, to tell the two maps apart
  m_button = new QPushButton(tr("Compare with run…"), parent);
  m_button->setToolTip(tr("Show another run's map of the same split beside this one, laid out from this map, with linked selection"));
  m_button->setEnabled(false);
  connect(m_button, &QPushButton::clicked, this, [this] {
    const QString dir =
        QFileDialog::getExistingDirectory(m_button->parentWidget(), tr("Compare with run"), m_space ? m_space->runDir() : QString());
    if (!dir.isEmpty()) compareWith(dir);
  });
}

void MapComparison::setSpace(std::shared_ptr<const JointSpace> space) {
  m_space = std::move(space);
  m_button->setEnabled(m_space != nullptr);
  showHeading();
  if (m_compared && m_space)
    m_compared->open(m_compared->runDir(), m_space->allSplits() ? std::nullopt : std::optional<Split>(m_space->split()), m_state.dataset());
}

// The compared map, second in the splitter, wired to the first map.
void MapComparison::create() {
  m_compared = new ComparedMap(m_bridge, m_state.runColours(), &m_splitter);
  m_splitter.insertWidget(1, m_compared);
  m_splitter.setStretchFactor(1, 4);
  connect(m_compared, &ComparedMap::opened, this, [this](bool ok, const QString &message) {
    if (ok) Q_EMIT opened();
    else Q_EMIT shown(false, message);
  });
  connect(m_compared, &ComparedMap::laidOut, this, &MapComparison::shown);
  connect(m_compared, &ComparedMap::itemsPicked, this,
          [this](const std::vector<int> &items) { Q_EMIT itemsPicked(m_model.itemsMatching(m_compared->model(), items)); });
  connect(m_compared, &ComparedMap::closeRequested, this, &MapComparison::close);
}

void MapComparison::compareWith(const QString &runDir) {
  if (!m_space) {
    Q_EMIT statusChanged(tr("Open a run first: the comparison shows a second run's map of the same split."));
    return;
  }
  if (!m_compared) create();
  showHeading();
  m_compared->open(runDir, m_space->allSplits() ? std::nullopt : std::optional<Split>(m_space->split()), m_state.dataset());
}

void MapComparison::close() {
  if (!m_compared) return;
  m_compared->hide();
  m_compared->deleteLater();
  m_compared = nullptr;
  showHeading();
}

// The compared map follows the first: the same method and settings, from its layout.
void MapComparison::layOut(const LayoutSequenceOptions &options) {
  if (m_compared && m_model.hasPositions() && m_compared->model().itemCount() > 0) m_compared->layOut(options, m_model);
}

void MapComparison::follow(const QString &colouring, const QString &sizing) {
  setColouring(colouring);
  setSizing(sizing);
  showMatching(m_model.selection());
}

void MapComparison::setColouring(const QString &key) {
  if (m_compared) m_compared->setColouring(key);
}

void MapComparison::setSizing(const QString &key) {
  if (m_compared) m_compared->setSizing(key);
}

void MapComparison::showMatching(const std::vector<int> &items) {
  if (m_compared) m_compared->showMatching(m_model, items);
}

// The first map's heading: shown only beside a compared run's, where each map's swatch says whose
// it is.
void MapComparison::showHeading() {
  const bool comparing = m_compared && m_space;
  m_heading->setRun(comparing ? m_space->runDir() : QString());
  m_heading->setText(comparing ? tr("%1 — %2").arg(m_space->model(), QFileInfo(m_space->runDir()).fileName()) : QString());
  m_heading->setVisible(comparing);
}

}  // namespace gs
