#include "map/mappanel.h"

#include "analysis/jointspace.h"
#include "common/workbenchstate.h"
#include "map/maplayoutcontrols.h"
#include "map/moverstable.h"
#include "map/runheading.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <qcustomplot.h>

#include <optional>
#include <utility>

namespace gs {

MapPanel::MapPanel(EngineBridge &bridge, WorkbenchState &state, QWidget *parent)
    : QWidget(parent), m_state(state), m_dataJob(bridge, this) {
  createWidgets(bridge);
  arrangeWidgets();
  connectSubViews();
  connectViewAndState();
  updateControls();
  if (m_state.jointSpace()) onJointSpaceChanged();
}

// Created in the keyboard's tab order (focus follows creation).
void MapPanel::createWidgets(EngineBridge &bridge) {
  m_view = new MapView(m_model, this);
  m_view->setObjectName(QStringLiteral("view"));
  m_splitter = new QSplitter(this);
  m_selection = new MapSelection(m_model, *m_view, m_state, this);
  m_neighbours = new NeighbourList(bridge, m_model, *m_view, this);
  m_splits = new SplitChooser(bridge, m_state, this);
  m_layout = new MapLayoutControls(bridge, m_model, this);
  m_display = new MapDisplayControls(bridge, m_model, *m_view, this);
  m_exportWidth = new QSpinBox(this);
  m_exportHeight = new QSpinBox(this);
  m_exportWidth->setAccessibleName(tr("Export width"));
  m_exportHeight->setAccessibleName(tr("Export height"));
  for (QSpinBox *box : {m_exportWidth, m_exportHeight}) {
    box->setRange(100, 10000);
    box->setSuffix(tr(" px"));
  }
  m_exportWidth->setValue(1600);
  m_exportHeight->setValue(1200);
  m_export = new QPushButton(tr("Export…"), this);
  m_replay = new MapEpochReplay(bridge, m_state, m_model, this);
  m_comparison = new MapComparison(bridge, m_state, m_model, *m_splitter, this);
  m_status = new QLabel(tr("No run: open a trained run to map its test split."), this);
  m_status->setWordWrap(true);
}

// Epochs and movers, a second run, then export: a row of their own, so the panel fits a
// 1,200-pixel dock.
QLayout *MapPanel::arrangeRunControls() {
  auto *runs = new QHBoxLayout;
  runs->addWidget(m_replay, 1); // its slider takes the room during a replay, a stretch otherwise
  runs->addWidget(m_comparison->button());
  runs->addWidget(new QLabel(tr("Export size"), this));
  runs->addWidget(m_exportWidth);
  runs->addWidget(new QLabel(QStringLiteral("×"), this));
  runs->addWidget(m_exportHeight);
  runs->addWidget(m_export);
  return runs;
}

// The controls' three rows; the map under its heading beside the selection, the neighbours and the
// movers (hidden until the Movers button); the status line.
void MapPanel::arrangeWidgets() {
  auto *first = new QWidget(this); // the current run's map, under its heading
  auto *firstLayout = new QVBoxLayout(first);
  firstLayout->setContentsMargins(0, 0, 0, 0);
  firstLayout->addWidget(m_comparison->heading());
  firstLayout->addWidget(m_view, 1);
  auto *side = new QWidget(this);
  auto *sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addWidget(new QLabel(tr("Selected"), side));
  sideLayout->addWidget(m_selection, 1);
  sideLayout->addWidget(new QLabel(tr("Nearest in the joint space"), side));
  sideLayout->addWidget(m_neighbours, 1);
  sideLayout->addWidget(m_replay->moversTable(), 2);
  m_splitter->addWidget(first);
  m_splitter->addWidget(side);
  m_splitter->setStretchFactor(0, 4);
  m_splitter->setStretchFactor(1, 1);
  auto *method = new QHBoxLayout;
  method->addWidget(m_splits);
  method->addWidget(m_layout, 1);
  auto *layout = new QVBoxLayout(this);
  layout->addLayout(method);
  layout->addWidget(m_display);
  layout->addLayout(arrangeRunControls());
  layout->addWidget(m_splitter, 1);
  layout->addWidget(m_status);
}

void MapPanel::connectSubViews() {
  connect(m_splits, &SplitChooser::statusChanged, this, &MapPanel::setStatus);
  connect(m_layout, &MapLayoutControls::statusChanged, this, &MapPanel::setStatus);
  connect(m_display, &MapDisplayControls::statusChanged, this, &MapPanel::setStatus);
  connect(m_replay, &MapEpochReplay::statusChanged, this, &MapPanel::setStatus);
  connect(m_comparison, &MapComparison::statusChanged, this, &MapPanel::setStatus);
  connect(m_splits, &SplitChooser::spaceChosen, this, &MapPanel::showSpace);
  connect(m_splits, &SplitChooser::embedding, this, &MapPanel::cancel); // the interactive lane is wanted
  connect(m_layout, &MapLayoutControls::computeRequested, this, [this] { compute(m_layout->shownMethod()); });
  connect(m_layout, &MapLayoutControls::cancelRequested, this, &MapPanel::cancel);
  connect(m_layout, &MapLayoutControls::positionsComputed, this, &MapPanel::applyUpdate);
  connect(m_layout, &MapLayoutControls::finished, this, &MapPanel::finishLayout);
  connect(m_selection, &MapSelection::statusChanged, this, &MapPanel::setStatus);
  connect(m_selection, &MapSelection::itemPicked, this, &MapPanel::activateItem);
  connect(m_selection, &MapSelection::selected, m_comparison, &MapComparison::showMatching);
  connect(m_display, &MapDisplayControls::colouringChanged, m_comparison, &MapComparison::setColouring);
  connect(m_display, &MapDisplayControls::sizingChanged, m_comparison, &MapComparison::setSizing);
  connect(m_display, &MapDisplayControls::thumbnailsLoaded, this, &MapPanel::thumbnailsLoaded);
  connect(m_display, &MapDisplayControls::clustersShown, this, &MapPanel::clustersShown);
  connect(m_neighbours, &NeighbourList::neighboursShown, this, &MapPanel::neighboursShown);
  connect(m_neighbours, &NeighbourList::itemPicked, this, &MapPanel::activateItem);
  connect(m_replay, &MapEpochReplay::replayRequested, this, [this] { replayEpochs(m_layout->shownMethod()); });
  connect(m_replay, &MapEpochReplay::sampleReady, this, &MapPanel::setData);
  connect(m_replay, &MapEpochReplay::layoutShown, this, &MapPanel::drawEpoch);
  connect(m_replay, &MapEpochReplay::replayShown, this, &MapPanel::replayShown);
  connect(m_replay, &MapEpochReplay::epochShown, this, &MapPanel::epochShown);
  connect(m_replay, &MapEpochReplay::finished, this, [this](const QString &message) { finishLayout(true, message); });
  connect(m_replay, &MapEpochReplay::failed, this,
          [this](const JobOutcome &outcome) { finishLayout(false, MapLayoutControls::failureText(outcome)); });
  connect(m_replay, &MapEpochReplay::itemsPicked, m_selection, &MapSelection::select);
  connect(m_comparison, &MapComparison::opened, this, [this] { m_comparison->layOut(m_layout->options(m_layout->ranMethod())); });
  connect(m_comparison, &MapComparison::shown, this, [this](bool ok, const QString &message) {
    if (ok) m_comparison->follow(m_display->colouringKey(), m_display->sizingKey());
    Q_EMIT comparisonShown(ok, message);
  });
  connect(m_comparison, &MapComparison::itemsPicked, m_selection, &MapSelection::select);
  connect(m_export, &QPushButton::clicked, this, &MapPanel::exportWithDialog);
}

// A click or a legend entry on the map, and the state's run.
void MapPanel::connectViewAndState() {
  connect(m_view, &MapView::categoryClicked, m_display, &MapDisplayControls::toggleCategory);
  connect(m_view, &MapView::itemClicked, this, &MapPanel::activateItem);
  connect(&m_state, &WorkbenchState::jointSpaceChanged, this, &MapPanel::onJointSpaceChanged);
}

QString MapPanel::statusText() const { return m_status->text(); }

void MapPanel::setStatus(const QString &text) { m_status->setText(text); }

void MapPanel::updateControls() {
  m_layout->setActions(m_model.itemCount() > 0, isComputing());
  m_export->setEnabled(m_model.hasPositions());
  m_replay->updateControls();
}

void MapPanel::onJointSpaceChanged() {
  const std::shared_ptr<const JointSpace> space = m_state.jointSpace();
  m_replay->followRun();
  if (!space) {
    cancel();
    m_splits->setSpace(nullptr);
    m_comparison->setSpace(nullptr);
    setData({});
    setStatus(tr("No run: open a trained run to map its test split."));
    return;
  }
  showSpace(space);
}

// The map shows `space`'s items, laid out at once by PCA; t-SNE waits for the Compute button (it
// holds the engine a while). The items are gathered off the GUI thread: the old ones leave first, so
// that no sub-view indexes the new space with an old item.
void MapPanel::showSpace(const std::shared_ptr<const JointSpace> &space) {
  m_splits->setSpace(space);
  m_comparison->setSpace(space);
  setData({});
  m_dataJob.start(
      tr("Prepare the map of %1 items").arg(space->imageCount() + space->captionCount()),
      [space, dataset = m_state.dataset()](JobContext &) {
        MapData data = MapData::fromJointSpace(*space);
        if (dataset) data.addDatasetMetadata(*dataset);
        return data;
      },
      [this, space](MapData data) {
        const std::optional<LayoutSequenceOptions> asked = std::exchange(m_askedLayout, std::nullopt);
        setData(std::move(data));
        computeLayout(asked ? *asked : m_layout->options(LayoutMethod::Pca));
        if (space->allSplits()) setColouring(QStringLiteral("split"));
        Q_EMIT splitShown(SplitChooser::shownIndex(*space));
      },
      [this](const JobOutcome &outcome) { setStatus(tr("Cannot map this split: %1").arg(BackgroundJob::failureText(outcome))); });
  setStatus(tr("Preparing the map of %1 images and %2 captions…").arg(space->imageCount()).arg(space->captionCount()));
  updateControls();
}

void MapPanel::setData(MapData data) {
  cancel();
  m_model.setData(std::move(data));
  m_selection->clearForNewData();
  m_neighbours->clearForNewData();
  m_replay->clear();
  m_display->reset();
  m_view->rebuild();
  setStatus(tr("%1 images and %2 captions (%3-d). Press Compute for a map.%4")
                .arg(m_model.imageCount()).arg(m_model.captionCount()).arg(m_model.data().dim)
                .arg(m_view->dense() ? tr(" So many items are drawn as dots, without image–caption lines.") : QString()));
  updateControls();
}

void MapPanel::setPositions(std::vector<float> xy, bool rescale) {
  m_model.setPositions(std::move(xy));
  m_view->updatePositions(rescale);
  m_selection->highlightSelectedImage();
  updateControls();
}

JobId MapPanel::compute(LayoutMethod method) { return computeLayout(m_layout->options(method)); }

JobId MapPanel::computeTsne(const TsneOptions &options) {
  LayoutSequenceOptions layout;
  layout.method = LayoutMethod::Tsne;
  layout.tsne = options;
  return computeLayout(layout);
}

JobId MapPanel::computeUmap(const UmapOptions &options) {
  LayoutSequenceOptions layout;
  layout.method = LayoutMethod::Umap;
  layout.umap = options;
  return computeLayout(layout);
}

JobId MapPanel::computeLayout(const LayoutSequenceOptions &options) {
  if (m_dataJob.isRunning()) { // laid out as soon as the items are there, instead of by PCA
    m_askedLayout = options;
    setStatus(tr("The layout starts once the map's items are prepared."));
    return 0;
  }
  cancel();
  const JobId id = m_layout->start(options);
  updateControls();
  return id;
}

bool MapPanel::isComputing() const { return m_dataJob.isRunning() || m_layout->isRunning() || m_replay->isRunning(); }

void MapPanel::cancel() {
  m_askedLayout.reset();
  if (!isComputing()) return;
  m_dataJob.cancel();
  m_layout->cancel();
  m_replay->cancel();
  setStatus(tr("Cancelled."));
  updateControls();
}

void MapPanel::applyUpdate(int iteration, double kl, const std::vector<float> &xy, bool final) {
  // Rescale the axes on the first picture and at the end; in between keep them (less jumpy), unless
  // the layout has grown out of view (early exaggeration expands it a lot).
  const bool first = !m_model.hasPositions();
  setPositions(xy, false);
  const QRectF bounds = m_model.bounds();
  const QCPRange xr = m_view->plot()->xAxis->range(), yr = m_view->plot()->yAxis->range();
  const bool outOfView = bounds.left() < xr.lower || bounds.right() > xr.upper || bounds.top() < yr.lower || bounds.bottom() > yr.upper;
  if (first || final || outOfView) m_view->updatePositions(true);
  Q_EMIT layoutUpdated(iteration, kl);
}

void MapPanel::finishLayout(bool ok, const QString &message) {
  const QString text = ok ? message + m_layout->modalityGapNote() : message;
  setStatus(text);
  updateControls();
  if (ok) {
    m_display->refreshClusters();
    m_comparison->layOut(m_layout->options(m_layout->ranMethod()));
  }
  Q_EMIT computeFinished(ok, text);
}

JobId MapPanel::replayEpochs(LayoutMethod method) {
  if (m_replay->canReplay()) {
    cancel();
    m_layout->showMethod(method);
  }
  const JobId id = m_replay->start(m_layout->options(method));
  if (id != 0) updateControls();
  return id;
}

// A layout of the replay: its first, in axes that hold every epoch, or a step through aligned
// layouts, in the axes shown.
void MapPanel::drawEpoch(const std::vector<float> &xy, const QRectF &frame) {
  setPositions(xy, false);
  if (frame.isNull()) m_display->refreshClusters();
  else m_view->updatePositions(true, frame);
}

// As a click on the map: the item's neighbours, its counterpart on the compared map, and the state's
// selection.
void MapPanel::activateItem(int item) {
  if (item < 0 || item >= m_model.itemCount()) return;
  showNeighbours(item);
  m_comparison->showMatching({item});
  m_selection->selectInState(item);
}

FigureExportResult MapPanel::exportTo(const QString &path, QSize size) {
  m_view->plot()->replot(); // draw pending (queued) changes before the picture is taken
  return exportFigure(*m_view, path, size);
}

void MapPanel::exportWithDialog() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export the map"), QStringLiteral("map.png"), figureFileFilter());
  if (path.isEmpty()) return;
  const FigureExportResult result = exportTo(path, QSize(m_exportWidth->value(), m_exportHeight->value()));
  setStatus(result.ok ? tr("Exported %1.").arg(path) : result.error);
}

}  // namespace gs
