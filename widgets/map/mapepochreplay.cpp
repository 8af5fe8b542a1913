#include "map/mapepochreplay.h"

#include "analysis/jointspace.h"
#include "common/workbenchstate.h"
#include "engine/jobcontext.h"
#include "map/epochslider.h"
#include "map/moverstable.h"
#include "training/runs/runtrajectory.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QPushButton>

#include <algorithm>
#include <utility>

namespace gs {

namespace {
QString canonical(const QString &dir) {
  const QString path = QFileInfo(dir).canonicalFilePath();
  return path.isEmpty() ? QDir::cleanPath(QFileInfo(dir).absoluteFilePath()) : path;
}

// What the job hands back: the recorded sample as the map's items, and its layout at each epoch.
struct Replay {
  MapData data;
  std::vector<int> epochs;
  std::vector<std::vector<float>> layouts;
  int items = 0;
};

// Reads the run's recorded epochs and lays each out from the previous one's map (alignedLayouts).
// The vectors are the ones the map would lay out for each epoch (unit length and centred as the
// panel's model says).
Replay layOutEpochs(JobContext &job, const std::shared_ptr<const JointSpace> &space, const std::shared_ptr<const Dataset> &dataset,
                    LayoutSequenceOptions options, bool normalised, bool centred) {
  job.setProgress(-1, QStringLiteral("reading the recorded epochs"));
  const RunTrajectory trajectory = RunTrajectory::open(space->runDir());
  const TrajectorySample &sample = trajectory.sample();
  const int n = sample.itemCount(), dim = sample.dim;
  std::vector<std::vector<float>> frames;
  MapModel frame;
  frame.setNormalised(normalised);
  frame.setCentredModalities(centred);
  Replay replay;
  for (int epoch : trajectory.epochs()) {
    replay.data = MapData::fromTrajectory(sample, trajectory.embeddings(epoch), space.get());
    frame.setData(replay.data);
    frames.push_back(frame.stackedEmbeddings());
  }
  options = fittedToItems(options, n); // small samples: the limits a single layout applies
  const int count = int(frames.size());
  replay.layouts = alignedLayouts(frames, n, dim, options, &job, [&job, count](int f, const std::vector<float> &) {
    job.setProgress(double(f + 1) / count, QStringLiteral("epoch %1 of %2 laid out").arg(f + 1).arg(count));
  });
  if (dataset) replay.data.addDatasetMetadata(*dataset);
  replay.epochs = trajectory.epochs();
  replay.items = n;
  job.setSummary({{QStringLiteral("replay_epochs"), count}, {QStringLiteral("items"), n}});
  return replay;
}
}  // namespace

MapEpochReplay::MapEpochReplay(EngineBridge &bridge, WorkbenchState &state, const MapModel &model, QWidget *parent)
    : QWidget(parent), m_state(state), m_model(model), m_job(bridge, this) {
  createControls(bridge);
  auto *row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(m_replayButton);
  row->addWidget(m_slider, 1); // shown during an epoch replay
  row->addWidget(m_moversButton);
  row->addStretch(); // the buttons keep their size while the slider is hidden
  connect(m_replayButton, &QPushButton::clicked, this, &MapEpochReplay::replayRequested);
  connect(m_slider, &EpochSlider::indexChanged, this, &MapEpochReplay::showEpoch);
  connect(m_moversButton, &QPushButton::toggled, this, &MapEpochReplay::showMovers);
  connect(m_movers, &MoversTable::itemsPicked, this, &MapEpochReplay::ringSampleItems);
  connect(&m_state, &WorkbenchState::epochPicked, this, &MapEpochReplay::onEpochPicked);
}

void MapEpochReplay::createControls(EngineBridge &bridge) {
  m_replayButton = new QPushButton(tr("Replay epochs"), this);
  m_replayButton->setToolTip(tr("Lay out the run's recorded epochs with the chosen method, each from the previous epoch's map, "
                          "and step through them with the slider"));
  m_slider = new EpochSlider(this);
  m_slider->setObjectName(QStringLiteral("epochSlider"));
  m_moversButton = new QPushButton(tr("Movers"), this);
  m_moversButton->setObjectName(QStringLiteral("moversButton"));
  m_moversButton->setCheckable(true);
  m_moversButton->setToolTip(tr("List the recorded items whose nearest neighbours changed most between two epochs, "
                                "or against another run; selecting rows rings them on the map"));
  m_movers = new MoversTable(bridge, this);
  m_movers->setObjectName(QStringLiteral("movers"));
  m_movers->hide();
}

bool MapEpochReplay::canReplay() const {
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  return space && RunTrajectory::exists(space->runDir());
}

void MapEpochReplay::updateControls() {
  m_replayButton->setEnabled(canReplay());
  m_moversButton->setEnabled(canReplay() || m_moversButton->isChecked());
  m_slider->setVisible(!m_epochNumbers.empty());
}

JobId MapEpochReplay::start(const LayoutSequenceOptions &options) {
  if (!canReplay()) {
    Q_EMIT statusChanged(tr("This run recorded no epochs: runs trained with “Recorded images” above 0 (record_sample, 100 by default) "
                            "can replay how their joint space formed."));
    return 0;
  }
  const JobId id = m_job.start(
      tr("Epoch replay"),
      [space = m_state.jointSpace(), dataset = m_state.dataset(), options, normalised = m_model.normalised(),
       centred = m_model.centredModalities()](JobContext &job) { return layOutEpochs(job, space, dataset, options, normalised, centred); },
      [this](Replay replay) {
        const int epochs = int(replay.layouts.size()), items = replay.items;
        applyReplay(replay.data, std::move(replay.epochs), std::move(replay.layouts));
        Q_EMIT finished(tr("%1 recorded epochs of %2 items laid out, each from the previous epoch's map: drag the slider or press play.")
                            .arg(epochs)
                            .arg(items));
      },
      [this](const JobOutcome &outcome) { Q_EMIT failed(outcome); });
  Q_EMIT statusChanged(tr("Laying out the recorded epochs…"));
  return id;
}

void MapEpochReplay::cancel() { m_job.cancel(); }

void MapEpochReplay::clear() {
  m_epochNumbers.clear();
  m_epochLayouts.clear();
  m_shownEpoch = -1;
  m_slider->setEpochs({});
}

void MapEpochReplay::applyReplay(const MapData &sample, std::vector<int> epochs, std::vector<std::vector<float>> layouts) {
  if (epochs.empty() || epochs.size() != layouts.size()) return;
  Q_EMIT sampleReady(sample); // the panel's new items end the previous replay (clear)
  m_epochNumbers = std::move(epochs);
  m_epochLayouts = std::move(layouts);
  m_slider->setEpochs(m_epochNumbers);
  const int last = int(m_epochLayouts.size()) - 1;
  m_shownEpoch = last;
  // Axes that hold every epoch's layout, so none runs out of view while the slider moves.
  QRectF frame;
  for (const std::vector<float> &xy : m_epochLayouts)
    for (std::size_t k = 0; k + 1 < xy.size(); k += 2) frame |= QRectF(xy[k], xy[k + 1], 1e-9, 1e-9);
  Q_EMIT layoutShown(m_epochLayouts[std::size_t(last)], frame);
  updateControls();
  Q_EMIT replayShown(int(m_epochNumbers.size()));
  Q_EMIT epochShown(m_epochNumbers.back());
  // The replay was started for an epoch picked on the training curves: show that one.
  if (const int picked = std::exchange(m_pendingEpoch, 0); picked > 0) showEpochNumber(picked);
}

void MapEpochReplay::showEpoch(int index) {
  if (index < 0 || index >= int(m_epochLayouts.size())) return;
  if (m_slider->index() != index) {
    const QSignalBlocker block(m_slider);
    m_slider->setIndex(index);
  }
  m_shownEpoch = index;
  // The axes stay: successive layouts are aligned, so items move only as the space changed.
  Q_EMIT layoutShown(m_epochLayouts[std::size_t(index)], QRectF());
  Q_EMIT statusChanged(tr("Epoch %1 of %2: %3 images and %4 captions of the recorded sample.")
                           .arg(m_epochNumbers[std::size_t(index)])
                           .arg(m_epochNumbers.back())
                           .arg(m_model.imageCount())
                           .arg(m_model.captionCount()));
  Q_EMIT epochShown(m_epochNumbers[std::size_t(index)]);
}

// An epoch picked for the map's run: shown from the replay, which starts first when it is not
// there yet (and is not already under way). Epoch 0 (back to the kept model) leaves the map as it is.
void MapEpochReplay::onEpochPicked(const QString &runDir, int epoch) {
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  if (epoch <= 0 || !space || canonical(runDir) != canonical(space->runDir())) return;
  if (!m_epochNumbers.empty()) {
    showEpochNumber(epoch);
    return;
  }
  m_pendingEpoch = epoch;
  if (isRunning()) return; // applyReplay shows the latest pick
  Q_EMIT replayRequested();
  if (!isRunning()) m_pendingEpoch = 0; // no replay started
}

void MapEpochReplay::showEpochNumber(int epoch) {
  const auto it = std::find(m_epochNumbers.begin(), m_epochNumbers.end(), epoch);
  if (it == m_epochNumbers.end()) {
    Q_EMIT statusChanged(tr("The run recorded no epoch %1 for the map.").arg(epoch));
    return;
  }
  showEpoch(int(it - m_epochNumbers.begin()));
}

void MapEpochReplay::showMovers(bool visible) {
  if (m_moversButton->isChecked() != visible) {
    m_moversButton->setChecked(visible); // toggled() calls back here
    return;
  }
  m_movers->setVisible(visible);
  if (visible) followRunInMovers();
}

void MapEpochReplay::followRun() {
  m_pendingEpoch = 0; // picked for the previous run
  followRunInMovers();
}

// The movers table compares the current run's epochs (only while it is shown: it reads files).
void MapEpochReplay::followRunInMovers() {
  if (m_movers->isHidden()) return;
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  const QString runDir = space && RunTrajectory::exists(space->runDir()) ? space->runDir() : QString();
  m_movers->setDataset(m_state.dataset());
  if (runDir != m_movers->runDir() || runDir.isEmpty()) m_movers->setRun(runDir);
}

// Rings the movers picked in the table: the map's own items for those of the recorded sample,
// matched by image id and caption text (the map may show the whole split, not the sample).
void MapEpochReplay::ringSampleItems(const std::vector<int> &sampleItems) {
  const TrajectorySample &sample = m_movers->sample();
  if (sample.itemCount() == 0) return;
  MapModel recorded;
  recorded.setData(MapData::fromTrajectory(sample, std::vector<float>(std::size_t(sample.itemCount()) * std::size_t(sample.dim))));
  Q_EMIT itemsPicked(m_model.itemsMatching(recorded, sampleItems));
}

}  // namespace gs
