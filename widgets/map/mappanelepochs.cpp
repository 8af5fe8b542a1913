// The Map's epochs: the replay of a run's recorded epochs, the epoch picked on the Training dock's
// curves (WorkbenchState::epochPicked), and the movers between two recorded epochs.

#include "map/mappanel.h"

#include "analysis/jointspace.h"
#include "common/workbenchstate.h"
#include "engine/enginebridge.h"
#include "engine/jobcontext.h"
#include "map/epochslider.h"
#include "map/mapview.h"
#include "map/moverstable.h"
#include "training/runs/runtrajectory.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QPointer>
#include <QPushButton>

#include <algorithm>
#include <utility>

namespace gs {

namespace {
QString canonical(const QString &dir) {
  const QString path = QFileInfo(dir).canonicalFilePath();
  return path.isEmpty() ? QDir::cleanPath(QFileInfo(dir).absoluteFilePath()) : path;
}
} // namespace

JobId MapPanel::replayEpochs(LayoutMethod method) {
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  if (!canReplay()) {
    setStatus(tr("This run recorded no epochs: runs trained with “Recorded images” above 0 (record_sample, 100 by default) "
                 "can replay how their joint space formed."));
    return 0;
  }
  cancel();
  LayoutSequenceOptions options = layoutOptions(method);
  const int token = ++m_token;
  showMethod(method);
  const QPointer<MapPanel> self(this);
  m_jobId = m_bridge.submitInteractive(tr("Epoch replay"), [self, relay = m_relay, token, space, dataset = m_state.dataset(), options,
                                                 normalised = m_model.normalised(),
                                                 centred = m_model.centredModalities()](JobContext &job) mutable {
    job.setProgress(-1, QStringLiteral("reading the recorded epochs"));
    const RunTrajectory trajectory = RunTrajectory::open(space->runDir());
    const TrajectorySample &sample = trajectory.sample();
    const int n = sample.itemCount(), dim = sample.dim;
    // The same vectors the map would lay out for each epoch (unit length when the panel says so).
    std::vector<std::vector<float>> frames;
    MapModel frame;
    frame.setNormalised(normalised);
    frame.setCentredModalities(centred);
    MapData last;
    for (int epoch : trajectory.epochs()) {
      last = MapData::fromTrajectory(sample, trajectory.embeddings(epoch), space.get());
      frame.setData(last);
      frames.push_back(frame.stackedEmbeddings());
    }
    options = fittedToItems(options, n); // small samples: the limits computeLayout applies
    const int count = int(frames.size());
    std::vector<std::vector<float>> layouts = alignedLayouts(frames, n, dim, options, &job, [&job, count](int f, const std::vector<float> &) {
      job.setProgress(double(f + 1) / count, QStringLiteral("epoch %1 of %2 laid out").arg(f + 1).arg(count));
    });
    if (dataset) last.addDatasetMetadata(*dataset);
    job.setSummary({{QStringLiteral("replay_epochs"), count}, {QStringLiteral("items"), n}});
    QMetaObject::invokeMethod(
        relay.get(),
        [self, token, data = std::move(last), epochs = trajectory.epochs(), layouts = std::move(layouts)]() mutable {
          if (self) self->applyReplay(token, std::move(data), std::move(epochs), std::move(layouts));
        },
        Qt::QueuedConnection);
  });
  m_replayJob = m_jobId;
  setStatus(tr("Laying out the recorded epochs…"));
  updateControls();
  return m_jobId;
}

void MapPanel::applyReplay(int token, MapData data, std::vector<int> epochs, std::vector<std::vector<float>> layouts) {
  if (token != m_token || epochs.empty() || epochs.size() != layouts.size()) return;
  const JobId running = std::exchange(m_jobId, 0); // setData's cancel() must not cancel this ending job
  setData(std::move(data));
  m_jobId = running;
  m_epochNumbers = std::move(epochs);
  m_epochLayouts = std::move(layouts);
  m_epochSlider->setEpochs(m_epochNumbers);
  const int last = int(m_epochLayouts.size()) - 1;
  m_shownEpoch = last;
  // Axes that hold every epoch's layout, so none runs out of view while the slider moves.
  QRectF frame;
  for (const std::vector<float> &xy : m_epochLayouts)
    for (std::size_t k = 0; k + 1 < xy.size(); k += 2) frame |= QRectF(xy[k], xy[k + 1], 1e-9, 1e-9);
  setPositions(m_epochLayouts[std::size_t(last)], false);
  m_view->updatePositions(true, frame);
  updateControls();
  Q_EMIT replayShown(int(m_epochNumbers.size()));
  Q_EMIT epochShown(m_epochNumbers.back());
  // The replay was started for an epoch picked on the training curves: show that one.
  if (const int picked = std::exchange(m_pendingEpoch, 0); picked > 0) showEpochNumber(picked);
}

void MapPanel::showEpoch(int index) {
  if (index < 0 || index >= int(m_epochLayouts.size())) return;
  if (m_epochSlider->index() != index) {
    const QSignalBlocker block(m_epochSlider);
    m_epochSlider->setIndex(index);
  }
  m_shownEpoch = index;
  // The axes stay: successive layouts are aligned, so items move only as the space changed.
  setPositions(m_epochLayouts[std::size_t(index)], false);
  refreshClusters();
  setStatus(tr("Epoch %1 of %2: %3 images and %4 captions of the recorded sample.")
                .arg(m_epochNumbers[std::size_t(index)]).arg(m_epochNumbers.back()).arg(m_model.imageCount()).arg(m_model.captionCount()));
  Q_EMIT epochShown(m_epochNumbers[std::size_t(index)]);
}


// An epoch picked for the map's run: shown from the replay, which starts first when it is not
// there yet (and is not already under way). Epoch 0 (back to the kept model) leaves the map as it is.
void MapPanel::onEpochPicked(const QString &runDir, int epoch) {
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  if (epoch <= 0 || !space || canonical(runDir) != canonical(space->runDir())) return;
  if (!m_epochNumbers.empty()) {
    showEpochNumber(epoch);
    return;
  }
  m_pendingEpoch = epoch;
  if (m_jobId != 0 && m_jobId == m_replayJob) return; // applyReplay shows the latest pick
  if (replayEpochs(shownMethod()) == 0) m_pendingEpoch = 0;
}

void MapPanel::showEpochNumber(int epoch) {
  const auto it = std::find(m_epochNumbers.begin(), m_epochNumbers.end(), epoch);
  if (it == m_epochNumbers.end()) {
    setStatus(tr("The run recorded no epoch %1 for the map.").arg(epoch));
    return;
  }
  showEpoch(int(it - m_epochNumbers.begin()));
}

// --- movers -----------------------------------------------------------------------------------

void MapPanel::showMovers(bool visible) {
  if (m_moversButton->isChecked() != visible) {
    m_moversButton->setChecked(visible); // toggled() calls back here
    return;
  }
  m_movers->setVisible(visible);
  if (visible) followRunInMovers();
}

// The movers table compares the current run's epochs (only while it is shown: it reads files).
void MapPanel::followRunInMovers() {
  if (m_movers->isHidden()) return;
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  const QString runDir = space && RunTrajectory::exists(space->runDir()) ? space->runDir() : QString();
  m_movers->setDataset(m_state.dataset());
  if (runDir != m_movers->runDir() || runDir.isEmpty()) m_movers->setRun(runDir);
}

// Rings the movers picked in the table: the map's own items for those of the recorded sample,
// matched by image id and caption text (the map may show the whole split, not the sample).
void MapPanel::ringSampleItems(const std::vector<int> &sampleItems) {
  const TrajectorySample &sample = m_movers->sample();
  if (sample.itemCount() == 0) return;
  MapModel recorded;
  recorded.setData(MapData::fromTrajectory(sample, std::vector<float>(std::size_t(sample.itemCount()) * std::size_t(sample.dim))));
  selectItems(m_model.itemsMatching(recorded, sampleItems));
}

}  // namespace gs
